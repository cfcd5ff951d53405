"""The game page's offer to tell a player when it is their move, in a browser that allows
notifications or blocks them."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.helpers import started

from .helpers import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

BLOCKED = "Your browser blocks this site's notifications"
# The browser's answer to the page's question, as a player who blocks notifications gives it.
ANSWERS_DENIED = "Notification.requestPermission = () => Promise.resolve('denied');"
DENIED_BEFORE = "Object.defineProperty(Notification, 'permission', {get: () => 'denied'});"


def game_page(live_server, browser, script: str):
    page = logged_in(browser, live_server.url, "alice")
    users = get_user_model().objects
    alice = users.get(username="alice")
    bob = users.create_user(username="bob", email="bob@example.com")
    carol = users.create_user(username="carol", email="carol@example.com")
    game = started([alice, bob, carol])
    page.add_init_script(script)
    page.goto(f"{live_server.url}/games/{game.id}/")
    return page


def test_a_player_who_blocks_notifications_when_asked_reads_why_and_how_to_allow_them(
    live_server, browser
):
    page = game_page(live_server, browser, ANSWERS_DENIED)

    page.locator("#notify").click()

    expect(page.locator(".notify")).to_be_visible()
    expect(page.locator(".notify")).to_contain_text(BLOCKED)


def test_a_player_who_blocked_notifications_before_reads_so_on_the_page(live_server, browser):
    page = game_page(live_server, browser, DENIED_BEFORE)

    expect(page.locator(".notify")).to_be_visible()
    expect(page.locator(".notify")).to_contain_text(BLOCKED)
