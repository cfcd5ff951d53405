"""Standings: points from placings, then coins, then the rules' tie-break, then the sum of
the opponents' points; a knockout puts how far a player came first."""

from tournaments.standings import Result, standings, table_results


def places(lines):
    return [(line.user, line.place, line.tied) for line in lines]


def test_points_come_from_placings_with_a_smaller_tables_empty_seat_last():
    results = table_results(1, [(1, 1, 14), (2, 2, 12), (3, 3, 9)])
    lines = standings([1, 2, 3], results, size=4)
    assert [line.points for line in lines] == [3, 2, 1]


def test_players_level_on_points_are_ordered_by_coins_then_the_rules_then_buchholz():
    results = [
        # Round 1: 1 beats 2 on coins; 3 beats 4 on the rules' tie-break (equal coins).
        *table_results(1, [(1, 1, 12), (2, 2, 10)]),
        *table_results(1, [(3, 1, 10), (4, 2, 10)]),
        # Round 2: 2 beats 3 on the rules' tie-break, 4 beats 1 on coins.
        *table_results(2, [(2, 1, 8), (3, 2, 8)]),
        *table_results(2, [(4, 1, 8), (1, 2, 6)]),
    ]
    lines = standings([1, 2, 3, 4], results, size=2)
    by_user = {line.user: line for line in lines}
    assert by_user[3].rules == 1 and by_user[2].rules == 1
    # Everyone has 1 point and 18 coins; 2 and 3 won a tie-break, and every Buchholz is 2.
    assert [(line.user, line.points, line.coins) for line in lines] == [
        (2, 1, 18),
        (3, 1, 18),
        (1, 1, 18),
        (4, 1, 18),
    ]
    assert places(lines) == [(2, 1, True), (3, 1, True), (1, 3, True), (4, 3, True)]
    assert by_user[2].buchholz == by_user[1].points + by_user[3].points


def test_players_level_on_every_tie_break_share_a_place():
    results = [*table_results(1, [(1, 1, 5), (2, 1, 5)])]
    assert places(standings([1, 2], results, size=2)) == [(1, 1, True), (2, 1, True)]


def test_a_bye_scores_half_a_win_rounded_up_and_no_coins():
    lines = standings([1], [Result(user=1, round=1, bye=True)], size=4)
    assert (lines[0].points, lines[0].coins, lines[0].byes) == (2, 0, 1)


def test_a_knockout_places_the_finalists_by_the_final_then_the_others_by_how_far_they_came():
    results = [
        *table_results(1, [(1, 1, 9), (2, 2, 8), (3, 3, 20), (4, 4, 1)]),
        *table_results(2, [(2, 1, 7), (1, 2, 6)]),
    ]
    lines = standings([1, 2, 3, 4], results, size=4, knockout=True)
    assert [line.user for line in lines] == [2, 1, 3, 4]
