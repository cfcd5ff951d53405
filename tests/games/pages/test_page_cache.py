"""Game pages kept by the version of their game: cheap to load again, never out of date."""

import re
from urllib.parse import unquote

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import presence
from games.services.chat import chat_post
from games.services.moves import move_submit
from games.services.vacations import vacation_start
from tests.games.helpers import awaited, card_ids_in
from tests.helpers import state_of, user_at

pytestmark = pytest.mark.django_db


def load(client, game) -> str:
    response = client.get(reverse("games:game", args=[game.id]))
    assert response.status_code == 200
    return response.content.decode()


def seq_shown(html: str) -> int:
    return int(re.search(r'id="board" class="board" data-seq="(\d+)"', html)[1])


def test_a_page_loaded_again_costs_the_session_and_one_small_query(client, started_game):
    client.force_login(user_at(started_game, 0))
    first = load(client, started_game)

    with CaptureQueriesContext(connection) as queries:
        again = load(client, started_game)

    # The session is read from the database or, with Redis configured, from the cache.
    beyond_session = [q["sql"] for q in queries if "django_session" not in q["sql"]]
    assert len(beyond_session) == 1, beyond_session  # the game's version
    assert again == first


def test_a_move_made_behind_a_kept_page_shows_at_its_next_load(client, started_game):
    watcher = user_at(started_game, 0)
    client.force_login(watcher)
    before = load(client, started_game)
    position, user, action = awaited(started_game)

    move_submit(
        game_id=started_game.id, user=user, action=action, expected_seq=started_game.seq
    )

    after = load(client, started_game)
    assert seq_shown(before) == 0 and seq_shown(after) == 1
    assert after != before


def test_a_chat_line_and_a_vacation_behind_a_kept_page_show_at_its_next_load(client, started_game):
    position, user, _ = awaited(started_game)
    client.force_login(user)
    load(client, started_game)

    chat_post(
        game_id=started_game.id, user=user_at(started_game, (position + 1) % 3), text="Soy?"
    )
    assert "Soy?" in load(client, started_game)

    due_before = re.search(r'<time datetime="([^"]+)" data-countdown', load(client, started_game))[
        1
    ]
    assert vacation_start(user=user, days=3) == 3
    due_after = re.search(r'<time datetime="([^"]+)" data-countdown', load(client, started_game))[1]
    assert due_after > due_before


def test_each_session_gets_the_shared_board_with_its_own_tokens(started_game):
    player = user_at(started_game, 0)
    first, second = Client(), Client()
    for browser in (first, second):
        browser.force_login(player)
    pages = [load(browser, started_game) for browser in (first, second)]

    for browser, html in zip((first, second), pages, strict=True):
        (seen,) = set(re.findall(r"seen=([^\"&]+)", html))  # in the poll's and the stream's
        session = browser.session.session_key
        assert presence.seat_seen(token=unquote(seen), session_key=session) == started_game.id
        assert "0board0placeholder" not in html
    assert pages[0] != pages[1]


def test_a_spectators_board_never_comes_from_a_seats(client, started_game, dave):
    seated = user_at(started_game, 0)
    client.force_login(seated)
    load(client, started_game)

    spectator = Client()
    spectator.force_login(dave)
    html = load(spectator, started_game)

    hands = {card for hand in state_of(started_game).hands for card in hand}
    assert not card_ids_in(html) & hands
    assert "Your hand" not in html


def test_a_refused_move_and_a_counter_offer_are_rendered_for_their_request_alone(
    client, started_game
):
    active = state_of(started_game).active
    client.force_login(user_at(started_game, (active + 1) % 3))
    refused = client.post(
        reverse("games:move", args=[started_game.id]),
        {"action": '{"kind": "stop_planting"}', "expected_seq": 0},
    ).content.decode()
    assert "Only the active player" in refused

    assert "Only the active player" not in load(client, started_game)
