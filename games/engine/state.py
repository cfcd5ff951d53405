"""The whole state of one game: plain lists of card ids, so that it copies and serialises cheaply.

Piles keep their top at the end of the list; a hand keeps its front card at index 0.
"""

import hashlib
from collections.abc import Callable
from typing import Final, cast

from .beans import BEANS
from .book.part import Book
from .editions import Rules, resolve
from .offer import Offer

__all__ = ["Offer", "State", "seed_hash"]

# Each expansion's own part of the state (`ext`, by its key): how it is saved and read back,
# and the cards it keeps. `registry.install` puts them here from the expansion, which knows
# the state: the state knows the expansions only by these.
PART_TO_DICT: Final[dict[str, Callable[[object], dict]]] = {}
PART_FROM_DICT: Final[dict[str, Callable[[dict], object]]] = {}
PART_CARDS: Final[dict[str, Callable[["State"], list[int]]]] = {}


def parts_to_dict(parts: dict[str, object]) -> dict[str, dict]:
    """The expansions' parts of a state as a game is saved."""
    return {key: PART_TO_DICT[key](part) for key, part in parts.items()}


def parts_from_dict(data: dict[str, dict]) -> dict[str, object]:
    """The expansions' parts of a state from how a game is saved."""
    return {key: PART_FROM_DICT[key](part) for key, part in data.items()}


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


# The parts of a game, as to_dict saves them, in order; `rules` and `card_beans` are derived
# from them.
SAVED: Final = (
    "edition",
    "options",
    "names",
    "seed",
    "shuffles",
    "start_player",
    "deck",
    "discard",
    "out",
    "hands",
    "fields",
    "coins",
    "faceup",
    "to_plant",
    "offers",
    "next_offer",
    "active",
    "phase",
    "planted",
    "turn",
    "exhaustions",
    "ending",
    "over",
    "result",
    "resigned",
    "ext",
)


class State:
    # `book`: the trade book (book.part), None until a seat uses it; saved apart, as "book",
    # only when there is one.
    __slots__ = (*SAVED, "book", "card_beans", "rules")

    rules: Rules
    card_beans: tuple[int, ...]  # bean of each card id

    def __init__(
        self,
        edition: object,
        options: object,
        names: list[str],
        seed: str,
        *,
        like: "State | None" = None,
    ):
        """A game before its setup; `like`: another state of the same game, whose rules and
        cards this one shares instead of working them out again."""
        self.rules = like.rules if like else resolve(edition, len(names), options)
        # `resolve` took them as a request brought them, and refused what they may not be.
        self.edition = cast(str, edition)
        self.options = dict(cast(dict, options))
        self.names = list(names)
        self.seed = seed
        self.card_beans = like.card_beans if like else card_beans_for(self.rules)
        n = len(names)
        self.shuffles = 0
        self.start_player = 0
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.out: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.fields: list[list[list[int]]] = [
            [[] for _ in range(self.rules.fields_at_start)] for _ in range(n)
        ]
        self.coins: list[list[int]] = [[] for _ in range(n)]
        self.faceup: list[int] = []
        self.to_plant: list[list[int]] = [[] for _ in range(n)]
        self.offers: dict[int, Offer] = {}
        self.next_offer = 1
        self.active = 0
        self.phase = "setup"
        self.planted = 0
        self.turn = 0
        self.exhaustions = 0
        self.ending = False
        self.over = False
        self.result: dict | None = None
        self.resigned: list[int] = []  # seats whose players left the game; they rank last
        # Each expansion's own part of the state, by its key (see expansions.py): saved as a
        # dict of plain data, whatever the expansion keeps it as.
        self.ext: dict[str, object] = {}
        self.book: Book | None = None

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def seed_hash(self) -> str:
        return seed_hash(self.seed)

    def all_cards(self) -> list[int]:
        """Every card in every place, for the invariant checks."""
        cards = [*self.deck, *self.discard, *self.out, *self.faceup]
        for seat in range(self.players):
            cards += self.hands[seat]
            cards += self.coins[seat]
            cards += self.to_plant[seat]
            for field in self.fields[seat]:
                cards += field
        for key in self.rules.expansions:
            cards += PART_CARDS[key](self)
        return cards

    def to_dict(self) -> dict:
        data = {name: getattr(self, name) for name in SAVED}
        data["offers"] = [offer.to_dict() for offer in self.offers.values()]
        if self.ext:
            data["ext"] = parts_to_dict(self.ext)
        if self.book is not None:
            data["book"] = self.book.to_dict()
        return deep_copy(data)

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        state = cls(data["edition"], data["options"], data["names"], data["seed"])
        for name in SAVED:
            if name != "offers":  # stored as a list
                setattr(state, name, deep_copy(data[name]))
        state.offers = {offer["id"]: Offer.from_dict(offer) for offer in data["offers"]}
        if state.ext:
            state.ext = parts_from_dict(cast(dict, state.ext))
        if "book" in data:
            state.book = Book.from_dict(data["book"])
        return state

    def copy(self) -> "State":
        return State.from_dict(self.to_dict())


def card_beans_for(rules: Rules) -> tuple[int, ...]:
    beans: list[int] = []
    for bean in rules.beans:
        beans += [bean] * BEANS[bean].count
    return tuple(beans)


def deep_copy(value):
    """Copy nested lists and dicts of plain values (faster than copy.deepcopy)."""
    if isinstance(value, list):
        return [deep_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: deep_copy(item) for key, item in value.items()}
    return value
