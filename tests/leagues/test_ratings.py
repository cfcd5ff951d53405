"""Ratings: Plackett-Luce per pool, updated once when a rated game ends, rebuilt to the same."""

import importlib
import io

import pytest
from django.apps import apps as django_apps
from django.core.management import call_command

from games.models import Game, Seat
from games.services.lobby import game_cancel, game_create
from games.services.moves import game_finished
from games.services.seats import seat_resign
from leagues.models import Rating, RatingChange
from leagues.pools import POOLS, pool_of
from tests.helpers import user_at

from .helpers import ended_with, played_to_the_end, started

pytestmark = pytest.mark.django_db


def table() -> list[tuple]:
    return sorted(
        Rating.objects.values_list(
            "user__username", "pool", "mu", "sigma", "value", "games", "wins"
        )
    )


def history() -> list[tuple]:
    return list(
        RatingChange.objects.order_by("game_id", "user_id").values_list(
            "user__username", "game_id", "place", "mu_before", "mu", "sigma", "value"
        )
    )


def test_a_four_player_game_with_a_tie_moves_ratings_as_openskill_computes_them(table_of_four):
    # By hand: PlackettLuce().rate([[r] for r in four new ratings], ranks=[1, 2, 2, 4]),
    # shown as 1500 + 50 * (mu - 3 * sigma).
    expected = [
        (27.795252672501135, 8.263571791259416, 1650, 1),
        (24.689416369722096, 8.17961798837266, 1508, 0),
        (24.689416369722096, 8.17961798837266, 1508, 0),
        (22.825914588054673, 8.17961798837266, 1414, 0),
    ]

    game = ended_with(table_of_four, coins=[9, 6, 6, 2])

    for position, (mu, sigma, value, wins) in enumerate(expected):
        rating = Rating.objects.get(user=user_at(game, position))
        assert (rating.pool, rating.games, rating.wins, rating.value) == (
            "bohnanza-4-5",
            1,
            wins,
            value,
        )
        assert rating.mu == pytest.approx(mu) and rating.sigma == pytest.approx(sigma)
    places = RatingChange.objects.filter(game=game).order_by("place").values_list("place")
    assert [place for (place,) in places] == [1, 2, 2, 4]


def test_a_game_is_rated_once_even_if_its_end_is_heard_twice(table_of_four):
    game = ended_with(table_of_four, coins=[1, 2, 3, 4])
    game_finished(game=game, state=None, now=game.finished_at)

    assert RatingChange.objects.filter(game=game).count() == 4
    assert set(Rating.objects.values_list("games", flat=True)) == {1}


def test_rebuilding_the_ratings_gives_the_same_table_and_history(alice, bob, carol, dave):
    ended_with(started([alice, bob, carol, dave]), coins=[5, 3, 3, 1])
    ended_with(started([carol, alice, bob]), coins=[2, 7, 4])
    ended_with(started([dave, bob, alice, carol]), coins=[4, 4, 4, 9])
    ended_with(started([bob, carol, alice]), coins=[3, 3, 3])
    before = (table(), history())
    out = io.StringIO()

    call_command("ratings_rebuild", stdout=out)

    assert (table(), history()) == before
    assert len(before[0]) == 4 + 3 and len(before[1]) == 4 + 3 + 4 + 3
    assert "from 4 rated games" in out.getvalue()


def test_games_with_a_bot_at_the_start_or_shorter_than_a_round_are_not_rated(four, alice, bob):
    ended_with(started([alice, bob], bots=1), coins=[3, 2, 1])
    ended_with(started(four), coins=[3, 2, 1, 0], turn=3)
    cancelled = game_create(user=alice, edition="amigo-1997", players=3, options={})
    game_cancel(game_id=cancelled.id, user=alice)

    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    call_command("ratings_rebuild", stdout=io.StringIO())
    assert not Rating.objects.exists()


def test_a_player_who_resigned_finishes_last_in_the_rating(table_of_four):
    leaver = user_at(table_of_four, 0)
    seat_resign(game_id=table_of_four.id, user=leaver)

    game = played_to_the_end(table_of_four)

    assert game.status == Game.Status.FINISHED
    change = RatingChange.objects.get(game=game, user=leaver)
    assert change.place == 4 and change.value < change.value_before
    assert sorted(RatingChange.objects.filter(game=game).values_list("place", flat=True))[-1] == 4


def test_a_seat_a_bot_played_to_the_end_finishes_last_whatever_it_scored(table_of_four):
    Seat.objects.filter(game=table_of_four, position=0).update(bot_standing_in=True)

    game = ended_with(table_of_four, coins=[12, 3, 2, 1])

    places = dict(RatingChange.objects.filter(game=game).values_list("user", "place"))
    assert [places[user_at(game, position).pk] for position in range(4)] == [4, 1, 2, 3]


def test_pools_keep_editions_families_and_player_counts_apart():
    assert pool_of("amigo-classic", 4) == pool_of("rio-grande", 5) == POOLS["bohnanza-4-5"]
    assert pool_of("rio-grande", 2).key == "bohnanza-2"
    assert pool_of("rio-grande", 7).key == "bohnanza-6-7"
    assert pool_of("bohnaparte", 4).key == "bohnaparte-4-5"
    assert pool_of("amigo-1997", 3) != pool_of("bohnaparte", 3)


def test_no_pool_names_a_player_count_its_edition_cannot_have():
    labels = [pool.label for pool in POOLS.values()]

    assert "Bohnaparte, 6 or 7 players" not in labels and "Bohnaparte, 6 players" in labels
    assert pool_of("bohnaparte", 6).key == "bohnaparte-6"
    assert pool_of("bohnaparte", 7) is None


def test_ratings_kept_in_the_old_bohnaparte_pool_of_six_or_seven_move_to_the_pool_of_six(alice):
    migration = importlib.import_module("leagues.migrations.0004_bohnaparte_pool_of_six")
    Rating.objects.create(user=alice, pool="bohnaparte-6-7", mu=27, sigma=6, value=1450, games=2)

    migration.renamed(migration.OLD, migration.NEW)(django_apps, None)

    assert Rating.objects.get(user=alice).pool == "bohnaparte-6"
