"""A group's schedule: everyone meets everyone, with seats and start players rotated."""

from collections import Counter
from itertools import combinations

import pytest

from leagues.schedule import schedule


def met(games) -> set:
    return {pair for game in games for pair in combinations(sorted(game), 2)}


@pytest.mark.parametrize(("players", "table"), [(4, 4), (8, 4), (3, 3), (6, 3), (5, 4), (10, 5)])
def test_everyone_meets_everyone_at_full_tables(players, table):
    games = schedule(players, table)

    assert met(games) == set(combinations(range(players), 2))
    assert all(len(game) == len(set(game)) == table for game in games)


def test_a_group_of_one_table_plays_once_per_seat_each_player_starting_once():
    games = schedule(4, 4)

    assert len(games) == 4
    for player in range(4):
        assert sorted(game.index(player) for game in games) == [0, 1, 2, 3]


def test_eight_players_at_tables_of_four_play_three_games_each_in_three_positions():
    games = schedule(8, 4)

    assert len(games) == 6
    assert Counter(player for game in games for player in game) == dict.fromkeys(range(8), 3)
    starters = [game[0] for game in games]
    assert len(set(starters)) == 6  # nobody starts twice
    for player in range(8):
        assert len({game.index(player) for game in games if player in game}) == 3


def test_a_group_smaller_than_a_table_has_no_schedule():
    with pytest.raises(ValueError, match="cannot play"):
        schedule(3, 4)
