"""Bohnaparte's land cards (seed 003, "Carte terreno"), what they are worth and how they defend.

A land's victory points follow RULES.md 6.1: a city 3, a river none, every other land 1, a
camp included. Its least defence is the village's 16, the forest's 17 and the city's 18: a
defence card of a lower value counts as that minimum, after a fortress's +2.
"""

from dataclasses import dataclass
from typing import Final

from ..language import gettext_noop

KEY: Final = "bohnaparte"  # the expansion's key: its part of the state is state.ext[KEY]

CAMP: Final = "camp"
FARM: Final = "farm"
VILLAGE: Final = "village"
CITY: Final = "city"
MONASTERY: Final = "monastery"
MINE: Final = "mine"
IRON_MINE: Final = "iron_mine"
RIVER: Final = "river"
SWAMP: Final = "swamp"
FOREST: Final = "forest"
PADDOCK: Final = "paddock"

# What things cost, in coins (paid onto the discard pile, bean side up).
ATTACK_COST: Final = 1
FORTRESS_COST: Final = 2
DEPOT_COST: Final = 3
MERCHANT_COST: Final = 3

TOKENS: Final = 12  # tokens a player has; holding 12 lands ends the game
FORTRESS_BONUS: Final = 2
CAVALRY_VALUE: Final = 17
MERCHANT_CARDS: Final = 2
# A cannon wins ties, but 20 against 20 stays with the defender.
CANNON_TIE_LIMIT: Final = 20
# Monastery: a card drawn of a battle value up to this becomes a coin (Garden to Soy), a
# higher one (Green to Blue) is discarded.
MONASTERY_COIN_UP_TO: Final = 12


@dataclass(frozen=True, slots=True)
class LandKind:
    key: str
    name: str
    letter: str  # how the map files draw it
    points: int = 1
    least_defence: int = 0


KINDS: Final[dict[str, LandKind]] = {
    kind.key: kind
    for kind in (
        LandKind(CAMP, gettext_noop("camp"), "@"),
        LandKind(FARM, gettext_noop("farm"), "F"),
        LandKind(VILLAGE, gettext_noop("village"), "V", least_defence=16),
        LandKind(CITY, gettext_noop("city"), "C", points=3, least_defence=18),
        LandKind(MONASTERY, gettext_noop("monastery"), "M"),
        LandKind(MINE, gettext_noop("mine"), "Q"),
        LandKind(IRON_MINE, gettext_noop("iron mine"), "I"),
        LandKind(RIVER, gettext_noop("river"), "R", points=0),
        LandKind(SWAMP, gettext_noop("swamp"), "S"),
        LandKind(FOREST, gettext_noop("forest"), "W", least_defence=17),
        LandKind(PADDOCK, gettext_noop("horse paddock"), "P"),
    )
}
BY_LETTER: Final[dict[str, str]] = {kind.letter: kind.key for kind in KINDS.values()}

# The map cards in the box (RULES.md 6.1). Iron mine and horse paddock are two sides of one
# card, as are the fortress (beside the map) and the forest.
BOX: Final = {
    CAMP: 6,
    FARM: 6,
    VILLAGE: 6,
    CITY: 4,
    MONASTERY: 4,
    MINE: 3,
    IRON_MINE: 3,
    RIVER: 3,
    SWAMP: 3,
    FOREST: 3,
    PADDOCK: 3,
}
FORTRESSES: Final = 3
# Lands only the cavalry variant puts on the map, and those it leaves out: a forest is a
# fortress's other side (so no fortress is built, and no mine is needed), a paddock an iron
# mine's.
CAVALRY_ONLY: Final = frozenset((FOREST, PADDOCK))
BASE_ONLY: Final = frozenset((MINE, IRON_MINE))
# The lands a cannon wins ties against (and any fortified land).
CANNON_TARGETS: Final = frozenset((VILLAGE, CITY))
