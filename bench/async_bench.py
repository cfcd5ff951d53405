"""Mail and timeout figures with a real Celery worker (and beat) and a real SMTP server.

- mail: from the commit of a move to its mail reaching the SMTP server, over 30 offers, each
  measured on its own;
- timeout: from a deadline to the automatic move that the beat's sweep makes for it, over 10
  deadlines spread across the sweep period;
- reply: from a player's reply reaching the reply receiver (SMTP) to the mail it makes for the
  next player reaching the SMTP server, over 30 replies that each make an offer.

The broker is Redis when REDIS_URL is set, the embedded file-system broker otherwise. The
database is BENCH_DATABASE_URL (default: a `bohnanza_async_bench` database on the local
PostgreSQL, made anew each run). Targets: mail p95 at most 2 s, timeouts applied at most 10 s
after their deadline, reply to next mail p95 at most 3 s.

Django, the site's modules and the database driver are imported inside the functions that run
in the driving process, once `django.setup()` has run there on the benchmark's database:
`make bench` imports this module before any site is configured.
"""

import contextlib
import logging
import os
import smtplib
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid
from functools import partial

from bench.async_infra import ROOT, SmtpSink, Worker, free_port, wait_until

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bohnanza_async_bench"
MAILS = 30
TIMEOUTS = 10
MAIL_TARGET = 2.0
REPLY_TARGET = 3.0
TIMEOUT_TARGET = 10.0


def main() -> None:
    url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL)
    try:
        _fresh_database(url)
    except Exception as error:  # any failure to reach the server means: skip
        print(f"async: skipped, no database at {url}: {error}")
        return
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bohnanza_site.settings",
        "DATABASE_URL": url,
        "CELERY_TASK_ALWAYS_EAGER": "false",
    }
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    subprocess.run([python, "-m", "bench.async_bench", "--drive"], cwd=ROOT, env=env, check=True)


def _fresh_database(url: str) -> None:
    """Made anew for every run, so the figures never depend on an earlier run's rows."""
    if not url.startswith("postgres"):
        return
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True, connect_timeout=3) as conn:
        conn.execute(f'drop database if exists "{name}" with (force)')
        conn.execute(f'create database "{name}"')


def _drive() -> None:
    """Runs in a process of its own, with Django set up on the benchmark database."""
    import django

    django.setup()
    from django.conf import settings

    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd's line per command

    from bohnanza_site.celery import app

    broker = "redis" if settings.REDIS_URL else "file-system"
    sink = SmtpSink().start()
    worker_env = {
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(sink.port),
        "CELERY_TASK_ALWAYS_EAGER": "false",
    }
    # Messages left by an earlier run name rows that are gone or already sent.
    with contextlib.suppress(Exception):
        app.control.purge()
    worker = Worker(worker_env).start()
    try:
        mail = _mail_latencies(sink)
        replies = _reply_latencies(sink)
        timeouts = _timeout_latencies()
    finally:
        worker.stop()
        sink.stop()
    sweep = settings.CELERY_BEAT_SCHEDULE["deadlines-sweep"]["schedule"]
    print(f"async: {broker} broker, one worker (2 processes, beat), sweep every {sweep:g} s")
    _report(f"mail, commit to SMTP server ({len(mail)} moves)", mail, MAIL_TARGET, "p95")
    _report(
        f"reply, arrival to the next player's mail ({len(replies)} replies)",
        replies,
        REPLY_TARGET,
        "p95",
    )
    _report(
        f"timeout, deadline to automatic move ({len(timeouts)} deadlines)",
        timeouts,
        TIMEOUT_TARGET,
        "max",
    )


def _report(label: str, samples: list[float], target: float, judged: str) -> None:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    figures = {"p95": p95, "max": ordered[-1]}
    verdict = "meets" if figures[judged] <= target else "MISSES"
    print(
        f"  {label}: p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
        f"max {ordered[-1] * 1000:.0f} ms ({verdict} the target: {judged} <= {target:g} s)"
    )


def _table():
    import uuid

    from django.contrib.auth import get_user_model

    from games.services.lobby import game_create, game_start, seat_join

    tag = uuid.uuid4().hex[:8]
    users = [
        get_user_model().objects.create_user(
            username=f"bench-{name}-{tag}", email=f"{name}-{tag}@bench.invalid", password=None
        )
        for name in ("alice", "bob", "carol")
    ]
    game = game_create(
        user=users[0], edition="rio-grande", players=3, options={}, name="Bench table"
    )
    for user in users[1:]:
        seat_join(game_id=game.id, user=user)
    game = game_start(game_id=game.id, user=users[0])
    _play(game, 0, {"kind": "plant", "card": _state(game).hands[0][0], "field": 0})
    _play(game, 0, {"kind": "stop_planting"})
    return game


def _state(game):
    from games import engine
    from games.models import Game

    return engine.from_dict(Game.objects.get(pk=game.pk).state)


def _play(game, position: int, action: dict):
    from games.models import Game
    from games.services.moves import move_submit

    game = Game.objects.get(pk=game.pk)
    user = game.seats.get(position=position).user
    return move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)


def _mail_latencies(sink: SmtpSink) -> list[float]:
    """The active player asks another for a bean, then withdraws: each ask mails the other."""
    from django.db import transaction

    from games.models import Outbox

    game = _table()
    latencies = []
    for i in range(MAILS):
        committed = []
        with transaction.atomic():
            # Registered first, so it runs before the move's own on-commit work.
            transaction.on_commit(partial(_stamp, committed))
            result = _play(game, 0, {"kind": "offer", "to": 1 + i % 2, "ask": {"blue": 1}})
        row = Outbox.objects.get(game=game, seq=result.seq, kind="offer")
        [received] = wait_until(
            lambda row=row: [m for m in sink.messages("offer") if m.outbox_id == row.id],
            30,
            interval=0.005,
            what=f"the mail of outbox row {row.id}",
        )
        latencies.append(received.at - committed[0])
        offer = next(e.data["offer"] for e in result.events if e.kind == "offered")
        _play(game, 0, {"kind": "withdraw", "offer": offer})
        _looked_in(game)
    return latencies


def _looked_in(game) -> None:
    """Every player has been back since their last mail (as after a move of theirs), so the
    next call is mailed: a player away gets one call only."""
    from games.models import Seat

    Seat.objects.filter(game=game).update(mailed_at=None)


def _reply_latencies(sink: SmtpSink) -> list[float]:
    """The active player, who gets the whole board by mail, answers it with an offer; the
    offer's mail to the other player, board and all, is the next mail. Withdrawn through the
    service before the next reply."""
    from games.mail import links
    from games.models import Game, Outbox, Profile
    from games.services.profiles import profile_get_or_create
    from mailplay.receiver import ReplyReceiver

    game = _table()
    for seat in game.seats.all():
        profile_get_or_create(user=seat.user)
    Profile.objects.filter(user__seat__game=game).update(mail=Profile.Mail.BOARD)
    receiver = ReplyReceiver(host="127.0.0.1", port=free_port())
    receiver.start()
    latencies = []
    try:
        for i in range(MAILS):
            game = Game.objects.get(pk=game.pk)
            me, other = game.seats.get(position=0), game.seats.get(position=1 + i % 2)
            message = EmailMessage()
            message["From"] = me.user.email
            message["To"] = links.reply_address(user_id=me.user_id, game_id=game.id, seq=game.seq)
            message["Subject"] = f"Re: Your move in {game.name}"
            message["Message-ID"] = make_msgid()
            message.set_content(f"offer {other.name} ask 1 blue\n\n> the board we sent")
            arrived = time.time()
            with smtplib.SMTP("127.0.0.1", receiver.port) as client:
                client.send_message(message)
            row = wait_until(
                lambda game=game: Outbox.objects.filter(
                    game=game, kind="offer", seq__gt=game.seq
                ).first(),
                30,
                interval=0.005,
                what="the reply's move",
            )
            [received] = wait_until(
                lambda row=row: [m for m in sink.messages("offer") if m.outbox_id == row.id],
                30,
                interval=0.005,
                what=f"the mail of outbox row {row.id}",
            )
            latencies.append(received.at - arrived)
            for offer in _state(game).offers:
                _play(game, 0, {"kind": "withdraw", "offer": offer})
            _looked_in(game)
    finally:
        receiver.stop()
    return latencies


def _stamp(into: list) -> None:
    into.append(time.time())


def _timeout_latencies() -> list[float]:
    """Trading windows made due a little apart, so they fall on every part of the sweep."""
    from django.utils import timezone

    from games.models import Deadline, Move

    games = [_table() for _ in range(TIMEOUTS)]
    start = timezone.now() + timedelta(seconds=1)
    due = {}
    for i, game in enumerate(games):
        due[game.id] = start + timedelta(seconds=i * 0.6)
        Deadline.objects.filter(game=game, done=False, kind=Deadline.Kind.TRADING).update(
            due_at=due[game.id]
        )

    def applied():
        moves = Move.objects.filter(game__in=games, actor=Move.Actor.SYSTEM, seq__gt=0)
        found = {move.game_id: move.created_at for move in moves}
        return found if len(found) == len(games) else None

    moved = wait_until(applied, 60, interval=0.05, what="every automatic move")
    return [(moved[game_id] - due[game_id]).total_seconds() for game_id in due]


if __name__ == "__main__":
    if "--drive" in sys.argv:
        _drive()
    else:
        main()
