"""The turn as data: each edition's turn is a sequence of named phases registered here.

A phase is the whole protocol of one step of the turn: what happens on entering it, which
cards a seat may plant during it and what follows a planting, whose move the game is waiting
for, what it asks of each seat it waits for (the prompt), the move the game makes for a seat
that runs out of time, and the clock that seat runs on. Editions list phase names
(`Rules.turn`), so a new turn shape (the Bean Duel, an attack phase) is new phases, not a
rewrite. Nothing outside the engine reads a phase's name: pages, mail and the timeout sweep ask
`protocol` instead.
"""

from collections.abc import Sequence
from typing import Final

from .events import Event
from .language import gettext_noop
from .state import State

# The clocks a seat may run on while the game waits for it.
BANK: Final = "bank"  # the seat's own time bank
TRADING_WINDOW: Final = "trading"  # the active seat's window for trading


class Phase:
    """One step of the turn. Each phase is a subclass that overrides what its step does; this
    base is a step with nothing to plant, no moves of its own, that waits for nobody.

    Methods, not functions kept in fields: compiled, a method is called as C code, a function
    kept in a field through Python's calling convention, and a move asks its phase a dozen
    times.
    """

    def __init__(
        self,
        name: str,
        plants_from: str = "",
        wrong_card: str = gettext_noop("You can plant only the cards waiting to be planted."),
    ) -> None:
        self.name = name
        # Where the cards `plantable` offers wait: "hand" (front card first, `stop_planting`
        # ends the phase), "to_plant", or state.faceup as "offer" or "revealed". Names the
        # event source.
        self.plants_from = plants_from
        # Why a card that is not among those `plantable` offers is refused.
        self.wrong_card = wrong_card

    def enter(self, state: State, events: list[Event]) -> None:
        """What happens on entering the phase."""

    def plantable(self, state: State, seat: int) -> Sequence[int]:
        """The cards this seat may plant now."""
        return ()

    def place(self, state: State, seat: int) -> list[int]:
        """The list the cards `plantable` offers are taken from."""
        raise NotImplementedError(f"the {self.name} phase has nothing to plant")

    def after_plant(self, state: State, seat: int, events: list[Event]) -> None:
        """What follows a planting."""

    def waiting_for(self, state: State) -> list[int]:
        """The seats whose move the game waits for."""
        return []

    def prompt(self, state: State, seat: int) -> str | tuple[str, dict]:
        """The prompt (a key of prompts.WORDINGS) for a seat the phase waits for, or the key
        and the parameters its wording takes."""
        return "move"

    def default_move(self, state: State, seat: int) -> dict | None:
        """The move made for an awaited seat whose time ran out; None: the least move
        (protocol)."""
        return None

    def clock(self, state: State, seat: int) -> str:
        """The clock an awaited seat runs on."""
        return BANK


PHASES: Final[dict[str, Phase]] = {}


def register(phase: Phase) -> Phase:
    PHASES[phase.name] = phase
    return phase
