"""The end of the game: final harvest, and the outcome with each edition's tie-break."""

from collections.abc import Callable
from typing import Final

from .events import Event, register_wordings
from .fields import harvest
from .language import gettext, gettext_noop
from .state import State

# Message ids, worded when read.
TIE_BREAKS: Final = {
    "clockwise": gettext_noop(
        "the tied player seated furthest clockwise from the start player wins"
    ),
    "shared": gettext_noop("the tied players share the victory"),
    "hand": gettext_noop("the tied player with the most cards in hand wins"),
}
# What a game may count to rank its seats (Rules.counts): each seat's score, and its unit in
# the summary. An expansion registers its own (Bohnaparte's victory points).
COUNTS: Final[dict[str, tuple[Callable[[State], list[int]], str]]] = {
    "coins": (lambda state: [len(stack) for stack in state.coins], gettext_noop("coins")),
}
# Tie-breaks an expansion adds: a number for each seat, the higher placed first.
TIE_VALUES: Final[dict[str, Callable[[State], list[int]]]] = {}


def register_count(key: str, scores: Callable[[State], list[int]], unit: str) -> None:
    COUNTS[key] = (scores, unit)


def register_tie_break(key: str, wording: str, values: Callable[[State], list[int]]) -> None:
    TIE_BREAKS[key] = wording
    TIE_VALUES[key] = values


def finish_game(state: State, events: list[Event]) -> None:
    """Every player harvests every field (the protection rule no longer applies), then score."""
    for seat in range(state.players):
        for field, cards in enumerate(state.fields[seat]):
            if cards:
                harvest(state, seat, field, events)
    state.phase = "over"
    state.over = True
    state.result = outcome(state)
    events.append(Event("game_over", None, {**state.result, "seed": state.seed}))


def outcome(state: State) -> dict | None:
    """How a finished game ranks its seats (None while it runs).

    `scores` count what `counts` names (coins, or an expansion's score). Seats are placed by
    score, then by the edition's tie-break, which orders every place, not only the first;
    seats still equal share a place. Seats whose players resigned come last, sharing that
    place. `tie_break` is the rule that decided the victory, if the best score was shared.
    """
    if not state.over:
        return None
    n = state.players
    counts = state.rules.counts
    scores = COUNTS[counts][0](state)
    hands = [len(hand) for hand in state.hands]
    ranked = [seat for seat in range(n) if seat not in state.resigned] or list(range(n))
    key = _ranking_key(state, scores, hands)
    places = [len(ranked) + 1] * n
    for seat in ranked:
        places[seat] = 1 + sum(1 for other in ranked if key(other) > key(seat))
    winners = [seat for seat in ranked if places[seat] == 1]
    best = scores[winners[0]]
    tie_break = state.rules.tie_break if sum(scores[s] == best for s in ranked) > 1 else None
    return {
        "counts": counts,
        "scores": scores,
        "hand_sizes": hands,
        "places": places,
        "winners": winners,
        "tie_break": tie_break,
        "resigned": sorted(state.resigned),
        "summary": worded_summary(
            {"counts": counts, "scores": scores, "winners": winners, "tie_break": tie_break},
            state.names,
        ),
    }


def _ranking_key(state: State, scores: list[int], hands: list[int]):
    rule = state.rules.tie_break
    if rule == "clockwise":
        start, n = state.start_player, state.players
        return lambda seat: (scores[seat], (seat - start) % n)
    if rule == "hand":
        return lambda seat: (scores[seat], hands[seat])
    if rule in TIE_VALUES:
        values = TIE_VALUES[rule](state)
        return lambda seat: (scores[seat], values[seat])
    return lambda seat: (scores[seat],)


def worded_summary(result: dict, names: list[str]) -> str:
    """'Game over. alice wins with 12 coins.', in the reader's language, from an outcome (or
    the game_over event that carries it)."""
    winners, unit = result["winners"], COUNTS[result["counts"]][1]
    params = {
        "names": ", ".join(names[seat] for seat in winners),
        "best": result["scores"][winners[0]],
        "unit": gettext(unit),
    }
    if len(winners) == 1:
        summary = gettext("Game over. {names} wins with {best} {unit}.").format(**params)
    else:
        summary = gettext("Game over. {names} share the victory with {best} {unit}.").format(
            **params
        )
    if result.get("tie_break"):
        rule = tie_break_worded(result["tie_break"])
        summary += " " + gettext("Tie-break: {rule}.").format(rule=rule)
    return summary


def tie_break_worded(rule: str) -> str:
    return gettext(TIE_BREAKS[rule])


def _game_over(e, who, you, names, viewer) -> str:
    # Events stored before the outcome counted its unit carry only their English summary.
    return worded_summary(e, names) if "counts" in e else e["summary"]


register_wordings({"game_over": _game_over})
