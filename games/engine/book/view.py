"""The trade book as one seat may see it: every standing offer (the cards of another seat's by
their bean only, as an offer's receiver sees them), and its own rules and plan, which nobody
else sees."""

from ..beans import BEAN_KEYS
from ..phases import PHASES
from ..state import State
from .part import Standing
from .standing import has_trading, suggested_payment, takable


def book_view(state: State, seat: int | None) -> dict:
    book = state.book
    passed = book.passes(state.turn) if book is not None and state.phase == "trade" else []
    # Of those, the seats away as trading began, whose pass the site assumed.
    assumed = [other for other in passed if book is not None and other in book.assumed]
    if seat is None:  # a spectator: no offer of a hand, no rule, no plan; the passes are public
        return {
            "standing": [],
            "rules": None,
            "plan": None,
            "passed": list(passed),
            "assumed": assumed,
            "may_stand": False,
            "may_pass": False,
        }
    rules = book.rules.get(seat) if book is not None else None
    plan = book.plans.get(seat) if book is not None else None
    playing = not state.over and has_trading(state)
    return {
        "standing": [_standing(state, offer, seat) for offer in book.standing.values()]
        if book is not None
        else [],
        "rules": rules.to_dict() if rules is not None else None,
        "plan": plan.to_dict() if plan is not None else None,
        "passed": list(passed),
        "assumed": assumed,
        "may_stand": playing,
        "may_pass": playing
        and state.phase == "trade"
        and seat != state.active
        and not book_passed(state, seat),
        # Whether a plan may still say where the front cards go: not once the seat's own
        # planting has begun or is over in its turn.
        "may_plan_planting": playing
        and (
            seat != state.active
            or (PHASES[state.phase].plants_from == "hand" and not state.planted)
        ),
    }


def book_untouched(state: State, seat: int) -> bool:
    """Whether the seat, in a game with a trading phase, has neither answer rules nor a plan: a
    player the usual way (`usual.py`) is offered to, in one step, from every call."""
    book = state.book
    if not has_trading(state) or state.over:
        return False
    return book is None or (seat not in book.rules and seat not in book.plans)


def book_passed(state: State, seat: int) -> bool:
    """Whether the seat passed itself in this trading phase (a pass assumed for it while it was
    away leaves it its Pass button)."""
    return state.book is not None and state.book.has_said_pass(seat, state.turn)


def _standing(state: State, offer: Standing, seat: int) -> dict:
    beans = state.card_beans
    mine = offer.maker == seat
    return {
        "id": offer.id,
        "maker": offer.maker,
        "mine": mine,
        "give": [
            {"id": card if mine else None, "bean": BEAN_KEYS[beans[card]]} for card in offer.give
        ],
        "ask": {BEAN_KEYS[bean]: count for bean, count in offer.ask.items()},
        "fields": {BEAN_KEYS[bean]: field for bean, field in offer.fields.items()} if mine else {},
        "gift": not offer.ask,
        "takable": takable(state, seat, offer)
        and suggested_payment(state, seat, offer) is not None,
    }
