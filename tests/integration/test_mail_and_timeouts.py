"""A real worker (with beat) against the test database and a real SMTP server."""

import threading
import time

import pytest
from django.db import connections

from bench.async_infra import wait_until
from games.models import Deadline, Outbox, Seat
from games.services.timeouts import deadlines_sweep
from tests.games.helpers import answers_everything
from tests.helpers import system_moves

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

SWEEP = 5.0  # the beat schedule's sweep period


@pytest.fixture(scope="module")
def worker(workers):
    return workers()


@pytest.fixture
def table(worker, smtp):
    smtp.clear()
    return users(3)


def test_a_move_brings_the_right_mail_to_the_smtp_server(table, smtp):
    game = started_game(table)
    starter = user_at(game, 0)
    [turn] = smtp.wait_for("your_turn", to=starter.email)
    assert turn.message["Subject"] == "Your turn in Bean Acres (turn 1)"
    assert "It's your turn in Bean Acres" in turn.text()
    assert "Bean Acres" in turn.html()

    game = to_trade(game)
    gift = state(game).faceup[0]
    play(game, 0, {"kind": "offer", "to": 1, "give": [gift]})

    asked = user_at(game, 1)
    [offer] = smtp.wait_for("offer", to=asked.email)
    text = offer.text()
    assert (
        offer.message["Subject"]
        == f"{state(game).names[0]} made you an offer in Bean Acres (turn 1)"
    )
    assert "offered you a gift of 1" in text
    assert "Accept: http" in text and "Decline: http" in text
    row = Outbox.objects.get(id=offer.outbox_id)
    assert (row.user, row.kind, row.seq) == (asked, "offer", game.seq + 1)
    # The worker marks the row sent once the server has taken the mail, a moment after.
    wait_until(lambda: Outbox.objects.get(id=row.id).sent_at, 10, what="the offer mail marked sent")
    time.sleep(1)
    assert len(smtp.messages("offer")) == 1
    # Nobody else was mailed about the offer.
    assert {m.recipients for m in smtp.messages()} == {(starter.email,), (asked.email,)}


def test_a_passed_deadline_becomes_exactly_one_automatic_move(table, smtp):
    game = started_game(table)
    # Her face-up cards wait for her, whatever their beans (the game's defaults plant for her
    # those that join a field of hers: with the deal's luck, all of them).
    game = to_trade(answers_everything(game, user_at(game, 0)))
    deadline = trading_deadline(game)
    make_due(deadline)
    due = time.monotonic()

    wait_until(lambda: system_moves(game), 3 * SWEEP, what="the automatic move")
    applied = time.monotonic() - due
    time.sleep(SWEEP + 0.5)  # one more sweep: it must find nothing to do

    [move] = system_moves(game)
    assert (move.kind, move.seat.position) == ("end_trading", 0)
    assert applied <= 2 * SWEEP
    assert Deadline.objects.get(id=deadline.id).done
    assert Seat.objects.get(game=game, position=0).timeouts == 1
    smtp.wait_for("plant_received", to=user_at(game, 0).email)


def test_two_sweeps_at_once_make_one_automatic_move_and_one_mail(table, smtp):
    game = to_trade(started_game(table))
    make_due(trading_deadline(game))
    start = threading.Barrier(2)
    results = []

    def sweep():
        try:
            start.wait(5)
            results.append(deadlines_sweep())
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    active = user_at(game, 0)
    smtp.wait_for("plant_received", to=active.email)
    time.sleep(SWEEP + 0.5)  # the worker's own sweeps run too
    assert [move.kind for move in system_moves(game)] == ["end_trading"]
    assert sum(results) <= 1
    assert len(smtp.messages("plant_received", to=active.email)) == 1
