"""The replay of a finished game, scrubbed by the keyboard, the slider and the play button: each
step is fetched as a partial, and the address follows it, so the back button steps back."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tests.games.helpers import play_until
from tests.helpers import make_user, started

from .helpers import serious_accessibility_violations, session_cookie, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def replay_page(browser, cookie: dict, javascript: bool = True) -> Page:
    context = browser.new_context(
        viewport={"width": 1200, "height": 900}, java_script_enabled=javascript
    )
    context.add_cookies([cookie])
    return context.new_page()


def shown(page: Page, seq: int) -> None:
    expect(page.locator(f'#replay-step[data-seq="{seq}"]')).to_be_attached()
    expect(page.locator("#replay-seq")).to_have_value(str(seq))
    assert page.url.endswith(f"?seq={seq}")


def test_the_replay_steps_by_keys_slider_and_play_with_one_partial_a_step(
    live_server, browser, fast_site
):
    cookie = session_cookie(live_server.url, "alice")
    alice = get_user_model().objects.get(username="alice")
    # The current rules' game is the shortest of three players.
    game = started([alice, make_user("bob"), make_user("carol")], edition="amigo-classic")
    game = play_until(game, lambda state: state.over)
    page = replay_page(browser, cookie)
    fetched = []
    page.on("request", lambda request: fetched.append(request))
    history = f"{live_server.url}/games/{game.id}/history/"
    page.goto(f"{history}?seq=0")
    expect(page.locator("#replay-play")).to_be_visible()
    assert serious_accessibility_violations(page) == []
    page.locator("h1").click()  # the keys are the page's wherever the focus is not in a field

    steps = [
        (lambda: page.keyboard.press("ArrowRight"), 1),
        (lambda: page.keyboard.press("End"), game.seq),
        (lambda: page.keyboard.press("Home"), 0),
        (lambda: page.locator("#replay-seq").fill("40"), 40),
        (lambda: page.keyboard.press("ArrowRight"), 41),  # the slider's own key, on the slider
        (lambda: page.locator("#replay-back").click(), 40),
    ]
    for act, seq in steps:
        act()
        shown(page, seq)
    expect(page.locator("#replay-at")).to_contain_text(f"Move 40 of {game.seq}")
    page.go_back()
    shown(page, 41)
    page.go_back()
    shown(page, 40)
    replay_requests = [request for request in fetched if request.url.startswith(history)]
    assert replay_requests[0].resource_type == "document"
    assert len(replay_requests) == 1 + len(steps)  # the steps gone back to were kept
    for request in replay_requests[1:]:
        assert request.resource_type == "xhr" and request.headers.get("hx-request") == "true"
    # A step whose copy the browser no longer keeps (it keeps the last ten) is asked for afresh.
    page.evaluate("sessionStorage.removeItem('htmx-history-cache')")
    page.go_back()
    shown(page, 0)
    expect(page.locator("#replay-play")).to_be_visible()
    expect(page.locator("#replay-go")).to_be_hidden()
    for _ in range(3):  # quicker than the steps come: each key counts on from the last
        page.keyboard.press("ArrowRight")
    shown(page, 3)
    shoot(page, "replay-desktop")

    page.goto(f"{history}?seq={game.seq - 2}")
    page.set_viewport_size(PHONE)
    page.locator("h1").click()
    walked_back = page.evaluate("history.length")
    page.keyboard.press(" ")
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "true")
    shown(page, game.seq - 1)
    shown(page, game.seq)  # and there it stops
    assert page.evaluate("history.length") == walked_back  # played steps replace the address
    expect(page.locator("#replay-play")).to_have_text("Play")
    page.keyboard.press(" ")  # from the start again
    shown(page, 1)
    page.keyboard.press(" ")
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
    paused_at = page.locator("#replay-step").get_attribute("data-seq")
    page.wait_for_timeout(800)
    assert page.locator("#replay-step").get_attribute("data-seq") == paused_at
    shoot(page, "replay-phone")

    # Without JavaScript: the log's numbers and the replay's links are plain links.
    plain = replay_page(browser, cookie, javascript=False)
    plain.goto(f"{live_server.url}/games/{game.id}/log/")
    plain.get_by_role("link", name="Move 7", exact=True).first.click()
    expect(plain.locator('#replay-step[data-seq="7"]')).to_be_attached()
    expect(plain.locator("#replay-play")).to_be_hidden()
    plain.locator("#replay-forward").click()
    expect(plain.locator('#replay-step[data-seq="8"]')).to_be_attached()
    assert plain.url.endswith("?seq=8")


def test_the_replay_steps_and_plays_a_turn_at_a_time(live_server, browser, fast_site):
    cookie = session_cookie(live_server.url, "alice")
    alice = get_user_model().objects.get(username="alice")
    game = started([alice, make_user("bob"), make_user("carol")], edition="amigo-classic")
    game = play_until(game, lambda state: state.over)
    starts = list(game.snapshots.order_by("seq").values_list("seq", flat=True))
    page = replay_page(browser, cookie)
    page.goto(f"{live_server.url}/games/{game.id}/history/?seq={starts[2] + 1}")

    page.locator("#replay-turn-forward").click()
    shown(page, starts[3])
    page.locator("#replay-turn-back").click()
    shown(page, starts[2])
    page.locator("#replay-turn-back").click()
    shown(page, starts[1])
    expect(page.locator("#replay-turn")).to_have_value(str(starts[1]))

    # Played a turn a step: from one turn's start to the next's, not move by move.
    page.locator("#replay-by-turn").check()
    page.locator("#replay-play").click()
    shown(page, starts[2])
    shown(page, starts[3])
    page.locator("#replay-play").click()
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
