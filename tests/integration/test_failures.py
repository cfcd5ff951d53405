"""Killed workers and a restarted Redis lose no automatic move and no mail, and double none."""

import os
import signal
import time

import pytest
from django.urls import reverse

from bench.async_infra import Beat, SupervisedWorker, wait_until
from bohnanza_site import settings as site_settings
from bohnanza_site.celery import app
from games import engine, task_queue
from games.models import Game, Move, Outbox
from games.services.lobby import game_add_bot, game_create, game_start
from tests.games.helpers import post_move
from tests.helpers import system_moves

from .helpers import (
    RowLock,
    make_due,
    play,
    started_game,
    state,
    to_trade,
    trading_deadline,
    user_at,
    users,
    waiting_on_a_lock,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SWEEP = 5.0


@pytest.fixture
def table(smtp):
    smtp.clear()
    return users(3)


def active_task_pid(worker) -> int:
    def find():
        active = app.control.inspect(destination=[worker.hostname], timeout=1).active() or {}
        tasks = active.get(worker.hostname, [])
        return tasks[0]["worker_pid"] if tasks else None

    return wait_until(find, 15, interval=0.2, what="the worker's active task")


def test_a_worker_process_killed_while_sending_a_mail_sends_it_once_after_all(workers, table, smtp):
    game = started_game(table)  # the mail task is queued; no worker runs yet
    row = Outbox.objects.get(game=game, kind="your_turn")
    with RowLock(Outbox.objects.filter(id=row.id)) as lock:
        worker = workers(concurrency=1)
        wait_until(waiting_on_a_lock, 15, what="the mail task to wait for the row")
        os.kill(active_task_pid(worker), signal.SIGKILL)
        # Rejected on the lost worker, the task comes back and waits for the row again, behind
        # the killed process's session (the server notices it is gone once it gets the row).
        wait_until(lambda: waiting_on_a_lock() >= 2, 15, what="the redelivered mail task")
        lock.release()

    smtp.wait_for("your_turn", to=user_at(game, 0).email)
    time.sleep(2)
    assert len(smtp.messages("your_turn")) == 1
    assert Outbox.objects.get(id=row.id).sent_at is not None
    worker.stop()


def test_a_mail_sent_again_after_a_kill_past_the_servers_answer_is_the_same_mail(
    workers, table, smtp
):
    """The worker dies after the mail server accepted the mail and before the row is marked
    sent: the task comes back and sends it again, under the same Message-ID, which the
    reader's mail client shows as one mail."""
    game = started_game(table)  # the mail task is queued; no worker runs yet
    row = Outbox.objects.get(game=game, kind="your_turn")
    smtp.hold_quit = True
    try:
        worker = workers(concurrency=1)
        smtp.wait_for("your_turn", to=user_at(game, 0).email)
        os.kill(active_task_pid(worker), signal.SIGKILL)
    finally:
        smtp.hold_quit = False
    wait_until(
        lambda: Outbox.objects.get(id=row.id).sent_at, 30, what="the row sent after the kill"
    )
    sent = smtp.messages("your_turn")
    assert len(sent) == 2  # the mail server got it twice: the kill came after its answer
    assert len({mail.message["Message-ID"] for mail in sent}) == 1
    worker.stop()


def test_a_worker_killed_during_a_timeout_leaves_one_automatic_move_and_one_mail(
    workers, table, smtp
):
    game = to_trade(started_game(table))
    first = workers()
    with RowLock(Game.objects.filter(id=game.id)):
        make_due(trading_deadline(game))
        wait_until(waiting_on_a_lock, 3 * SWEEP, what="the sweep to wait for the game row")
        first.kill()
    assert system_moves(game) == []

    second = workers()
    active = user_at(game, 0)
    # A sweep of the new worker's beat makes the move, its mail goes out at once (6 sweeps of
    # room for a loaded machine). Each worker's beat has a schedule file of its own: on the one
    # the killed worker had used, CI saw the new beat end at start ("locking protocol").
    smtp.wait_for("plant_received", to=active.email, timeout=6 * SWEEP)
    time.sleep(SWEEP + 0.5)
    assert [move.kind for move in system_moves(game)] == ["end_trading"]
    assert len(smtp.messages("plant_received", to=active.email)) == 1
    second.stop()


def test_workers_without_the_beat_make_timeouts_once_a_beat_alone_runs_beside_them(
    workers, table, smtp
):
    game = to_trade(started_game(table))
    worker = workers(beat=False)
    make_due(trading_deadline(game))
    time.sleep(2 * SWEEP)
    assert system_moves(game) == []  # nothing sweeps the deadlines: no beat runs

    beat = workers(process=Beat)
    wait_until(lambda: system_moves(game), 3 * SWEEP, what="the beat's sweep to make the timeout")
    time.sleep(SWEEP + 0.5)
    assert [move.kind for move in system_moves(game)] == ["end_trading"]
    beat.stop()
    worker.stop()


def a_bot_to_move(alice) -> Game:
    """A started 4-player game of a person and three bots, moved on (by the person's default
    moves) to a step that waits for a bot."""
    game = game_create(
        user=alice, edition="rio-grande", players=4, options={}, name="Beans and bots"
    )
    for _ in range(3):
        game_add_bot(game_id=game.id, user=alice)
    game = game_start(game_id=game.id, user=alice)
    person = game.seats.get(user=alice).position
    while person in engine.waiting_for(state(game)):
        play(game, person, engine.default_move(state(game), person))
    return Game.objects.get(pk=game.pk)


def test_a_bot_move_held_by_a_worker_killed_with_sigkill_is_made_by_another_within_15_s_once(
    workers, table, smtp
):
    game = a_bot_to_move(table[0])
    app.control.purge()  # only the one bot move below is queued: no other starts the bot
    with RowLock(Game.objects.filter(id=game.id)) as lock:
        app.send_task(task_queue.BOT_MOVE, (game.id, game.seq))
        first = workers(concurrency=1)
        wait_until(waiting_on_a_lock, 15, what="the bot's move to wait for the game row")
        second = workers(concurrency=1)
        first.kill()
        killed_at = time.monotonic()
        lock.release()

    wait_until(
        lambda: Game.objects.get(pk=game.pk).seq > game.seq, 30, interval=0.1, what="the bot's move"
    )
    assert time.monotonic() - killed_at < 15
    time.sleep(SWEEP)
    made = Move.objects.filter(game=game, seq=game.seq + 1).get()
    assert made.actor == Move.Actor.BOT
    assert not system_moves(game)
    second.stop()


def test_the_embedded_worker_killed_is_started_again_and_the_bots_play_on_within_30_s(
    workers, table, client
):
    """As under `make run`: the worker dies (SIGKILL, as the file-system broker's unreadable
    message once ended it); its supervisor starts it again, and the bots go on."""
    supervised = workers(concurrency=1, process=SupervisedWorker)
    wait_until(lambda: client.get("/health").status_code == 200, 30, what="a first sweep")
    os.kill(supervised.celery_pid(), signal.SIGKILL)
    killed_at = time.monotonic()

    game = a_bot_to_move(table[0])  # queued while no worker runs

    wait_until(
        lambda: Game.objects.get(pk=game.pk).seq > game.seq, 30, interval=0.2, what="a bot move"
    )
    assert time.monotonic() - killed_at < 30
    assert "starting it again" in supervised.log_tail(200)
    assert client.get("/health").json()["workers"] == "ok"
    supervised.stop()


def test_while_redis_is_stopped_a_player_reads_polls_and_moves_and_no_mail_is_lost(
    workers, table, smtp, real_services, client, settings
):
    redis, _ = real_services
    # The shared cache as the site has it (the tests' own cache is local), sessions through it.
    settings.CACHES = {
        **settings.CACHES,
        "default": {**site_settings.CACHES["default"], "KEY_PREFIX": "test-failures"},
    }
    workers()
    game = to_trade(started_game(table))
    smtp.wait_for("your_turn")
    client.force_login(user_at(game, 0))
    offer = {"kind": "offer", "to": 1, "give": [state(game).faceup[0]]}
    command = redis.start_command()
    redis.shutdown()
    try:
        page = client.get(reverse("games:game", args=[game.id]))
        poll = client.get(
            reverse("games:poll", args=[game.id]) + f"?since={game.seq}", HTTP_HX_REQUEST="true"
        )
        # The move commits; queueing its mail fails and is only logged.
        moved = post_move(client, game, offer, game.seq, HTTP_HX_REQUEST="true")
    finally:
        redis.start(command)
    assert (page.status_code, poll.status_code, moved.status_code) == (200, 204, 200)
    asked = user_at(game, 1)
    assert Outbox.objects.get(game=game, kind="offer").sent_at is None

    smtp.wait_for("offer", to=asked.email, timeout=40)
    time.sleep(2)
    assert len(smtp.messages("offer")) == 1
