"""Turn plans: the active player's turn carried out step by step as the plan says, each step
checked when it comes as if the player made it then. A step that no longer applies stops the
plan, and the game calls the player as it would have without one."""

from ..fields import fitting_fields, grows
from ..language import gettext_noop
from ..phases import PHASES
from ..state import State
from .part import END, GIVE, KEEP, PASSED, Book, TurnPlan
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
    if not plan.plant:
        return NOTHING
    if planted >= len(plan.plant):
        return Step({"kind": "stop_planting"})
    card, field = plan.plant[planted]
    hand = state.hands[seat]
    if not hand or hand[0] != card:
        return Step(
            stop=gettext_noop("the card it planted is no longer at the front of your hand.")
        )
    fitting = fitting_fields(state, seat, card)
    if field not in fitting:
        # The field named took another bean since (a card the player had to plant): the card
        # goes where it obviously would, if a field takes it.
        field = obvious_fields(state, seat, [card])[0]
        if field < 0 or field not in fitting:
            field = plan.plant[planted][1]
            return Step(stop=gettext_noop("field {field} does not take the card now."), field=field)
    return Step({"kind": "plant", "card": card, "field": field})


def _trading(state: State, book: Book, seat: int, plan: TurnPlan) -> Step:
    if not plan.faceup and not plan.trading:
        return NOTHING
    for offer in state.offers.values():
        if offer.maker == seat:
            return NOTHING  # its answer comes first
    if plan.faceup and plan.faceup != KEEP:
        move = _next_offer(state, seat, plan)
        if move is not None:
            return Step(move)
    if plan.trading == END:
        return Step({"kind": "end_trading"})
    if plan.trading == PASSED and all_passed(state, book):
        return Step({"kind": "end_trading"})
    return NOTHING


def _next_offer(state: State, seat: int, plan: TurnPlan) -> dict | None:
    """A face-up card that grows none of the seat's fields, offered for nothing to the next
    player the plan has not offered it to yet."""
    beans = state.card_beans
    for card in state.faceup:
        bean = beans[card]
        if grows(state, seat, bean):
            continue
        for other in _targets(state, seat, bean, plan.faceup == GIVE):
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
    made = False
    for offer in state.offers.values():
        if offer.to == seat:
            return False  # an offer made to the player is theirs to answer
        made = made or offer.maker == seat
    return bool(plan.trading) or (made and bool(plan.faceup))


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
