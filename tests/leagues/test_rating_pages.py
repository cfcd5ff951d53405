"""The leaderboard per pool, its exports, and the player profile."""

import csv
import io
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Move
from games.services.profiles import profile_get_or_create
from leagues.models import RatingChange, SeatResult
from leagues.pools import LEADERBOARD_MIN_GAMES
from tests.helpers import user_at

from .helpers import ended_with, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def season_of_games(alice, bob, carol, dave):
    """Alice, bob and carol play LEADERBOARD_MIN_GAMES 3-player games, and alice wins each;
    dave plays one game of four with them, not enough to be listed; alice is last in it."""
    for _ in range(LEADERBOARD_MIN_GAMES):
        game = started([alice, bob, carol])
        coins = [9 if user_at(game, position) == alice else 4 for position in range(3)]
        ended_with(game, coins=coins)
    game = started([dave, alice, bob, carol])
    ended_with(game, coins=[0 if user_at(game, p) == alice else 3 + p for p in range(4)])


def test_the_leaderboard_lists_players_with_enough_games_best_first_with_ties_shared(
    client, season_of_games
):
    response = client.get(reverse("leagues:ratings", args=["bohnanza-3"]))

    html = response.content.decode()
    assert response.status_code == 200
    assert html.index(">alice<") < html.index(">bob<") and ">carol<" in html
    assert "1500 + 50 × (μ − 3σ)" in html
    rows = html.split("<tbody>")[1].split("<tr>")[1:]
    assert [row.split("<td>")[1].split("<")[0] for row in rows] == ["1", "2", "2"]
    assert "example.com" not in html


def test_a_player_with_too_few_games_is_not_on_the_leaderboard(client, season_of_games):
    html = client.get(reverse("leagues:ratings", args=["bohnanza-4-5"])).content.decode()

    assert ">dave<" not in html and "Nobody has played enough" in html


def test_the_leaderboard_exports_as_csv_and_json(client, season_of_games):
    as_csv = client.get(reverse("leagues:ratings_csv", args=["bohnanza-3"]))
    as_json = client.get(reverse("leagues:ratings_json", args=["bohnanza-3"])).json()

    rows = list(csv.DictReader(io.StringIO(as_csv.content.decode())))
    assert as_csv["Content-Type"].startswith("text/csv")
    assert [(row["name"], row["place"], row["games"]) for row in rows] == [
        ("alice", "1", "5"),
        ("bob", "2", "5"),
        ("carol", "2", "5"),
    ]
    assert [row["name"] for row in as_json["rows"]] == ["alice", "bob", "carol"]
    assert as_json["rows"][0]["value"] == int(rows[0]["value"]) > 1500


def test_an_unknown_pool_or_player_is_not_found(client, alice):
    assert client.get(reverse("leagues:ratings", args=["chess"])).status_code == 404
    # Bohnaparte has no game of two: no such pool.
    assert client.get(reverse("leagues:ratings", args=["bohnaparte-2"])).status_code == 404
    assert client.get(reverse("leagues:ratings_csv", args=["chess"])).status_code == 404
    assert client.get(reverse("leagues:player", args=[alice.pk + 99])).status_code == 404


def test_the_profile_shows_results_reliability_and_the_rating_chart(
    client, season_of_games, alice, bob, carol
):
    game = started([alice, bob, carol])
    seat = game.seats.get(user=alice)
    for seq, actor in enumerate(["player", "player", "system", "player", "bot"], start=1):
        Move.objects.create(game=game, seq=seq, seat=seat, actor=actor, kind="x", payload={})
    ended_with(game, coins=[0 if user_at(game, p) == alice else 5 for p in range(3)])

    html = client.get(reverse("leagues:player", args=[alice.pk])).content.decode()

    assert '<dd id="played">7</dd>' in html
    assert '<dd id="win-rate">71 %</dd>' in html  # five wins of seven
    # One move of four the site made for her (the bot's move is not hers).
    assert '<dd id="timeouts">25.0</dd>' in html
    assert html.count("<polyline") == 2  # 3-player and 4-player pools
    assert "6 rated games" in html
    assert "example.com" not in html
    recent = html.split('id="recent-games"')[1]
    assert recent.count('href="/games/') == 7  # the recent games, each linked


def test_the_profile_keeps_a_pinned_number_of_queries(
    client, season_of_games, alice, django_assert_max_num_queries
):
    with django_assert_max_num_queries(7):
        client.get(reverse("leagues:player", args=[alice.pk]))


def chart_of(html: str) -> str:
    """The first rating chart's picture."""
    return re.search(r'<svg class="chart".*?</svg>', html, re.S).group()


def test_the_rating_chart_has_a_value_axis_and_dates_in_the_readers_zone_and_language(
    client, season_of_games, alice
):
    # The games ended an hour before midnight in Greenwich, a day later in New Zealand.
    first = datetime(2026, 3, 1, 23, 0, tzinfo=UTC)
    changes = RatingChange.objects.filter(user=alice, pool="bohnanza-3").order_by("rated_at")
    for day, change in enumerate(changes):
        RatingChange.objects.filter(pk=change.pk).update(rated_at=first + timedelta(days=day))
    profile = profile_get_or_create(user=alice)
    profile.language, profile.time_zone = "de", "Pacific/Auckland"
    profile.save()
    client.force_login(alice)

    chart = chart_of(client.get(reverse("leagues:player", args=[alice.pk])).content.decode())

    dates = re.findall(r'<tspan class="chart-date">([^<]*)</tspan>', chart)
    assert dates == ["2 Mär 2026", "4 Mär 2026", "6 Mär 2026"]  # first, middle and last game
    values = [int(v) for v in re.findall(r'text-anchor="end" class="chart-label">(\d+)<', chart)]
    history = [changes[0].value_before, *(change.value for change in changes)]
    assert len(values) >= 3 and min(values) <= min(history) and max(values) >= max(history)
    steps = {b - a for a, b in zip(values, values[1:], strict=False)}
    assert len(steps) == 1 and steps.pop() in {1, 2, 5, 10, 20, 50, 100, 200, 500}


def test_each_point_of_the_rating_chart_opens_its_game_and_a_table_says_the_same(
    client, season_of_games, alice, dave
):
    private = RatingChange.objects.filter(user=alice, pool="bohnanza-3").order_by("rated_at")[2]
    Game.objects.filter(pk=private.game_id).update(is_open=False)
    client.force_login(dave)  # who did not sit at the private game

    html = client.get(reverse("leagues:player", args=[alice.pk])).content.decode()

    changes = RatingChange.objects.filter(user=alice, pool="bohnanza-3").order_by("rated_at")
    linked = re.findall(
        r'<a href="/games/(\d+)/" tabindex="-1" class="chart-link">', chart_of(html)
    )
    assert linked == [str(c.game_id) for c in changes if c.game_id != private.game_id]
    table = html.split('<details class="chart-table">')[1].split("</details>")[0]
    rows = table.split("<tbody>")[1].split("<tr>")[1:]
    assert len(rows) == len(changes)
    for change, row in zip(changes, rows, strict=True):
        change_text = f"{change.value} ({change.value - change.value_before:+d})"
        assert change_text in row
        if change.game_id == private.game_id:
            assert "A private game" in row and "/games/" not in row
        else:
            assert f'href="/games/{change.game_id}/"' in row


def test_games_of_one_day_put_their_date_once_under_the_rating_chart(
    client, season_of_games, alice
):
    html = client.get(reverse("leagues:player", args=[alice.pk])).content.decode()

    dates = re.findall(r'<tspan class="chart-date">([^<]*)</tspan>', chart_of(html))
    assert len(dates) == 1


def test_the_leaderboard_says_it_lists_the_best_hundred_and_the_downloads_everyone(
    client, season_of_games
):
    html = client.get(reverse("leagues:ratings", args=["bohnanza-3"])).content.decode()

    assert "The best 100 players are listed here; the downloads below list everyone." in html


def test_the_profile_averages_coins_and_victory_points_apart(client, alice, bob, carol):
    now = timezone.now()
    for edition, score in (("amigo-1997", 12), ("amigo-1997", 10), ("bohnaparte", 4)):
        game = started([alice, bob, carol], edition=edition)
        position = game.seats.get(user=alice).position
        SeatResult.objects.create(
            game=game, position=position, user=alice, place=1, score=score, finished_at=now
        )

    html = client.get(reverse("leagues:player", args=[alice.pk])).content.decode()

    assert '<dd id="average-coins">11.0</dd>' in html
    assert '<dd id="average-points">4.0</dd>' in html


def test_an_account_made_without_a_name_shows_no_part_of_its_address(client, django_user_model):
    made = django_user_model.objects.create_user(username="ada-l", email="lovelace@example.com")
    profile_get_or_create(user=made)  # as their first game or setting makes it

    html = client.get(reverse("leagues:player", args=[made.pk])).content.decode()

    assert "ada-l" in html
    assert "lovelace" not in html
