"""Seating a round: tables of the chosen size (some one smaller rather than byes), Swiss
without repeated pairs where the field allows, knockout dealt snake-wise."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    knockout,
    knockout_rounds,
    knockout_through,
    swiss,
    table_sizes,
)


def pairs_of(tables):
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def partitions(players, sizes):
    """Every way to seat `players` at tables of `sizes` (in order), as lists of tables."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in combinations(rest, sizes[0] - 1):
        left = [player for player in rest if player not in others]
        for tail in partitions(left, sizes[1:]):
            yield [[first, *others], *tail]


def test_a_field_that_does_not_divide_plays_at_tables_one_smaller_rather_than_byes():
    assert table_sizes(16, 4, smaller=True) == ([4, 4, 4, 4], 0)
    assert table_sizes(10, 4, smaller=True) == ([4, 3, 3], 0)
    assert table_sizes(10, 4, smaller=False) == ([4, 4], 2)


def test_a_field_too_small_for_smaller_tables_and_duels_leave_players_out_with_a_bye():
    assert table_sizes(5, 4, smaller=True) == ([4], 1)
    assert table_sizes(7, 2, smaller=True) == ([2, 2, 2], 1)


def test_the_first_round_is_drawn_by_lot_and_the_same_seed_draws_the_same():
    field = [list(range(16))]
    first = swiss(field, met=set(), had_bye=(), size=4, smaller=True, seed="a")
    again = swiss(field, met=set(), had_bye=(), size=4, smaller=True, seed="a")
    other = swiss(field, met=set(), had_bye=(), size=4, smaller=True, seed="b")
    assert first == again
    assert first.tables != other.tables
    assert sorted(user for table in first.tables for user in table) == list(range(16))


def test_swiss_seats_the_leaders_together_and_avoids_the_pairs_met_before():
    ranked = [[user] for user in range(9)]
    met = pairs_of([[0, 1, 2], [3, 4, 5], [6, 7, 8]])

    seating = swiss(ranked, met=met, had_bye=(), size=3, smaller=True, seed="s")

    assert not pairs_of(seating.tables) & met
    assert sorted(next(table for table in seating.tables if 0 in table)) == [0, 3, 6]


def test_the_bye_goes_to_the_lowest_placed_player_who_has_not_had_one():
    ranked = [[user] for user in range(5)]

    seating = swiss(ranked, met=set(), had_bye={4}, size=4, smaller=True, seed="s")

    assert seating.byes == [3]
    assert sorted(seating.tables[0]) == [0, 1, 2, 4]


def test_a_knockout_deals_the_field_snake_wise_and_gives_byes_to_the_best():
    ranked = [[user] for user in range(8)]
    seating = knockout(ranked, size=4, smaller=True, seed="k")
    assert [sorted(table) for table in seating.tables] == [[0, 3, 4, 7], [1, 2, 5, 6]]
    assert knockout([[u] for u in range(5)], size=4, smaller=True, seed="k").byes == [0]


def test_the_best_of_each_table_or_of_the_whole_round_go_through():
    tables = [
        [(1, 1, 12, 4), (2, 2, 11, 1), (3, 3, 9, 2)],
        [(4, 1, 8, 3), (5, 2, 5, 5), (6, 2, 5, 6)],
    ]
    assert knockout_through(tables, through=1, by_table=True) == [1, 4]
    assert knockout_through(tables, through=2, by_table=True) == [1, 2, 4, 5]
    assert knockout_through(tables, through=1, by_table=False) == [1, 4]
    assert knockout_through(tables, through=2, by_table=False) == [1, 4, 2, 5]


def test_a_knockout_of_16_at_tables_of_4_plays_two_rounds_and_a_final():
    assert knockout_rounds(16, 4, smaller=True, through=2) == 3
    assert knockout_rounds(16, 4, smaller=True, through=1) == 2
    assert knockout_rounds(5, 2, smaller=False, through=1) == 3


@st.composite
def histories(draw):
    size = draw(st.sampled_from([2, 3, 4, 5]))
    players = draw(st.integers(min_value=size, max_value=12 if size > 2 else 8))
    rounds = draw(st.integers(min_value=0, max_value=3))
    seeds = draw(st.lists(st.text(max_size=4), min_size=rounds + 1, max_size=rounds + 1))
    return size, players, seeds


@settings(max_examples=60, deadline=None)
@given(histories(), st.booleans())
def test_every_player_is_seated_once_or_has_a_bye_and_no_pair_repeats_where_avoidable(
    history, smaller
):
    size, players, seeds = history
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    for seed in seeds:
        ranked = [[user] for user in range(players)]
        seating = swiss(ranked, met=met, had_bye=had_bye, size=size, smaller=smaller, seed=seed)
        seated = [user for table in seating.tables for user in table] + seating.byes
        assert sorted(seated) == list(range(players))
        sizes, _byes = table_sizes(players, size, smaller)
        assert sorted(map(len, seating.tables), reverse=True) == sizes
        field = [user for user in range(players) if user not in seating.byes]
        possible = any(not pairs_of(p) & met for p in partitions(field, sizes))
        if possible:
            assert not pairs_of(seating.tables) & met
        met |= pairs_of(seating.tables)
        had_bye |= set(seating.byes)
