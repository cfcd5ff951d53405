"""Whole events through the services: a Swiss of 16 at tables of 4 over 3 rounds, and a
knockout of 16 (two rounds and a final table), on the fast clock, every game played to its end
by bots through the games' move service."""

from itertools import combinations, pairwise

from django.db.models import Count, Q

from games.models import Game, Move, Outbox
from leagues.models import RatingChange
from tournaments.models import Entry, Placing, Tournament
from tournaments.selectors.standings import event_standings

from .helpers import event, players, round_games, round_played, started


def pairs_met(tournament):
    pairs = []
    for table in (
        Placing.objects.filter(round__tournament=tournament, table__isnull=False)
        .values("table_id", "user_id")
        .order_by("table_id")
    ):
        pairs.append((table["table_id"], table["user_id"]))
    by_table = {}
    for table_id, user_id in pairs:
        by_table.setdefault(table_id, []).append(user_id)
    return [frozenset(pair) for users in by_table.values() for pair in combinations(users, 2)]


def test_a_swiss_of_16_at_tables_of_4_meets_no_pair_twice_and_ranks_by_the_tie_breaks(
    alice,
):
    field = players(16)
    tournament = started(event(alice), field)
    assert len(round_games(tournament, 1)) == 4
    for number in (1, 2, 3):
        tournament = round_played(tournament, number)

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    games = Game.objects.filter(tournament_table__round__tournament=tournament).annotate(
        bot_moves=Count("moves", filter=Q(moves__actor=Move.Actor.BOT))
    )
    assert len(games) == 12 and all(game.bot_moves for game in games)
    met = pairs_met(tournament)
    assert len(met) == 3 * 4 * 6 and len(set(met)) == len(met)
    lines = event_standings(tournament)
    keys = [(-line.points, -line.coins, -line.rules, -line.buchholz) for line in lines]
    assert keys == sorted(keys)
    # 16 players on at most 10 totals of points: some are level, and the tie-breaks (checked
    # above) order them.
    assert any(a.points == b.points for a, b in pairwise(lines))
    assert len({line.coins for line in lines}) > 1
    for line in lines:
        mine = Placing.objects.filter(round__tournament=tournament, user_id=line.user)
        assert line.points == sum(4 - placing.place for placing in mine)
        assert line.coins == sum(placing.coins for placing in mine)
    places = dict(tournament.entries.values_list("user_id", "place"))
    assert [places[line.user] for line in lines] == [line.place for line in lines]
    assert (
        RatingChange.objects.filter(game__tournament_table__round__tournament=tournament).count()
        == 48
    )
    kinds = set(Outbox.objects.values_list("kind", flat=True))
    assert {"table_ready", "round_over", "event_over"} <= kinds


def test_a_knockout_of_16_plays_two_rounds_and_a_final_table(alice):
    field = players(16)
    tournament = started(
        event(alice, format=Tournament.Format.KNOCKOUT, through=2, rated=False), field
    )
    assert tournament.rounds == 3
    sizes = []
    for number in (1, 2, 3):
        sizes.append(len(round_games(tournament, number)))
        tournament = round_played(tournament, number)

    assert sizes == [4, 2, 1]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    final = {
        placing.user_id: placing.place
        for placing in Placing.objects.filter(round__number=3, round__tournament=tournament)
    }
    lines = event_standings(tournament)
    assert {line.user for line in lines[:4]} == set(final)
    assert [final[line.user] for line in lines[:4]] == sorted(final.values())
    assert [line.reached for line in lines] == [3] * 4 + [2] * 4 + [1] * 8
    assert tournament.entries.filter(status=Entry.Status.OUT).count() == 12
    assert not RatingChange.objects.exists()
