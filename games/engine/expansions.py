"""Expansions: what an edition adds to the base game besides its own phases.

An expansion (the Bean Duel, Bohnaparte) keeps its data in its own part of the state,
`state.ext[key]`, made by `new_part` when the game is set up. Through the hooks below it may
change how many cards are turned up in the trading phase and drawn at the end of a turn
(Bohnaparte's farms and villages), add kinds of move of its own (`kinds.MoveKind`), keep
cards in places of its own (a depot), add checks to the invariants and its own part to each
seat's view. The base game asks these functions and never learns which expansion
answered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # state.py asks the expansions for their cards, so it cannot be imported here
    from .state import State


def _none(state: State, seat: int) -> int:
    return 0


@dataclass(frozen=True, slots=True)
class Expansion:
    key: str
    new_part: Callable[[State], dict]
    # Cards turned up beyond the edition's number by the active seat, and drawn by a seat.
    extra_reveal: Callable[[State, int], int] = _none
    extra_draw: Callable[[State, int], int] = _none
    # Its own kinds of move (`kinds.MoveKind`), in the order `legal_actions` lists them.
    moves: tuple[str, ...] = ()
    # Every card lying in the expansion's own places, for the invariants.
    cards: Callable[[State], list[int]] | None = None
    # What breaks the expansion's own rules, as the invariants word it.
    violations: Callable[[State], list[str]] | None = None
    # The expansion's part of a seat's view (None: a spectator), under its key.
    view: Callable[[State, int | None], dict] | None = None
    # Its rules in brief for the "How to play" page: (name, text) message ids, in order.
    guide: tuple[tuple[str, str], ...] = ()


EXPANSIONS: Final[dict[str, Expansion]] = {}


def register(expansion: Expansion) -> Expansion:
    EXPANSIONS[expansion.key] = expansion
    return expansion


def new_parts(state: State) -> dict[str, dict]:
    """The parts of a new game's state that its expansions keep."""
    return {key: EXPANSIONS[key].new_part(state) for key in state.rules.expansions}


def reveal_count(state: State) -> int:
    """How many cards the active seat turns up now."""
    count = state.rules.reveal
    for key in state.rules.expansions:
        count += EXPANSIONS[key].extra_reveal(state, state.active)
    return count


def draw_count(state: State, seat: int) -> int:
    """How many cards `seat` draws at the end of its turn now."""
    count = state.rules.draw
    for key in state.rules.expansions:
        count += EXPANSIONS[key].extra_draw(state, seat)
    return count


def _hooks(state: State, name: str):
    """The game's expansions' hooks of that name, with their keys, where they have one."""
    for key in state.rules.expansions:
        hook = getattr(EXPANSIONS[key], name)
        if hook is not None:
            yield key, hook


def expansion_kinds(state: State) -> tuple[str, ...]:
    """The kinds of move the game's expansions add to the base game's, in order."""
    kinds: tuple[str, ...] = ()
    for key in state.rules.expansions:
        kinds += EXPANSIONS[key].moves
    return kinds


def extra_cards(state: State) -> list[int]:
    return [card for _, held in _hooks(state, "cards") for card in held(state)]


def extra_violations(state: State) -> list[str]:
    return [found for _, check in _hooks(state, "violations") for found in check(state)]


def extra_views(state: State, seat: int | None) -> dict[str, dict]:
    return {key: part(state, seat) for key, part in _hooks(state, "view")}
