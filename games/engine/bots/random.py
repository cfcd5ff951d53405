"""A bot that picks uniformly among the kinds of legal moves, then among their parameters.

It makes small offers (at most two a turn) and accepts what it can, so trading happens and
every game ends. It harvests only fields that pay, or any field when a card it must plant has
no place: harvesting at random would only uproot beans and make games long and pointless.
"""

from ..beans import payout
from ..legal import legal_actions
from ..state import State

OFFERS_PER_TURN = 2
PASSED_ON = ("kind", "offer", "field", "card")


class RandomBot:
    def __init__(self, rng):
        self.rng = rng
        self.offers_made: tuple[int, int] = (0, 0)  # (turn, how many)

    def choose(self, state: State, seat: int, awaited: bool = True) -> dict | None:
        rng = self.rng
        offers_left = self._offers_left(state)
        if not awaited:
            if not offers_left or rng.random() < 0.5:
                return None
            offer = next((a for a in legal_actions(state, seat) if a["kind"] == "offer"), None)
            return self._offer(state, offer) if offer else None
        legal = legal_actions(state, seat)
        by_kind: dict[str, list[dict]] = {}
        for action in legal:
            if action["kind"] == "offer" and not offers_left:
                continue
            if action["kind"] == "harvest" and not _worth_harvesting(state, seat, action, legal):
                continue
            by_kind.setdefault(action["kind"], []).append(action)
        kinds = list(by_kind.values())
        actions = kinds[int(rng.random() * len(kinds))]
        action = actions[int(rng.random() * len(actions))]
        kind = action["kind"]
        if kind == "plant":
            fields = action["fields"]
            field = fields[int(rng.random() * len(fields))]
            return {"kind": "plant", "card": action["card"], "field": field}
        if kind == "offer":
            return self._offer(state, action)
        if kind == "accept":
            give = [
                card
                for bean, count in action["ask"].items()
                for card in rng.sample(action["choices"][bean], count)
            ]
            return {"kind": "accept", "offer": action["offer"], "give": give}
        return {key: value for key, value in action.items() if key in PASSED_ON}

    def _offers_left(self, state: State) -> bool:
        turn, made = self.offers_made
        return turn != state.turn or made < OFFERS_PER_TURN

    def _offer(self, state: State, legal: dict) -> dict:
        rng = self.rng
        turn, made = self.offers_made
        self.offers_made = (state.turn, made + 1 if turn == state.turn else 1)
        give = rng.sample(legal["give"], min(len(legal["give"]), rng.randint(0, 2)))
        ask: dict[str, int] = {}
        ask_faceup: list[int] = []
        if legal["ask_faceup"] and rng.random() < 0.5:
            ask_faceup = [rng.choice(legal["ask_faceup"])]
        elif not give or rng.random() < 0.7:
            ask = {rng.choice(legal["ask"]): 1}
        return {
            "kind": "offer",
            "to": rng.choice(legal["to"]),
            "give": give,
            "ask": ask,
            "ask_faceup": ask_faceup,
        }


def _worth_harvesting(state: State, seat: int, harvest: dict, legal: list[dict]) -> bool:
    field = state.fields[seat][harvest["field"]]
    if payout(state.card_beans[field[0]], len(field)) > 0:
        return True
    return not any(action["kind"] in ("plant", "stop_planting") for action in legal)
