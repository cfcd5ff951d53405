"""The obvious field for a card a seat receives or keeps: the field growing its bean, else an
empty one."""

from collections.abc import Sequence

from ..state import State


def obvious_fields(state: State, seat: int, cards: Sequence[int]) -> list[int]:
    """For each card in turn, the field it would go to: one growing its bean (or taken by an
    earlier card of the same bean), else an empty field no earlier card took; -1 where none
    is left, which only a harvest can change."""
    beans = state.card_beans
    own = state.fields[seat]
    growing = [beans[field[0]] if field else -1 for field in own]
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
                if growing[i] < 0:
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
    if not all(field >= 0 for field in obvious_fields(state, seat, waiting)):
        return False
    front = state.hands[seat][:1]
    if not front or obvious_fields(state, seat, [*state.to_plant[seat], *front])[-1] < 0:
        return True  # no card, or one that needs a harvest whatever comes
    return obvious_fields(state, seat, [*waiting, *front])[-1] >= 0
