"""What the bot API refuses, and that a refusal changes nothing."""

import json
import logging
import threading
import time
from functools import partial

import pytest
from django.db import connection
from django.test import Client

from botapi import services as bot_services
from games.models import Game, Move
from games.services.lobby import game_create
from tests.botapi.conftest import bot_account
from tests.botapi.helpers import bearer, bot_table, started_while_waiting

# The bots' moves run when a move's transaction commits, so these tests commit for real.
pytestmark = pytest.mark.django_db(transaction=True)


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return game.seq, Move.objects.filter(game=game).count(), game.state


def seat_page(client, token: str, seat_id: int):
    return client.get(f"/api/v1/seats/{seat_id}", **bearer(token))


def post_move(client, token: str, seat_id: int, body):
    return client.post(
        f"/api/v1/seats/{seat_id}/moves", body, content_type="application/json", **bearer(token)
    )


@pytest.fixture
def table(robo):
    user, token = robo
    game = bot_table(user)
    return game, game.seats.get(user=user), token


def test_a_bot_reads_its_seat_as_its_page_shows_it_and_no_other_hand(client, table):
    game, seat, token = table
    page = seat_page(client, token, seat.id).json()
    view = page["view"]
    assert view["seat"] == seat.position
    assert len(view["hand"]) == view["players"][seat.position]["hand_size"]
    assert view["seed"] is None and "deck" not in view
    assert not any("hand" in player for player in view["players"])
    assert page["awaited"] == (seat.position in view["waiting_for"])


def test_a_token_without_the_play_scope_may_neither_read_nor_move(client, table):
    game, seat, _ = table
    _, join_only = bot_account("joiner", scopes=("join",))
    before = snapshot(game)
    refused = seat_page(client, join_only, seat.id)
    assert refused.status_code == 403
    assert "lacks the scope 'play'" in refused.json()["detail"]
    moved = post_move(
        client, join_only, seat.id, {"action": {"kind": "end_trading"}, "expected_seq": 1}
    )
    assert moved.status_code == 403
    assert snapshot(game) == before


@pytest.mark.parametrize("scheme", ["Token", "token", "Basic", "Bearer:", "JWT", ""])
def test_a_token_under_another_scheme_opens_nothing_and_reaches_no_log(
    client, table, settings, caplog, scheme
):
    _, seat, token = table
    settings.DEBUG = True  # where the framework's own reading would log the header whole
    with caplog.at_level(logging.DEBUG):
        refused = client.get(
            f"/api/v1/seats/{seat.id}", HTTP_AUTHORIZATION=f"{scheme} {token}".strip()
        )
    assert refused.status_code == 401
    logged = caplog.text + "".join(str(record.args) for record in caplog.records)
    assert token not in logged and token[:12] not in logged


def test_a_revoked_token_opens_nothing(client, table):
    game, seat, token = table
    stored = seat.user.api_tokens.get()
    bot_services.token_revoke(user=seat.user, token_id=stored.id)
    before = snapshot(game)
    assert seat_page(client, token, seat.id).status_code == 401
    assert (
        post_move(
            client, token, seat.id, {"action": {"kind": "plant"}, "expected_seq": 1}
        ).status_code
        == 401
    )
    assert snapshot(game) == before


def test_an_account_made_a_persons_again_has_no_working_token(client, table):
    _, seat, token = table
    bot_services.bot_account_set(user=seat.user, is_bot=False)
    assert seat_page(client, token, seat.id).status_code == 401


def test_another_bots_seat_is_refused(client, table):
    game, seat, _ = table
    _, other = bot_account("rival")
    before = snapshot(game)
    assert seat_page(client, other, seat.id).status_code == 403
    refused = post_move(
        client, other, seat.id, {"action": {"kind": "end_trading"}, "expected_seq": game.seq}
    )
    assert refused.status_code == 403
    assert refused.json()["detail"] == "You hold no seat with this number."
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "body, status, reason",
    [
        ({"action": {"kind": "plant", "card": 99999, "field": 0}}, 400, ""),
        ({"action": {"kind": "fly"}}, 400, ""),
        ({"action": {"card": 3}}, 400, "The move needs an object with a 'kind'."),
        ({"action": "plant"}, 422, ""),
        ({"action": {"kind": ["plant"] * 3000}}, 400, ""),
        ({}, 422, ""),
    ],
)
def test_junk_moves_are_refused_with_a_reason_and_change_nothing(
    client, table, body, status, reason
):
    game, seat, token = table
    before = snapshot(game)
    refused = post_move(client, token, seat.id, {"expected_seq": game.seq, **body})
    assert refused.status_code == status
    assert refused.json()["detail"]
    if reason:
        assert refused.json()["detail"] == reason
    assert snapshot(game) == before


def test_a_request_the_schema_refuses_names_the_field_in_the_readers_language(client, table):
    game, seat, token = table
    before = snapshot(game)

    refused = client.post(
        f"/api/v1/seats/{seat.id}/moves",
        {"action": {"kind": "end_trading"}, "expected_seq": "soon"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="de",
        **bearer(token),
    )

    assert refused.status_code == 422
    assert refused.json()["detail"] == [
        {"field": "expected_seq", "problem": "es muss eine ganze Zahl sein"}
    ]
    assert snapshot(game) == before


def test_a_move_sent_as_plain_text_is_refused_and_not_played(client, table):
    game, seat, token = table
    before = snapshot(game)
    action = next(move for move in seat_page(client, token, seat.id).json()["view"]["legal"])

    refused = client.post(
        f"/api/v1/seats/{seat.id}/moves",
        json.dumps({"action": {"kind": action["kind"]}, "expected_seq": game.seq}),
        content_type="text/plain",
        **bearer(token),
    )

    assert refused.status_code == 415
    assert "Content-Type: application/json" in refused.json()["detail"]
    assert snapshot(game) == before


def test_a_stale_move_is_answered_with_the_seat_as_it_is_now(client, table):
    game, seat, token = table
    game.refresh_from_db()

    # A move number the game has not reached: whatever the move, it is not made.
    stale = post_move(
        client, token, seat.id, {"action": {"kind": "end_trading"}, "expected_seq": game.seq + 1}
    )

    assert stale.status_code == 409
    answer = stale.json()
    assert answer["seq"] == game.seq
    assert answer["page"]["seq"] == game.seq and answer["page"]["view"]["seat"] == seat.position


def test_joining_a_game_twice_is_a_conflict(client, alice):
    user, token = bot_account("joiner", scopes=("join",))
    game = game_create(user=alice, edition="rio-grande", players=3, options={})
    join = partial(
        client.post,
        f"/api/v1/games/{game.id}/join",
        {},
        content_type="application/json",
        **bearer(token),
    )
    assert join().status_code == 200

    again = join()

    assert again.status_code == 409
    assert again.json()["detail"] == "You already have a seat in this game."


def test_a_legal_move_goes_through_the_pages_service_and_the_bots_answer(client, table):
    game, seat, token = table
    page = seat_page(client, token, seat.id).json()
    assert page["awaited"]  # the bots before it moved as the game started
    action = next(
        {"kind": "plant", "card": legal["card"], "field": legal["fields"][0]}
        if legal["kind"] == "plant"
        else {"kind": "decline", "offer": legal["offer"]}
        for legal in page["view"]["legal"]
        if legal["kind"] in ("plant", "decline")
    )
    moved = post_move(client, token, seat.id, {"action": action, "expected_seq": page["seq"]})
    assert moved.status_code == 200
    assert moved.json()["seq"] > page["seq"]
    mine = Move.objects.get(game=game, seq=page["seq"] + 1)
    assert (mine.seat_id, mine.payload) == (seat.id, action)
    events = client.get(
        f"/api/v1/seats/{seat.id}/events?after={page['seq']}&wait=5", **bearer(token)
    ).json()
    assert events["events"][0]["seq"] == mine.seq
    assert events["events"][0]["text"].startswith("You ")  # worded for its own seat


def test_a_long_poll_with_nothing_new_answers_after_its_wait_with_no_events(client, table):
    game, seat, token = table
    game.refresh_from_db()
    started = time.monotonic()
    events = client.get(
        f"/api/v1/seats/{seat.id}/events?after={game.seq}&wait=1", **bearer(token)
    ).json()
    assert 1 <= time.monotonic() - started < 3
    assert (events["seq"], events["events"]) == (game.seq, [])


def test_a_long_poll_wakes_when_the_game_starts(client, robo, alice):
    user, token = robo
    with started_while_waiting(user, alice) as (seat, began):
        answer = client.get(f"/api/v1/seats/{seat.id}/events?after=0&wait=10", **bearer(token))

    assert time.monotonic() - began < 5
    assert answer.json()["status"] == "running"


def test_a_long_poll_on_a_finished_game_answers_at_once(client, table):
    game, seat, token = table
    Game.objects.filter(id=game.id).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    started_at = time.monotonic()

    answer = client.get(f"/api/v1/seats/{seat.id}/events?after={game.seq}&wait=10", **bearer(token))

    assert time.monotonic() - started_at < 2
    assert (answer.json()["status"], answer.json()["events"]) == ("finished", [])


def waiting_in_threads(token: str, seat_id: int, after: int, count: int) -> list:
    """`count` long-polls of 2 s, each from a thread of its own, started now and left waiting;
    join the threads for their answers."""
    answers: list = []

    def ask():
        answers.append(
            Client().get(f"/api/v1/seats/{seat_id}/events?after={after}&wait=2", **bearer(token))
        )
        connection.close()

    threads = [threading.Thread(target=ask) for _ in range(count)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)  # they are all waiting now
    return threads, answers


def test_a_token_holds_no_more_waiting_requests_than_it_may(client, table, settings):
    game, seat, token = table
    settings.BOTAPI_WAITS = "2/8"
    game.refresh_from_db()
    threads, answers = waiting_in_threads(token, seat.id, game.seq, 2)
    refused = client.get(f"/api/v1/seats/{seat.id}/events?after={game.seq}&wait=2", **bearer(token))
    for thread in threads:
        thread.join()
    assert refused.status_code == 429
    assert refused.json()["detail"] == (
        "This token has 2 requests waiting already: wait for one to answer."
    )
    assert refused["Retry-After"] == "1"
    assert [answer.status_code for answer in answers] == [200, 200]
    # Once they have answered, it may wait again.
    again = client.get(f"/api/v1/seats/{seat.id}/events?after=0&wait=2", **bearer(token))
    assert again.status_code == 200


def test_a_process_whose_waits_are_all_held_answers_a_long_poll_at_once(client, table, settings):
    game, seat, token = table
    settings.BOTAPI_WAITS = "8/1"
    game.refresh_from_db()
    threads, _ = waiting_in_threads(token, seat.id, game.seq, 1)
    started = time.monotonic()
    answered = client.get(
        f"/api/v1/seats/{seat.id}/events?after={game.seq}&wait=2", **bearer(token)
    )
    took = time.monotonic() - started
    for thread in threads:
        thread.join()
    assert answered.status_code == 200 and answered.json()["events"] == []
    assert took < 1  # not held: the process's threads are for its pages too


def test_a_token_over_its_rate_is_told_when_to_ask_again(client, table, settings):
    _, seat, token = table
    settings.BOTAPI_RATE_LIMIT = "2/60"
    assert seat_page(client, token, seat.id).status_code == 200
    assert seat_page(client, token, seat.id).status_code == 200
    limited = seat_page(client, token, seat.id)
    assert limited.status_code == 429
    assert 1 <= int(limited["Retry-After"]) <= 60


def test_a_join_token_lists_the_open_games_and_takes_a_seat_by_invitation_too(client, alice):
    _, token = bot_account("joiner", scopes=("join",))
    open_game = game_create(user=alice, edition="rio-grande", players=3, options={})
    private = game_create(user=alice, edition="rio-grande", players=3, options={}, is_open=False)
    listed = client.get("/api/v1/invitations", **bearer(token)).json()
    assert [row["game"] for row in listed] == [open_game.id]
    joined = client.post(
        f"/api/v1/games/{open_game.id}/join", {}, content_type="application/json", **bearer(token)
    )
    assert (joined.status_code, joined.json()["game"]) == (200, open_game.id)
    refused = client.post(
        f"/api/v1/games/{private.id}/join", {}, content_type="application/json", **bearer(token)
    )
    assert refused.status_code == 403 and refused.json()["detail"]
    assert private.seats.count() == 1
    invited = client.post(
        f"/api/v1/games/{private.id}/join",
        {"token": private.invite_token},
        content_type="application/json",
        **bearer(token),
    )
    assert invited.status_code == 200
    assert private.seats.count() == 2
