"""Bohnaparte's maps: one for each player count, base and cavalry, in a brick bond and on a
square grid; only the cards in the box, every land in reach, and fair camps."""

from collections import Counter

import pytest

from games.engine import new_game
from games.engine.bohnaparte.board import part
from games.engine.bohnaparte.lands import (
    BASE_ONLY,
    BOX,
    CAMP,
    CAVALRY_ONLY,
    CITY,
    FARM,
    RIVER,
    VILLAGE,
)
from games.engine.bohnaparte.maps import MAPS, map_key, parse

from .helpers import NAMES

ALL_MAPS = sorted(MAPS)


def distances(chart, start: int) -> dict[int, int]:
    """Steps from `start` to every land reachable without crossing a river."""
    found = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for land in frontier:
            for other in chart.neighbours[land]:
                if other not in found and chart.kinds[other] != RIVER:
                    found[other] = found[land] + 1
                    following.append(other)
        frontier = following
    return found


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("cavalry", [False, True])
@pytest.mark.parametrize("grid", [False, True])
def test_every_table_has_its_map_and_a_game_is_set_up_on_it(players, cavalry, grid):
    key = map_key(players, cavalry, grid)
    chart = MAPS[key]

    assert (chart.players, chart.cavalry, chart.layout) == (
        players,
        cavalry,
        "grid" if grid else "brick",
    )
    state, _ = new_game("bohnaparte", NAMES[:players], "map", {"cavalry": cavalry, "grid": grid})
    assert part(state).map == key


@pytest.mark.parametrize("key", ALL_MAPS)
def test_every_map_uses_only_the_cards_in_the_box_and_one_camp_a_player(key):
    chart = MAPS[key]
    used = Counter(chart.kinds)

    assert used[CAMP] == chart.players
    for kind, count in used.items():
        assert count <= BOX[kind], f"{count} {kind} on {key}"
    left_out = BASE_ONLY if chart.cavalry else CAVALRY_ONLY
    assert not left_out & set(used), f"{key} uses {left_out & set(used)}"


@pytest.mark.parametrize("key", ALL_MAPS)
def test_every_camp_reaches_every_land_but_the_rivers(key):
    chart = MAPS[key]
    lands = {land for land in chart.lands if chart.kinds[land] != RIVER}

    for camp in (land for land in chart.lands if chart.kinds[land] == CAMP):
        assert set(distances(chart, camp)) == lands


@pytest.mark.parametrize("key", ALL_MAPS)
@pytest.mark.parametrize("kind", [CITY, VILLAGE, FARM])
def test_no_camp_is_nearer_the_cities_villages_or_farms_than_another(key, kind):
    chart = MAPS[key]
    nearest = [
        min(steps for land, steps in distances(chart, camp).items() if chart.kinds[land] == kind)
        for camp in chart.lands
        if chart.kinds[camp] == CAMP
    ]

    assert len(set(nearest)) == 1, f"{kind}: {nearest}"


@pytest.mark.parametrize("key", ALL_MAPS)
def test_no_two_camps_touch(key):
    chart = MAPS[key]
    camps = [land for land in chart.lands if chart.kinds[land] == CAMP]

    for camp in camps:
        assert not set(chart.neighbours[camp]) & set(camps)


def test_in_a_brick_bond_a_card_touches_six_others_and_on_a_grid_four():
    rows = ["F F F", "F F F", "F F F"]

    brick = parse("brick", {"players": 3, "variant": "base", "layout": "brick", "rows": rows})
    grid = parse("grid", {"players": 3, "variant": "base", "layout": "grid", "rows": rows})

    # The middle card: row 1 lies half a card to the right, under the right half of row 0.
    assert brick.neighbours[4] == (1, 2, 3, 5, 7, 8)
    assert grid.neighbours[4] == (1, 3, 5, 7)
    assert grid.neighbours[0] == (1, 3)  # never the card touching it at a corner


def test_a_forest_reaches_across_the_rivers_next_to_it():
    chart = parse(
        "forest", {"players": 3, "variant": "cavalry", "layout": "grid", "rows": ["W R F", ". . V"]}
    )

    assert chart.across == {0: (2,)}
