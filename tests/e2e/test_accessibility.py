"""axe-core, run in the browser on the pages a player spends their time on: no serious or
critical finding. (The replay page is checked in test_replay.py, on its finished game.)"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import expect

from games.services.lobby import game_create
from tests.games.helpers import start_trading
from tests.helpers import make_user, started
from tests.leagues.helpers import ended_with
from tests.leagues.helpers import started as rated_table

from .helpers import serious_accessibility_violations, session_cookie, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_the_home_page_a_lobby_a_game_the_preferences_and_a_profile_pass_axe(
    live_server, browser, fast_site
):
    cookie = session_cookie(live_server.url, "alice")
    alice = get_user_model().objects.get(username="alice")
    bob, carol = make_user("bob"), make_user("carol")
    for coins in ([9, 4, 4], [2, 6, 4], [5, 5, 7], [8, 3, 1], [6, 2, 9]):
        ended_with(rated_table([alice, bob, carol]), coins=coins)
    running = started([alice, bob, carol])
    lobby = game_create(user=alice, edition="rio-grande", players=4, options={})
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_cookies([cookie])
    page = context.new_page()
    pages = {
        "home": reverse("games:home"),
        "lobby": reverse("games:game", args=[lobby.id]),
        "game": reverse("games:game", args=[running.id]),
        "preferences": reverse("links:preferences"),
        "profile": reverse("leagues:player", args=[alice.pk]),
    }
    for name, path in pages.items():
        page.goto(f"{live_server.url}{path}")
        assert serious_accessibility_violations(page) == [], name
    start_trading(running)  # the board with the offer builder and its number boxes
    page.goto(f"{live_server.url}{pages['game']}")
    expect(page.locator("#board")).to_contain_text("Trading")
    assert serious_accessibility_violations(page) == [], "game, trading"
    page.goto(f"{live_server.url}{pages['profile']}")

    # The value before the first game, and each game's.
    expect(page.locator("svg.chart circle.chart-point")).to_have_count(6)
    shoot(page, "rating-chart-desktop")
    page.set_viewport_size(PHONE)
    page.locator(".chart-table summary").first.click()
    shoot(page, "rating-chart-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
