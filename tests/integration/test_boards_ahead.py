"""A real worker renders the board of an open page ahead of its poll, through Redis: the page's
own process then serves it without rendering."""

import pytest
import redis
from django.urls import reverse

from bench.async_infra import wait_until
from bohnanza_site import settings as site_settings
from games.models import Profile
from tests.helpers import poll_address

from .conftest import REDIS_URL
from .helpers import play, started_game, state, user_at, users

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_worker_renders_an_open_pages_board_ahead_and_its_poll_serves_it(
    workers, smtp, client, settings, templates_rendered
):
    # The shared cache and the setting as the site has them (the tests' own cache is local).
    settings.CACHES = {**settings.CACHES, "default": site_settings.CACHES["default"]}
    settings.BOARDS_RENDER_AHEAD = True
    workers()
    game = started_game(users(3))
    active = state(game).active
    bob = (active + 1) % 3
    Profile.objects.filter(user=user_at(game, bob)).update(language="de", time_zone="Europe/Berlin")
    client.force_login(user_at(game, bob))
    poll = poll_address(client.get(reverse("games:game", args=[game.id])).content.decode())
    assert client.get(poll, HTTP_HX_REQUEST="true").status_code == 204  # his page is open

    moved = play(game, active, {"kind": "plant", "card": state(game).hands[active][0], "field": 0})
    # The worker's board for Bob's seat after that move, in his language and zone.
    version = f"{moved.game.seq}:{moved.game.updated_at.timestamp()}"
    pattern = f"*:board:*:{game.id}:{version}:{bob}:de:Europe/Berlin"
    shared = redis.Redis.from_url(REDIS_URL)
    wait_until(lambda: shared.keys(pattern), 20, what="the worker to render Bob's board")
    templates_rendered.clear()
    answer = client.get(poll, HTTP_HX_REQUEST="true")

    assert answer.status_code == 200
    assert "board" not in templates_rendered
    assert "Feld 1" in answer.content.decode()
    assert "presence0board0placeholder" not in answer.content.decode()
