"""A new game: shuffle the edition's deck from the seed and deal."""

from .deck import keys, shuffled
from .errors import SetupError
from .events import Event
from .expansions import new_parts
from .state import State
from .turn import begin_turn, enter


def new_game(
    edition: object,
    seat_names: list[str],
    seed: object,
    options: object = None,
) -> tuple[State, list[Event]]:
    """Seat 0 is the start player; seating order is clockwise. Returns the state and the
    setup events (deal and first turn, or the edition's opening phase before it)."""
    if not isinstance(seed, str) or not seed:
        raise SetupError("A game needs a seed.")
    if len(set(seat_names)) != len(seat_names):
        raise SetupError("Every seat needs its own name.")
    state = State(edition, options or {}, list(seat_names), seed)
    state.ext = new_parts(state)
    events = [Event("game_started", None, {"seed_hash": state.seed_hash, "edition": edition})]
    state.deck = shuffled(state, list(range(len(state.card_beans))))
    for seat, count in enumerate(state.rules.deal):
        dealt = [state.deck.pop() for _ in range(count)]
        state.hands[seat] = dealt
        events.append(
            Event.private(
                "dealt", seat, {"count": count}, {"cards": dealt, "beans": keys(state, dealt)}
            )
        )
    if state.rules.opening:
        enter(state, state.rules.opening, events)
    else:
        begin_turn(state, events)
    return state, events
