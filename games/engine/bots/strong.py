"""The strong bot: weighs each field by the coins it can still reach and plans with the cards
coming up in its hand.

A field's worth is what it pays once the beans that may still join it have: those of its bean in
the hand, and one more while enough of them are still unseen. When it must make room it harvests
the field that loses least of that worth, and before a bean that grows no field goes in it
harvests a field that can pay no more; it plants a second card only when the next cards of its
hand still find a place; it buys the third field as soon as its coins, or a field harvested for
them, pay for it; and it trades on merit: a card is worth a bean or more to it when it grows a
field, something when it starts one its hand will make pay, and less than nothing when it would
make it uproot, so it gives away what does not fit for what does, and a face-up card that would
start a field its hand will not make pay (offering it to one player after another until one
takes it, and a lone bean further back in its hand to a player who grows it), and answers offers
by what it gets against what it gives; a gift that would start a field it takes only when it
finds room, in an empty field or one that can pay no more, and the next cards of its hand still
fit. In Bohnaparte, where the hand holds the cards battles are fought with, it offers as the
normal bot does.
"""

from typing import Final

from ..beans import BEAN_KEYS, BEANS, payout
from ..expansions import hand_cards_fight
from ..fields import grows, harvestable, third_field_cost
from ..state import State
from .heuristic import HeuristicBot, field_for, growers, misfits, others, takers

LOOK_AHEAD: Final = 2  # the hand cards after a second planting that must still find a place
UNSEEN_FOR_ONE_MORE: Final = 3  # unseen cards of a bean that make one more likely to join its field
# A card's worth in a trade, in beans: one that grows a field, one that starts an empty
# field, one that fits nowhere (it makes the seat uproot a field, or give it away).
GROWS, STARTS, MISFIT = 1.0, 0.5, -1.0


class StrongBot(HeuristicBot):
    def _plants_second(self, state: State, seat: int, card: int) -> bool:
        if field_for(state, seat, card, growing_only=True) is not None:
            return True
        if field_for(state, seat, card) is None:
            return False
        hand = state.hands[seat]
        return not misfits(state, seat, hand[: LOOK_AHEAD + 1])

    def plant_move(self, state: State, seat: int, card: int) -> dict:
        """Before a card that grows no field goes in, a field that can pay no more is harvested:
        its coins now, and room for the new bean."""
        if field_for(state, seat, card, growing_only=True) is None:
            done = _done_field(state, seat)
            if done is not None:
                return {"kind": "harvest", "field": done}
        return super().plant_move(state, seat, card)

    def _harvest_for_room(self, state: State, seat: int) -> int:
        """The field whose harvest now loses least of what it could still pay."""
        beans = state.card_beans
        fields = state.fields[seat]
        unseen = unseen_beans(state, seat)
        in_hand = _counts(beans, state.hands[seat])

        def loss(i: int) -> tuple[bool, int, int, int]:
            bean, count = beans[fields[i][0]], len(fields[i])
            now = payout(bean, count)
            return now == 0, reach(bean, count, in_hand, unseen) - now, -now, count

        return min(harvestable(state, seat), key=loss)

    def _buy(self, state: State, seat: int) -> dict | None:
        cost = third_field_cost(state, seat)
        rules = state.rules
        late = state.exhaustions >= rules.exhaustions_to_end - 1
        if cost is None or late:
            return None
        if rules.harvest_in_own_turn_only is not None and seat != state.active:
            return None
        if len(state.coins[seat]) < cost:
            return self._harvest_to_buy(state, seat, cost)
        return {"kind": "buy_field"}

    def _harvest_to_buy(self, state: State, seat: int, cost: int) -> dict | None:
        """A paying field whose coins make up the third field's price now."""
        beans = state.card_beans
        fields = state.fields[seat]
        short = cost - len(state.coins[seat])
        for i in harvestable(state, seat):
            if payout(beans[fields[i][0]], len(fields[i])) >= short:
                return {"kind": "harvest", "field": i}
        return None

    def _propose_as_active(self, state: State, seat: int) -> dict | None:
        """A face-up card, or one of the next cards of the hand, that the fields cannot take,
        then a face-up card that would start a field its hand will not make pay: first for a
        card of the bean of the bot's fullest field when the first player is seen to hold one,
        then (declined) for nothing, to each player in turn, those who grow it or have room
        first (one declines, the next may fit it, or harvest a field that can pay no more to
        make room for it). Then a stray further back in the hand, for nothing, to a player who
        grows it: kept, it would reach the front alone and start a field that seldom pays."""
        if hand_cards_fight(state):  # there hand cards are what battles are fought with
            return super()._propose_as_active(state, seat)
        beans = state.card_beans
        best = _best_growing(state, seat)
        for card in _unwanted(state, seat):
            found = _everyone_for(state, seat, beans[card])
            # The first is asked for a bean it is seen to hold, then each in turn is offered
            # the card for nothing.
            asks = best is not None and bool(found) and _seen_holding(state, found[0], best)
            rounds = found[:1] + found if asks else found
            times = self.offered.count(card)
            if times >= len(rounds):
                continue
            offer = {"kind": "offer", "to": rounds[times], "give": [card]}
            if times == 0 and asks and best is not None:
                offer["ask"] = {BEAN_KEYS[best]: 1}
            return self._offer(offer)
        for card in _strays(state, seat):
            found = growers(state, seat, beans[card])
            if found and card not in self.offered:
                return self._offer({"kind": "offer", "to": found[0], "give": [card]})
        return None

    def _propose(self, state: State, seat: int) -> dict | None:
        """Cards from the front of the hand that fit no field, for face-up cards that grow one;
        or those cards alone to an active player who grows them."""
        if hand_cards_fight(state):
            return super()._propose(state, seat)
        beans = state.card_beans
        hand = state.hands[seat]
        spare = misfits(state, seat, hand[: LOOK_AHEAD + 1])
        wanted = [card for card in state.faceup if card_worth(state, seat, card) > 0]
        if wanted:
            return self._offer(
                {"kind": "offer", "to": state.active, "give": spare[:2], "ask_faceup": wanted}
            )
        active = state.active
        room = not all(state.fields[active])
        gifts = [card for card in spare if room or grows(state, active, beans[card])]
        if gifts:
            return self._offer({"kind": "offer", "to": state.active, "give": gifts})
        return None

    def _answer(self, state: State, seat: int, offer) -> dict:
        """Accept when what comes is worth more to the fields than what goes; a gift, when it
        only grows fields or its worth evens out, and when one of its cards would start a field
        only if it finds room without crowding out the next cards of the hand: such a field,
        even one the hand may make pay, is often uprooted for nothing before those beans come."""
        beans = state.card_beans
        give: list[int] = []
        for bean, count in offer.ask.items():
            mine = [card for card in reversed(state.hands[seat]) if beans[card] == bean]
            give += mine[:count]
        if len(give) == sum(offer.ask.values()):
            received = offer.give
            gain: float = sum(card_worth(state, seat, card) for card in received)
            gain -= sum(card_worth(state, seat, card) for card in give)
            if give or not received:
                accept = gain > 0
            elif gain == 0 or all(grows(state, seat, beans[card]) for card in received):
                accept = True
            else:
                accept = _room_for_gift(state, seat, received)
            if accept:
                return {"kind": "accept", "offer": offer.id, "give": give}
        return {"kind": "decline", "offer": offer.id}


def _done_field(state: State, seat: int) -> int | None:
    """A field that pays and can reach no more: the rules let it go now."""
    beans = state.card_beans
    fields = state.fields[seat]
    unseen = unseen_beans(state, seat)
    in_hand = _counts(beans, state.hands[seat])
    for i in harvestable(state, seat):
        bean, count = beans[fields[i][0]], len(fields[i])
        now = payout(bean, count)
        if now and reach(bean, count, in_hand, unseen) == now:
            return i
    return None


def _unwanted(state: State, seat: int) -> list[int]:
    """The face-up cards and next cards of the hand that the fields cannot take, then the
    face-up cards that would start a field the hand will not make pay: kept, such a field is
    most often uprooted for nothing, and it takes the room the next cards need."""
    upcoming = [*state.faceup, *state.hands[seat][:LOOK_AHEAD]]
    spare = misfits(state, seat, upcoming)
    return spare + [
        card for card in state.faceup if card not in spare and card_worth(state, seat, card) < 0
    ]


def _everyone_for(state: State, seat: int, bean: int) -> list[int]:
    """The other players, those who grow the bean or have an empty field first."""
    first = takers(state, seat, bean)
    return first + [other for other in others(state, seat) if other not in first]


def _room_for_gift(state: State, seat: int, gift) -> bool:
    """The fields take the gift, in an empty field or one that pays and can grow no more
    (harvested to make room), after the cards taken earlier this turn, and the next cards of
    the hand, and for the active player the face-up cards it will have to plant too, still find
    a place: a card nobody takes makes the active player uproot a field, most often for
    nothing, while one taken this way costs the taker nothing."""
    kept = state.faceup if seat == state.active else []
    cards = [*state.to_plant[seat], *gift, *kept, *state.hands[seat][:LOOK_AHEAD]]
    return not misfits(state, seat, cards, freeing=_done_field(state, seat))


def _strays(state: State, seat: int) -> list[int]:
    """Hand cards behind those planted or offered soon, of a bean that no field of the seat
    grows and that no other card of the hand shares."""
    beans = state.card_beans
    hand = state.hands[seat]
    in_hand = _counts(beans, hand)
    return [
        card
        for card in hand[LOOK_AHEAD:]
        if in_hand[beans[card]] == 1 and not grows(state, seat, beans[card])
    ]


def _seen_holding(state: State, other: int, bean: int) -> bool:
    """Whether the other seat is seen to hold the bean: a standing offer of theirs gives one
    (a hand is hidden; an offer asking for a bean its receiver may not hold is most often
    declined, one more line in everyone's log)."""
    book = state.book
    if book is None:
        return False
    beans = state.card_beans
    return any(
        offer.maker == other and any(beans[card] == bean for card in offer.give)
        for offer in book.standing.values()
    )


def _best_growing(state: State, seat: int) -> int | None:
    """The bean of the seat's fullest field."""
    beans = state.card_beans
    fields = [field for field in state.fields[seat] if field]
    return beans[max(fields, key=len)[0]] if fields else None


def card_worth(state: State, seat: int, card: int) -> float:
    """A card that starts an empty field is worth having only when the seat's hand holds the
    beans that make that field pay: a field started on the hope of unseen cards is most often
    uprooted for nothing."""
    beans = state.card_beans
    bean = beans[card]
    if grows(state, seat, bean):
        return GROWS
    if field_for(state, seat, card) is not None:
        in_hand = sum(1 for other in state.hands[seat] if beans[other] == bean)
        return STARTS if payout(bean, 1 + in_hand) else -STARTS
    return MISFIT


def reach(bean: int, count: int, in_hand: dict[int, int], unseen: dict[int, int]) -> int:
    """What a field of `count` beans can still come to pay."""
    more = in_hand.get(bean, 0) + (unseen.get(bean, 0) >= UNSEEN_FOR_ONE_MORE)
    return payout(bean, count + more)


def unseen_beans(state: State, seat: int) -> dict[int, int]:
    """How many cards of each bean the seat has not seen in a field, face up, on top of the
    discard pile or in its hand."""
    beans = state.card_beans
    left = {bean: BEANS[bean].count for bean in state.rules.beans}
    seen = [*state.hands[seat], *state.faceup, *state.discard[-1:]]
    for own in state.fields:
        for field in own:
            seen += field
    for cards in state.to_plant:
        seen += cards
    for card in seen:
        left[beans[card]] -= 1
    return left


def _counts(beans: tuple[int, ...], cards) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in cards:
        counts[beans[card]] = counts.get(beans[card], 0) + 1
    return counts
