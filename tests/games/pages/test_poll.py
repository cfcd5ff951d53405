"""The poll of an open game page: 204 while nothing changed, the board when something did."""

import pytest
from django.db import connection
from django.urls import reverse

from games import presence
from games.services.chat import chat_post
from games.services.moves import move_submit
from tests.games.helpers import CacheDown, front_plant
from tests.helpers import poll_address, user_at

pytestmark = pytest.mark.django_db


def test_the_poll_answers_204_with_one_query_while_nothing_changed(
    client, started_game, django_assert_num_queries
):
    client.force_login(user_at(started_game, 0))
    url = reverse("games:poll", args=[started_game.id]) + f"?since={started_game.seq}&chat=0"
    with django_assert_num_queries(1):
        response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 204


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="a server connection that breaks: PostgreSQL only"
)
@pytest.mark.django_db(transaction=True)
def test_the_poll_answers_after_the_database_connection_broke(client, started_game):
    """The poll skips the connection's own health check: its query is the check, and a
    broken connection is replaced instead of answering with an error."""
    client.force_login(user_at(started_game, 0))
    url = reverse("games:poll", args=[started_game.id]) + f"?since={started_game.seq}&chat=0"
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    connection.connection.close()  # as a database restart leaves a kept connection

    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    assert connection.is_usable()


def test_the_poll_answers_and_marks_the_page_open_while_the_shared_cache_is_down(
    client, started_game, monkeypatch
):
    client.force_login(user_at(started_game, 0))
    page = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    url = poll_address(page)

    monkeypatch.setattr(presence, "cache", CacheDown())

    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    assert started_game.seats.get(position=0).last_seen_at is not None


@pytest.mark.parametrize("junk", ["x", "1:" + "a" * 43 + "%00", "²:" + "a" * 43, "9" * 500])
def test_a_poll_with_a_junk_presence_token_answers_and_marks_nothing(client, started_game, junk):
    url = (
        reverse("games:poll", args=[started_game.id])
        + f"?since={started_game.seq}&chat=0&seen={junk}"
    )
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    assert not started_game.seats.filter(last_seen_at__isnull=False).exists()


def test_an_open_pages_poll_writes_its_presence_only_now_and_then(
    client, started_game, django_assert_num_queries
):
    client.force_login(user_at(started_game, 0))
    page = client.get(reverse("games:game", args=[started_game.id])).content.decode()
    url = poll_address(page)
    with django_assert_num_queries(2):  # the changes, and the presence
        assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    with django_assert_num_queries(1):
        assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204


def test_the_poll_returns_the_board_when_a_move_was_made(client, started_game):
    active, action = front_plant(started_game)
    move_submit(
        game_id=started_game.id, user=user_at(started_game, active), action=action, expected_seq=0
    )
    client.force_login(user_at(started_game, active))
    response = client.get(
        reverse("games:poll", args=[started_game.id]) + "?since=0&chat=0", HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert 'data-seq="1"' in response.content.decode()


def test_the_poll_returns_the_board_when_someone_chatted(client, started_game):
    chat_post(
        game_id=started_game.id, user=user_at(started_game, 1), text="Blue for chili, anyone?"
    )
    client.force_login(user_at(started_game, 0))
    response = client.get(
        reverse("games:poll", args=[started_game.id]) + "?since=0&chat=0", HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "Blue for chili, anyone?" in response.content.decode()


def test_a_changed_poll_keeps_a_pinned_number_of_queries(
    client, started_game, django_assert_max_num_queries
):
    client.force_login(user_at(started_game, 0))
    # Not an htmx request, so the whole page: the game page's queries and the changes.
    with django_assert_max_num_queries(8):
        response = client.get(reverse("games:poll", args=[started_game.id]) + "?since=-1")
    assert response.status_code == 200


@pytest.mark.parametrize("game_id", [123456, 2**31 + 5, 10**30])
def test_a_poll_for_a_game_that_does_not_exist_gets_a_404(client, game_id):
    assert client.get(f"/games/{game_id}/poll/?since=0&chat=0").status_code == 404
