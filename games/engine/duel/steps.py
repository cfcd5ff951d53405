"""The Bean Duel (Rio Grande, 2 players): its own turn of four steps.

The cards on offer and the revealed cards are both `state.faceup`: what the active player
leaves there in step 3 is what the opponent deals with in step 1 of their turn. The active
player makes every move but one: harvesting is open to them throughout their turn, never in
the opponent's, while the third field may be bought by either player at any time.

1. "duel_offer": `plant` or `discard` each card on offer. The step ends by itself when the
   offer is empty, so it is skipped in the very first turn and when nothing was left.
2. "duel_plant": `plant` the front card of the hand (skipped with an empty hand), then
   `plant` the new front card (two in all at most), `discard` one card from any position of
   the hand, or `stop_planting`. The discard and `stop_planting` both end the step, so going
   on is one move with or without a discard; planting the last hand card ends it too.
3. "duel_reveal": entering it turns up 3 cards, then takes the top card of the discard pile
   while it matches a revealed bean. `plant` any of them; `end_turn` leaves the rest on offer.
   The step never ends by itself, even with nothing left to plant: harvesting now rather than
   next turn puts beans on the discard pile before the opponent's chain, a choice of its own.
4. "draw" (the shared phase): draw 2. A final exhaustion there ends the game at once; one
   during step 3's reveal lets the player finish step 3 and ends the game instead of the draw.

Cards still on offer when the game ends stay in `state.faceup`: nobody may take them any
more, they are worth nothing and, not being in a hand, count for nobody's tie-break.
"""

from typing import cast

from ..beans import BEAN_KEYS
from ..conflicts import card_unchanged, faceup_unchanged, same_step
from ..deck import keys
from ..errors import IllegalMove
from ..events import Event
from ..language import gettext, gettext_noop
from ..move_kinds import MoveKind, whole_number
from ..state import State
from ..turn import ActiveSeatPhase, PlantFromHand, advance, turn_up


class DuelPart:
    """The Duel's own part of the state: whether the active player has discarded a hand card
    in step 2 of this turn (one at most). Saved as it always was: {"discarded": false}."""

    def __init__(self, discarded: bool = False) -> None:
        self.discarded = discarded

    def to_dict(self) -> dict:
        return {"discarded": self.discarded}

    @staticmethod
    def from_dict(data: dict) -> "DuelPart":
        return DuelPart(data["discarded"])


def part(state: State) -> DuelPart:
    return cast(DuelPart, state.ext["duel"])


class _FaceUpStep(ActiveSeatPhase):
    """A step that plants from the face-up cards: the active player's only."""

    def plantable(self, state: State, seat: int) -> tuple[int, ...]:
        return tuple(state.faceup) if seat == state.active else ()

    def place(self, state: State, seat: int) -> list[int]:
        return state.faceup


# Step 1: the cards the opponent left on offer.


def _after_offer_taken(state: State, seat: int, events: list[Event]) -> None:
    if not state.faceup:
        advance(state, events)


class _Offer(_FaceUpStep):
    def enter(self, state: State, events: list[Event]) -> None:
        part(state).discarded = False
        if not state.faceup:
            advance(state, events)

    def after_plant(self, state: State, seat: int, events: list[Event]) -> None:
        _after_offer_taken(state, seat, events)

    def prompt(self, state: State, seat: int) -> str:
        return "duel_offer"


# Step 2: plant from the hand, then perhaps discard one hand card.


class _Plant(PlantFromHand):
    def after_plant(self, state: State, seat: int, events: list[Event]) -> None:
        state.planted += 1
        if not state.hands[seat]:
            advance(state, events)

    def prompt(self, state: State, seat: int) -> str:
        return ("duel_plant", "duel_plant_next", "duel_plant_done")[min(state.planted, 2)]


# Discarding, in steps 1 and 2.


def _discardable(state: State, seat: int) -> list[int]:
    if seat != state.active:
        return []
    if state.phase == "duel_offer":
        return list(state.faceup)
    if state.phase == "duel_plant" and state.planted and not part(state).discarded:
        return list(state.hands[seat])
    return []


def _why_not_discardable(state: State, seat: int) -> str:
    if seat != state.active:
        return gettext("You can discard only in your own turn.")
    if state.phase == "duel_offer":
        return gettext("You can discard only a card on offer now.")
    if state.phase == "duel_plant":
        if not state.planted:
            return gettext(
                "Plant the front card of your hand first; then you may discard one card."
            )
        return gettext("That card is not in your hand.")
    return gettext(
        "You can discard only the cards on offer (step 1) or, after planting, one card "
        "from your hand (step 2)."
    )


class _Discard(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        card = whole_number(action, "card")
        if card not in _discardable(state, seat):
            raise IllegalMove(_why_not_discardable(state, seat))
        offered = state.phase == "duel_offer"
        (state.faceup if offered else state.hands[seat]).remove(card)
        state.discard.append(card)
        source = "offer" if offered else "hand"
        bean = BEAN_KEYS[state.card_beans[card]]
        events.append(Event("discarded", seat, {"card": card, "bean": bean, "source": source}))
        if offered:
            _after_offer_taken(state, seat, events)
        else:
            part(state).discarded = True
            advance(state, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        # One entry a card, as for planting: a discard is a move with a card, nothing more.
        return [{"kind": "discard", "card": card} for card in _discardable(state, seat)]

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """Where the card waited, and the step of the turn."""
        return same_step(before, now) or card_unchanged(before, now, seat, action.get("card"))


DISCARD = _Discard("discard", ("card",), ("discarded",))


# Step 3: reveal, take matching discards, plant what is wanted, leave the rest on offer.


class _Reveal(_FaceUpStep):
    def enter(self, state: State, events: list[Event]) -> None:
        revealed = turn_up(state, events)
        beans = {state.card_beans[card] for card in revealed}
        # The chain takes only beans that were turned up, so taking cards never widens it.
        while state.discard and state.card_beans[state.discard[-1]] in beans:
            card = state.discard.pop()
            revealed.append(card)
            bean = BEAN_KEYS[state.card_beans[card]]
            events.append(Event("took_discard", state.active, {"card": card, "bean": bean}))
        state.faceup += revealed

    def prompt(self, state: State, seat: int) -> str:
        return "duel_reveal"

    def default_move(self, state: State, seat: int) -> dict | None:
        """What was turned up and not planted is left on offer."""
        return {"kind": "end_turn"}


class _EndTurn(MoveKind):
    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        if state.phase != "duel_reveal" or seat != state.active:
            raise IllegalMove(
                gettext("Only the active player, after turning up cards, can end the turn.")
            )
        left = list(state.faceup)
        events.append(Event("turn_ended", seat, {"cards": left, "beans": keys(state, left)}))
        advance(state, events)

    def moves(self, state: State, seat: int) -> list[dict]:
        if state.phase != "duel_reveal" or seat != state.active:
            return []
        return [{"kind": "end_turn"}]

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """The step, and the face-up cards it leaves on offer."""
        return same_step(before, now) or faceup_unchanged(before, now)


END_TURN = _EndTurn("end_turn", (), ("turn_ended",))


STEPS = (
    _Offer(
        "duel_offer",
        plants_from="offer",
        wrong_card=gettext_noop("You can plant only the cards on offer."),
    ),
    _Plant(
        "duel_plant",
        plants_from="hand",
        wrong_card=gettext_noop("You must plant the front card of your hand first."),
    ),
    _Reveal(
        "duel_reveal",
        plants_from="revealed",
        wrong_card=gettext_noop("You can plant only the cards you turned up."),
    ),
)
