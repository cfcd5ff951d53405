"""The turn as data: each edition's turn is a sequence of named phases registered here.

A phase is the whole protocol of one step of the turn: what happens on entering it, which
cards a seat may plant during it and what follows a planting, whose move the game is waiting
for, what it asks of each seat it waits for (the prompt), the move the game makes for a seat
that runs out of time, and the clock that seat runs on. Editions list phase names
(`Rules.turn`), so a new turn shape (the Bean Duel, an attack phase) is new phases, not a
rewrite. Nothing outside the engine reads a phase's name: pages, mail and the timeout sweep ask
`protocol` instead.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from .events import Event
from .language import gettext_noop
from .state import State

# The clocks a seat may run on while the game waits for it.
BANK: Final = "bank"  # the seat's own time bank
TRADING_WINDOW: Final = "trading"  # the active seat's window for trading


def _nothing_to_plant(state: State, seat: int) -> Sequence[int]:
    return ()


def _nobody(state: State) -> list[int]:
    return []


def _your_move(state: State, seat: int) -> str:
    return "move"


def _bank(state: State, seat: int) -> str:
    return BANK


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    enter: Callable[[State, list[Event]], None]
    plantable: Callable[[State, int], Sequence[int]] = _nothing_to_plant
    after_plant: Callable[[State, int, list[Event]], None] | None = None
    waiting_for: Callable[[State], list[int]] = _nobody
    # Where the cards `plantable` offers wait: "hand" (front card first, `stop_planting` ends
    # the phase), "to_plant", or state.faceup as "offer" or "revealed". Names the event source.
    plants_from: str = ""
    # The list those cards are taken from, and why a card that is not among them is refused.
    place: Callable[[State, int], list[int]] | None = None
    wrong_card: str = gettext_noop("You can plant only the cards waiting to be planted.")
    # Moves particular to this phase, described as `legal_actions` describes them; None for a
    # phase without any.
    extra_actions: Callable[[State, int], list[dict]] | None = None
    # The prompt (a key of prompts.WORDINGS) for a seat the phase waits for, or the key and
    # the parameters its wording takes.
    prompt: Callable[[State, int], str | tuple[str, dict]] = _your_move
    # The move made for an awaited seat whose time ran out; None: the least move (protocol).
    default_move: Callable[[State, int], dict | None] | None = None
    clock: Callable[[State, int], str] = _bank


PHASES: Final[dict[str, Phase]] = {}


def register(phase: Phase) -> Phase:
    PHASES[phase.name] = phase
    return phase
