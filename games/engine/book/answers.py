"""Answer rules: the answer a seat's rules give to an offer made to it, made as its own move."""

from ..fields import grows
from ..offer import Offer
from ..state import State
from .part import DECLINE, AnswerRules
from .placing import fit_leaving_room


def rule_answer(state: State, rules: AnswerRules, offer: Offer) -> dict | None:
    """The move the rules make for the offer's receiver, or None when they leave it to the
    player."""
    decline = {"kind": "decline", "offer": offer.id}
    if rules.away:
        return decline
    seat = offer.to
    give = payment(state, seat, offer)
    received = offer.give
    gift = not offer.ask and not offer.ask_faceup
    if give is not None and gift and rules.gifts and fit_leaving_room(state, seat, received):
        return _accept(offer, give)
    if give is not None and rules.keep:
        front = state.hands[seat][: rules.keep]
        for card in give:
            if card in front:
                return decline
    if give is not None and rules.growing and fit_leaving_room(state, seat, received):
        beans = state.card_beans
        for card in received:
            if grows(state, seat, beans[card]):
                return _accept(offer, give)
    return decline if rules.otherwise == DECLINE else None


def _accept(offer: Offer, give: list[int]) -> dict:
    return {"kind": "accept", "offer": offer.id, "give": give}


def payment(state: State, seat: int, offer: Offer) -> list[int] | None:
    """The hand cards that pay what the offer asks, those nearest the back of the hand (the
    cards due to be planted next stay), or None when the hand cannot pay it."""
    beans = state.card_beans
    hand = state.hands[seat]
    give: list[int] = []
    for bean, count in offer.ask.items():
        mine = [card for card in hand if beans[card] == bean]
        if len(mine) < count:
            return None
        give += mine[len(mine) - count :]
    return give
