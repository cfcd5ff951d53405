"""The random bot's whole input: the moves open to its seat, kind by kind, the turn, and which of
its own fields pay. All of it is on the seat's page, and nothing else of the game is reachable
from here, so the random bot is fair by construction without the cost of `seat_state` (the
engine's speed is measured with it)."""

from collections.abc import Callable
from typing import Final

from ..beans import FIRST_COIN
from ..expansions import expansion_kinds, random_move
from ..fields import harvestable
from ..legal import legal_kinds, may_offer, moves_of_kind, plant_choices
from ..phases import PHASES
from ..state import State

# Kinds of move that plant or discard the waiting cards, or end the step without them.
MOVES_ON: Final = frozenset(("plant", "stop_planting", "discard", "end_turn"))


class Menu:
    __slots__ = ("_seat", "_state")

    def __init__(self, state: State, seat: int):
        self._state = state
        self._seat = seat

    @property
    def turn(self) -> int:
        return self._state.turn

    def kinds(self) -> list[str]:
        return legal_kinds(self._state, self._seat)

    def moves(self, kind: str) -> list[dict]:
        return moves_of_kind(self._state, self._seat, kind)

    def expansion_kinds(self) -> tuple[str, ...]:
        """The kinds of move the game's expansions add, whose moves they make (`expansion_move`)."""
        return expansion_kinds(self._state)

    def expansion_move(self, listed: dict, pick: Callable, sample: Callable) -> dict:
        """A move from one of the listed moves of an expansion's kind, made by the expansion
        from what the entry lists: its parameters picked at random."""
        return random_move(self._state, listed, pick, sample)

    def plant_choices(self) -> list[tuple[int, list[int]]]:
        return plant_choices(self._state, self._seat)

    def may_offer(self) -> bool:
        return may_offer(self._state, self._seat)

    def harvests_worth_making(self, kinds: list[str]) -> list[int]:
        """Only fields that pay are worth harvesting, unless a card waiting to be planted has
        no place and nothing else moves the game on: then any field the rules let go will do.

        No bean pays for a single card, so a paying field holds two beans at least, and the
        bean protection rule never holds those back."""
        state, seat = self._state, self._seat
        stuck = not any(kind in MOVES_ON for kind in kinds)
        if stuck and PHASES[state.phase].plantable(state, seat):
            return harvestable(state, seat)
        beans = state.card_beans
        own = state.fields[seat]
        return [
            i for i in range(len(own)) if own[i] and len(own[i]) >= FIRST_COIN[beans[own[i][0]]]
        ]
