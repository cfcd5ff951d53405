"""Bohnaparte's moves as `legal_actions` lists them: one entry a target or a choice, with the
cards a seat may fight with (its own hand and depot: nobody else's cards ever appear). Each
kind's registration (`moves`, `attacks`) lists its moves with the function named for it here.

    {"kind": "attack", "land": 12, "cards": [17, 40], "deck": true, "cavalry": [20]}
    {"kind": "battle_card", "cards": [17, 40], "deck": true}
    {"kind": "store", "card": 17}
    {"kind": "build_fortress", "mine": 9, "lands": [4, 5]}
    {"kind": "buy_depot", "cost": 3}, {"kind": "buy_merchant", "cost": 3}
"""

from typing import Final

from ..phases import PHASES
from ..state import State
from . import battle as fights
from .board import (
    board_map,
    fortifiable,
    full_mines,
    may_buy_merchant,
    part,
    ready_cavalry,
    targets,
)
from .lands import CAMP, DEPOT_COST, FORTRESS_COST, MERCHANT_COST

# The kinds of move Bohnaparte adds to the base game's, in the order `legal_actions` lists
# them: those of its own phases (one phase at a time), then those open in any phase.
MOVE_KINDS: Final = (
    "choose_camp",
    "monastery_draw",
    "monastery_skip",
    "attack",
    "end_attacks",
    "battle_card",
    "merchant_take",
    "buy_merchant",
    "buy_depot",
    "store",
    "build_fortress",
)


def camp_chooser(state: State) -> int:
    """The seat choosing a camp now: from the seat after the start player round to it."""
    chosen = sum(1 for camp in part(state).camps if camp is not None)
    return (state.start_player + 1 + chosen) % state.players


def free_camps(state: State) -> list[int]:
    chart = board_map(state)
    owners = part(state).owners
    return [land for land in chart.lands if chart.kinds[land] == CAMP and owners[land] is None]


def camp_moves(state: State, seat: int) -> list[dict]:
    if state.phase != "choose_camp" or seat != camp_chooser(state):
        return []
    return [{"kind": "choose_camp", "land": land} for land in free_camps(state)]


def active_in(state: State, seat: int, phase: str) -> bool:
    return state.phase == phase and seat == state.active


def _fighting_cards(state: State, seat: int, land: int) -> tuple[list[int], bool]:
    return (
        state.hands[seat] + fights.depot_usable(state, seat, land),
        fights.deck_available(state),
    )


def attack_moves(state: State, seat: int) -> list[dict]:
    """Each land the seat may attack, if it has a coin."""
    if not active_in(state, seat, "attack"):
        return []
    cavalry = ready_cavalry(state, seat)
    moves = []
    for land in targets(state, seat) if state.coins[seat] else ():
        cards, deck = _fighting_cards(state, seat, land)
        if cards or deck or cavalry:
            moves.append(
                {"kind": "attack", "land": land, "cards": cards, "deck": deck, "cavalry": cavalry}
            )
    return moves


def battle_moves(state: State, seat: int) -> list[dict]:
    if state.phase != "battle":
        return []
    battle = part(state).battle
    needed = fights.chooser(battle)
    if needed is None or needed[0] != seat:
        return []
    cards, deck = _fighting_cards(state, seat, battle["land"])
    return [{"kind": "battle_card", "cards": cards, "deck": deck}]


def merchant_pool(state: State) -> list[int]:
    ours = part(state)
    return ours.drawn + ours.merchants[state.active]


def merchant_moves(state: State, seat: int) -> list[dict]:
    if not active_in(state, seat, "merchant_draw"):
        return []
    take = len(part(state).drawn)
    return [{"kind": "merchant_take", "cards": merchant_pool(state), "take": take}]


# Open in whatever phase: purchases, and storing a card due to be planted.


def buy_merchant_moves(state: State, seat: int) -> list[dict]:
    if state.over or not board_map(state).cavalry or not may_buy_merchant(state, seat):
        return []
    return [{"kind": "buy_merchant", "cost": MERCHANT_COST}]


def buy_depot_moves(state: State, seat: int) -> list[dict]:
    if state.over or board_map(state).cavalry or part(state).depots[seat] is not None:
        return []
    if len(state.coins[seat]) < DEPOT_COST:
        return []
    return [{"kind": "buy_depot", "cost": DEPOT_COST}]


def store_moves(state: State, seat: int) -> list[dict]:
    if state.over or board_map(state).cavalry:
        return []
    depot = part(state).depots[seat]
    if depot is None or len(depot) >= state.players:
        return []
    return [{"kind": "store", "card": card} for card in PHASES[state.phase].plantable(state, seat)]


def fortress_moves(state: State, seat: int) -> list[dict]:
    if state.over or board_map(state).cavalry or seat != state.active or not state.turn:
        return []
    if len(state.coins[seat]) < FORTRESS_COST:
        return []
    lands = fortifiable(state, seat)
    if not lands:
        return []
    return [
        {"kind": "build_fortress", "mine": mine, "lands": lands} for mine in full_mines(state, seat)
    ]
