"""The reference client (clients/python/): its typed package matches the served v2 schema, and
its two bots, each a process of its own, play a whole game through the API against a live
server: play.py with one of the engine's bots, and the example bot of under 60 lines (SQLite
or PostgreSQL; the site's tasks run in the request that queued them, as in the browser tests'
`fast_site`)."""

import os
import subprocess
import sys
import typing

import pytest
from django.core.signals import request_started

from games.models import Game, Move
from tests.botapi.helpers import bot_table

CLIENTS = os.path.join(os.path.dirname(__file__), "..", "..", "clients", "python")
sys.path.insert(0, CLIENTS)

from bohnanza_bot import models  # noqa: E402


def test_each_type_of_the_package_is_its_schema_components(client):
    """An action has every key of its kind; an answer, keys of the schema's only."""
    components = client.get("/api/v2/openapi.json").json()["components"]["schemas"]
    typed = {
        name: kind
        for name, kind in vars(models).items()
        if isinstance(kind, type) and typing.is_typeddict(kind)
    }
    assert len([name for name in typed if name.endswith("Action")]) >= 10
    for name, kind in typed.items():
        keys, schemas = set(kind.__annotations__), set(components[name]["properties"])
        assert keys == schemas if name.endswith("Action") else keys <= schemas, name


def played(site: str, token: str, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *arguments, "--site", site, "--token", token, "--until-done"],
        capture_output=True,
        text=True,
        timeout=240,
        env={k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
    )


@pytest.mark.django_db(transaction=True)
def test_the_reference_client_plays_a_whole_game_and_a_person_sees_its_moves(
    live_server, robo, client, alice, settings
):
    settings.BOTAPI_RATE_LIMIT = "100000/60"
    user, token = robo
    game = bot_table(user, level="normal")
    seat = game.seats.get(user=user)

    run = played(live_server.url, token, os.path.join(CLIENTS, "play.py"), "--bot", "normal")

    assert run.returncode == 0, run.stderr
    assert "refused" not in run.stdout, run.stdout
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    mine = Move.objects.filter(game=game, seat=seat, actor=Move.Actor.PLAYER)
    assert mine.count() > 20
    client.force_login(alice)
    page = client.get(f"/games/{game.id}/log/").content.decode()
    assert page.count("robo planted") >= 10
    board = client.get(f"/games/{game.id}/").content.decode()
    assert 'robo <span class="muted">(bot account)</span>' in board


@pytest.mark.django_db(transaction=True)
def test_the_example_bot_plays_a_whole_game_with_one_stream_and_a_post_a_move(
    asgi_live_server, robo, settings
):
    settings.BOTAPI_RATE_LIMIT = "100000/60"
    user, token = robo
    game = bot_table(user, players=3, level="easy")
    asked: list[str] = []

    def heard(sender, scope=None, **_):
        asked.append(scope["path"] if scope else "")

    request_started.connect(heard)
    try:
        run = played(asgi_live_server.url, token, os.path.join(CLIENTS, "example_bot.py"))
    finally:
        request_started.disconnect(heard)

    assert run.returncode == 0 and "refused" not in run.stdout, (run.stdout, run.stderr)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    own = Move.objects.filter(game=game, seat__user=user, actor=Move.Actor.PLAYER).count()
    posts = [path for path in asked if path.endswith("/moves")]
    streams = [path for path in asked if path == "/api/v2/stream"]
    # One stream, and a POST a move: a line can cross the answer to a move (a stale POST, 409).
    assert len(streams) == 1 and len(asked) == len(posts) + 1, set(asked) - set(posts)
    assert own <= len(posts) <= own * 1.05 + 2
    with open(os.path.join(CLIENTS, "example_bot.py")) as example:
        assert len(example.readlines()) < 60
