"""The rules of Bohnanza as a pure Python package: no Django, no I/O, no clock.

    state, events = new_game("rio-grande", ["alice", "bob", "carol"], seed)
    events = apply(state, seat, {"kind": "plant", "card": 17, "field": 0})
    page = view(state, seat)

The engine owns the game's protocol: whom it waits for, what it asks of each seat
(`prompt`), the clock each awaited seat runs on (`clocks`), the move made for a seat whose
time ran out (`default_move`) and how a finished game ranks its seats (`outcome`).
"""

from .compiled import search_path

__path__ = search_path(__path__, __name__)  # the compiled modules, where built

from . import action_words as _action_words  # noqa: F401  (registers their words)
from . import actions as _actions  # noqa: F401  (registers the base game's moves)
from .beans import BEANS, payout
from .bohnaparte.expansion import Bohnaparte
from .book import follow as _follow  # noqa: F401  (the trade book's moves on a seat's behalf)
from .book import move_words as _book_move_words  # noqa: F401  (registers their words)
from .book import moves as _book_moves  # noqa: F401  (registers the trade book's moves)
from .book import wording as _book_wording  # noqa: F401  (its lines in the log)
from .book.view import book_untouched
from .conflicts import what_changed
from .duel.expansion import Duel
from .editions import EDITIONS, resolve
from .ending import outcome
from .errors import IllegalMove, SetupError
from .events import Event, describe
from .legal import legal_actions, legal_kinds, may_offer
from .move_kinds import apply, trimmed
from .phases import BANK, TRADING_WINDOW
from .prompts import Prompt
from .protocol import (
    call_key,
    clocks,
    default_move,
    prompt,
    step,
    to_call,
    trading_begun,
    waiting_for,
)
from .registry import install
from .replay import ReplayError, replay, replay_onto
from .setup import new_game
from .state import State, seed_hash
from .views import view

install(Duel())
install(Bohnaparte())


def to_dict(state: State) -> dict:
    return state.to_dict()


def from_dict(data: dict) -> State:
    return State.from_dict(data)


__all__ = [
    "BANK",
    "BEANS",
    "EDITIONS",
    "TRADING_WINDOW",
    "Event",
    "IllegalMove",
    "Prompt",
    "ReplayError",
    "SetupError",
    "State",
    "apply",
    "call_key",
    "clocks",
    "default_move",
    "describe",
    "from_dict",
    "legal_actions",
    "legal_kinds",
    "may_offer",
    "book_untouched",
    "new_game",
    "outcome",
    "payout",
    "prompt",
    "replay",
    "replay_onto",
    "resolve",
    "seed_hash",
    "step",
    "to_call",
    "trading_begun",
    "to_dict",
    "trimmed",
    "view",
    "waiting_for",
    "what_changed",
]
