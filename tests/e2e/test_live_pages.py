"""A move reaches the other players' open pages through the table's stream: at once, and with
no poll in between (the figures are printed: run alone with -s to read them); a seat taken
reaches the lobby page the same way. Where no stream
can be held (a WSGI server answers it 204), the page polls every two seconds as before."""

import statistics
import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games import engine
from games.engine import bots
from games.services.lobby import game_add_bot, game_create, game_start, seat_join
from games.services.moves import move_submit
from tests.helpers import make_user, started, state_of

from .helpers import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
MOVES = 25


def opened(page: Page, url: str) -> list[str]:
    """Open the page once its stream is held; the board requests it makes from then on."""
    with page.expect_response(lambda r: "/stream/" in r.url):
        page.goto(url)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/poll/" in r.url else None)
    return asked


def test_a_move_reaches_another_players_open_page_at_once_without_polling(
    asgi_live_server, browser
):
    page = logged_in(browser, asgi_live_server.url, "bob")
    bob = get_user_model().objects.get(username="bob")
    game = started([make_user("alice"), bob, make_user("carol")])
    asked = opened(page, f"{asgi_live_server.url}/games/{game.id}/")

    # Nothing happens: the page asks for nothing.
    page.wait_for_timeout(4500)
    assert asked == []

    took = []
    for _ in range(MOVES):
        state = state_of(game)
        position = engine.waiting_for(state)[0]
        action = bots.make_bot("heuristic", f"live/{position}").choose(state, position)
        user = game.seats.get(position=position).user
        move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
        moved = time.monotonic()
        game.refresh_from_db()
        page.wait_for_function(
            "seq => document.getElementById('board').dataset.seq === seq", arg=str(game.seq)
        )
        took.append(time.monotonic() - moved)

    p95 = statistics.quantiles(took, n=20)[-1]
    print(
        f"a move on the other page: median {statistics.median(took) * 1000:.0f} ms, "
        f"p95 {p95 * 1000:.0f} ms"
    )
    # Alone on this machine: median some 0.1 s, p95 some 0.15 s (the issue asks 0.3 s at p95);
    # beside the rest of the suite on two cores, median 0.2 s and p95 up to 1 s. A page that
    # polled every two seconds would show a move 1 s late at the median and 1.9 s at p95.
    assert statistics.median(took) <= 0.5 and p95 <= 1.5
    # One board request a move at most, each asked for by the stream.
    assert len(asked) <= MOVES
    page.context.close()


def test_without_a_stream_the_page_polls(live_server, browser):
    page = logged_in(browser, live_server.url, "bob")
    bob = get_user_model().objects.get(username="bob")
    game = started([make_user("alice"), bob, make_user("carol")])
    with page.expect_response(lambda r: "/stream/" in r.url) as stream:
        page.goto(f"{live_server.url}/games/{game.id}/")
    assert stream.value.status == 204

    with page.expect_request(lambda r: "/poll/" in r.url, timeout=5000):
        pass
    page.context.close()


def test_a_seat_taken_shows_on_the_lobby_page_at_once_and_the_start_turns_it_into_the_game(
    asgi_live_server, browser
):
    page = logged_in(browser, asgi_live_server.url, "alice", width=390, height=844)
    alice = get_user_model().objects.get(username="alice")
    game = game_create(user=alice, edition="amigo-classic", players=3, options={})
    with page.expect_response(lambda r: "/stream/" in r.url):
        page.goto(f"{asgi_live_server.url}/games/{game.id}/")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/stream/" not in r.url else None)

    page.wait_for_timeout(3500)  # more than the 3 s the lobby polled every
    assert asked == []
    seat_join(game_id=game.id, user=make_user("bob"))
    joined = time.monotonic()
    expect(page.locator("#lobby .seats")).to_contain_text("bob", timeout=2000)
    took = time.monotonic() - joined
    game_add_bot(game_id=game.id, user=alice)
    expect(page.locator("#lobby .seats")).to_contain_text("Bot", timeout=2000)

    print(f"a seat taken on the lobby page: {took * 1000:.0f} ms, {len(asked)} requests")
    assert took < 1.5 and len(asked) == 2  # one for each change, none timed
    game_start(game_id=game.id, user=alice)
    expect(page.locator("#board")).to_be_visible(timeout=3000)
    page.context.close()
