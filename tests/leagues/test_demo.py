"""The demo set (200 players, 1,000 finished rated games, a running season) and the pages
that must keep a pinned number of queries on it."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.models import Game
from leagues.models import League, Rating, RatingChange, Season, SeatResult

pytestmark = pytest.mark.django_db

# Whatever the size of the set: the page's own reads, plus the session and the user.
LEAGUE_PAGE_QUERIES = 14
LEADERBOARD_QUERIES = 3
PROFILE_QUERIES = 7


def test_the_demo_set_is_built_once_and_its_pages_keep_their_queries(
    client, django_assert_max_num_queries
):
    out = io.StringIO()
    call_command("leagues_demo", stdout=out)
    call_command("leagues_demo", stdout=out)

    assert "Built 200 players, 1000 finished games" in out.getvalue()
    assert "there already" in out.getvalue()
    rated = RatingChange.objects.values("game").distinct().count()
    assert (
        rated
        == 1000
        + SeatResult.objects.filter(game__league_game__isnull=False)
        .values("game")
        .distinct()
        .count()
    )
    league = League.objects.get(name="Demo League")
    season = league.seasons.get()
    assert season.status == Season.Status.RUNNING
    league_games = Game.objects.filter(league_game__group__season=season)
    assert league_games.filter(status=Game.Status.FINISHED).exists()
    assert league_games.filter(status=Game.Status.RUNNING).exists()
    busiest = Rating.objects.order_by("-games").first()

    with django_assert_max_num_queries(LEAGUE_PAGE_QUERIES):
        league_page = client.get(reverse("leagues:league", args=[league.id]))
    with django_assert_max_num_queries(LEADERBOARD_QUERIES):
        board = client.get(reverse("leagues:ratings", args=["bohnanza-4-5"]))
    with django_assert_max_num_queries(PROFILE_QUERIES):
        profile = client.get(reverse("leagues:player", args=[busiest.user_id]))

    assert league_page.status_code == board.status_code == profile.status_code == 200
    assert league_page.content.decode().count("waiting for ") > 0
    assert board.content.decode().count('href="/players/') >= 50
    assert profile.content.decode().count("<polyline") >= 1
