"""Fields: planting, harvesting (with the bean protection rule) and buying the third field."""

from collections.abc import Sequence

from .beans import BEAN_KEYS, bean_name, payout
from .errors import IllegalMove
from .events import Event, coins_worded
from .language import gettext
from .state import State


def fits(field: list[int], bean: int, card_beans: tuple[int, ...]) -> bool:
    return not field or card_beans[field[0]] == bean


def fitting_fields(state: State, seat: int, card: int) -> list[int]:
    beans = state.card_beans
    bean = beans[card]
    own = state.fields[seat]
    # Over the indexes, not enumerate(): CPython runs a loop over a range faster (here and in
    # the other lists of fields made for every decision).
    return [i for i in range(len(own)) if not own[i] or beans[own[i][0]] == bean]


def grows(state: State, seat: int, bean: int) -> bool:
    """Whether a field of the seat grows the bean."""
    beans = state.card_beans
    return any(field and beans[field[0]] == bean for field in state.fields[seat])


def has_room(state: State, seat: int, cards: Sequence[int]) -> bool:
    """Whether some field of this seat takes one of the cards: `fitting_fields` without lists."""
    beans = state.card_beans
    own = state.fields[seat]
    # Loops, not any(): legal_kinds asks this for every decision, and a generator costs more.
    for card in cards:
        bean = beans[card]
        for field in own:
            if not field or beans[field[0]] == bean:
                return True
    return False


def check_plant(state: State, seat: int, card: int, field: int) -> None:
    fields = state.fields[seat]
    if not 0 <= field < len(fields):
        raise IllegalMove(gettext("You have no field {field}.").format(field=field + 1))
    target = fields[field]
    if target and state.card_beans[target[0]] != state.card_beans[card]:
        name = bean_name(BEAN_KEYS[state.card_beans[target[0]]])
        raise IllegalMove(
            gettext(
                "Field {field} holds {bean} beans; plant there only {bean}, or harvest it first."
            ).format(field=field + 1, bean=name)
        )


def plant(state: State, seat: int, card: int, field: int) -> None:
    state.fields[seat][field].append(card)


def harvestable(state: State, seat: int) -> list[int]:
    """Fields the bean protection rule lets this seat harvest now: those of two beans or more,
    or when there are none, every field with a bean."""
    own = state.fields[seat]
    indexes = range(len(own))
    crowded = [i for i in indexes if len(own[i]) > 1]
    return crowded or [i for i in indexes if own[i]]


def best_paying(state: State, seat: int, indexes: Sequence[int]) -> int:
    """Of these fields of the seat, the one whose harvest pays most; of those that pay the same,
    the one with the fewest beans. -1 for none."""
    beans = state.card_beans
    own = state.fields[seat]
    best, key = -1, (-1, 0)
    for i in indexes:
        value = (payout(beans[own[i][0]], len(own[i])), -len(own[i]))
        if value > key:
            best, key = i, value
    return best


def check_harvest(state: State, seat: int, field: int) -> None:
    fields = state.fields[seat]
    if not 0 <= field < len(fields):
        raise IllegalMove(gettext("You have no field {field}.").format(field=field + 1))
    if not fields[field]:
        raise IllegalMove(
            gettext("Field {field} is empty: there is nothing to harvest.").format(field=field + 1)
        )
    if len(fields[field]) == 1:
        for other in fields:  # a loop, not any(): cheaper for two or three fields
            if len(other) > 1:
                raise IllegalMove(
                    gettext(
                        "A field with a single bean may not be harvested while another of your "
                        "fields holds more than one (the bean protection rule)."
                    )
                )


def harvest(state: State, seat: int, field: int, events: list[Event]) -> None:
    """Turn as many cards as the meter pays onto the coin stack; the rest go to the discard."""
    cards = state.fields[seat][field]
    bean = state.card_beans[cards[0]]
    coins = payout(bean, len(cards))
    kept = len(cards) - coins
    state.discard += cards[:kept]
    state.coins[seat] += cards[kept:]
    state.fields[seat][field] = []
    events.append(
        Event(
            "harvested",
            seat,
            {"field": field, "bean": BEAN_KEYS[bean], "beans": len(cards), "coins": coins},
        )
    )


def third_field_cost(state: State, seat: int) -> int | None:
    """What the third field costs this seat now, or None if it cannot be bought."""
    cost = state.rules.third_field_cost
    if cost is None or len(state.fields[seat]) >= 3:
        return None
    return cost


def check_buy(state: State, seat: int) -> int:
    cost = state.rules.third_field_cost
    if cost is None:
        raise IllegalMove(gettext("In this game a third field cannot be bought."))
    if len(state.fields[seat]) >= 3:
        raise IllegalMove(gettext("You already have a third field."))
    if len(state.coins[seat]) < cost:
        raise IllegalMove(
            gettext("The third field costs {cost}; you have {coins}.").format(
                cost=coins_worded(cost), coins=coins_worded(len(state.coins[seat]))
            )
        )
    return cost


def pay(state: State, seat: int, cost: int) -> None:
    """Take `cost` coins from the top of the seat's coin stack onto the discard pile, bean side
    up (or out of the game, where the edition says so)."""
    stack = state.coins[seat]
    paid = stack[len(stack) - cost :]
    del stack[len(stack) - cost :]
    (state.out if state.rules.paid_coins_leave_game else state.discard).extend(reversed(paid))


def buy(state: State, seat: int, cost: int, events: list[Event]) -> None:
    pay(state, seat, cost)
    state.fields[seat].append([])
    events.append(Event("field_bought", seat, {"cost": cost}))
