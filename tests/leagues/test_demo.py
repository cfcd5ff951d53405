"""The demo set that `make demo` builds (200 players, 1,000 finished rated games, a running
season) and the pages that must keep a pinned number of queries on it, whatever its size."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.models import Game
from leagues.management.commands import leagues_demo
from leagues.models import League, Rating, RatingChange, Season, SeatResult
from leagues.services.demo import SEASON_GROUP, SEASON_PLAYERS

pytestmark = pytest.mark.django_db

# An anonymous visitor's page, read with the same number of queries from a set of one league
# group and 20 games as from a set of two groups and 40 games.
LEAGUE_PAGE_QUERIES = 9
LEADERBOARD_QUERIES = 1
# The profile: its own 6, and the one of the tournaments' section (the player's events).
PROFILE_QUERIES = 7


def test_make_demo_asks_for_200_players_and_1000_finished_games(monkeypatch):
    asked = {}

    def build(**sizes):
        asked.update(sizes)
        return {**sizes, "league": 1}

    monkeypatch.setattr(leagues_demo, "demo_build", build)
    out = io.StringIO()
    call_command("leagues_demo", stdout=out)

    assert asked == {"players": 200, "games": 1000}
    assert "Built 200 players, 1000 finished games and the league at /leagues/1/." in out.getvalue()


@pytest.mark.parametrize(
    ("players", "games"),
    [(SEASON_GROUP, 20), (2 * SEASON_GROUP, 40)],
    ids=["one-group", "two-groups"],
)
def test_the_demo_set_is_built_once_and_its_pages_keep_their_queries(
    client, django_assert_num_queries, players, games
):
    out = io.StringIO()
    call_command("leagues_demo", f"--players={players}", f"--games={games}", stdout=out)
    call_command("leagues_demo", stdout=out)

    assert f"Built {players} players, {games} finished games" in out.getvalue()
    assert "there already" in out.getvalue()
    rated = RatingChange.objects.values("game").distinct().count()
    assert (
        rated
        == games
        + SeatResult.objects.filter(game__league_game__isnull=False)
        .values("game")
        .distinct()
        .count()
    )
    league = League.objects.get(name="Demo League")
    season = league.seasons.get()
    assert season.status == Season.Status.RUNNING
    assert season.entries.count() == min(players, SEASON_PLAYERS)
    assert season.groups.count() == season.entries.count() // SEASON_GROUP
    league_games = Game.objects.filter(league_game__group__season=season)
    assert league_games.filter(status=Game.Status.FINISHED).exists()
    assert league_games.filter(status=Game.Status.RUNNING).exists()
    busiest = Rating.objects.order_by("-games").first()

    with django_assert_num_queries(LEAGUE_PAGE_QUERIES):
        league_page = client.get(reverse("leagues:league", args=[league.id]))
    with django_assert_num_queries(LEADERBOARD_QUERIES):
        board = client.get(reverse("leagues:ratings", args=["bohnanza-4-5"]))
    with django_assert_num_queries(PROFILE_QUERIES):
        profile = client.get(reverse("leagues:player", args=[busiest.user_id]))

    assert league_page.status_code == board.status_code == profile.status_code == 200
    assert league_page.content.decode().count("waiting for ") > 0
    assert board.content.decode().count('href="/players/') >= players // 2
    assert profile.content.decode().count("<polyline") >= 1
