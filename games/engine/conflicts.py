"""Whether a move chosen on an older board still means what it meant there.

A page shows the game after some move; its player clicks while other seats move on. The game
keeps one writer, so those moves come first, and the player's move arrives on a newer board.
It is applied when it is still legal and everything it reads for its seat is as the page
showed it; otherwise it is refused with a sentence saying what changed. What each kind reads:

- plant: where the card waited (the front of the hand, the cards to plant, the face-up cards)
  and the field it goes into;
- harvest: the field; buy_field: nothing but its price and the coins (checked as it is made);
- discard: where the card waited, and the step of the turn;
- stop_planting: the step of the turn and the cards planted in it;
- end_turn: the step, and the face-up cards it leaves on offer;
- end_trading: the step. Offers made meanwhile lapse, as they would a moment later: ending
  trading means the same with or without them, and what else it could read (the active
  player's face-up cards and own offers) changes only by that player's own moves;
- offer: the cards it gives and the face-up cards it asks for, still there to trade;
- accept, decline, withdraw: the offer named (an open offer never changes, so it is still
  open or it is gone);
- resign: nothing.

Other seats' moves that touch none of this (a bot planting its traded beans, a harvest
elsewhere, an offer between two others) leave the move as it was.
"""

from typing import Final

from .actions import apply
from .errors import IllegalMove
from .language import gettext
from .phases import PHASES
from .state import State


def what_changed(before: State, now: State, seat: object, action: object) -> str | None:
    """None if `action` by `seat` reads the same on `now` as on `before`, and `before` allowed
    it (the page could have offered it); else what changed, as a sentence for the player. A
    move that cannot be read is left for `apply` to refuse."""
    if type(seat) is not int or not isinstance(action, dict):
        return None
    check = _CHECKS.get(action.get("kind"))
    if check is None:
        return None
    changed = check(before, now, seat, action)
    if changed:
        return changed
    try:
        apply(before.copy(), seat, action)
    except IllegalMove:
        return gettext("Your page did not offer that move, and the game has moved on since.")
    return None


def _step(state: State) -> tuple:
    return state.turn, state.phase, state.over


def _same_step(before: State, now: State) -> str | None:
    if _step(before) != _step(now):
        return gettext("The turn has moved on since your page showed it.")
    return None


def _where(state: State, seat: int, card) -> str | None:
    """Where a card of this seat's waits: to be planted, traded or discarded."""
    if card in state.hands[seat]:
        return "hand"
    if card in state.faceup:
        return "face up"
    if card in state.to_plant[seat]:
        return "to plant"
    return None


def _plantable(state: State, seat: int, card) -> bool:
    return not state.over and card in PHASES[state.phase].plantable(state, seat)


def _card_unchanged(before: State, now: State, seat: int, card) -> str | None:
    if _where(before, seat, card) != _where(now, seat, card):
        return gettext("That card is no longer where your page showed it.")
    return None


def _field_unchanged(before: State, now: State, seat: int, field) -> str | None:
    fields_before, fields_now = before.fields[seat], now.fields[seat]
    if type(field) is not int or not 0 <= field < len(fields_before):
        return None
    if field >= len(fields_now) or fields_before[field] != fields_now[field]:
        return gettext("Your field {field} has changed since your page showed it.").format(
            field=field + 1
        )
    return None


def _plant(before: State, now: State, seat: int, action: dict) -> str | None:
    card = action.get("card")
    if _plantable(before, seat, card) and not _plantable(now, seat, card):
        return gettext("That card is no longer yours to plant.")
    return _card_unchanged(before, now, seat, card) or _field_unchanged(
        before, now, seat, action.get("field")
    )


def _harvest(before: State, now: State, seat: int, action: dict) -> str | None:
    return _field_unchanged(before, now, seat, action.get("field"))


def _discard(before: State, now: State, seat: int, action: dict) -> str | None:
    return _same_step(before, now) or _card_unchanged(before, now, seat, action.get("card"))


def _stop_planting(before: State, now: State, seat: int, action: dict) -> str | None:
    if _same_step(before, now) or before.planted != now.planted:
        return gettext("The turn has moved on since your page showed it.")
    return None


def _faceup_unchanged(before: State, now: State) -> str | None:
    if before.faceup != now.faceup:
        return gettext("The face-up cards have changed since your page showed them.")
    return None


def _end_turn(before: State, now: State, seat: int, action: dict) -> str | None:
    return _same_step(before, now) or _faceup_unchanged(before, now)


def _end_trading(before: State, now: State, seat: int, action: dict) -> str | None:
    return _same_step(before, now)


def _offer(before: State, now: State, seat: int, action: dict) -> str | None:
    for key in ("give", "ask_faceup"):
        cards = action.get(key, [])
        for card in cards if isinstance(cards, list) else ():
            if _card_unchanged(before, now, seat, card):
                return gettext("A card of your offer is no longer where your page showed it.")
    return None


def _named_offer(before: State, now: State, seat: int, action: dict) -> str | None:
    offer = action.get("offer")
    if type(offer) is int and offer in before.offers and offer not in now.offers:
        return gettext("That offer is no longer open.")
    return None


def _nothing(before: State, now: State, seat: int, action: dict) -> str | None:
    return None


_CHECKS: Final = {
    "plant": _plant,
    "harvest": _harvest,
    "buy_field": _nothing,
    "discard": _discard,
    "stop_planting": _stop_planting,
    "end_turn": _end_turn,
    "end_trading": _end_trading,
    "offer": _offer,
    "accept": _named_offer,
    "decline": _named_offer,
    "withdraw": _named_offer,
    "resign": _nothing,
}
