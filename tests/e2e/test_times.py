"""A game page shows its times as every other page of the site and every mail do, as the server
writes them for the reader (no script words them again as the browser would): in twenty-four
hours, the site's English being British English, German as the site's German format."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.helpers import make_user, started

from .helpers import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_english_game_page_shows_its_times_as_the_rest_of_the_site(live_server, browser):
    page = logged_in(browser, live_server.url, "alice")
    alice = get_user_model().objects.get(username="alice")
    game = started([alice, make_user("bob"), make_user("carol")])

    page.goto(f"{live_server.url}/games/{game.id}/")

    expect(page.locator("section.log time").first).to_be_visible()
    hours = page.locator("section.log time").all_inner_texts()
    assert hours and all(re.fullmatch(r"\d\d:\d\d", hour) for hour in hours), hours
    # A deadline as the site's format writes it: "Sun 6 Dec, 21:33 UTC".
    days = page.locator("time[data-countdown]").all_inner_texts()
    assert days and all(re.fullmatch(r"\w{3} \d{1,2} \w{3}, \d\d:\d\d UTC", day) for day in days)
    assert not re.search(r"\b[AP]M\b", page.locator("body").inner_text())
    page.context.close()


def test_a_german_game_page_shows_its_deadlines_as_the_server_wrote_them(live_server, browser):
    page = logged_in(browser, live_server.url, "alice", language="de", zone="Europe/Berlin")
    alice = get_user_model().objects.get(username="alice")
    game = started([alice, make_user("bob"), make_user("carol")])

    written = page.request.get(f"{live_server.url}/games/{game.id}/").text()
    page.goto(f"{live_server.url}/games/{game.id}/")

    expect(page.locator("time[data-countdown]").first).to_be_visible()
    shown = page.locator("time[data-countdown]").all_inner_texts()
    assert shown == re.findall(r"<time datetime=\"[^\"]+\" data-countdown>([^<]+)</time>", written)
    page.context.close()
