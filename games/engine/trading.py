"""Phase 2 trading: offers between the active player and one other, checked again on accept."""

from collections import Counter
from typing import Final

from .beans import BEAN_INDEX, BEAN_KEYS, BEANS, bean_name
from .deck import keys
from .errors import IllegalMove
from .events import Event, bean_summary, void_worded
from .language import gettext, gettext_noop, ngettext
from .state import Offer, State

MAX_OPEN_OFFERS: Final = 12  # per maker: enough for any real negotiation, bounded for the page
MAX_ASKED: Final = 30
# A constant: `(list, tuple)` written in the call is built each time.
_CARD_LISTS: Final = (list, tuple)


def tradable(state: State, seat: int) -> list[int]:
    """Cards this seat may give: hand cards, and for the active player the face-up cards.
    A new list, never the hand itself, so that a listing of legal moves stays as it was."""
    if seat == state.active:
        return state.hands[seat] + state.faceup
    return list(state.hands[seat])


def can_give(state: State, seat: int, card: int) -> bool:
    """Whether `card` is among the cards `tradable` lists, without building that list."""
    return card in state.hands[seat] or (seat == state.active and card in state.faceup)


def partners(state: State, seat: int) -> list[int]:
    if seat == state.active:
        return [other for other in range(state.players) if other != seat]
    return [state.active]


def may_trade_with(state: State, seat: int, other) -> bool:
    """Whether `other` is among the seats `partners` lists, without building that list."""
    if type(other) is not int or other == seat:
        return False
    return 0 <= other < state.players if seat == state.active else other == state.active


def open_offers(state: State, seat: int) -> int:
    """How many offers this seat has made that are still open."""
    made = 0
    for offer in state.offers.values():
        if offer.maker == seat:
            made += 1
    return made


def require_trading(state: State) -> None:
    if state.phase != "trade":
        raise IllegalMove(
            gettext("Trading happens only after the active player has turned up cards.")
        )


def parse_offer(state: State, seat: int, action: dict) -> Offer:
    require_trading(state)
    to = action.get("to")
    if not may_trade_with(state, seat, to):
        if seat == state.active:
            raise IllegalMove(gettext("Choose another player to trade with."))
        raise IllegalMove(
            gettext(
                "You may trade only with the active player; players who are not active never "
                "trade with each other."
            )
        )
    give = parse_cards(action.get("give", ()), "give")
    ask_faceup = parse_cards(action.get("ask_faceup", ()), "ask_faceup")
    ask = parse_ask(state, action.get("ask", {}))
    for card in give:
        if not can_give(state, seat, card):
            raise IllegalMove(
                gettext(
                    "You can give only cards from your hand or the face-up cards; cards in "
                    "fields or received in trade are not tradable."
                )
                if seat == state.active
                else gettext(
                    "You can give only cards from your hand; cards in fields or received in "
                    "trade are not tradable."
                )
            )
    if ask_faceup and seat == state.active:
        raise IllegalMove(gettext("The face-up cards are already yours to give."))
    for card in ask_faceup:
        if card not in state.faceup:
            raise IllegalMove(gettext("You can ask only for cards that are face up now."))
    if not give and not ask and not ask_faceup:
        raise IllegalMove(gettext("An offer must give or ask for at least one card."))
    if open_offers(state, seat) >= MAX_OPEN_OFFERS:
        raise IllegalMove(
            ngettext(
                "You already have {count} open offer; withdraw it first.",
                "You already have {count} open offers; withdraw one first.",
                MAX_OPEN_OFFERS,
            ).format(count=MAX_OPEN_OFFERS)
        )
    return Offer(state.next_offer, seat, to, give, ask, ask_faceup)


def _not_aparse_cards(name: str) -> str:
    return gettext("'{name}' must be a list of card numbers.").format(name=name)


def parse_cards(value, name: str) -> tuple[int, ...]:
    if not isinstance(value, _CARD_LISTS):
        raise IllegalMove(_not_aparse_cards(name))
    if not value:
        return ()
    for card in value:
        if type(card) is not int:
            raise IllegalMove(_not_aparse_cards(name))
    if len(value) > 1 and len(set(value)) != len(value):
        raise IllegalMove(gettext("A card can be named only once in an offer."))
    return tuple(value)


def parse_ask(state: State, value) -> dict[int, int]:
    if not isinstance(value, dict):
        raise IllegalMove(gettext("'ask' must map bean names to how many of them you want."))
    ask: dict[int, int] = {}
    total = 0
    for key, count in value.items():
        bean = BEAN_INDEX.get(key)
        if bean is None:
            raise IllegalMove(gettext("There is no bean called {key!r}.").format(key=key))
        if bean not in state.rules.beans:
            raise IllegalMove(
                gettext("There are no {bean} beans in this game.").format(
                    bean=bean_name(BEANS[bean].key)
                )
            )
        if type(count) is not int or count < 0:
            raise IllegalMove(gettext("Ask for a whole number of beans."))
        if count:
            ask[bean] = count
            total += count
    if total > MAX_ASKED:
        raise IllegalMove(gettext("That is more beans than anyone can hold."))
    return ask


def make_offer(state: State, offer: Offer, events: list[Event]) -> None:
    state.offers[offer.id] = offer
    state.next_offer += 1
    # What is offered is for the two players concerned: the cards given may come from a hand.
    events.append(
        Event.private(
            "offered",
            offer.maker,
            {"offer": offer.id, "to": offer.to},
            {
                "give": keys(state, offer.give),
                "ask": [BEAN_KEYS[bean] for bean, n in offer.ask.items() for _ in range(n)],
                "ask_faceup": keys(state, offer.ask_faceup),
            },
            (offer.to,),
        )
    )


def get_offer(state: State, action: dict) -> Offer:
    offer_id = action.get("offer")
    offer = state.offers.get(offer_id) if type(offer_id) is int else None
    if offer is None:
        raise no_such_offer(state, offer_id)
    return offer


def no_such_offer(state: State, offer_id) -> IllegalMove:
    """Why an offer id names no open offer: it was one and is gone, or it never was."""
    if type(offer_id) is int and 0 < offer_id < state.next_offer:
        return IllegalMove(gettext("That offer is no longer open."))
    return IllegalMove(gettext("There is no offer {offer}.").format(offer=offer_id))


def void_reason(state: State, offer: Offer) -> str | None:
    """Why an offer can no longer be carried out, or None if it still can."""
    # Loops, not all(): cheaper for the card or two of an offer.
    for card in offer.give:
        if not can_give(state, offer.maker, card):
            return gettext_noop("{maker} no longer has a card it offered.")
    for card in offer.ask_faceup:
        if card not in state.faceup:
            return gettext_noop("a face-up card it asked for was traded away.")
    return None


def check_accept(state: State, seat: int, offer: Offer, action: dict) -> tuple[int, ...]:
    """The cards the accepter hands over, checked against what the offer asks."""
    if offer.to != seat:
        raise IllegalMove(gettext("Only the player an offer is made to can accept it."))
    reason = void_reason(state, offer)
    if reason:
        raise IllegalMove(
            gettext("That offer cannot be carried out any more: {reason}").format(
                reason=void_worded(reason, state.names[offer.maker])
            )
        )
    chosen = parse_cards(action.get("give", ()), "give")
    hand = state.hands[seat]
    for card in chosen:
        if card not in hand:
            raise IllegalMove(gettext("You can hand over only cards from your own hand."))
    got: dict[int, int] = {}
    for card in chosen:
        bean = state.card_beans[card]
        got[bean] = got.get(bean, 0) + 1
    if got != offer.ask:  # as plain dicts: an offer asks only for beans it counts at least once
        owned = Counter([state.card_beans[card] for card in state.hands[seat]])
        for bean, count in offer.ask.items():
            if owned[bean] < count:
                raise IllegalMove(
                    gettext("You need {count} {bean} in your hand to accept this offer.").format(
                        count=count, bean=bean_name(BEANS[bean].key)
                    )
                )
        asked = bean_summary([BEANS[bean].key for bean, n in offer.ask.items() for _ in range(n)])
        raise IllegalMove(
            gettext("Choose exactly the cards asked for: {asked}.").format(asked=asked)
        )
    return chosen


def accept(state: State, offer: Offer, chosen: tuple[int, ...], events: list[Event]) -> None:
    maker, taker = offer.maker, offer.to
    for card in offer.give:
        _take(state, maker, card)
    for card in chosen:
        state.hands[taker].remove(card)
    for card in offer.ask_faceup:
        state.faceup.remove(card)
    state.to_plant[taker] += offer.give
    state.to_plant[maker] += chosen + offer.ask_faceup
    del state.offers[offer.id]
    events.append(
        Event(
            "traded",
            taker,
            {
                "offer": offer.id,
                "maker": maker,
                "to": taker,
                "given": keys(state, offer.give),
                "received": keys(state, chosen + offer.ask_faceup),
            },
        )
    )
    void_impossible(state, events)


def _take(state: State, seat: int, card: int) -> None:
    hand = state.hands[seat]
    if card in hand:
        hand.remove(card)
    else:
        state.faceup.remove(card)


def void_impossible(state: State, events: list[Event]) -> None:
    for offer in list(state.offers.values()):
        reason = void_reason(state, offer)
        if reason:
            _void(state, offer, reason, events)


def _void(state: State, offer: Offer, reason: str, events: list[Event]) -> None:
    del state.offers[offer.id]
    data = {"offer": offer.id, "to": offer.to, "reason": reason}
    events.append(Event("voided", offer.maker, data))


def end_trading(state: State, events: list[Event]) -> None:
    """Close the market: open offers lapse, untraded face-up cards go to the active player."""
    for offer in list(state.offers.values()):
        _void(state, offer, gettext_noop("trading has ended."), events)
    state.to_plant[state.active] += state.faceup
    state.faceup = []
    events.append(Event("trading_ended", state.active, {}))


def can_pay(state: State, seat: int, offer: Offer) -> bool:
    """Whether the hand holds the beans the offer asks for."""
    beans = state.card_beans
    hand = state.hands[seat]
    # Loops that stop at the last card needed: an offer asks for a bean or two.
    for bean, count in offer.ask.items():
        for card in hand:
            if beans[card] == bean:
                count -= 1
                if not count:
                    break
        else:
            return False
    return True
