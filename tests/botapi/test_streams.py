"""The bot API's streams, on an ASGI server: a seat's stream sends the events after the move
number the program saw and the seat as it is, then a line a change, each event once; the
account's stream says which seat a game waits for, which game started, which challenge came;
server-sent events resume by `Last-Event-ID`; a WSGI server answers 204."""

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient

from botapi.selectors import events_after, seat_state
from games.services.lobby import game_add_bot, game_create, game_start, seat_join
from games.services.moves import move_submit
from tests.botapi.conftest import bot_account
from tests.botapi.helpers import bearer

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("stream_reads_closed"),
]
V2 = "/api/v2"


def lines_of(path: str, token: str, *, count: int = 0, until=None, then=None, sse=False, resume=""):
    """The status and the first `count` lines (NDJSON: parsed; server-sent events: each event's
    text) the stream at `path` sends, keep-alives left out, or as many as it takes for
    `until(lines)` to hold; `then`, if given, is done once the first line came."""

    async def listen():
        headers = {"Authorization": f"Bearer {token}"}
        if sse:
            headers["Accept"] = "text/event-stream"
        if resume:
            headers["Last-Event-ID"] = resume
        response = await AsyncClient().get(f"{V2}{path}", headers=headers)
        if response.status_code != 200:
            return response.status_code, []
        lines: list = []
        pending, buffer = then, ""
        chunks = aiter(response.streaming_content)
        async with asyncio.timeout(10):
            while len(lines) < count if until is None else not until(lines):
                buffer += (await anext(chunks)).decode()
                split = "\n\n" if sse else "\n"
                *whole, buffer = buffer.split(split)
                for line in whole:
                    if line.strip() and not line.startswith(":"):
                        lines.append(line if sse else json.loads(line))
                if lines and pending is not None:
                    await sync_to_async(pending)()
                    pending = None
        await chunks.aclose()
        return 200, lines[:count] if count else lines

    return async_to_sync(listen)()


def test_a_seats_stream_sends_what_it_missed_then_each_change_with_each_event_once(table):
    game, seat, token = table
    seen = game.seq

    def move():
        action = seat_state(seat=seat)["legal"][0]
        move_submit(game_id=game.id, user=seat.user, action=action, expected_seq=seen)

    status, (first, second) = lines_of(
        f"/seats/{seat.id}/stream?after=0", token, count=2, then=move
    )

    assert status == 200
    assert first["type"] == "update" and first["seat"]["seq"] == seen
    assert first["seat"]["awaited"] and first["seat"]["legal"]
    assert second["seat"]["seq"] > seen
    told = [(event["seq"], event["text"]) for event in first["events"] + second["events"]]
    # Every event the seat's page shows after move 0, up to the second line's move, once.
    logged = events_after(seat=seat, after=0)
    assert told == [(e["seq"], e["text"]) for e in logged if e["seq"] <= second["seat"]["seq"]]
    assert {seq for seq, _ in told} == set(range(1, second["seat"]["seq"] + 1))


def test_server_sent_events_name_the_move_and_resume_after_the_last_id(table):
    game, seat, token = table
    status, [event] = lines_of(f"/seats/{seat.id}/stream", token, count=1, sse=True)
    assert status == 200
    assert event.startswith(f"id: {game.seq}\nevent: update\ndata: ")
    assert json.loads(event.split("data: ", 1)[1])["seat"]["seq"] == game.seq

    status, [again] = lines_of(
        f"/seats/{seat.id}/stream", token, count=1, sse=True, resume=str(game.seq)
    )
    assert json.loads(again.split("data: ", 1)[1])["events"] == []


def test_the_accounts_stream_says_which_seat_is_awaited_and_when_a_challenge_comes(table, robo):
    game, seat, token = table
    rival, _ = bot_account("Rival")

    def challenge():
        from botapi.services import challenge_create

        challenge_create(user=rival, name="robo", edition="rio-grande", players=2, options={})

    status, lines = lines_of("/stream", token, count=3, then=challenge)

    assert status == 200
    started, awaited, challenged = lines
    assert started["type"] == "started" and started["seat"]["game"] == game.id
    assert awaited["type"] == "awaited" and awaited["seat"]["seat_id"] == seat.id
    assert awaited["seat"]["legal"] and awaited["events"]
    assert challenged["type"] == "challenge"
    assert (challenged["challenge"]["by"], challenged["challenge"]["to_you"]) == ("Rival", True)


def test_the_accounts_stream_follows_a_game_it_joins_and_says_when_it_starts(robo, alice):
    user, token = robo
    game = game_create(user=alice, edition="rio-grande", players=3, options={})
    game_add_bot(game_id=game.id, user=alice)

    def join_and_start():
        seat_join(game_id=game.id, user=user)
        game_start(game_id=game.id, user=alice)

    def joined_and_started(lines) -> bool:
        told = {(line["type"], bool(line.get("games"))) for line in lines}
        return {("open_games", False), ("started", False)} <= told

    status, lines = lines_of("/stream", token, until=joined_and_started, then=join_and_start)

    assert status == 200
    first, *then = lines  # the join and the start, in one look or in two
    assert first["type"] == "open_games" and first["games"][0]["game"] == game.id
    [joined] = [line for line in then if line["type"] == "open_games"]
    assert joined["games"] == []  # it sits at the game now
    [started] = [line for line in then if line["type"] == "started"]
    assert started["seat"]["game"] == game.id and started["seat"]["status"] == "running"


def test_a_server_without_streams_answers_204_and_a_token_holds_so_many(client, table, settings):
    game, seat, token = table
    assert client.get(f"{V2}/stream", **bearer(token)).status_code == 204
    settings.BOTAPI_STREAMS = 0
    status, _ = lines_of(f"/seats/{seat.id}/stream", token, count=1)
    assert status == 429
