"""What is due soon does not wait behind the workers' backlog. A board rendered ahead has a
queue of its own, which a worker takes from in turn with the others, so the poll that follows a
move finds the board ready even while bot moves and mails pile up; the clocks (a deadline's
sweep) have one too, so a timeout is not late behind them (bohnanza_site/settings.py)."""

import os
import time

import pytest
import redis
from django.urls import reverse

from bench.async_infra import wait_until
from bohnanza_site import settings as site_settings
from bohnanza_site.celery import app
from games import task_queue
from tests.helpers import poll_address, system_moves

from .helpers import (
    make_due,
    play,
    started_game,
    state,
    to_trade,
    trading_deadline,
    user_at,
    users,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# Bot moves of a game that is not there: each a quick no-op, together some seconds of work for
# a worker of one process.
BACKLOG = 3000


def test_a_board_is_rendered_ahead_while_a_backlog_of_other_tasks_waits(
    workers, settings, client, templates_rendered
):
    settings.BOARDS_RENDER_AHEAD = True
    # The cache the workers keep boards in, as the site has it (the tests' own is local).
    settings.CACHES = {**settings.CACHES, "default": site_settings.CACHES["default"]}
    game = started_game(users(3))
    bob = user_at(game, 1)
    client.force_login(bob)
    poll = poll_address(client.get(reverse("games:game", args=[game.id])).content.decode())
    assert client.get(poll, HTTP_HX_REQUEST="true").status_code == 204  # his page is open

    queue_a_backlog()
    front = state(game).hands[0][0]
    play(game, 0, {"kind": "plant", "card": front, "field": 0})  # queues the boards' render
    worker = workers(concurrency=1, beat=False)

    rendered = f"Task {task_queue.BOARDS_RENDER}["
    wait_until(lambda: rendered in worker.log_tail(200), 30, what="the worker to take the render")
    time.sleep(2)  # the render itself, some tens of ms
    templates_rendered.clear()
    answer = client.get(poll, HTTP_HX_REQUEST="true")
    behind = still_waiting()

    assert answer.status_code == 200
    assert "board" not in templates_rendered  # served as the worker rendered it
    assert behind > BACKLOG / 3, f"only {behind} of the backlog's tasks were still waiting"
    app.control.purge()
    worker.stop()


def test_a_timeout_is_made_on_time_while_a_backlog_of_other_tasks_waits(workers):
    game = to_trade(started_game(users(3)))
    queue_a_backlog()
    make_due(trading_deadline(game))
    worker = workers(concurrency=1)  # with its beat, which queues a sweep every 5 s

    wait_until(lambda: system_moves(game), 30, what="the timeout")
    behind = still_waiting()

    assert [move.kind for move in system_moves(game)] == ["end_trading"]
    assert behind > BACKLOG / 3, f"only {behind} of the backlog's tasks were still waiting"
    app.control.purge()
    worker.stop()


def queue_a_backlog() -> None:
    with app.producer_or_acquire() as producer:
        for _ in range(BACKLOG):
            app.send_task(task_queue.BOT_MOVE, args=(0, 0), producer=producer)


def still_waiting() -> int:
    return redis.Redis.from_url(os.environ["REDIS_URL"]).llen("celery")
