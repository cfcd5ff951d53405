"""A real worker renders the board of an open page ahead of its poll, through Redis: the page's
own process then serves it without rendering."""

import re
from html import unescape

import pytest
import redis
from django.test.signals import template_rendered
from django.urls import reverse

from bench.async_infra import wait_until
from bohnanza_site import settings as site_settings
from games.models import Profile

from .conftest import REDIS_URL
from .helpers import play, started_game, state, user_at, users

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_worker_renders_an_open_pages_board_ahead_and_its_poll_serves_it(
    workers, smtp, client, settings
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
    page = client.get(reverse("games:game", args=[game.id])).content.decode()
    [poll] = re.findall(r'hx-get="([^"]*/poll/[^"]*seen=[^"]*)"', page)
    poll = unescape(poll)
    assert client.get(poll, HTTP_HX_REQUEST="true").status_code == 204  # his page is open

    moved = play(game, active, {"kind": "plant", "card": state(game).hands[active][0], "field": 0})
    # The worker's board for Bob's seat after that move, in his language and zone.
    version = f"{moved.game.seq}:{moved.game.updated_at.timestamp()}"
    pattern = f"*:board:*:{game.id}:{version}:{bob}:de:Europe/Berlin"
    shared = redis.Redis.from_url(REDIS_URL)
    wait_until(lambda: shared.keys(pattern), 20, what="the worker to render Bob's board")
    rendered = []

    def seen(sender, template, **kwargs):
        rendered.append(template.name)

    template_rendered.connect(seen)
    try:
        answer = client.get(poll, HTTP_HX_REQUEST="true")
    finally:
        template_rendered.disconnect(seen)

    assert answer.status_code == 200
    assert "board" not in rendered
    assert "Feld 1" in answer.content.decode()
    assert "presence0board0placeholder" not in answer.content.decode()
