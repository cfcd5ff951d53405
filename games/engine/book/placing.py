"""The obvious field for a card a seat receives or keeps: the field growing its bean, else an
empty one (not the one the seat's plan keeps for its front card)."""

from collections.abc import Sequence

from ..state import State


def kept_for_front(state: State, seat: int) -> int:
    """The field the seat's turn plan names for the front card of its hand, before that turn
    has begun, or -1: what the book plants or accepts for the seat leaves it free."""
    book = state.book
    plan = book.plans.get(seat) if book is not None else None
    if plan is None or plan.turn or not plan.plant:
        return -1
    card, field = plan.plant[0]
    hand = state.hands[seat]
    return field if hand and hand[0] == card and not state.fields[seat][field] else -1


def obvious_fields(
    state: State, seat: int, cards: Sequence[int], kept: int = -1
) -> list[int]:
    """For each card in turn, the field it would go to: one growing its bean (or taken by an
    earlier card of the same bean), else an empty field no earlier card took (and not `kept`);
    -1 where none is left, which only a harvest can change."""
    beans = state.card_beans
    own = state.fields[seat]
    growing = [beans[field[0]] if field else -1 for field in own]
    if kept >= 0:
        growing[kept] = -2  # empty, but not for these cards
    chosen: list[int] = []
    for card in cards:
        bean = beans[card]
        found = -1
        for i in range(len(growing)):
            if growing[i] == bean:
                found = i
                break
        if found < 0:
            for i in range(len(growing)):
                if growing[i] == -1:
                    found = i
                    growing[i] = bean
                    break
        chosen.append(found)
    return chosen


def fit_leaving_room(state: State, seat: int, cards: Sequence[int]) -> bool:
    """Whether every card finds a field, after the cards the seat already has to plant, without
    taking the field the front card of its hand would find: what a rule accepts never leaves
    the player's own next card without a field it had."""
    waiting = [*state.to_plant[seat], *cards]
    kept = kept_for_front(state, seat)
    if not all(field >= 0 for field in obvious_fields(state, seat, waiting, kept)):
        return False
    if kept >= 0:
        return True  # the field the plan names for the front card stays free
    front = state.hands[seat][:1]
    if not front or obvious_fields(state, seat, [*state.to_plant[seat], *front])[-1] < 0:
        return True  # no card, or one that needs a harvest whatever comes
    return obvious_fields(state, seat, [*waiting, *front])[-1] >= 0
