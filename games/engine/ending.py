"""The end of the game: final harvest, scores and each edition's tie-break."""

from .events import Event
from .fields import harvest
from .state import State

TIE_BREAKS = {
    "clockwise": "the tied player seated furthest clockwise from the start player wins",
    "shared": "the tied players share the victory",
    "hand": "the tied player with the most cards in hand wins",
}


def finish_game(state: State, events: list[Event]) -> None:
    """Every player harvests every field (the protection rule no longer applies), then score."""
    for seat in range(state.players):
        for field, cards in enumerate(state.fields[seat]):
            if cards:
                harvest(state, seat, field, events)
    state.phase = "over"
    state.over = True
    state.result = score(state)
    events.append(Event("game_over", None, {**state.result, "seed": state.seed}))


def score(state: State) -> dict:
    scores = [len(stack) for stack in state.coins]
    hands = [len(hand) for hand in state.hands]
    best = max(scores)
    leaders = [seat for seat, coins in enumerate(scores) if coins == best]
    winners, tie_break = _break_tie(state, leaders, hands)
    names = ", ".join(state.names[seat] for seat in winners)
    verb = "wins" if len(winners) == 1 else "share the victory"
    summary = f"Game over. {names} {verb} with {best} coins."
    if tie_break:
        summary += f" Tie-break: {TIE_BREAKS[tie_break]}."
    return {
        "scores": scores,
        "hand_sizes": hands,
        "winners": winners,
        "tie_break": tie_break,
        "summary": summary,
    }


def _break_tie(state: State, leaders: list[int], hands: list[int]) -> tuple[list[int], str | None]:
    if len(leaders) == 1:
        return leaders, None
    rule = state.rules.tie_break
    if rule == "clockwise":
        start, n = state.start_player, state.players
        return [max(leaders, key=lambda seat: (seat - start) % n)], rule
    if rule == "hand":
        most = max(hands[seat] for seat in leaders)
        return [seat for seat in leaders if hands[seat] == most], rule
    return leaders, rule
