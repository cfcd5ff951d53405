"""A game page's stream, on an ASGI server: it says at once where the game is when the page's
board is older, and again as soon as a move commits; a private game's stream is its seats'
alone. A WSGI server answers it 204, which tells the browser to stop: the page then polls."""

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connection
from django.test import AsyncClient
from django.urls import reverse

from games import live
from games.models import Game
from games.selectors.lobby import open_games_version
from games.services.lobby import game_create, game_start, seat_join
from games.services.moves import move_submit
from tests.games.helpers import awaited

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("stream_reads_closed"),
]


def stream_of(game, since: int) -> str:
    return reverse("games:stream", args=[game.id]) + f"?since={since}&chat=0"


def said(url: str, *, user=None, then=None, count: int = 1) -> tuple[int, list[str]]:
    """The status of the stream at `url` and the ids of the first `count` events it sends;
    `then`, if given, is done once the stream has said its first word."""

    async def listen():
        client = AsyncClient()
        if user is not None:
            await client.aforce_login(user)
        response = await client.get(url)
        if response.status_code != 200:
            return response.status_code, []
        ids: list[str] = []
        pending = then
        chunks = aiter(response.streaming_content)
        async with asyncio.timeout(8):
            while len(ids) < count:
                chunk = (await anext(chunks)).decode()
                ids += [line[4:] for line in chunk.splitlines() if line.startswith("id: ")]
                if pending is not None:
                    await sync_to_async(pending)()
                    pending = None
        await chunks.aclose()
        return 200, ids

    return async_to_sync(listen)()


def test_a_stream_says_at_once_where_a_game_is_that_the_page_has_not_seen(started_game):
    position, user, action = awaited(started_game)
    seen = started_game.seq
    move_submit(game_id=started_game.id, user=user, action=action, expected_seq=seen)

    status, ids = said(stream_of(started_game, since=seen))

    assert status == 200 and [id.rsplit(".", 1)[0] for id in ids] == [f"{seen + 1}.0"]


def test_a_stream_tells_its_page_as_soon_as_a_move_commits(started_game):
    position, user, action = awaited(started_game)

    def move():
        move_submit(game_id=started_game.id, user=user, action=action, expected_seq=seen)

    seen = started_game.seq
    status, ids = said(stream_of(started_game, since=seen), then=move)

    assert status == 200 and [id.rsplit(".", 1)[0] for id in ids] == [f"{seen + 1}.0"]


def test_an_open_games_stream_tells_its_lobby_page_as_soon_as_a_seat_is_taken(alice, bob):
    game = game_create(user=alice, edition="amigo-classic", players=3, options={})
    # The stream's address as the lobby page names it: the game as the page was made.
    stream = stream_of(game, since=0) + f"&stamp={live.stamp(game.updated_at)}"

    status, ids = said(stream, user=alice, then=lambda: seat_join(game_id=game.id, user=bob))

    game.refresh_from_db()
    assert status == 200 and ids == [live.version(0, None, game.updated_at)]


def test_a_private_games_stream_is_its_seats_alone(alice, bob, carol, dave):
    game = game_create(user=alice, edition="amigo-classic", players=3, options={}, is_open=False)
    for user in (bob, carol):
        seat_join(game_id=game.id, user=user, token=game.invite_token)
    game = game_start(game_id=game.id, user=alice)

    assert said(stream_of(game, since=0), user=dave)[0] == 404
    assert said(stream_of(game, since=0))[0] == 404


def test_a_wsgi_server_tells_the_page_to_poll(client, started_game):
    response = client.get(stream_of(started_game, since=0))

    assert response.status_code == 204


def test_the_lobbys_stream_speaks_when_a_game_opens_and_when_one_starts(alice, bob, carol):
    stream = reverse("games:lobby_stream") + f"?v={open_games_version()}"

    def opened():
        made.append(game_create(user=alice, edition="amigo-classic", players=3, options={}))

    made: list = []
    status, ids = said(stream, then=opened)
    assert status == 200 and ids == [open_games_version()]

    for user in (bob, carol):
        seat_join(game_id=made[0].id, user=user)
    full = open_games_version()
    assert full != ids[0]  # a seat taken changes it

    def started():
        game_start(game_id=made[0].id, user=alice)

    status, ids = said(reverse("games:lobby_stream") + f"?v={full}", then=started)
    assert status == 200 and ids[0].startswith("0.")  # no open game left


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="a server ending a session is PostgreSQL's; SQLite's file has no session to end",
)
def test_the_streams_reads_go_on_once_their_database_connection_broke(started_game):
    assert async_to_sync(live.look)(Game.objects.count) == 1  # the reads hold a connection
    # It breaks underneath (the database restarted, or a test's server ended its sessions).
    async_to_sync(live.look)(lambda: connection.connection.close())

    assert async_to_sync(live.look)(Game.objects.count) == 1
