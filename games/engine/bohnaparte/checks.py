"""Bohnaparte's invariants: what must hold after every move, besides the base game's."""

from ..state import State
from .board import board_map, held_count, part
from .lands import CAMP, FORTRESSES, MERCHANT_CARDS, MINE, PADDOCK, RIVER, TOKENS


def cards(state: State) -> list[int]:
    """The cards in Bohnaparte's own places: depots, merchants, a battle, a merchant's draw."""
    ours = part(state)
    held: list[int] = []
    for place in (*ours.depots, *ours.merchants):
        if place:
            held += place
    battle = ours.battle
    if battle is not None:
        held += [card for card in (battle["attack"], battle["defence"]) if card is not None]
    return held + ours.drawn


def violations(state: State) -> list[str]:
    ours = part(state)
    chart = board_map(state)
    kinds = chart.kinds
    owners = ours.owners
    found: list[str] = []
    if len(owners) != len(kinds):
        found.append(f"{len(owners)} owners for {len(kinds)} lands")
    for land, owner in enumerate(owners):
        if owner is not None and kinds[land] == RIVER:
            found.append(f"a token on river {land}")
    for seat in range(state.players):
        lands = held_count(state, seat)
        if lands > TOKENS:
            found.append(f"seat {seat} holds {lands} lands with {TOKENS} tokens")
        if not lands and state.turn and not state.over:
            found.append(f"seat {seat} holds no land while the game goes on")
        depot = ours.depots[seat]
        if depot is not None and (chart.cavalry or len(depot) > state.players):
            found.append(f"seat {seat} has a depot of {len(depot)} cards")
        merchant = ours.merchants[seat]
        if merchant is not None and (
            not chart.cavalry or (len(merchant) != MERCHANT_CARDS and not state.ending)
        ):
            found.append(f"seat {seat} has a merchant of {len(merchant)} cards")
    camps = [camp for camp in ours.camps if camp is not None]
    if len(set(camps)) != len(camps) or any(kinds[camp] != CAMP for camp in camps):
        found.append(f"camps chosen: {ours.camps}")
    if state.turn and len(camps) != state.players:
        found.append("the turns began before every seat chose a camp")
    fortresses, emptied = ours.fortresses, ours.emptied
    if len(fortresses) != len(emptied) or len(set(fortresses)) != len(fortresses):
        found.append(f"fortresses {fortresses} for emptied mines {emptied}")
    if len(fortresses) > FORTRESSES or any(kinds[mine] != MINE for mine in emptied):
        found.append(f"fortresses {fortresses}, emptied mines {emptied}")
    if any(kinds[land] != PADDOCK for land in ours.tapped):
        found.append(f"tapped lands that are no paddocks: {ours.tapped}")
    if not state.over:
        if (ours.battle is not None) != (state.phase == "battle"):
            found.append(f"a battle of {ours.battle} in phase {state.phase}")
        if ours.drawn and state.phase != "merchant_draw":
            found.append(f"cards drawn for a merchant in phase {state.phase}")
    return found
