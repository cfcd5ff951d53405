"""The league page: its table, the schedule with results and waits, the seasons; sign-up
through the invitation link; the standings' exports."""

import csv
import io
import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from games.clocks import timecontrol
from games.models import Game
from games.pages.forms import edition_choices
from leagues.models import League, Season
from leagues.services import leagues as services
from tests.helpers import preferences_saved, user_at

from .helpers import ended_with, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def running_season(four, alice):
    """Alice's league, its first season of alice, bob, carol and dave started; two of its four
    games ended with alice first and dave last, then bob, then carol."""
    league = services.league_create(
        user=alice, name="Bean Counters", edition="amigo-1997", players=4, group_size=4
    )
    season = league.seasons.get()
    for user in four:
        services.season_sign_up(season_id=season.id, user=user, token=league.invite_token)
    services.season_start(season_id=season.id, user=alice)
    order = [four[0], four[1], four[2], four[3]]
    for game in Game.objects.filter(league_game__group__season=season).order_by("id")[:2]:
        coins = [10 - order.index(user_at(game, position)) for position in range(4)]
        ended_with(game, coins=coins)
    return season


def page(client, season, **query) -> str:
    url = reverse("leagues:league", args=[season.league_id])
    response = client.get(url, query)
    assert response.status_code == 200
    return response.content.decode()


ROW = re.compile(
    r'data-player="(\w+)">\s*<td class="place">(\d+)</td>.*?class="points">(\d+)<', re.S
)


def table_rows(html: str) -> list[tuple[str, str, str]]:
    """(place, player, points) of the first division's table, top to bottom."""
    body = html.split('id="table-1"')[1].split("</tbody>")[0]
    return [(place, name, points) for name, place, points in ROW.findall(body)]


def test_the_table_shows_order_and_points_and_the_schedule_results_and_waits(
    client, running_season, alice
):
    client.force_login(alice)
    html = page(client, running_season)

    assert table_rows(html) == [
        ("1", "alice", "6"),
        ("2", "bob", "4"),
        ("3", "carol", "2"),
        ("4", "dave", "0"),
    ]
    assert html.count("1. alice (10)") == 2
    assert html.count("waiting for ") == 2
    finished = Game.objects.filter(status=Game.Status.FINISHED, league_game__isnull=False)
    for game in finished:
        assert reverse("games:game", args=[game.id]) in html


def test_the_table_sorts_by_a_column(client, running_season, alice):
    client.force_login(alice)
    html = page(client, running_season, sort="name")
    by_name = [name for _, name, _ in table_rows(html)]
    assert by_name == ["alice", "bob", "carol", "dave"]

    html = page(client, running_season, sort="points")
    assert [name for _, name, _ in table_rows(html)][0] == "alice"
    assert table_rows(page(client, running_season, sort="nonsense"))[0][1] == "alice"


def test_a_private_league_is_seen_by_its_players_and_through_its_invitation_link(
    client, running_season, django_user_model
):
    league = running_season.league
    stranger = django_user_model.objects.create_user(username="erin", email="erin@example.com")
    client.force_login(stranger)
    url = reverse("leagues:league", args=[league.id])

    assert client.get(url).status_code == 404
    invited = client.get(reverse("leagues:invite", args=[league.id, league.invite_token]))
    assert invited.status_code == 200 and "Bean Counters" in invited.content.decode()
    assert client.get(reverse("leagues:standings_csv", args=[running_season.id])).status_code == 404


def test_a_refused_sign_up_through_the_invitation_shows_the_league_and_the_reason(
    client, running_season, django_user_model
):
    league = running_season.league
    stranger = django_user_model.objects.create_user(username="erin", email="erin@example.com")
    client.force_login(stranger)

    response = client.post(
        reverse("leagues:sign_up", args=[running_season.id]),
        {"token": league.invite_token},
        follow=True,
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert "Bean Counters" in page and 'class="error"' in page
    assert not running_season.entries.filter(user=stranger).exists()


def test_a_player_signs_up_through_the_invitation_link(client, alice, bob):
    league = services.league_create(
        user=alice, name="Beans", edition="amigo-1997", players=3, group_size=3, promoted=1
    )
    client.force_login(bob)
    html = client.get(reverse("leagues:invite", args=[league.id, league.invite_token])).content
    assert b'id="sign-up"' in html
    season = league.seasons.get()

    response = client.post(
        reverse("leagues:sign_up", args=[season.id]), {"token": league.invite_token}, follow=True
    )

    assert "You have signed up." in response.content.decode()
    assert season.entries.filter(user=bob).exists()
    again = client.post(reverse("leagues:sign_up", args=[season.id]), {"token": "x"}, follow=True)
    assert "signed up for this season already" in again.content.decode()


def test_bad_input_gets_a_message_or_not_found_never_an_error(client, alice, bob):
    client.force_login(alice)
    assert client.post(reverse("leagues:sign_up", args=[999])).status_code == 404
    assert client.get(reverse("leagues:league", args=[999])).status_code == 404
    response = client.post(
        reverse("leagues:leagues"),
        {
            "name": "x",
            "edition": "amigo-1997",
            "players": 4,
            "group_size": 3,
            "time_control": "daily",
            "vacation_days": 7,
            "promoted": 1,
        },
    )
    assert response.status_code == 400
    assert "from 4 to 8 players" in response.content.decode()
    assert not League.objects.exists()
    league = services.league_create(
        user=alice, name="Beans", edition="amigo-1997", players=3, group_size=3, promoted=1
    )
    season = league.seasons.get()
    services.season_sign_up(season_id=season.id, user=bob, token=league.invite_token)
    client.force_login(bob)
    start = client.post(reverse("leagues:start", args=[league.seasons.get().id]), follow=True)
    assert "organiser can start its season" in start.content.decode()
    assert league.seasons.get().status == Season.Status.SIGNUP
    past = client.get(reverse("leagues:league", args=[league.id]), {"season": "7"})
    assert past.status_code == 404


def test_a_league_is_started_from_its_form(client, alice):
    client.force_login(alice)
    form = client.get(reverse("leagues:leagues")).content.decode()
    # A radio button each, the whole name beside it: on a phone a select cut them short.
    for field, choices in (("edition", edition_choices()), ("time_control", timecontrol.choices())):
        for _key, name in choices:
            whole = re.escape(escape(str(name)))
            assert re.search(rf'<input type="radio" name="{field}"[^>]*>\s*{whole}</label>', form)
    response = client.post(
        reverse("leagues:leagues"),
        {
            "name": "Friday beans",
            "edition": "rio-grande",
            "players": 5,
            "group_size": 5,
            "time_control": "relaxed",
            "vacation_days": 3,
            "promoted": 1,
        },
        follow=True,
    )

    league = League.objects.get()
    assert (league.organiser, league.players, league.vacation_days) == (alice, 5, 3)
    assert 'id="invite-link"' in response.content.decode()
    assert "Season 1" in response.content.decode()


def test_a_season_named_by_its_number_reads_in_each_players_language(client, running_season, alice):
    client.force_login(alice)
    page = reverse("leagues:league", args=[running_season.league_id])
    assert "Season 1" in client.get(page).content.decode()

    running = Game.objects.filter(
        league_game__group__season=running_season, status=Game.Status.RUNNING
    ).first()
    board = reverse("games:game", args=[running.id])
    number = running.league_game.number
    english = f"Bean Counters, Season 1, division 1, game {number}"
    assert english in client.get(board).content.decode()

    preferences_saved(client, language="it", time_zone="Europe/Rome")

    html = client.get(page).content.decode()
    assert "Stagione 1" in html and "Season 1" not in html
    # The league's games too, on their pages and in the lists of games.
    named = f"Bean Counters, Stagione 1, divisione 1, partita {number}"
    assert named in client.get(board).content.decode()
    assert named in client.get(reverse("games:home")).content.decode()


def test_the_standings_export_as_csv_and_json(client, running_season, alice):
    client.force_login(alice)
    as_csv = client.get(reverse("leagues:standings_csv", args=[running_season.id]))
    as_json = client.get(reverse("leagues:standings_json", args=[running_season.id])).json()

    rows = list(csv.DictReader(io.StringIO(as_csv.content.decode())))
    assert [(r["player"], r["place"], r["points"]) for r in rows] == [
        ("alice", "1", "6"),
        ("bob", "2", "4"),
        ("carol", "3", "2"),
        ("dave", "4", "0"),
    ]
    assert as_json["season"] == "Season 1" and as_json["rows"][0]["played"] == 2


def test_the_league_page_keeps_a_pinned_number_of_queries(
    client, running_season, alice, django_assert_max_num_queries
):
    client.force_login(alice)
    with django_assert_max_num_queries(14):
        page(client, running_season)


def test_a_profile_names_a_private_league_only_to_its_players(client, running_season, bob):
    url = reverse("leagues:player", args=[bob.pk])
    assert ">Bean Counters</a>" not in client.get(url).content.decode()

    client.force_login(bob)
    html = client.get(url).content.decode()

    assert 'id="current-leagues"' in html and ">Bean Counters</a>" in html


def test_a_profile_lists_a_game_only_for_its_link_by_name_only_to_its_players(
    client, alice, bob, carol, dave
):
    game = started([alice, bob, carol, dave])
    Game.objects.filter(pk=game.pk).update(is_open=False, name="Secret table", name_words=None)
    ended_with(Game.objects.get(pk=game.pk), [3, 2, 1, 0])
    url = reverse("leagues:player", args=[alice.pk])

    outside = client.get(url).content.decode()
    client.force_login(bob)
    inside = client.get(url).content.decode()

    assert "Secret table" not in outside and "A private game" in outside
    assert f'href="{reverse("games:game", args=[game.id])}"' not in outside
    assert ">Secret table</a>" in inside


def test_junk_numbers_in_league_and_profile_addresses_are_not_found_or_ignored(
    client, running_season
):
    league = running_season.league
    client.force_login(league.organiser)
    for season in ("²", "9" * 5000, "-1"):
        response = client.get(reverse("leagues:league", args=[league.id]), {"season": season})
        assert response.status_code == 200  # the running season, as without the parameter
    assert client.get(f"/players/{'9' * 19}/").status_code == 404
    assert client.get(f"/players/{'9' * 40}/").status_code == 404
