"""What the trade book does after each move: standing offers whose cards moved lapse; offers
are answered by their receivers' rules (or declined for a seat that passed; for a seat without
rules, the defaults take a gift that costs it nothing); the active player's plan takes its next
step; cards received or kept are planted where their seat named, or in the obvious field for a
seat that asked for that (a seat without rules: in a field that grows its bean). Each is made
as the seat's own move, through the kind's own checks, and its events say on whose behalf
(`by`: "rule", "pass", "plan", "named", "default"). All of it follows from the state alone, so
replaying the move log makes it again."""

from typing import Final

from ..errors import IllegalMove
from ..events import Event
from ..language import gettext_noop
from ..move_kinds import FOLLOW_UPS, MOVES, FollowUp
from ..state import State
from .answers import rule_answer
from .defaults import default_answer, default_field
from .part import Book, TurnPlan
from .placing import kept_for_front, obvious_fields
from .plans import making_room, plan_step
from .standing import has_trading, lapse_moved

# Far more than a turn can hold: each step moves a card or closes an offer. Plans for every
# turn may carry the game on through many turns, each with steps of its own.
MAX_STEPS: Final = 200
REFUSED: Final = gettext_noop("the game refused its next step.")
# Phases in which a field named for a received card still waits to be used.
_TRADING: Final = ("trade", "plant_traded")


class Act:
    def __init__(self, seat: int, move: dict, by: str):
        self.seat = seat
        self.move = move
        self.by = by


class BookFollowUp(FollowUp):
    def run(self, state: State, events: list[Event]) -> None:
        if state.book is None and not state.offers and state.phase != "plant_traded":
            return  # nothing for the defaults to do, and no book
        if not has_trading(state):
            return
        # A game nobody's book has touched still has the defaults (`defaults.py`); a book of its
        # own is begun only by a seat's own book move.
        book = state.book if state.book is not None else Book()
        skipped: list[int] = []  # offers a rule's answer to which was refused: left open
        steps, turn = 0, state.turn
        while steps < MAX_STEPS:
            steps = steps + 1 if state.turn == turn else 0
            turn = state.turn
            if state.over:
                return
            lapse_moved(state, book, events)
            _tidy(state, book)
            act = _next_act(state, book, events, skipped)
            if act is None:
                return
            start = len(events)
            kind = MOVES[act.move["kind"]]
            try:
                kind.apply(state, act.seat, act.move, events)
            except IllegalMove:
                del events[start:]  # a refused move changed nothing
                if act.by == "plan":
                    _stop(state, book, act.seat, REFUSED, events)
                else:
                    skipped.append(act.move["offer"])
                continue
            for event in events[start:]:
                # The move's own events, not those of the steps it led into (a draw).
                if event.seat == act.seat and event.kind in kind.emits:
                    event.by = act.by


def _tidy(state: State, book: Book) -> None:
    """A plan is over once the turn it was carried out in is (a plan for every turn waits for
    the seat's next); the fields named for received cards, once the cards are planted."""
    for seat in list(book.plans):
        plan = book.plans[seat]
        if plan.turn == 0 and seat == state.active:
            plan.turn = state.turn
        elif plan.turn != 0 and plan.turn != state.turn:
            if plan.every:
                plan.next_turn()
            else:
                del book.plans[seat]
    if book.plant_to and state.phase not in _TRADING:
        book.plant_to = []


def _next_act(state: State, book: Book, events: list[Event], skipped: list[int]) -> Act | None:
    for offer in state.offers.values():
        if offer.id in skipped:
            continue
        # The rules first (a gift they take is welcome after a pass too); what they leave to
        # the player, a player who passed declines.
        rules = book.rules.get(offer.to)
        if rules is None:
            move = default_answer(state, offer)
            if move is not None:
                return Act(offer.to, move, "default")
        else:
            move = rule_answer(state, rules, offer)
            if move is not None:
                return Act(offer.to, move, "rule")
        if book.declines_for(offer.to, state.turn):
            return Act(offer.to, {"kind": "decline", "offer": offer.id}, "pass")
    active = state.active
    plan = book.plans.get(active)
    if plan is not None and plan.carried_in(state.turn):
        step = plan_step(state, book, active, plan)
        if step.move is not None:
            return Act(active, step.move, "plan")
        if step.stop:
            _stop(state, book, active, step.stop, events, step.field)
    if state.phase == "plant_traded":
        return _planting(state, book, events)
    return None


def _planting(state: State, book: Book, events: list[Event]) -> Act | None:
    for seat in range(state.players):
        cards = state.to_plant[seat]
        if not cards:
            continue
        rules = book.rules.get(seat)
        plan = book.plans.get(seat) if seat == state.active else None
        planned = plan is not None and plan.kept and plan.carried_in(state.turn)
        obvious = (rules is not None and rules.plant) or planned
        by = "rule" if rules is not None and rules.plant else "plan"
        for card in cards:
            field = _named_field(state, book, seat, card)
            if field >= 0:
                return Act(seat, {"kind": "plant", "card": card, "field": field}, "named")
            if obvious:
                field = _obvious_field(state, seat, card)
                if field >= 0:
                    return Act(seat, {"kind": "plant", "card": card, "field": field}, by)
            elif rules is None:
                field = default_field(state, seat, card)
                if field >= 0:
                    return Act(seat, {"kind": "plant", "card": card, "field": field}, "default")
        if plan is not None and planned:
            step = making_room(state, seat, plan)
            if step.move is not None:
                return Act(seat, step.move, "plan")
            _stop(state, book, seat, step.stop, events, step.field)
    return None


def _obvious_field(state: State, seat: int, card: int) -> int:
    """The obvious field for a card the seat must plant, leaving the field its plan keeps for
    the front card free while another takes it."""
    field = obvious_fields(state, seat, [card], kept_for_front(state, seat))[0]
    return field if field >= 0 else obvious_fields(state, seat, [card])[0]


def _named_field(state: State, book: Book, seat: int, card: int) -> int:
    """The field named for the card when it was traded, while it still takes the card."""
    beans = state.card_beans
    for entry in book.plant_to:
        if entry[0] == seat and entry[1] == card:
            field = state.fields[seat][entry[2]]
            if not field or beans[field[0]] == beans[card]:
                return entry[2]
    return -1


def _stop(
    state: State, book: Book, seat: int, reason: str, events: list[Event], field: int = -1
) -> None:
    """The plan stops where a step no longer applies (a plan for every turn, for the rest of
    this one); the game calls its player as it would have without one. Only the player reads
    why."""
    plan: TurnPlan | None = book.plans.get(seat)
    if plan is None:
        return
    if plan.every:
        plan.stopped = state.turn
    else:
        del book.plans[seat]
    data = {"reason": reason, "field": field, "every": plan.every}
    events.append(Event.private("plan_stopped", seat, {}, data))


FOLLOW_UPS.append(BookFollowUp())
