"""A game rebuilt from its setup and its moves: what the move log must reproduce.

The seed decides every shuffle, so the setup and the moves rebuild the game exactly. A log
that does not replay says where: the number of the first move the rules refuse (the setup is
number 0, the moves count from 1, as the stored log numbers them).
"""

from collections.abc import Iterable

from .errors import IllegalMove, SetupError
from .move_kinds import apply
from .setup import new_game
from .state import State


class ReplayError(Exception):
    def __init__(self, number: int, reason: str):
        super().__init__(f"move {number} does not replay: {reason}")
        self.number = number
        self.reason = reason


def replay(
    edition: str,
    names: list[str],
    seed: str,
    options: dict | None,
    moves: Iterable[tuple[int, dict]],
) -> State:
    """The game set up as given, after each (seat, action) of `moves` in order."""
    try:
        state, _ = new_game(edition, names, seed, options)
    except SetupError as error:
        raise ReplayError(0, str(error)) from None
    return replay_onto(state, moves)


def replay_onto(state: State, moves: Iterable[tuple[int, dict]], *, first: int = 1) -> State:
    """`state` (changed in place) after `moves`, the first of them numbered `first`."""
    for number, (seat, action) in enumerate(moves, start=first):
        try:
            apply(state, seat, action)
        except IllegalMove as refusal:
            raise ReplayError(number, refusal.reason) from None
    return state
