"""While Redis is away the site goes on: a signed-in player's pages, polls and moves answer from
the database, and what needs a count says what it does without one."""

import logging
import socket

import pytest
from django.urls import reverse

from bohnanza_site import shared_cache
from botapi import ratelimit
from games.models import Move
from mailplay import services as mailplay
from tests.games.helpers import front_plant, post_move
from tests.helpers import poll_address, user_at

pytestmark = pytest.mark.django_db


def _closed_port() -> int:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return free.getsockname()[1]  # closed again when this returns: nothing listens there


@pytest.fixture
def redis_away(settings):
    """The shared cache and the sessions as production has them, on a Redis that is not there."""
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "bohnanza_site.shared_cache.SharedCache",
            "LOCATION": f"redis://127.0.0.1:{_closed_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        },
    }
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"


def test_a_signed_in_player_reads_polls_and_moves_while_redis_is_away(
    client, started_game, redis_away, caplog
):
    client.force_login(user_at(started_game, started_game.state["active"]))
    caplog.set_level(logging.WARNING, logger="bohnanza_site.shared_cache")

    page = client.get(reverse("games:game", args=[started_game.id]))
    assert page.status_code == 200
    poll = poll_address(page.content.decode())
    assert client.get(poll, HTTP_HX_REQUEST="true").status_code == 204
    seat, plant = front_plant(started_game)
    response = post_move(client, started_game, plant, started_game.seq, HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert Move.objects.filter(game=started_game, seq=started_game.seq + 1).exists()
    assert started_game.seats.get(position=seat).last_seen_at is not None
    # Asked, then left alone for a while: a line in the log every RETRY_AFTER s, not one a call.
    said = [r.created for r in caplog.records if "Redis does not answer" in r.getMessage()]
    assert said
    assert all(b - a >= shared_cache.RETRY_AFTER for a, b in zip(said, said[1:], strict=False))


def test_without_redis_a_bot_api_token_is_let_through_uncounted(redis_away, settings):
    settings.BOTAPI_RATE_LIMIT = "1/60"

    assert [ratelimit.retry_after(token_id=7) for _ in range(3)] == [None, None, None]


def test_without_redis_a_mail_reply_is_answered_uncounted(redis_away, settings):
    settings.MAIL_REPLY_ANSWERS_PER_HOUR = 1

    assert [mailplay._may_answer("bob@example.com") for _ in range(3)] == [True, True, True]
