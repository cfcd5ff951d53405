"""A bot that plants and harvests with care and trades a little.

It keeps its fields growing, harvests the field that pays best when it must make room, takes
gifts that fit its fields, gives away cards that would make it uproot a good field, and ends
trading as soon as its own offers are answered.
"""

from ..beans import payout
from ..editions import DUEL_TURN
from ..fields import harvestable, third_field_cost
from ..phases import PHASES
from ..state import State

DUEL_STEPS = DUEL_TURN[:3]  # the draw is shared and never waits for a move


class HeuristicBot:
    def __init__(self, rng):
        self.rng = rng
        self.offered_turn = -1

    def choose(self, state: State, seat: int, awaited: bool = True) -> dict | None:
        buy = self._buy(state, seat)
        if buy:
            return buy
        if state.phase == "trade":
            return self._trade(state, seat, awaited)
        if not awaited:
            return None
        if state.phase in DUEL_STEPS:
            return self._duel(state, seat)
        plantable = PHASES[state.phase].plantable(state, seat)
        if state.phase == "plant" and state.planted == 1:
            card = plantable[0] if plantable else None
            if card is None or _field_for(state, seat, card, growing_only=True) is None:
                return {"kind": "stop_planting"}
        if plantable:
            return self._plant(state, seat, _best_to_plant(state, seat, plantable))
        extra = PHASES[state.phase].extra_actions
        moves = extra(state, seat) if extra else []
        return moves[0] if moves else None

    def _duel(self, state: State, seat: int) -> dict:
        """Plant what fits, discard what would force an uproot, leave the rest on offer."""
        cost = third_field_cost(state, seat)
        # The Duel is one pass through the deck: a field bought late has no time to pay.
        if cost is not None and len(state.coins[seat]) > cost and len(state.deck) > 40:
            return {"kind": "buy_field"}
        hand = state.hands[seat]
        if state.phase == "duel_offer":
            card = state.faceup[0]
            if _field_for(state, seat, card) is None:
                return {"kind": "discard", "card": card}
            return self._plant(state, seat, card)
        if state.phase == "duel_plant":
            if state.planted == 0:
                return self._plant(state, seat, hand[0])
            grows = _field_for(state, seat, hand[0], growing_only=True) is not None
            if state.planted == 1 and grows:
                return self._plant(state, seat, hand[0])
            misfit = [card for card in hand if _field_for(state, seat, card) is None]
            if misfit:
                return {"kind": "discard", "card": misfit[0]}
            return {"kind": "stop_planting"}
        fitting = [card for card in state.faceup if _field_for(state, seat, card) is not None]
        if fitting:
            return self._plant(state, seat, fitting[0])
        return {"kind": "end_turn"}

    def _plant(self, state: State, seat: int, card: int) -> dict:
        field = _field_for(state, seat, card)
        if field is None:
            return {"kind": "harvest", "field": _best_harvest(state, seat)}
        return {"kind": "plant", "card": card, "field": field}

    def _buy(self, state: State, seat: int) -> dict | None:
        cost = third_field_cost(state, seat)
        rules = state.rules
        late = state.exhaustions >= rules.exhaustions_to_end - 1
        if cost is None or late or len(state.coins[seat]) < cost + 1:
            return None
        if rules.harvest_in_own_turn_only and seat != state.active:
            return None
        return {"kind": "buy_field"}

    def _trade(self, state: State, seat: int, awaited: bool) -> dict | None:
        for offer in state.offers.values():
            if offer.to == seat:
                return self._answer(state, seat, offer)
        if any(offer.maker == seat for offer in state.offers.values()):
            return None if not awaited or seat != state.active else _wait_or_end(state, seat)
        if self.offered_turn != state.turn:
            self.offered_turn = state.turn
            offer = self._propose(state, seat)
            if offer:
                return offer
        return {"kind": "end_trading"} if seat == state.active else None

    def _propose(self, state: State, seat: int) -> dict | None:
        beans = state.card_beans
        if seat == state.active:
            for card in state.faceup:
                if _field_for(state, seat, card) is None:
                    taker = _player_growing(state, seat, beans[card])
                    if taker is not None:
                        return {"kind": "offer", "to": taker, "give": [card]}
            return None
        wanted = [card for card in state.faceup if _grows(state, seat, beans[card])]
        if not wanted:
            return None
        misfit = [card for card in state.hands[seat] if _field_for(state, seat, card) is None]
        return {
            "kind": "offer",
            "to": state.active,
            "give": misfit[:1],
            "ask_faceup": wanted[:1],
        }

    def _answer(self, state: State, seat: int, offer) -> dict:
        """Take what fits the fields; give only beans that none of them grows."""
        beans = state.card_beans
        fits = all(_field_for(state, seat, card) is not None for card in offer.give)
        give: list[int] = []
        for bean, count in offer.ask.items():
            mine = [card for card in reversed(state.hands[seat]) if beans[card] == bean]
            give += mine[:count]
        can_pay = len(give) == sum(offer.ask.values())
        cheap = not any(_grows(state, seat, beans[card]) for card in (*give, *offer.ask_faceup))
        if fits and can_pay and cheap:
            return {"kind": "accept", "offer": offer.id, "give": give}
        return {"kind": "decline", "offer": offer.id}


def _wait_or_end(state: State, seat: int) -> dict:
    for offer in state.offers.values():
        if offer.maker == seat:
            return {"kind": "withdraw", "offer": offer.id}
    return {"kind": "end_trading"}


def _grows(state: State, seat: int, bean: int) -> bool:
    beans = state.card_beans
    return any(field and beans[field[0]] == bean for field in state.fields[seat])


def _player_growing(state: State, seat: int, bean: int) -> int | None:
    for other in range(state.players):
        if other != seat and _grows(state, other, bean):
            return other
    return None


def _field_for(state: State, seat: int, card: int, growing_only: bool = False) -> int | None:
    beans = state.card_beans
    bean = beans[card]
    empty = None
    for i, field in enumerate(state.fields[seat]):
        if field and beans[field[0]] == bean:
            return i
        if not field and empty is None:
            empty = i
    return None if growing_only else empty


def _best_to_plant(state: State, seat: int, cards) -> int:
    """Plant first what fits, so a forced harvest comes as late as possible."""
    for card in cards:
        if _field_for(state, seat, card) is not None:
            return card
    return cards[0]


def _best_harvest(state: State, seat: int) -> int:
    beans = state.card_beans
    fields = state.fields[seat]

    def value(i: int) -> tuple[int, int]:
        field = fields[i]
        return payout(beans[field[0]], len(field)), -len(field)

    return max(harvestable(state, seat), key=value)

