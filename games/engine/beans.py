"""The bean types: how many cards each has and what its meter pays."""

from dataclasses import dataclass
from typing import Final

from .language import pgettext


@dataclass(frozen=True, slots=True)
class Bean:
    key: str
    name: str
    count: int
    # meter[c - 1] is the number of beans needed for c coins; None where the card has no such tier.
    meter: tuple[int | None, int | None, int | None, int | None]

    def payout(self, beans: int) -> int:
        """Coins paid by a field of `beans` of this type: the highest tier reached."""
        coins = 0
        for tier, needed in enumerate(self.meter, start=1):
            if needed is not None and beans >= needed:
                coins = tier
        return coins


# Ordered by count, as in the rule books; the index in this tuple is the bean's number in the
# engine, and card ids are handed out in this order.
BEANS: Final[tuple[Bean, ...]] = (
    Bean("coffee", "Coffee", 24, (4, 7, 10, 12)),
    Bean("wax", "Wax", 22, (4, 7, 9, 11)),
    Bean("blue", "Blue", 20, (4, 6, 8, 10)),
    Bean("chili", "Chili", 18, (3, 6, 8, 9)),
    Bean("stink", "Stink", 16, (3, 5, 7, 8)),
    Bean("green", "Green", 14, (3, 5, 6, 7)),
    Bean("soy", "Soy", 12, (2, 4, 6, 7)),
    Bean("black-eyed", "Black-eyed", 10, (2, 4, 5, 6)),
    Bean("red", "Red", 8, (2, 3, 4, 5)),
    Bean("garden", "Garden", 6, (None, 2, 3, None)),
    Bean("cocoa", "Cocoa", 4, (None, 2, 3, 4)),
)

BEAN_INDEX: Final[dict[str, int]] = {bean.key: i for i, bean in enumerate(BEANS)}
BEAN_KEYS: Final[tuple[str, ...]] = tuple(bean.key for bean in BEANS)

# PAYOUT[bean][n] for n up to the largest possible field; beyond that the last entry holds.
_MAX_FIELD: Final = 30
PAYOUT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(bean.payout(n) for n in range(_MAX_FIELD + 1)) for bean in BEANS
)

# FIRST_COIN[bean]: the fewest beans of that type that pay a coin (a field pays iff it has them).
FIRST_COIN: Final[tuple[int, ...]] = tuple(
    min(n for n in bean.meter if n is not None) for bean in BEANS
)


def payout(bean: int, beans: int) -> int:
    return PAYOUT[bean][min(beans, _MAX_FIELD)]


# The names the published editions give the beans, in the reader's language.
_NAMES: Final = {
    "coffee": lambda: pgettext("bean", "Coffee"),
    "wax": lambda: pgettext("bean", "Wax"),
    "blue": lambda: pgettext("bean", "Blue"),
    "chili": lambda: pgettext("bean", "Chili"),
    "stink": lambda: pgettext("bean", "Stink"),
    "green": lambda: pgettext("bean", "Green"),
    "soy": lambda: pgettext("bean", "Soy"),
    "black-eyed": lambda: pgettext("bean", "Black-eyed"),
    "red": lambda: pgettext("bean", "Red"),
    "garden": lambda: pgettext("bean", "Garden"),
    "cocoa": lambda: pgettext("bean", "Cocoa"),
}


def bean_name(key: str) -> str:
    """The bean's name as the reader's language's editions print it."""
    return _NAMES[key]()
