"""The turn as data: each edition's turn is a sequence of named phases registered here.

A phase says what happens on entering it, which cards a seat may plant during it and what
follows a planting, and whose move the game is waiting for. Editions list phase names
(`Rules.turn`), so a new turn shape (the Bean Duel, an attack phase) is new phases, not a
rewrite.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .events import Event
from .state import State


def _nothing_to_plant(state: State, seat: int) -> Sequence[int]:
    return ()


def _nobody(state: State) -> list[int]:
    return []


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
    # Moves particular to this phase, described as `legal_actions` describes them; None for a
    # phase without any.
    extra_actions: Callable[[State, int], list[dict]] | None = None


PHASES: dict[str, Phase] = {}


def register(phase: Phase) -> Phase:
    PHASES[phase.name] = phase
    return phase
