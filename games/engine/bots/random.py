"""A bot that picks uniformly among the kinds of legal moves, then among their parameters.

It makes small offers (at most two a turn) and accepts what it can, so trading happens and
every game ends. It harvests only fields that pay, or any field when a card it must plant has
no place and it has no other move: harvesting at random would only uproot beans and make
games long and pointless.
"""

from ..beans import FIRST_COIN
from ..fields import harvestable
from ..legal import legal_kinds, may_offer, moves_of_kind, plant_choices
from ..phases import PHASES
from ..state import State

OFFERS_PER_TURN = 2
PASSED_ON = ("kind", "offer", "field", "card")
# Kinds of move that are a single move, with no parameters to choose.
NOTHING_TO_CHOOSE = frozenset(("stop_planting", "buy_field", "end_trading", "end_turn"))
# Kinds of move that plant or discard the waiting cards, or end the step without them.
MOVES_ON = frozenset(("plant", "stop_planting", "discard", "end_turn"))


class RandomBot:
    def __init__(self, rng):
        self.rng = rng
        self.offers_made: tuple[int, int] = (0, 0)  # (turn, how many)

    def choose(self, state: State, seat: int, awaited: bool = True) -> dict | None:
        if not awaited:
            return self._unprompted_offer(state, seat)
        kinds = legal_kinds(state, seat)
        while True:
            kind = self._pick(kinds)
            if kind == "harvest":
                harvests = _fields_worth_harvesting(state, seat, kinds)
                if harvests:
                    return {"kind": "harvest", "field": self._pick(harvests)}
            elif kind != "offer" or self._offers_left(state):
                return self._move_of_kind(state, seat, kind)
            # A kind the bot does not want now: picking again among the others keeps the
            # choice uniform among the kinds it wants.
            kinds.remove(kind)

    def _move_of_kind(self, state: State, seat: int, kind: str) -> dict:
        if kind in NOTHING_TO_CHOOSE:
            return {"kind": kind}
        if kind == "plant":
            card, allowed = self._pick(plant_choices(state, seat))
            return {"kind": "plant", "card": card, "field": self._pick(allowed)}
        if kind == "offer":  # a single move, with the choices an offer may take
            return self._offer(state, moves_of_kind(state, seat, "offer")[0])
        action = self._pick(moves_of_kind(state, seat, kind))
        if kind == "accept":
            give = [
                card
                for bean, count in action["ask"].items()
                for card in self._sample(action["choices"][bean], count)
            ]
            return {"kind": "accept", "offer": action["offer"], "give": give}
        return {key: value for key, value in action.items() if key in PASSED_ON}

    def _pick(self, choices: list):
        """One of the choices, each as likely (`rng.choice` costs more than this)."""
        n = len(choices)
        return choices[0] if n == 1 else choices[int(self.rng.random() * n)]

    def _sample(self, choices: list, count: int) -> list:
        """`count` different choices, each set of them as likely (as `rng.sample`, which costs
        more for the one or two the bot takes)."""
        left = list(choices)
        return [left.pop(int(self.rng.random() * len(left))) for _ in range(count)]

    def _unprompted_offer(self, state: State, seat: int) -> dict | None:
        """Asked while not awaited, make an offer half the time, if this turn allows one more."""
        if not self._offers_left(state) or self.rng.random() < 0.5:
            return None
        if not may_offer(state, seat):
            return None
        return self._offer(state, moves_of_kind(state, seat, "offer")[0])

    def _offers_left(self, state: State) -> bool:
        turn, made = self.offers_made
        return turn != state.turn or made < OFFERS_PER_TURN

    def _offer(self, state: State, legal: dict) -> dict:
        rng = self.rng
        turn, made = self.offers_made
        self.offers_made = (state.turn, made + 1 if turn == state.turn else 1)
        give = self._sample(legal["give"], min(len(legal["give"]), int(rng.random() * 3)))
        ask: dict[str, int] = {}
        ask_faceup: list[int] = []
        if legal["ask_faceup"] and rng.random() < 0.5:
            ask_faceup = [self._pick(legal["ask_faceup"])]
        elif not give or rng.random() < 0.7:
            ask = {self._pick(legal["ask"]): 1}
        return {
            "kind": "offer",
            "to": self._pick(legal["to"]),
            "give": give,
            "ask": ask,
            "ask_faceup": ask_faceup,
        }


def _fields_worth_harvesting(state: State, seat: int, kinds: list[str]) -> list[int]:
    """Only fields that pay are worth harvesting, unless a card waiting to be planted has no
    place and nothing else moves the game on: then any field the rules let go will do.

    No bean pays for a single card, so a paying field holds two beans at least, and the bean
    protection rule never holds those back."""
    if MOVES_ON.isdisjoint(kinds) and PHASES[state.phase].plantable(state, seat):
        return harvestable(state, seat)
    beans = state.card_beans
    own = state.fields[seat]
    return [i for i in range(len(own)) if own[i] and len(own[i]) >= FIRST_COIN[beans[own[i][0]]]]
