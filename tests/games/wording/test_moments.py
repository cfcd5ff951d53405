"""Every date and time a reader sees is in one of the site's formats (games/wording/moments.py),
in their language and zone: not Django's own ("Dec. 13, 2026, 9:54 p.m."), and never a second
full stop after a time."""

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from games.models import Game
from games.services.profiles import profile_get_or_create
from games.wording import moments
from leagues.models import SeatResult
from leagues.services import leagues as league_services
from tests.games.helpers import speak, visible_text
from tests.leagues.helpers import ended_with
from tests.leagues.helpers import started as league_table

pytestmark = pytest.mark.django_db

# 20:54 UTC on a Sunday in December: 21:54 in Berlin (CET), 05:54 on the Monday in Tokyo.
CLOSES = datetime(2026, 12, 13, 20, 54, tzinfo=UTC)
# A date or time filter in a template: `|date:"..."`, `|date:_("...")`, `|time:...`.
FILTER = re.compile(r"\|(date|time):(_\(\"[^\"]*\"\)|\"[^\"]*\"|'[^']*')")


def test_every_date_and_time_a_template_shows_is_in_one_of_the_sites_formats():
    allowed = {'"c"', "'c'"} | {f'_("{format_id}")' for format_id in moments.FORMATS.values()}
    # The hour of a line in the game page's log, its day being the log's.
    allowed.add('"H:i"')
    found = {
        (str(path.relative_to(settings.BASE_DIR)), argument)
        for path in (Path(settings.BASE_DIR) / "templates").glob("**/*.*")
        for _kind, argument in FILTER.findall(path.read_text())
    }

    assert {(path, argument) for path, argument in found if argument not in allowed} == set()


@pytest.fixture
def signing_up(alice):
    league = league_services.league_create(
        user=alice, name="Beans", edition="amigo-1997", players=4, group_size=4
    )
    season = league.seasons.get()
    season.signup_closes = CLOSES
    season.save(update_fields=["signup_closes"])
    league_services.season_sign_up(season_id=season.id, user=alice, token=league.invite_token)
    return league


@pytest.mark.parametrize(
    ("language", "zone", "shown"),
    [
        ("en", "Europe/Berlin", "Sign-up is open until Sun 13 Dec 2026, 21:54 CET. 1 player"),
        ("de", "Asia/Tokyo", "Die Anmeldung ist offen bis Mo 14 Dez 2026, 05:54 JST. 1 Spieler"),
    ],
)
def test_a_league_says_when_its_sign_up_closes_in_the_readers_format_and_zone(
    client, alice, signing_up, language, zone, shown
):
    speak(alice, language, zone)
    client.force_login(alice)

    html = client.get(reverse("leagues:league", args=[signing_up.id])).content.decode()
    page = visible_text(html)

    assert shown in " ".join(page.split())


def test_a_season_too_small_to_start_says_how_many_signed_up_in_the_singular(
    client, alice, signing_up
):
    client.force_login(alice)
    season = signing_up.seasons.get()

    response = client.post(reverse("leagues:start", args=[season.id]), follow=True)

    assert "A season needs at least 4 players; 1 has signed up." in response.content.decode()


def test_a_profile_shows_the_day_each_game_ended_as_the_site_writes_a_day(
    client, alice, bob, carol, dave
):
    profile_get_or_create(user=alice)
    game = ended_with(league_table([alice, bob, carol, dave]), coins=[9, 5, 3, 1])
    SeatResult.objects.filter(game=game).update(finished_at=CLOSES)
    Game.objects.filter(pk=game.pk).update(finished_at=CLOSES)
    client.force_login(alice)

    page = client.get(reverse("leagues:player", args=[alice.pk])).content.decode()

    recent = page.split('id="recent-games"')[1].split("</table>")[0]
    assert ">13 Dec 2026</time>" in recent
