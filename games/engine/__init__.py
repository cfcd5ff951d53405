"""The rules of Bohnanza as a pure Python package: no Django, no I/O, no clock.

    state, events = new_game("rio-grande", ["alice", "bob", "carol"], seed)
    events = apply(state, seat, {"kind": "plant", "card": 17, "field": 0})
    page = view(state, seat)
"""

from . import duel as _duel  # noqa: F401  (registers the Bean Duel's phases)
from .actions import apply, trimmed
from .beans import BEANS, payout
from .editions import EDITIONS, resolve
from .errors import IllegalMove, SetupError
from .events import Event, describe
from .legal import legal_actions
from .setup import new_game
from .state import State, seed_hash
from .views import view, waiting_for


def to_dict(state: State) -> dict:
    return state.to_dict()


def from_dict(data: dict) -> State:
    return State.from_dict(data)


__all__ = [
    "BEANS",
    "EDITIONS",
    "Event",
    "IllegalMove",
    "SetupError",
    "State",
    "apply",
    "describe",
    "from_dict",
    "legal_actions",
    "new_game",
    "payout",
    "resolve",
    "seed_hash",
    "to_dict",
    "trimmed",
    "view",
    "waiting_for",
]
