"""A bot that picks uniformly among the kinds of legal moves, then among their parameters.

It makes small offers (at most two a turn) and accepts what it can, so trading happens and
every game ends. It harvests only fields that pay, or any field when a card it must plant has
no place and it has no other move: harvesting at random would only uproot beans and make
games long and pointless.
"""

from collections.abc import Callable
from random import Random
from typing import Final, TypeVar

from ..state import State
from .base import BaseBot
from .menu import Menu

T = TypeVar("T")
OFFERS_PER_TURN: Final = 2
PASSED_ON: Final = ("kind", "offer", "field", "card")
# Kinds of move that are a single move, with no parameters to choose.
NOTHING_TO_CHOOSE: Final = frozenset(("stop_planting", "buy_field", "end_trading"))
# Kinds of move that answer an offer with the cards it asks for, chosen among those listed.
PAID: Final = frozenset(("accept", "take"))


class RandomBot(BaseBot):
    """Decides from its seat's `Menu` only."""

    def __init__(self, rng: Random):
        super().__init__(rng)
        # The bound method, looked up once: a game asks it for thousands of numbers.
        self.random: Callable[[], float] = rng.random
        self.offers_made: tuple[int, int] = (0, 0)  # (turn, how many)

    def memory(self) -> dict:
        """What the bot remembers from one move to the next, as plain data."""
        return {"offers_made": list(self.offers_made)}

    def recall(self, memory: dict) -> None:
        turn, made = memory.get("offers_made", (0, 0))
        self.offers_made = (int(turn), int(made))

    def choose(self, state: State, seat: int, awaited: bool = True) -> dict | None:
        return self.decide(Menu(state, seat), awaited)

    def decide(self, menu: Menu, awaited: bool) -> dict | None:
        if not awaited:
            return self._unprompted_offer(menu)
        kinds = menu.kinds()
        while True:
            kind = self._pick(kinds)
            if kind == "harvest":
                harvests = menu.harvests_worth_making(kinds)
                if harvests:
                    return {"kind": "harvest", "field": self._pick(harvests)}
            elif kind != "offer" or self._offers_left(menu):
                return self._move_of_kind(menu, kind)
            # A kind the bot does not want now: picking again among the others keeps the
            # choice uniform among the kinds it wants.
            kinds.remove(kind)

    def _move_of_kind(self, menu: Menu, kind: str) -> dict:
        if kind in menu.expansion_kinds():
            return menu.expansion_move(self._pick(menu.moves(kind)), self._pick, self._sample)
        if kind in NOTHING_TO_CHOOSE:
            return {"kind": kind}
        if kind == "plant":
            card, allowed = self._pick(menu.plant_choices())
            return {"kind": "plant", "card": card, "field": self._pick(allowed)}
        if kind == "offer":  # a single move, with the choices an offer may take
            return self._offer(menu, menu.moves("offer")[0])
        action = self._pick(menu.moves(kind))
        if kind in PAID:
            give = [
                card
                for bean, count in action["ask"].items()
                for card in self._sample(action["choices"][bean], count)
            ]
            return {"kind": kind, "offer": action["offer"], "give": give}
        return {key: value for key, value in action.items() if key in PASSED_ON}

    def _pick(self, choices: list[T]) -> T:
        """One of the choices, each as likely (`rng.choice` costs more than this)."""
        n = len(choices)
        return choices[0] if n == 1 else choices[int(self.random() * n)]

    def _sample(self, choices: list[T], count: int) -> list[T]:
        """`count` different choices, each set of them as likely (as `rng.sample`, which costs
        more for the one or two the bot takes)."""
        left = list(choices)
        return [left.pop(int(self.random() * len(left))) for _ in range(count)]

    def _unprompted_offer(self, menu: Menu) -> dict | None:
        """Asked while not awaited, make an offer half the time, if this turn allows one more."""
        if not self._offers_left(menu) or self.random() < 0.5:
            return None
        if not menu.may_offer():
            return None
        return self._offer(menu, menu.moves("offer")[0])

    def _offers_left(self, menu: Menu) -> bool:
        turn, made = self.offers_made
        return turn != menu.turn or made < OFFERS_PER_TURN

    def _offer(self, menu: Menu, legal: dict) -> dict:
        random = self.random
        turn, made = self.offers_made
        self.offers_made = (menu.turn, made + 1 if turn == menu.turn else 1)
        give = self._sample(legal["give"], min(len(legal["give"]), int(random() * 3)))
        ask: dict[str, int] = {}
        ask_faceup: list[int] = []
        if legal["ask_faceup"] and random() < 0.5:
            ask_faceup = [self._pick(legal["ask_faceup"])]
        elif not give or random() < 0.7:
            ask = {self._pick(legal["ask"]): 1}
        return {
            "kind": "offer",
            "to": self._pick(legal["to"]),
            "give": give,
            "ask": ask,
            "ask_faceup": ask_faceup,
        }
