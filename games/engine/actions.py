"""Moves: each kind of action is checked completely, then carried out.

`apply` never changes the state before every check has passed, so an `IllegalMove` leaves
the game exactly as it was.
"""

from collections.abc import Callable
from typing import Final

from . import fields, trading
from .beans import BEAN_KEYS
from .errors import IllegalMove
from .events import Event
from .language import gettext
from .legal import may_resign
from .phases import PHASES, Phase
from .state import State
from .turn import advance

Handler = Callable[[State, int, dict, list[Event]], None]
HANDLERS: Final[dict[str, Handler]] = {}
# The keys each kind of move reads, besides "kind".
KEYS: Final[dict[str, tuple[str, ...]]] = {}


def handles(kind: str, *keys: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        HANDLERS[kind] = handler
        KEYS[kind] = keys
        return handler

    return register


def trimmed(action):
    """The action with only "kind" and the keys its kind reads: what a move log keeps, so that
    nothing the rules ignore is stored with a move. Anything but a move of a known kind comes
    back as it is, for `apply` to refuse."""
    if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
        return action
    keys = KEYS.get(action["kind"])
    if keys is None:
        return action
    return {key: action[key] for key in ("kind", *keys) if key in action}


def apply(state: State, seat: object, action: object) -> list[Event]:
    """Apply one seat's move and return what happened, or raise IllegalMove. The seat and the
    move may be anything a request or a mail brought: they are checked here."""
    if state.over:
        raise IllegalMove(gettext("The game is over."))
    if type(seat) is not int or not 0 <= seat < len(state.names):
        raise IllegalMove(gettext("There is no such seat in this game."))
    if not isinstance(action, dict):
        raise IllegalMove(gettext("A move must be an object with a 'kind'."))
    try:
        handler = HANDLERS[action["kind"]]
    except (KeyError, TypeError):  # no kind, or not one of the names (TypeError: unhashable)
        raise IllegalMove(
            gettext("Unknown kind of move: {kind!r}.").format(kind=action.get("kind"))
        ) from None
    events: list[Event] = []
    handler(state, seat, action, events)
    return events


def whole_number(action: dict, key: str) -> int:
    value = action.get(key)
    if type(value) is not int:
        raise IllegalMove(gettext("The move needs a whole number for {key!r}.").format(key=key))
    return value


@handles("plant", "card", "field")
def _plant(state: State, seat: int, action: dict, events: list[Event]) -> None:
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


def _why_not_plantable(state: State, seat: int, allowed, phase: Phase) -> str:
    if allowed:
        return gettext(phase.wrong_card)
    source = phase.plants_from
    if source == "hand" and seat == state.active and state.planted >= 2:
        return gettext("You have planted two cards from your hand already.")
    if source == "to_plant":
        return gettext("You have nothing left to plant this turn.")
    return gettext("It is not the time for you to plant.")


@handles("stop_planting")
def _stop_planting(state: State, seat: int, action: dict, events: list[Event]) -> None:
    if PHASES[state.phase].plants_from != "hand" or seat != state.active:
        raise IllegalMove(
            gettext("Only the active player, while planting from the hand, can stop planting.")
        )
    if state.planted == 0:
        raise IllegalMove(gettext("You must plant the front card of your hand first."))
    events.append(Event("planting_stopped", seat, {}))
    advance(state, events)


@handles("harvest", "field")
def _harvest(state: State, seat: int, action: dict, events: list[Event]) -> None:
    field = whole_number(action, "field")
    if state.rules.harvest_in_own_turn_only and seat != state.active:
        raise IllegalMove(gettext("In the Bean Duel you may harvest only during your own turn."))
    fields.check_harvest(state, seat, field)
    fields.harvest(state, seat, field, events)


@handles("buy_field")
def _buy_field(state: State, seat: int, action: dict, events: list[Event]) -> None:
    # At any time, by anyone: also in the Bean Duel, which restricts only harvests.
    cost = fields.check_buy(state, seat)
    fields.buy(state, seat, cost, events)


@handles("offer", "to", "give", "ask", "ask_faceup")
def _offer(state: State, seat: int, action: dict, events: list[Event]) -> None:
    offer = trading.parse_offer(state, seat, action)
    trading.make_offer(state, offer, events)


@handles("accept", "offer", "give")
def _accept(state: State, seat: int, action: dict, events: list[Event]) -> None:
    trading.require_trading(state)
    offer = trading.get_offer(state, action)
    chosen = trading.check_accept(state, seat, offer, action)
    trading.accept(state, offer, chosen, events)


@handles("decline", "offer")
def _decline(state: State, seat: int, action: dict, events: list[Event]) -> None:
    offer = trading.get_offer(state, action)
    if offer.to != seat:
        raise IllegalMove(gettext("Only the player an offer is made to can decline it."))
    del state.offers[offer.id]
    events.append(Event("declined", seat, {"offer": offer.id, "maker": offer.maker}))


@handles("withdraw", "offer")
def _withdraw(state: State, seat: int, action: dict, events: list[Event]) -> None:
    offer = trading.get_offer(state, action)
    if offer.maker != seat:
        raise IllegalMove(gettext("Only the player who made an offer can withdraw it."))
    del state.offers[offer.id]
    events.append(Event("withdrawn", seat, {"offer": offer.id, "to": offer.to}))


@handles("end_trading")
def _end_trading(state: State, seat: int, action: dict, events: list[Event]) -> None:
    trading.require_trading(state)
    if seat != state.active:
        raise IllegalMove(gettext("Only the active player can end trading."))
    trading.end_trading(state, events)
    advance(state, events)


@handles("resign")
def _resign(state: State, seat: int, action: dict, events: list[Event]) -> None:
    """The seat's player leaves; the game goes on (someone else plays the seat) and the seat
    ranks last at the end."""
    if not may_resign(state, seat):
        raise IllegalMove(gettext("You have resigned from this game already."))
    state.resigned.append(seat)
    events.append(Event("resigned", seat, {}))
