"""Whether a move chosen on an older board still means what it meant there.

A page shows the game after some move; its player clicks while other seats move on. The game
keeps one writer, so those moves come first, and the player's move arrives on a newer board.
It is applied when it is still legal and everything it reads for its seat is as the page
showed it; otherwise it is refused with a sentence saying what changed. What each kind reads
is its own `MoveKind.what_changed`, beside its handler; the checks several kinds share are
here.

Other seats' moves that touch none of what a move reads (a bot planting its traded beans, a
harvest elsewhere, an offer between two others) leave the move as it was.
"""

from .errors import IllegalMove
from .language import gettext
from .move_kinds import MOVES, apply
from .phases import PHASES
from .state import State


def what_changed(before: State, now: State, seat: object, action: object) -> str | None:
    """None if `action` by `seat` reads the same on `now` as on `before`, and `before` allowed
    it (the page could have offered it); else what changed, as a sentence for the player. A
    move that cannot be read is left for `apply` to refuse."""
    if type(seat) is not int or not isinstance(action, dict):
        return None
    kind = MOVES.get(action.get("kind"))
    if kind is None:
        return None
    changed = kind.what_changed(before, now, seat, action)
    if changed:
        return changed
    try:
        apply(before.copy(), seat, action)
    except IllegalMove:
        return gettext("Your page did not offer that move, and the game has moved on since.")
    return None


def _step(state: State) -> tuple:
    return state.turn, state.phase, state.over


def same_step(before: State, now: State) -> str | None:
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


def still_plantable(before: State, now: State, seat: int, card) -> str | None:
    """The card the page offered to plant is still offered, and where it waited."""
    if _plantable(before, seat, card) and not _plantable(now, seat, card):
        return gettext("That card is no longer yours to plant.")
    return card_unchanged(before, now, seat, card)


def card_unchanged(before: State, now: State, seat: int, card) -> str | None:
    if _where(before, seat, card) != _where(now, seat, card):
        return gettext("That card is no longer where your page showed it.")
    return None


def field_unchanged(before: State, now: State, seat: int, field) -> str | None:
    fields_before, fields_now = before.fields[seat], now.fields[seat]
    if type(field) is not int or not 0 <= field < len(fields_before):
        return None
    if field >= len(fields_now) or fields_before[field] != fields_now[field]:
        return gettext("Your field {field} has changed since your page showed it.").format(
            field=field + 1
        )
    return None


def faceup_unchanged(before: State, now: State) -> str | None:
    if before.faceup != now.faceup:
        return gettext("The face-up cards have changed since your page showed them.")
    return None
