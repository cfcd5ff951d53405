"""The reference client, a process of its own, plays a whole game through the API against a live
server: its seat against three of the site's strong bots (SQLite, the site's tasks run in the
request that queued them, as in the browser tests' `fast_site`)."""

import os
import subprocess
import sys

import pytest

from games.models import Game, Move
from tests.botapi.helpers import bot_table

CLIENT = os.path.join(os.path.dirname(__file__), "..", "..", "clients", "python", "play.py")


@pytest.mark.django_db(transaction=True)
def test_the_reference_client_plays_a_whole_game_and_a_person_sees_its_moves(
    live_server, robo, client, alice, settings
):
    settings.BOTAPI_RATE_LIMIT = "100000/60"
    user, token = robo
    game = bot_table(user, level="normal")
    seat = game.seats.get(user=user)

    played = subprocess.run(
        [
            sys.executable,
            CLIENT,
            "--site",
            live_server.url,
            "--token",
            token,
            "--until-done",
            "--bot",
            "normal",
        ],
        capture_output=True,
        text=True,
        timeout=240,
        env={k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
    )

    assert played.returncode == 0, played.stderr
    assert "refused" not in played.stdout, played.stdout
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    mine = Move.objects.filter(game=game, seat=seat, actor=Move.Actor.PLAYER)
    assert mine.count() > 20
    client.force_login(alice)
    page = client.get(f"/games/{game.id}/log/").content.decode()
    assert page.count("robo planted") >= 10
    board = client.get(f"/games/{game.id}/").content.decode()
    assert 'robo <span class="muted">(bot account)</span>' in board
