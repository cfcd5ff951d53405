"""The base game's kinds of move, each with its checks and handler, its listing and what a
move chosen on an older board reads (see `kinds`).

`apply` never changes the state before every check has passed, so an `IllegalMove` leaves
the game exactly as it was.
"""

from . import fields, trading
from .beans import BEAN_KEYS
from .book.standing import name_fields, parse_fields, standing_gone, withdraw_standing
from .conflicts import card_unchanged, field_unchanged, same_step, still_plantable
from .errors import IllegalMove
from .events import Event
from .language import gettext
from .legal import may_resign, plant_choices
from .move_kinds import MoveKind, register, whole_number
from .phases import PHASES, Phase
from .state import State
from .turn import advance


class _Plant(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        card = whole_number(action, "card")
        field = whole_number(action, "field")
        phase = PHASES[state.phase]
        allowed = phase.plantable(state, seat)
        if card not in allowed:
            raise IllegalMove(_why_not_plantable(state, seat, allowed, phase))
        fields.check_plant(state, seat, card, field)
        phase.place(state, seat).remove(card)
        fields.plant(state, seat, card, field)
        events.append(
            Event(
                "planted",
                seat,
                {
                    "card": card,
                    "bean": BEAN_KEYS[state.card_beans[card]],
                    "field": field,
                    "source": phase.plants_from,
                },
            )
        )
        phase.after_plant(state, seat, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return [
            {"kind": "plant", "card": card, "fields": allowed}
            for card, allowed in plant_choices(state, seat)
        ]

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """Where the card waited (the front of the hand, the cards to plant, the face-up
        cards) and the field it goes into."""
        return still_plantable(before, now, seat, action.get("card")) or field_unchanged(
            before, now, seat, action.get("field")
        )


def _why_not_plantable(state: State, seat: int, allowed, phase: Phase) -> str:
    if allowed:
        return gettext(phase.wrong_card)
    source = phase.plants_from
    if source == "hand" and seat == state.active and state.planted >= 2:
        return gettext("You have planted two cards from your hand already.")
    if source == "to_plant":
        return gettext("You have nothing left to plant this turn.")
    return gettext("It is not the time for you to plant.")


class _StopPlanting(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if PHASES[state.phase].plants_from != "hand" or seat != state.active:
            raise IllegalMove(
                gettext("Only the active player, while planting from the hand, can stop planting.")
            )
        if state.planted == 0:
            raise IllegalMove(gettext("You must plant the front card of your hand first."))
        events.append(Event("planting_stopped", seat, {}))
        advance(state, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return [{"kind": "stop_planting"}]

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The step of the turn and the cards planted in it."""
        if same_step(before, now) or before.planted != now.planted:
            return gettext("The turn has moved on since your page showed it.")
        return None


class _Harvest(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        field = whole_number(action, "field")
        refusal = state.rules.harvest_in_own_turn_only
        if refusal is not None and seat != state.active:
            raise IllegalMove(gettext(refusal))
        fields.check_harvest(state, seat, field)
        fields.harvest(state, seat, field, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return [{"kind": "harvest", "field": field} for field in fields.harvestable(state, seat)]

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The field."""
        return field_unchanged(before, now, seat, action.get("field"))


class _BuyField(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        # At any time, by anyone: also in the Bean Duel, which restricts only harvests.
        cost = fields.check_buy(state, seat)
        fields.buy(state, seat, cost, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return [{"kind": "buy_field", "cost": fields.third_field_cost(state, seat)}]

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """Nothing but its price and the seat's coins, which are checked as it is made."""
        return None


class _Offer(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        offer = trading.parse_offer(state, seat, action)
        trading.make_offer(state, offer, events)
        if state.book is not None:
            state.book.back(seat, state.turn)

    def moves(self, state: State, seat: int) -> list[dict]:
        active = seat == state.active
        return [
            {
                "kind": "offer",
                "to": trading.partners(state, seat),
                "give": trading.tradable(state, seat),
                "ask_faceup": [] if active else list(state.faceup),
                "ask": [BEAN_KEYS[bean] for bean in state.rules.beans],
            }
        ]

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The cards it gives and the face-up cards it asks for, still there to trade."""
        for key in ("give", "ask_faceup"):
            cards = action.get(key, [])
            for card in cards if isinstance(cards, list) else ():
                if card_unchanged(before, now, seat, card):
                    return gettext("A card of your offer is no longer where your page showed it.")
        return None


class _OfferAnswer(MoveKind):
    """A move on one open offer: accepting, declining or withdrawing it."""

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """An open offer never changes, so the offer named is still open or it is gone."""
        offer = action.get("offer")
        if type(offer) is int and offer in before.offers and offer not in now.offers:
            return gettext("That offer is no longer open.")
        return None


class _Accept(_OfferAnswer):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        trading.require_trading(state)
        offer = trading.get_offer(state, action)
        chosen = trading.check_accept(state, seat, offer, action)
        named = action.get("fields")
        fields = (
            parse_fields(state, seat, named, [state.card_beans[card] for card in offer.give])
            if named
            else None
        )
        trading.accept(state, offer, chosen, events)
        if fields:
            name_fields(state, seat, offer.give, fields)

    def moves(self, state: State, seat: int) -> list[dict]:
        """Each offer the seat can pay for, with the hand cards of every asked bean
        (`choices`) and the ones suggested (`give`): those nearest the back of the hand, so
        that the cards due to be planted next stay where they are."""
        moves = []
        hand = state.hands[seat]
        beans = state.card_beans
        for offer in state.offers.values():
            if offer.to == seat and trading.can_pay(state, seat, offer):
                ask = {BEAN_KEYS[bean]: count for bean, count in offer.ask.items()}
                choices = {
                    BEAN_KEYS[bean]: [card for card in hand if beans[card] == bean]
                    for bean in offer.ask
                }
                give = [
                    card
                    for bean, count in offer.ask.items()
                    for card in choices[BEAN_KEYS[bean]][-count:]
                ]
                moves.append(
                    {
                        "kind": "accept",
                        "offer": offer.id,
                        "ask": ask,
                        "choices": choices,
                        "give": give,
                    }
                )
        return moves


class _Decline(_OfferAnswer):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        offer = trading.get_offer(state, action)
        if offer.to != seat:
            raise IllegalMove(gettext("Only the player an offer is made to can decline it."))
        del state.offers[offer.id]
        events.append(Event("declined", seat, {"offer": offer.id, "maker": offer.maker}))

    def moves(self, state: State, seat: int) -> list[dict]:
        return [
            {"kind": "decline", "offer": offer.id}
            for offer in state.offers.values()
            if offer.to == seat
        ]


class _Withdraw(_OfferAnswer):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if withdraw_standing(state, seat, action, events):
            return
        offer = trading.get_offer(state, action)
        if offer.maker != seat:
            raise IllegalMove(gettext("Only the player who made an offer can withdraw it."))
        del state.offers[offer.id]
        events.append(Event("withdrawn", seat, {"offer": offer.id, "to": offer.to}))

    def moves(self, state: State, seat: int) -> list[dict]:
        return [
            {"kind": "withdraw", "offer": offer.id}
            for offer in state.offers.values()
            if offer.maker == seat
        ]

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        return super().what_changed(before, now, seat, action) or standing_gone(
            before, now, action
        )


class _EndTrading(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        trading.require_trading(state)
        if seat != state.active:
            raise IllegalMove(gettext("Only the active player can end trading."))
        trading.end_trading(state, events)
        advance(state, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        return [{"kind": "end_trading"}]

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The step. Offers made meanwhile lapse, as they would a moment later: ending trading
        means the same with or without them, and what else it could read (the active
        player's face-up cards and own offers) changes only by that player's own moves."""
        return same_step(before, now)


class _Resign(MoveKind):
    """The seat's player leaves; the game goes on (someone else plays the seat) and the seat
    ranks last at the end."""

    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if not may_resign(state, seat):
            raise IllegalMove(gettext("You have resigned from this game already."))
        state.resigned.append(seat)
        events.append(Event("resigned", seat, {}))

    def moves(self, state: State, seat: int) -> list[dict]:
        """None: leaving is open at any time until the seat has left (`legal.may_resign`), and
        is not among the moves of the game a page lists."""
        return []

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """Nothing: leaving means the same on any board."""
        return None


register(_Plant("plant", ("card", "field"), ("planted",)))
register(_StopPlanting("stop_planting", (), ("planting_stopped",)))
register(_Harvest("harvest", ("field",), ("harvested",)))
register(_BuyField("buy_field", (), ("field_bought",)))
register(_Offer("offer", ("to", "give", "ask", "ask_faceup"), ("offered",)))
register(_Accept("accept", ("offer", "give", "fields"), ("traded", "voided")))
register(_Decline("decline", ("offer",), ("declined",)))
register(_Withdraw("withdraw", ("offer",), ("withdrawn",)))
register(_EndTrading("end_trading", (), ("voided", "trading_ended")))
register(_Resign("resign", (), ("resigned",)))
