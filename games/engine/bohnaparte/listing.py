"""Bohnaparte's moves as `legal_actions` lists them: one entry a target or a choice, with the
cards a seat may fight with (its own hand and depot: nobody else's cards ever appear).

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
from .lands import DEPOT_COST, FORTRESS_COST, MERCHANT_COST

# The kinds of move Bohnaparte adds to the base game's.
MOVE_KINDS: Final = (
    "choose_camp",
    "monastery_draw",
    "monastery_skip",
    "store",
    "buy_depot",
    "build_fortress",
    "buy_merchant",
    "attack",
    "battle_card",
    "end_attacks",
    "merchant_take",
)


def _fighting_cards(state: State, seat: int, land: int) -> tuple[list[int], bool]:
    return (
        state.hands[seat] + fights.depot_usable(state, seat, land),
        fights.deck_available(state),
    )


def attack_moves(state: State, seat: int) -> list[dict]:
    """Each land the seat may attack, if it has a coin, and the end of its attacks."""
    if seat != state.active:
        return []
    cavalry = ready_cavalry(state, seat)
    moves = []
    for land in targets(state, seat) if state.coins[seat] else ():
        cards, deck = _fighting_cards(state, seat, land)
        if cards or deck or cavalry:
            moves.append(
                {"kind": "attack", "land": land, "cards": cards, "deck": deck, "cavalry": cavalry}
            )
    return [*moves, {"kind": "end_attacks"}]


def battle_moves(state: State, seat: int) -> list[dict]:
    battle = part(state)["battle"]
    needed = fights.chooser(battle)
    if needed is None or needed[0] != seat:
        return []
    cards, deck = _fighting_cards(state, seat, battle["land"])
    return [{"kind": "battle_card", "cards": cards, "deck": deck}]


def anytime_moves(state: State, seat: int) -> list[dict]:
    """The moves open in whatever phase: storing a card due to be planted, and purchases."""
    if state.over:
        return []
    ours = part(state)
    moves: list[dict] = []
    coins = len(state.coins[seat])
    if board_map(state).cavalry:
        if may_buy_merchant(state, seat):
            moves.append({"kind": "buy_merchant", "cost": MERCHANT_COST})
        return moves
    depot = ours["depots"][seat]
    if depot is None:
        if coins >= DEPOT_COST:
            moves.append({"kind": "buy_depot", "cost": DEPOT_COST})
    elif len(depot) < state.players:
        moves += [
            {"kind": "store", "card": card} for card in PHASES[state.phase].plantable(state, seat)
        ]
    if seat == state.active and coins >= FORTRESS_COST and state.turn:
        lands = fortifiable(state, seat)
        if lands:
            moves += [
                {"kind": "build_fortress", "mine": mine, "lands": lands}
                for mine in full_mines(state, seat)
            ]
    return moves
