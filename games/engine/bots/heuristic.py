"""The normal bot: plants and harvests with care and trades to keep its fields tidy.

It keeps its fields growing and plants a second card when it grows a field (or starts one, when
its hand is long); it harvests for nothing only when a card it must plant has no place, and then
the field that loses the fewest beans. As the active player it offers the face-up cards its
fields cannot take to a player who grows them (or has room), one offer a card; it takes gifts
and trades that fit its fields, and asks the active player for a face-up card it grows in return
for a card its fields cannot take.
"""

from random import Random
from typing import Final

from ..expansions import bot_move, step_move
from ..fields import best_paying, grows, harvestable, third_field_cost
from ..phases import PHASES
from ..state import State
from .sight import Bot

LONG_HAND: Final = 5  # with more cards in hand, a second card may start a new field


class HeuristicBot(Bot):
    def __init__(self, rng: Random):
        super().__init__(rng)
        self.offered_turn = -1
        self.offered: list[int] = []  # cards offered this turn, so that none is offered twice

    def memory(self) -> dict:
        return {"offered_turn": self.offered_turn, "offered": list(self.offered)}

    def recall(self, memory: dict) -> None:
        self.offered_turn = int(memory.get("offered_turn", -1))
        self.offered = [int(card) for card in memory.get("offered", [])]

    def decide(self, state: State, seat: int, awaited: bool) -> dict | None:
        move = bot_move(state, seat, awaited) if state.rules.expansions else None
        if move:
            return move
        buy = self._buy(state, seat)
        if buy:
            return buy
        if state.phase == "trade":
            return self._trade(state, seat, awaited)
        if not awaited:
            return None
        move = step_move(self.plant_move, state, seat) if state.rules.expansions else None
        if move:
            return move
        plantable = PHASES[state.phase].plantable(state, seat)
        if state.phase == "plant" and state.planted == 1:
            card = plantable[0] if plantable else None
            if card is None or not self._plants_second(state, seat, card):
                return {"kind": "stop_planting"}
        if plantable:
            return self.plant_move(state, seat, _best_to_plant(state, seat, plantable))
        return None

    def _plants_second(self, state: State, seat: int, card: int) -> bool:
        if field_for(state, seat, card, growing_only=True) is not None:
            return True
        return len(state.hands[seat]) > LONG_HAND and field_for(state, seat, card) is not None

    def plant_move(self, state: State, seat: int, card: int) -> dict:
        field = field_for(state, seat, card)
        if field is None:
            return {"kind": "harvest", "field": self._harvest_for_room(state, seat)}
        return {"kind": "plant", "card": card, "field": field}

    def _harvest_for_room(self, state: State, seat: int) -> int:
        """The field that pays best; when none pays, the one with the fewest beans."""
        return best_paying(state, seat, harvestable(state, seat))

    def _buy(self, state: State, seat: int) -> dict | None:
        cost = third_field_cost(state, seat)
        rules = state.rules
        late = state.exhaustions >= rules.exhaustions_to_end - 1
        if cost is None or late or len(state.coins[seat]) < cost + 1:
            return None
        if rules.harvest_in_own_turn_only is not None and seat != state.active:
            return None
        return {"kind": "buy_field"}

    def _trade(self, state: State, seat: int, awaited: bool) -> dict | None:
        for offer in state.offers.values():
            if offer.to == seat:
                return self._answer(state, seat, offer)
        if self.offered_turn != state.turn:
            self.offered_turn, self.offered = state.turn, []
        if seat == state.active:
            mine = [offer.id for offer in state.offers.values() if offer.maker == seat]
            if mine:
                # Asked while its offers are open: its patience ran out, it takes them back.
                return {"kind": "withdraw", "offer": mine[0]} if awaited else None
            return self._propose_as_active(state, seat) or {"kind": "end_trading"}
        if self.offered:
            return None
        return self._propose(state, seat)

    def _offer(self, offer: dict) -> dict:
        # A new list: the one remembered between moves may be shared with whoever restored it.
        self.offered = [*self.offered, *offer.get("give", []), *offer.get("ask_faceup", [])]
        return offer

    def _propose_as_active(self, state: State, seat: int) -> dict | None:
        """A face-up card the fields cannot take, to a player who grows it (or has room)."""
        beans = state.card_beans
        for card in misfits(state, seat, state.faceup):
            if card in self.offered:
                continue
            taker = player_for(state, seat, beans[card])
            if taker is not None:
                return self._offer({"kind": "offer", "to": taker, "give": [card]})
        return None

    def _propose(self, state: State, seat: int) -> dict | None:
        beans = state.card_beans
        wanted = [card for card in state.faceup if grows(state, seat, beans[card])]
        if not wanted:
            return None
        spare = misfits(state, seat, state.hands[seat])
        return self._offer(
            {"kind": "offer", "to": state.active, "give": spare[:1], "ask_faceup": wanted[:1]}
        )

    def _answer(self, state: State, seat: int, offer) -> dict:
        """Take what fits the fields; give only beans that none of them grows."""
        beans = state.card_beans
        fits = not misfits(state, seat, offer.give)
        give: list[int] = []
        for bean, count in offer.ask.items():
            mine = [card for card in reversed(state.hands[seat]) if beans[card] == bean]
            give += mine[:count]
        can_pay = len(give) == sum(offer.ask.values())
        cheap = not any(grows(state, seat, beans[card]) for card in (*give, *offer.ask_faceup))
        if fits and can_pay and cheap:
            return {"kind": "accept", "offer": offer.id, "give": give}
        return {"kind": "decline", "offer": offer.id}


def player_for(state: State, seat: int, bean: int) -> int | None:
    """The first of the players who could take the bean."""
    found = takers(state, seat, bean)
    return found[0] if found else None


def takers(state: State, seat: int, bean: int) -> list[int]:
    """The other players who grow the bean, then those with an empty field."""
    found = growers(state, seat, bean)
    return found + [
        other
        for other in others(state, seat)
        if other not in found and not all(state.fields[other])
    ]


def growers(state: State, seat: int, bean: int) -> list[int]:
    """The other players who grow the bean."""
    return [other for other in others(state, seat) if grows(state, other, bean)]


def others(state: State, seat: int) -> list[int]:
    """The other players, the nearest clockwise first (so that no seat is favoured for sitting
    first)."""
    players = state.players
    return [(seat + step) % players for step in range(1, players)]


def misfits(state: State, seat: int, cards, freeing: int | None = None) -> list[int]:
    """The cards the seat's fields cannot take all together: each goes to the field growing its
    bean, or starts an empty one, which then grows that bean. The field `freeing` names counts
    as empty: it is to be harvested first."""
    beans = state.card_beans
    fields = [field for i, field in enumerate(state.fields[seat]) if i != freeing]
    growing = {beans[field[0]] for field in fields if field}
    empty = sum(1 for field in fields if not field) + (freeing is not None)
    left = []
    for card in cards:
        bean = beans[card]
        if bean in growing:
            continue
        if empty:
            empty -= 1
            growing.add(bean)
            continue
        left.append(card)
    return left


def field_for(state: State, seat: int, card: int, growing_only: bool = False) -> int | None:
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
        if field_for(state, seat, card) is not None:
            return card
    return cards[0]
