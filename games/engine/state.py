"""The whole state of one game: plain lists of card ids, so that it copies and serialises cheaply.

Piles keep their top at the end of the list; a hand keeps its front card at index 0.
"""

import hashlib
from typing import Final, cast

from .beans import BEANS
from .editions import Rules, resolve
from .expansions import extra_cards, parts_from_dict, parts_to_dict


class Offer:
    """An open trade offer between the active player and one other player."""

    # No __slots__: CPython then makes an Offer without going through a generic call (as
    # events.Event).
    def __init__(
        self,
        id: int,
        maker: int,
        to: int,
        give: tuple[int, ...],
        ask: dict[int, int],
        ask_faceup: tuple[int, ...],
    ):
        self.id = id
        self.maker = maker
        self.to = to
        self.give = give  # card ids the maker hands over
        self.ask = ask  # bean -> how many cards of it from the receiver's hand
        self.ask_faceup = ask_faceup  # face-up card ids the maker asks for

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "maker": self.maker,
            "to": self.to,
            "give": list(self.give),
            "ask": {str(bean): count for bean, count in self.ask.items()},
            "ask_faceup": list(self.ask_faceup),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Offer":
        return cls(
            data["id"],
            data["maker"],
            data["to"],
            tuple(data["give"]),
            {int(bean): count for bean, count in data["ask"].items()},
            tuple(data["ask_faceup"]),
        )


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
    __slots__ = (*SAVED, "card_beans", "rules")

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
        if self.rules.expansions:
            cards += extra_cards(self)
        return cards

    def to_dict(self) -> dict:
        data = {name: getattr(self, name) for name in SAVED}
        data["offers"] = [offer.to_dict() for offer in self.offers.values()]
        if self.ext:
            data["ext"] = parts_to_dict(self.ext)
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
