"""Standing offers: a seat posts what it gives from its hand and what beans it asks, to whoever
is the active player; in each trading phase the active player may take any that fits, without
waiting for anyone. An offer whose cards left the maker's hand lapses."""

from typing import Final

from ..beans import BEAN_INDEX, BEAN_KEYS, BEANS
from ..deck import keys
from ..errors import IllegalMove
from ..events import Event, bean_summary
from ..language import gettext, ngettext
from ..state import State
from ..trading import parse_ask, parse_cards, void_impossible
from .part import Book, Standing

MAX_STANDING: Final = 6  # per seat: enough for what a hand can spare, bounded for the page


def book_of(state: State) -> Book:
    """The game's trade book, begun when a seat first uses it."""
    if state.book is None:
        state.book = Book()
    return state.book


def has_trading(state: State) -> bool:
    return "trade" in state.rules.turn


def parse_standing(state: State, seat: int, action: dict) -> Standing:
    if not has_trading(state):
        raise IllegalMove(gettext("This game has no trading phase to stand offers in."))
    give = parse_cards(action.get("give", ()), "give")
    ask = parse_ask(state, action.get("ask", {}))
    hand = state.hands[seat]
    for card in give:
        if card not in hand:
            raise IllegalMove(gettext("A standing offer can give only cards from your hand."))
    if not give and not ask:
        raise IllegalMove(gettext("An offer must give or ask for at least one card."))
    fields = parse_fields(state, seat, action.get("fields", {}), ask)
    book = state.book
    if (
        book is not None
        and sum(1 for o in book.standing.values() if o.maker == seat) >= MAX_STANDING
    ):
        raise IllegalMove(
            ngettext(
                "You already have {count} standing offer; withdraw it first.",
                "You already have {count} standing offers; withdraw one first.",
                MAX_STANDING,
            ).format(count=MAX_STANDING)
        )
    return Standing(state.next_offer, seat, give, ask, fields)


def parse_fields(state: State, seat: int, value, beans) -> dict[int, int]:
    """The field named for each bean the seat will receive: bean name -> field number (from 0)."""
    if not isinstance(value, dict):
        raise IllegalMove(gettext("'fields' must map bean names to field numbers."))
    fields: dict[int, int] = {}
    count = len(state.fields[seat])
    for key, field in value.items():
        bean = BEAN_INDEX.get(key)
        if bean is None or bean not in beans:
            raise IllegalMove(
                gettext("You name a field for {key!r}, which this trade does not give you.").format(
                    key=key
                )
            )
        if type(field) is not int or not 0 <= field < count:
            raise IllegalMove(
                gettext("You have no field {field}.").format(
                    field=field + 1 if type(field) is int else field
                )
            )
        fields[bean] = field
    return fields


def post(state: State, offer: Standing, events: list[Event]) -> None:
    book_of(state).standing[offer.id] = offer
    state.next_offer += 1
    # The cards come from the maker's hand: they are shown to the other seats, each of which
    # may be the active player who takes it, and to no spectator.
    others = tuple(other for other in range(state.players) if other != offer.maker)
    events.append(
        Event.private(
            "stood",
            offer.maker,
            {"offer": offer.id},
            {
                "give": keys(state, offer.give),
                "ask": [BEAN_KEYS[bean] for bean, n in offer.ask.items() for _ in range(n)],
            },
            others,
        )
    )


def takable(state: State, seat: int, offer: Standing) -> bool:
    """Whether the seat may take the offer now: it is the active player in the trading phase,
    not the offer's maker."""
    return state.phase == "trade" and seat == state.active and offer.maker != seat


def payable_from(state: State, seat: int) -> list[int]:
    """What the active player may pay with: the hand, then the face-up cards."""
    return [*state.hands[seat], *state.faceup]


def suggested_payment(state: State, seat: int, offer: Standing) -> list[int] | None:
    """The cards that pay for the offer, face-up cards first and then those nearest the back of
    the hand (the cards due to be planted next stay), or None when they are not there."""
    beans = state.card_beans
    give: list[int] = []
    for bean, count in offer.ask.items():
        mine = [card for card in reversed(state.hands[seat]) if beans[card] == bean]
        up = [card for card in state.faceup if beans[card] == bean]
        found = (up + mine)[:count]
        if len(found) < count:
            return None
        give += found
    return give


def check_take(state: State, seat: int, offer: Standing, action: dict) -> tuple[int, ...]:
    if not takable(state, seat, offer):
        if state.phase != "trade" or seat != state.active:
            raise IllegalMove(
                gettext("Only the active player can take a standing offer, while trading.")
            )
        raise IllegalMove(gettext("You cannot take your own standing offer."))
    chosen = parse_cards(action.get("give", ()), "give")
    payable = payable_from(state, seat)
    got: dict[int, int] = {}
    for card in chosen:
        if card not in payable:
            raise IllegalMove(
                gettext("You can hand over only cards from your hand or the face-up cards.")
            )
        bean = state.card_beans[card]
        got[bean] = got.get(bean, 0) + 1
    if got != offer.ask:
        asked = bean_summary([BEANS[bean].key for bean, n in offer.ask.items() for _ in range(n)])
        raise IllegalMove(
            gettext("Choose exactly the cards asked for: {asked}.").format(asked=asked)
        )
    return chosen


def take(
    state: State,
    seat: int,
    offer: Standing,
    chosen: tuple[int, ...],
    fields: dict[int, int],
    events: list[Event],
) -> None:
    """The active player takes the offer: the maker's cards go to be planted by the active
    player, the cards it pays with to be planted by the maker."""
    maker = offer.maker
    book = book_of(state)
    for card in offer.give:
        state.hands[maker].remove(card)
    for card in chosen:
        if card in state.faceup:
            state.faceup.remove(card)
        else:
            state.hands[seat].remove(card)
    state.to_plant[seat] += offer.give
    state.to_plant[maker] += chosen
    name_fields(state, maker, chosen, offer.fields)
    name_fields(state, seat, offer.give, fields)
    del book.standing[offer.id]
    events.append(
        Event(
            "traded",
            seat,
            {
                "offer": offer.id,
                "maker": maker,
                "to": seat,
                "given": keys(state, offer.give),
                "received": keys(state, chosen),
                "standing": True,
            },
        )
    )
    void_impossible(state, events)


def lapse_moved(state: State, book: Book, events: list[Event]) -> None:
    """Standing offers whose cards left their maker's hand lapse, each with a line in the log."""
    for offer in list(book.standing.values()):
        hand = state.hands[offer.maker]
        for card in offer.give:
            if card not in hand:
                del book.standing[offer.id]
                events.append(Event("lapsed", offer.maker, {"offer": offer.id}))
                break


def name_fields(state: State, seat: int, cards, fields: dict[int, int]) -> None:
    """Keep the field named for each card the seat receives, by its bean, for its planting."""
    if not fields:
        return
    book = book_of(state)
    beans = state.card_beans
    for card in cards:
        field = fields.get(beans[card])
        if field is not None:
            book.plant_to.append([seat, card, field])


def withdraw_standing(state: State, seat: int, action: dict, events: list[Event]) -> bool:
    """Withdraw the seat's standing offer that the action names; False when it names none."""
    book = state.book
    offer_id = action.get("offer")
    if book is None or type(offer_id) is not int or offer_id not in book.standing:
        return False
    if book.standing[offer_id].maker != seat:
        raise IllegalMove(gettext("Only the player who made an offer can withdraw it."))
    del book.standing[offer_id]
    events.append(Event("withdrawn", seat, {"offer": offer_id}))
    return True


def standing_gone(before: State, now: State, action: dict) -> str | None:
    offer = action.get("offer")
    was = before.book is not None and offer in before.book.standing
    if was and (now.book is None or offer not in now.book.standing):
        return gettext("That offer is no longer open.")
    return None
