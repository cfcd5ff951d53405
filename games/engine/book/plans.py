"""Turn plans: the active player's turn carried out step by step as the plan says, each step
checked when it comes as if the player made it then. A step that no longer applies stops the
plan, and the game calls the player as it would have without one."""

from ..fields import best_paying, fitting_fields, grows, harvestable
from ..language import gettext_noop
from ..phases import PHASES
from ..state import State
from .part import (
    BEST_HARVEST,
    END,
    GIVE,
    KEEP,
    NEXT_CARDS,
    NO_HARVEST,
    PASSED,
    Book,
    TurnPlan,
)
from .placing import obvious_fields


class Step:
    """What a plan does next: a move, or the reason it stops (a message id with the card or
    field it names), or neither (nothing for it to do now)."""

    def __init__(self, move: dict | None = None, stop: str = "", field: int = -1):
        self.move = move
        self.stop = stop
        self.field = field


NOTHING = Step()


def plan_step(state: State, book: Book, seat: int, plan: TurnPlan) -> Step:
    phase = PHASES[state.phase]
    if phase.plants_from == "hand":
        return _planting(state, seat, plan)
    if state.phase == "trade":
        return _trading(state, book, seat, plan)
    return NOTHING


def _planting(state: State, seat: int, plan: TurnPlan) -> Step:
    planted = state.planted
    count = len(plan.plant) or plan.obvious
    hand = state.hands[seat]
    if not count or (not hand and not planted):
        return NOTHING
    if planted >= count or not hand:
        return Step({"kind": "stop_planting"})
    card = hand[0]
    if planted and not plan.plant:
        # The next card goes only onto a field growing its bean: it costs no field.
        own = state.fields[seat]
        growing = [field for field in fitting_fields(state, seat, card) if own[field]]
        if not growing:
            return Step({"kind": "stop_planting"})
        return Step({"kind": "plant", "card": card, "field": growing[0]})
    field = plan.plant[planted][1] if plan.plant else -1
    if plan.plant and card != plan.plant[planted][0]:
        return Step(
            stop=gettext_noop("the card it planted is no longer at the front of your hand.")
        )
    if field not in fitting_fields(state, seat, card):
        # The field named took another bean since (a card the player had to plant), or none is
        # named: the card goes where it obviously would, if a field takes it.
        found = obvious_fields(state, seat, [card])[0]
        if found < 0:
            return making_room(state, seat, plan, field)
        field = found
    return Step({"kind": "plant", "card": card, "field": field})


def making_room(state: State, seat: int, plan: TurnPlan, named: int = -1) -> Step:
    """The harvest the plan makes when the card it plants fits no field, or why it stops: it
    names no field to harvest, or one the bean protection rule keeps."""
    allowed = harvestable(state, seat)
    field = best_paying(state, seat, allowed) if plan.harvest == BEST_HARVEST else plan.harvest
    if field == NO_HARVEST:
        if named >= 0:
            return Step(stop=gettext_noop("field {field} does not take the card now."), field=named)
        return Step(stop=gettext_noop("a card to plant fits no field: harvest first."))
    if field not in allowed:
        return Step(stop=gettext_noop("field {field} may not be harvested now."), field=field)
    return Step({"kind": "harvest", "field": field})


def _trading(state: State, book: Book, seat: int, plan: TurnPlan) -> Step:
    if not plan.faceup and not plan.hand and not plan.trading:
        return NOTHING
    for offer in state.offers.values():
        if offer.maker == seat:
            return NOTHING  # its answer comes first
    if plan.faceup and plan.faceup != KEEP:
        move = _next_offer(state, seat, plan, state.faceup, plan.faceup == GIVE)
        if move is not None:
            return Step(move)
    if plan.hand:
        move = _next_offer(state, seat, plan, state.hands[seat][:NEXT_CARDS], False)
        if move is not None:
            return Step(move)
    if plan.trading == END:
        return Step({"kind": "end_trading"})
    if plan.trading == PASSED and all_passed(state, book):
        return Step({"kind": "end_trading"})
    return NOTHING


def _next_offer(
    state: State, seat: int, plan: TurnPlan, cards: list[int], anyone: bool
) -> dict | None:
    """A card of these (face-up, or the next of the hand) that grows none of the seat's fields,
    offered for nothing to the next player the plan has not offered it to yet: those who grow
    it, then (`anyone`) those with room and the rest."""
    beans = state.card_beans
    for card in cards:
        bean = beans[card]
        if grows(state, seat, bean):
            continue
        for other in _targets(state, seat, bean, anyone):
            if [card, other] not in plan.asked:
                plan.asked.append([card, other])
                return {"kind": "offer", "to": other, "give": [card]}
    return None


def _targets(state: State, seat: int, bean: int, anyone: bool) -> list[int]:
    others = [(seat + step) % state.players for step in range(1, state.players)]
    first = [other for other in others if grows(state, other, bean)]
    if not anyone:
        return first
    room = [other for other in others if other not in first and not all(state.fields[other])]
    return first + room + [other for other in others if other not in first and other not in room]


def plan_carries(state: State, book: Book, seat: int) -> bool:
    """Whether the seat's plan carries the step the game waits for it in: the active player's
    trading, when the plan says when it ends, or while the offers the plan made wait for their
    answers."""
    plan = book.plans.get(seat)
    if plan is None or seat != state.active or state.phase != "trade":
        return False
    if not plan.carried_in(state.turn):
        return False
    made = False
    for offer in state.offers.values():
        if offer.to == seat:
            return False  # an offer made to the player is theirs to answer
        made = made or offer.maker == seat
    return bool(plan.trading) or (made and bool(plan.faceup or plan.hand))


def all_passed(state: State, book: Book) -> bool:
    """Whether every player but the active one has passed in this trading phase (a player whose
    rules decline everything while away counts as passed)."""
    passed = book.passes(state.turn)
    for other in range(state.players):
        if other == state.active or other in passed:
            continue
        rules = book.rules.get(other)
        if rules is None or not rules.away:
            return False
    return True
