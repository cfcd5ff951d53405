"""Bohnaparte's board as the state holds it, and what follows from it: who holds which land,
where a seat may attack, its cannons and cavalry, its victory points.

The expansion's part of the state is a `BohnapartePart`.
"""

from typing import cast

from ..state import State
from .lands import (
    CANNON_TARGETS,
    FOREST,
    IRON_MINE,
    KEY,
    KINDS,
    MERCHANT_COST,
    MINE,
    PADDOCK,
    RIVER,
    TOKENS,
)
from .maps import MAPS, Map


class BohnapartePart:
    """The expansion's part of the state, `state.ext["bohnaparte"]`, saved as the dict it always
    was, key for key and in the same order (a saved state is hashed):

    - `map`: the key of the map (maps.MAPS); `owners`: the seat whose token lies on each land
      (None: neutral; a river never has one); `camps`: the camp each seat chose (None: not yet).
    - `fortresses`: the lands a fortress lies under; `emptied`: the mines turned to empty mines.
    - `depots`: each seat's munitions depot, face-down cards (None: not bought); `merchants`:
      each seat's merchant, face-up cards (None: not bought).
    - `tapped`: the horse paddocks whose cavalry is tapped.
    - `monastery_draws`: the cards the active seat has drawn at its monasteries this turn.
    - `battle`: the attack being fought (see battle.py), or None; `drawn`: the phase-5 cards a
      merchant's owner is choosing from, face down.
    """

    def __init__(self, chosen: str, lands: int, players: int) -> None:
        self.map = chosen
        self.owners: list[int | None] = [None] * lands
        self.camps: list[int | None] = [None] * players
        self.fortresses: list[int] = []
        self.emptied: list[int] = []
        self.depots: list[list[int] | None] = [None] * players
        self.merchants: list[list[int] | None] = [None] * players
        self.tapped: list[int] = []
        self.monastery_draws = 0
        self.battle: dict | None = None
        self.drawn: list[int] = []

    def to_dict(self) -> dict:
        return {
            "map": self.map,
            "owners": self.owners,
            "camps": self.camps,
            "fortresses": self.fortresses,
            "emptied": self.emptied,
            "depots": self.depots,
            "merchants": self.merchants,
            "tapped": self.tapped,
            "monastery_draws": self.monastery_draws,
            "battle": self.battle,
            "drawn": self.drawn,
        }

    @staticmethod
    def from_dict(data: dict) -> "BohnapartePart":
        ours = BohnapartePart(data["map"], 0, 0)
        ours.owners = data["owners"]
        ours.camps = data["camps"]
        ours.fortresses = data["fortresses"]
        ours.emptied = data["emptied"]
        ours.depots = data["depots"]
        ours.merchants = data["merchants"]
        ours.tapped = data["tapped"]
        ours.monastery_draws = data["monastery_draws"]
        ours.battle = data["battle"]
        ours.drawn = data["drawn"]
        return ours


def part(state: State) -> BohnapartePart:
    return cast(BohnapartePart, state.ext[KEY])


def board_map(state: State) -> Map:
    return MAPS[part(state).map]


def holder(state: State, land: int) -> int | None:
    return part(state).owners[land]


def held(state: State, seat: int) -> list[int]:
    owners = part(state).owners
    return [land for land in range(len(owners)) if owners[land] == seat]


def held_count(state: State, seat: int) -> int:
    return part(state).owners.count(seat)


def held_of_kind(state: State, seat: int, kind: str) -> list[int]:
    kinds = board_map(state).kinds
    owners = part(state).owners
    return [land for land in range(len(owners)) if owners[land] == seat and kinds[land] == kind]


def count_of_kind(state: State, seat: int, kind: str) -> int:
    kinds = board_map(state).kinds
    owners = part(state).owners
    # A loop, not sum(): asked for every reveal and draw.
    count = 0
    for land in range(len(owners)):
        if owners[land] == seat and kinds[land] == kind:
            count += 1
    return count


def tokens_left(state: State, seat: int) -> int:
    return TOKENS - held_count(state, seat)


def targets(state: State, seat: int) -> list[int]:
    """The lands `seat` may attack: next to one of its lands, or across a river next to a
    forest it holds; never a river, never its own."""
    chart = board_map(state)
    owners = part(state).owners
    found: set[int] = set()
    for land in range(len(owners)):
        if owners[land] == seat:
            found.update(chart.neighbours[land])
            found.update(chart.across.get(land, ()))
    return sorted(land for land in found if owners[land] != seat and chart.kinds[land] != RIVER)


def has_cannon(state: State, seat: int) -> bool:
    """Each iron mine has its cannon, which goes with the land (as a paddock's cavalry)."""
    return count_of_kind(state, seat, IRON_MINE) > 0


def cannon_applies(state: State, seat: int, land: int) -> bool:
    """A cannon helps against villages, cities and fortified lands, by itself (RULES.md 6.1)."""
    if not has_cannon(state, seat):
        return False
    fortified = land in part(state).fortresses
    return fortified or board_map(state).kinds[land] in CANNON_TARGETS


def ready_cavalry(state: State, seat: int) -> list[int]:
    """The paddocks `seat` holds whose cavalry is not tapped."""
    tapped = part(state).tapped
    return [land for land in held_of_kind(state, seat, PADDOCK) if land not in tapped]


def full_mines(state: State, seat: int) -> list[int]:
    emptied = part(state).emptied
    return [land for land in held_of_kind(state, seat, MINE) if land not in emptied]


def fortifiable(state: State, seat: int) -> list[int]:
    """The lands of `seat` with no fortress under them yet."""
    fortresses = part(state).fortresses
    return [land for land in held(state, seat) if land not in fortresses]


def holds_forest(state: State, seat: int) -> bool:
    return count_of_kind(state, seat, FOREST) > 0


def may_buy_merchant(state: State, seat: int) -> bool:
    """Once a game, for 3 coins, while holding a forest, with cards left to lay on it."""
    return (
        part(state).merchants[seat] is None
        and len(state.coins[seat]) >= MERCHANT_COST
        and not state.ending
        and holds_forest(state, seat)
    )


def points(state: State, seat: int) -> int:
    """A land's points, and one more for a fortress under it (RULES.md 6.1)."""
    kinds = board_map(state).kinds
    fortresses = part(state).fortresses
    total = 0
    for land in held(state, seat):
        total += KINDS[kinds[land]].points + (land in fortresses)
    return total


def all_points(state: State) -> list[int]:
    return [points(state, seat) for seat in range(state.players)]


def all_lands(state: State) -> list[int]:
    return [held_count(state, seat) for seat in range(state.players)]
