"""Arranging Bohnaparte games for the tests: camps chosen, tokens, depots, merchants.

`conquest()` gives a game of four (alice, bob, carol, dave) past the choice of camps. Lands are
found on the map by kind and by what lies next to them, so that a test names what it needs
("a farm next to alice's camp") rather than a land number.
"""

from games.engine import apply, describe
from games.engine.beans import BEAN_INDEX
from games.engine.bohnaparte.board import board_map, part
from games.engine.bohnaparte.lands import CAMP, RIVER

from .helpers import arrange, game


def conquest(players: int = 4, seed: str = "conquest", options: dict | None = None):
    """A game whose camps are chosen (each seat the first free camp), alice about to play."""
    state = game("bohnaparte", players, seed, options)
    while state.phase == "choose_camp":
        seat = state.active
        free = [
            land
            for land in board_map(state).lands
            if board_map(state).kinds[land] == CAMP and part(state).owners[land] is None
        ]
        apply(state, seat, {"kind": "choose_camp", "land": free[0]})
    return state


def lands_of(state, kind: str) -> list[int]:
    chart = board_map(state)
    return [land for land in chart.lands if chart.kinds[land] == kind]


def neighbours(state, land: int) -> tuple[int, ...]:
    return board_map(state).neighbours[land]


def pair(state, near: str, far: str) -> tuple[int, int]:
    """A land of kind `near` next to a land of kind `far`, as (near, far)."""
    for land in lands_of(state, near):
        for other in neighbours(state, land):
            if board_map(state).kinds[other] == far:
                return land, other
    raise LookupError(f"no {near} next to a {far} on {board_map(state).key}")


def beside(state, land: int) -> int:
    """A neutral land next to `land` that is neither a river nor a camp, to attack it from."""
    chart = board_map(state)
    return next(
        other
        for other in chart.neighbours[land]
        if chart.kinds[other] not in (RIVER, CAMP) and part(state).owners[other] is None
    )


def farm_next_to_camp(state, seat: int) -> int:
    farms = lands_of(state, "farm")
    return next(land for land in neighbours(state, part(state).camps[seat]) if land in farms)


def farm_by_alice(holder: int | None, **layout):
    """A game in alice's attack phase, her camp next to a farm of `holder` (None: neutral),
    the cards laid out as `arrange` takes them; returns the state and the farm."""
    state = clear_map(conquest())
    farm = farm_next_to_camp(state, 0)
    hold(state, holder, farm)
    return attacking(state, **layout), farm


def wording(state, events, viewer=None) -> list[str]:
    """The log's lines for the events, as the viewer reads them."""
    return [describe(event.for_seat(viewer), state.names, viewer) for event in events]


def hold(state, seat: int | None, *lands: int):
    """Put the seat's tokens on the lands (None: make them neutral)."""
    for land in lands:
        part(state).owners[land] = seat
    return state


def clear_map(state):
    """Only the camps keep their tokens."""
    camps = part(state).camps
    owners = part(state).owners
    for land in range(len(owners)):
        owners[land] = None
    for seat, camp in enumerate(camps):
        owners[camp] = seat
    return state


def _take_from_deck(state, bean: str) -> int:
    # From the bottom: `arrange` puts the cards a test wants drawn on top.
    card = next(c for c in state.deck if state.card_beans[c] == BEAN_INDEX[bean])
    state.deck.remove(card)
    return card


def give_depot(state, seat: int, beans: list[str]):
    """The seat owns a munitions depot holding these beans, taken from the deck (after
    `arrange`, which knows nothing of depots)."""
    part(state).depots[seat] = [_take_from_deck(state, bean) for bean in beans]
    return state


def give_merchant(state, seat: int, beans: list[str]):
    part(state).merchants[seat] = [_take_from_deck(state, bean) for bean in beans]
    return state


def attacking(state, *, active: int = 0, **layout):
    """The attack phase of `active`'s turn, with the cards laid out as `arrange` takes them."""
    return arrange(state, phase="attack", active=active, **layout)
