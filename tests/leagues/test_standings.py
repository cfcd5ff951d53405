"""Standings: points by place, then score, then head-to-head, then rating; ties shared."""

from leagues.standings import Line, standings


def lines(*names_and_ratings):
    return [Line(index, name, rating) for index, (name, rating) in enumerate(names_and_ratings)]


def order(table):
    return [(line.name, line.place, line.tied) for line in table]


def test_points_by_place_come_first_then_the_total_score():
    players = lines(("alice", 1500), ("bob", 1500), ("carol", 1500))
    games = [
        [(0, 1, 10), (1, 2, 9), (2, 3, 1)],
        [(0, 3, 2), (1, 1, 12), (2, 2, 11)],
    ]

    table = standings(players, games, table=3)

    # alice 2 + 0 points, bob 1 + 2, carol 0 + 1.
    assert order(table) == [("bob", 1, False), ("alice", 2, False), ("carol", 3, False)]
    assert [line.points for line in table] == [3, 2, 1]


def test_players_level_on_points_and_score_are_ordered_by_the_games_between_them():
    players = lines(("alice", 1500), ("bob", 1700), ("carol", 1500), ("dave", 1500))
    games = [
        [(0, 1, 5), (1, 2, 5)],  # alice beats bob
        [(2, 1, 5), (0, 2, 5)],
        [(1, 1, 5), (3, 2, 5)],
    ]

    table = standings(players, games, table=2)

    # alice and bob: 1 point and 10 each; alice beat bob, whatever bob's rating.
    assert [(line.name, line.points, line.score) for line in table][:2] == [
        ("alice", 1, 10),
        ("bob", 1, 10),
    ]
    assert [line.place for line in table] == [1, 2, 3, 4]


def test_head_to_head_then_rating_and_players_level_on_everything_share_a_place():
    players = lines(("alice", 1500), ("bob", 1550), ("carol", 1500), ("dave", 1500))
    games = [[(0, 1, 4), (1, 1, 4), (2, 1, 4), (3, 1, 4)]]

    table = standings(players, games, table=4)

    assert order(table) == [
        ("bob", 1, False),
        ("alice", 2, True),
        ("carol", 2, True),
        ("dave", 2, True),
    ]
    assert [line.points for line in table] == [3, 3, 3, 3]


def test_a_shared_place_scores_the_same_points():
    players = lines(("alice", 0), ("bob", 0), ("carol", 0), ("dave", 0))

    table = standings(players, [[(0, 1, 9), (1, 2, 5), (2, 2, 5), (3, 4, 1)]], table=4)

    assert [(line.name, line.points) for line in table] == [
        ("alice", 3),
        ("bob", 2),
        ("carol", 2),
        ("dave", 0),
    ]
    assert [line.place for line in table] == [1, 2, 2, 4]
