"""What a seat may see of Bohnaparte, under the view's "bohnaparte" key.

The map and every token, fortress, empty mine and tapped cavalry are public, as are each
seat's lands, points, coins (in the base view) and how many cards its depot holds. A depot's
cards are face down: only its owner sees them. A merchant's cards are face up. A battle card
lies face down until both are in: its seat sees it if it came from its hand or depot, nobody
sees a card drawn blind from the deck. The phase-5 cards a merchant's owner chooses from are
its own.

Land numbers are under "land" (never "id", which names a card), cards are {"id", "bean"}.
"""

from ..beans import BEAN_KEYS
from ..language import gettext
from ..state import State
from . import battle as fights
from .board import (
    board_map,
    has_cannon,
    held_count,
    held_of_kind,
    part,
    points,
    targets,
    tokens_left,
)
from .lands import (
    ATTACK_COST,
    DEPOT_COST,
    FORTRESS_COST,
    KINDS,
    MERCHANT_COST,
    PADDOCK,
)
from .maps import Map


def seat_view(state: State, seat: int | None) -> dict:
    return {"map": map_view(board_map(state)), **board_view(state, seat)}


def board_view(state: State, seat: int | None) -> dict:
    """The view without the map, which is the same for everyone and the whole game."""
    ours = part(state)
    chart = board_map(state)
    beans = state.card_beans
    depot = ours.depots[seat] if seat is not None else None
    mine = seat is not None and seat == state.active and state.phase == "merchant_draw"
    return {
        "cavalry": chart.cavalry,
        "lands": _lands(state, chart),
        "players": [_player(state, other) for other in range(state.players)],
        "depot": None if depot is None else [_card(beans, card) for card in depot],
        "depot_size": state.players,
        "battle": _battle(state, seat),
        "drawn": [_card(beans, card) for card in ours.drawn] if mine else None,
        "targets": targets(state, seat) if seat is not None and not state.over else [],
        "costs": {
            "attack": ATTACK_COST,
            "fortress": FORTRESS_COST,
            "depot": DEPOT_COST,
            "merchant": MERCHANT_COST,
        },
    }


def map_view(chart: Map) -> dict:
    return {
        "key": chart.key,
        "layout": chart.layout,
        "lands": [
            {
                "land": land,
                "kind": chart.kinds[land],
                "name": gettext(KINDS[chart.kinds[land]].name),
                "row": chart.cells[land][0],
                "column": chart.cells[land][1],
                "x": chart.x(land),
                "neighbours": list(chart.neighbours[land]),
            }
            for land in chart.lands
        ],
        "across": {str(forest): list(lands) for forest, lands in chart.across.items()},
    }


def _lands(state: State, chart: Map) -> list[dict]:
    ours = part(state)
    owners, fortresses, emptied, tapped = (
        ours.owners,
        ours.fortresses,
        ours.emptied,
        ours.tapped,
    )
    return [
        {
            "land": land,
            "owner": owners[land],
            "points": KINDS[chart.kinds[land]].points + (land in fortresses),
            "fortress": land in fortresses,
            "empty": land in emptied,
            "tapped": land in tapped if chart.kinds[land] == PADDOCK else None,
        }
        for land in chart.lands
    ]


def _player(state: State, seat: int) -> dict:
    ours = part(state)
    depot = ours.depots[seat]
    merchant = ours.merchants[seat]
    beans = state.card_beans
    return {
        "seat": seat,
        "camp": ours.camps[seat],
        "lands": held_count(state, seat),
        "tokens": tokens_left(state, seat),
        "points": points(state, seat),
        "depot": None if depot is None else len(depot),
        "merchant": None if merchant is None else [_card(beans, card) for card in merchant],
        "cannon": has_cannon(state, seat),
        "cavalry": [
            {"paddock": land, "tapped": land in ours.tapped}
            for land in held_of_kind(state, seat, PADDOCK)
        ],
    }


def _battle(state: State, seat: int | None) -> dict | None:
    battle = part(state).battle
    if battle is None:
        return None
    beans = state.card_beans
    shown = {}
    for side in ("attack", "defence"):
        card = battle[side]
        own = seat == (battle["attacker"] if side == "attack" else battle["defender"])
        known = own and battle[f"{side}_from"] in (fights.HAND, fights.DEPOT)
        shown[side] = _card(beans, card) if known and card is not None else None
    needed = fights.chooser(battle)
    return {
        "land": battle["land"],
        "attacker": battle["attacker"],
        "defender": battle["defender"],
        "round": battle["round"],
        "cavalry": battle["cavalry"],
        "attack_from": battle["attack_from"],
        "defence_from": battle["defence_from"],
        "attack": shown["attack"],
        "defence": shown["defence"],
        "waiting_for": None if needed is None else needed[0],
    }


def _card(beans: tuple[int, ...], card: int) -> dict:
    return {"id": card, "bean": BEAN_KEYS[beans[card]]}
