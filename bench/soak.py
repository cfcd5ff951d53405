"""The soak: the site as it runs in production, on this machine, for a chosen time.

    python -m bench.soak --minutes 6 --games 60        # or: make soak MINUTES=6 GAMES=60

Two gunicorn instances, two Celery workers (niced, `--nice`) and a beat alone, on one
PostgreSQL database (BENCH_SOAK_DATABASE_URL, default `bohnanza_bench_soak` on the local
PostgreSQL, made anew) and one Redis database (SOAK_REDIS_URL, default db 10 of the local Redis,
emptied first), and an SMTP server in this process as the mail server.

N games on the fast clock (Amigo, Rio Grande, Bohnaparte; 3 to 5 players), each made by a
person who never moves. Every other game is a table of bots (its creator's seat handed to a bot
from the start), which keeps the workers busy; in the others the seats after the creator's are
bots or, one in three, more people who never move: their clocks run out, and after two timeouts
a bot stands in. Page and poll load, paced at `--rate` requests a second across both web
instances, from the game creators' signed-in sessions (a page every 10 s, a poll every 2 s, as
an open page polls, each asking for what changed since the board its last answer gave). A
third of the way in, one worker is killed with SIGKILL and started again; half way, one web
instance is restarted.

Streams (bench.stream_watch), through a stream process (uvicorn) as deploy/ runs it: in
`--streams` games the creator is a bot account whose seat a program follows by the bot API's
seat stream, and a browser follows the game's page stream; two thirds of the way in, the stream
process is restarted, and each stream is opened again from where it was. At the end every
event each seat stream brought is checked against the move log (none lost, none twice, in
order) and each stream must have heard its game's last move.

At the end: games finished, running and stuck (running with no open deadline, or with one
overdue by more than a minute), mails sent (outbox rows sent, not skipped) and received by the
SMTP server, each exactly once (by the `X-Bohnanza-Outbox` header), the moves replayed
(`manage.py replay_check`), the lateness of timeouts (each second, how overdue the most overdue
open deadline is), page and poll latency (all of it, and "quiet": leaving out the first 20 s
and the 20 s after the kill and after the restart), 5xx and connection errors, the CPU the
workers and the web spent (per move, per request), and what the games wrote and keep
(bench.game_bytes). Every process started is stopped at the end, on an error or Ctrl-C too.

Django and the site's modules are imported inside the methods of `Soak`, once `main` has named
the soak's database, Redis and mail server in the environment and `django.setup()` has run.
"""

import argparse
import contextlib
import logging
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

from bench import game_bytes, loadgen, server_cpu, stream_watch
from bench.async_bench import _fresh_database
from bench.async_infra import ROOT, Beat, SmtpSink, Worker
from bench.web_bench import _free_port, _migrate, _serve, browser_cookie, listening, poll_path

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bohnanza_bench_soak"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/10"
EDITIONS = ("amigo-classic", "rio-grande", "bohnaparte")
BOT = "heuristic"
ABSENT_SHARE = 1 / 3  # of the seats after the creator's: people who never move
SETTLING = 20.0  # seconds after the start, a kill or a restart not counted in "quiet" latency
PAGE_INTERVAL = 10.0
POLL_INTERVAL = 2.0
STUCK_AFTER = timedelta(minutes=1)
SEED = "soak"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.soak", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--minutes", type=float, default=6.0)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rate", type=float, default=20.0, help="page and poll requests a second")
    parser.add_argument(
        "--nice", type=int, default=10, help="the workers' CPU priority (0: the web's)"
    )
    parser.add_argument(
        "--idle",
        action="store_true",
        help="the workers run only on CPU time nothing else wants (SCHED_IDLE)",
    )
    parser.add_argument(
        "--web-processes", type=int, default=2, help="gunicorn processes a web instance"
    )
    parser.add_argument("--threads", type=int, default=8, help="threads a gunicorn process")
    parser.add_argument("--concurrency", type=int, default=1, help="processes a worker")
    parser.add_argument(
        "--port", type=int, default=0, help="the web instances' first port (0: any free ones)"
    )
    parser.add_argument(
        "--streams", type=int, default=40, help="games followed by a seat stream and a page's"
    )
    args = parser.parse_args(argv)

    # SIGTERM, as Ctrl-C does, unwinds through the ExitStack below: every process is stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    url = os.environ.get("BENCH_SOAK_DATABASE_URL", DEFAULT_URL)
    redis_url = os.environ.get("SOAK_REDIS_URL", DEFAULT_REDIS_URL)
    _fresh_database(url)
    subprocess.run(["redis-cli", "-u", redis_url, "flushdb"], check=True, capture_output=True)
    with contextlib.ExitStack() as stack:
        sink = SmtpSink().start()
        stack.callback(sink.stop)
        # This process, and every process it starts, runs the site on these services.
        os.environ.update(
            DJANGO_SETTINGS_MODULE="bohnanza_site.settings",
            DATABASE_URL=url,
            REDIS_URL=redis_url,
            DEBUG="false",
            CELERY_TASK_ALWAYS_EAGER="false",
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=str(sink.port),
        )
        _migrate(dict(os.environ))
        Soak(args, sink, stack).run()


class Soak:
    def __init__(self, args, sink: SmtpSink, stack: contextlib.ExitStack):
        # Here, not at the top: the environment names the soak's site only once main ran.
        import django

        django.setup()
        logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd's line per command
        logging.getLogger("httpx").setLevel(logging.WARNING)  # the streams' line per opening
        self.args = args
        self.sink = sink
        self.stack = stack
        self.lateness: list[float] = []
        self.noisy: list[tuple[float, float]] = []  # spans left out of the "quiet" latency
        self.cpu = {"worker": {}, "web": {}, "database": {}}  # pid: the CPU seconds last seen

    def run(self) -> None:
        # Imported here: the site's modules load once django.setup() has run.
        from django.db import connection

        started = time.monotonic()
        viewers, followed = self._set_up()
        print(f"soak: {self.args.games} games set up in {time.monotonic() - started:.0f} s")
        seq_before = self._moves()
        written_before = game_bytes.rows_written(connection)
        seconds = self.args.minutes * 60
        webs = [self._web(port=self.args.port and self.args.port + i) for i in range(2)]
        streams = [self._streams()]
        watchers = stream_watch.Watchers(streams[0][1], *followed).start()
        log_dir = ROOT / "var" / "soak"
        log_dir.mkdir(parents=True, exist_ok=True)
        # Each beat keeps its schedule in a file named for it, so it starts afresh, as on a new
        # machine (an earlier run's schedule would make the hourly housekeeping fall inside this
        # run or not, by chance); the earlier runs' files go.
        for schedule in log_dir.glob("*celerybeat-schedule*"):
            schedule.unlink()
        beat = self._started(Beat({}, log_dir=str(log_dir)))
        workers = [
            self._started(
                Worker(
                    {},
                    concurrency=self.args.concurrency,
                    beat=False,
                    nice=self.args.nice,
                    idle=self.args.idle,
                    log_dir=str(log_dir),
                )
            )
            for _ in range(2)
        ]
        groups = [
            group
            for i, (page, poll, cookie) in enumerate(viewers)
            for group in (
                loadgen.Paced("page", webs[i % 2][1], page, cookie, 1, PAGE_INTERVAL),
                # The poll asks for what changed since the board it last had, as a page does.
                loadgen.Paced(
                    "poll",
                    webs[i % 2][1],
                    poll,
                    cookie,
                    1,
                    POLL_INTERVAL,
                    follows=poll.split("?")[0] + "?",
                ),
            )
        ]
        load = {}
        loader = threading.Thread(
            target=lambda: load.update(loadgen.run_paced(groups, seconds)), daemon=True
        )
        began = time.monotonic()
        self.noisy.append((began, began + SETTLING))
        loader.start()

        def restart_web() -> None:
            webs[1] = self._web(webs[1])

        def restart_streams() -> None:
            streams[0] = self._streams(streams[0])

        events = [
            (seconds / 3, "worker killed (SIGKILL) and started again", lambda: _kill(workers[0])),
            (seconds / 2, "web instance restarted", restart_web),
            (seconds * 2 / 3, "stream process restarted", restart_streams),
        ]
        while loader.is_alive():
            elapsed = time.monotonic() - began
            while events and elapsed >= events[0][0]:
                at, what, act = events.pop(0)
                self.noisy.append((time.monotonic(), time.monotonic() + SETTLING))
                act()
                print(f"  at {at:.0f} s: {what}")
            self._sample(workers + [beat], webs)
            time.sleep(max(0.0, 1 - (time.monotonic() - began - elapsed)))
        games = self._games()
        for process in [*workers, beat]:
            process.stop()
        stream_watch.caught_up(watchers)
        watchers.stop()
        for server, _ in [*webs, *streams]:
            _stop(server)
        moves = self._moves() - seq_before
        self._report(load, games, moves, seconds, written_before)
        stream_watch.report(watchers)

    def _started(self, process: Worker) -> Worker:
        self.stack.callback(process.stop)
        return process.start()

    def _web(self, old: tuple | None = None, port: int = 0) -> tuple[subprocess.Popen, int]:
        """A web instance started on `port` (any free one: 0), or `old` started again."""
        if old is not None:
            _stop(old[0])
            port = old[1]
        port = port or _free_port()
        server = _serve(dict(os.environ), port, self.args.web_processes, self.args.threads)
        self.stack.callback(_stop, server)
        return server, port

    def _streams(self, old: tuple | None = None) -> tuple[subprocess.Popen, int]:
        """A stream process (uvicorn, as deploy/ runs it), or `old` started again."""
        if old is not None:
            _stop(old[0])
        port = old[1] if old is not None else _free_port()
        server = subprocess.Popen(
            [
                *(str(Path(sys.executable).parent / "uvicorn"), "bohnanza_site.asgi:application"),
                *("--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"),
                *("--timeout-graceful-shutdown", "2"),
            ],
            cwd=ROOT,
            env=dict(os.environ),
        )
        self.stack.callback(_stop, server)
        return listening(server, port), port

    def _set_up(self) -> tuple[list[tuple[str, str, str]], tuple[list, list]]:
        """The games, started; per viewer its page, poll and cookie (enough viewers for the
        rate asked, a game's creator each); and the streams that follow the last `--streams`
        games (their creators made bot accounts, for a token)."""
        # Imported here: the site's modules load once django.setup() has run.
        from django.contrib.auth import get_user_model

        from bench.web_fixture import signed_in
        from botapi.services import bot_account_set, token_create
        from games import live
        from games.models import Seat
        from games.services.lobby import game_add_bot, game_create, game_start, seat_join

        chance = random.Random(SEED)
        made = []
        for number in range(self.args.games):
            people = [
                get_user_model().objects.create_user(
                    f"soak-{number}-{seat}", email=f"soak-{number}-{seat}@soak.invalid"
                )
                for seat in range(5)
            ]
            players = chance.choice((3, 4, 5))
            game = game_create(
                user=people[0],
                edition=EDITIONS[number % len(EDITIONS)],
                players=players,
                options={},
                time_control="fast",
            )
            bots_only = number % 2 == 0
            for seat in range(1, players):
                if not bots_only and chance.random() < ABSENT_SHARE:
                    seat_join(game_id=game.id, user=people[seat])
                else:
                    game_add_bot(game_id=game.id, user=people[0], bot=BOT)
            if bots_only:
                Seat.objects.filter(game=game, user=people[0]).update(bot_standing_in=True)
            made.append((game_start(game_id=game.id, user=people[0]), people[0]))
        per_viewer = 1 / PAGE_INTERVAL + 1 / POLL_INTERVAL
        viewers = []
        for game, creator in made[: max(1, round(self.args.rate / per_viewer))]:
            session, token = signed_in(game, creator)
            viewers.append(
                (f"/games/{game.id}/", poll_path(game.id, game.seq, token), browser_cookie(session))
            )
        seats, pages = [], []
        for game, creator in made[len(made) - min(self.args.streams, len(made)) :]:
            bot_account_set(user=creator, is_bot=True)
            _, token = token_create(user=creator, name="soak", scopes=["play"])
            seat = Seat.objects.get(game=game, user=creator)
            seats.append(stream_watch.SeatWatch(seat.id, game.id, token, after=game.seq))
            version = live.version(game.seq, None, game.updated_at)
            pages.append(stream_watch.PageWatch(game.id, version))
        return viewers, (seats, pages)

    def _sample(self, celery: list[Worker], webs: list[tuple]) -> None:
        """How overdue the most overdue open deadline is, and the CPU each process has used
        (a killed process keeps the last figure seen)."""
        # Imported here: the site's modules load once django.setup() has run.
        from django.db import connection
        from django.db.models import Min
        from django.utils import timezone

        from games.models import Deadline

        with connection.cursor() as cursor:
            # PostgreSQL's processes serving the site's connections (not this one's).
            cursor.execute(
                "select pid from pg_stat_activity where datname = current_database() "
                "and pid <> pg_backend_pid()"
            )
            backends = [pid for (pid,) in cursor.fetchall()]
        oldest = Deadline.objects.filter(done=False).aggregate(Min("due_at"))["due_at__min"]
        overdue = (timezone.now() - oldest).total_seconds() if oldest else 0.0
        self.lateness.append(max(0.0, overdue))
        for role, pids in (
            ("worker", [p.process.pid for p in celery if p.process]),
            ("web", [server.pid for server, _ in webs]),
            ("database", backends),
        ):
            self.cpu[role].update(server_cpu.tree_seconds(pids))

    def _moves(self) -> int:
        # Imported here: the site's modules load once django.setup() has run.
        from django.db.models import Sum

        from games.models import Game

        return Game.objects.aggregate(Sum("seq"))["seq__sum"] or 0

    def _games(self) -> dict[str, list[int]]:
        """Each game's state as the soak ends, the workers still running."""
        # Imported here: the site's modules load once django.setup() has run.
        from django.db.models import Exists, OuterRef
        from django.utils import timezone

        from games.models import Deadline, Game

        opened = Deadline.objects.filter(game=OuterRef("pk"), done=False)
        overdue = opened.filter(due_at__lt=timezone.now() - STUCK_AFTER)
        running = Game.objects.filter(status=Game.Status.RUNNING).annotate(
            waits=Exists(opened), late=Exists(overdue)
        )
        return {
            "finished": list(
                Game.objects.filter(status=Game.Status.FINISHED).values_list("id", flat=True)
            ),
            "running": [g.id for g in running],
            "stuck": [g.id for g in running if g.late or not g.waits],
        }

    def _report(self, load, games, moves: int, seconds: float, written_before) -> None:
        # Imported here: the site's modules load once django.setup() has run.
        from django.db import connection
        from django.db.models import Sum

        from games.models import Game, Outbox

        a = self.args
        print(
            f"soak: {a.minutes:g} min, {a.games} games on the fast clock, 2 web instances "
            f"(gunicorn {a.web_processes} x {a.threads} threads), 2 workers (-c {a.concurrency}, "
            f"{'SCHED_IDLE' if a.idle else f'nice {a.nice}'}) and a beat"
        )
        print(
            f"  games: {len(games['finished'])} finished, {len(games['running'])} running, "
            f"{len(games['stuck'])} stuck {games['stuck'][:10]}"
        )
        print(f"  moves: {moves} ({moves / seconds * 60:,.0f} a minute)")
        sent = set(
            Outbox.objects.filter(sent_at__isnull=False, skipped="").values_list("id", flat=True)
        )
        received = Counter(m.outbox_id for m in self.sink.messages())
        without = received.pop(None, 0)
        doubled = sorted(i for i, n in received.items() if n > 1)
        # A mail sent again after a kill keeps its Message-ID: the reader's client shows one.
        ids = {row: set() for row in doubled}
        for mail in self.sink.messages():
            if mail.outbox_id in ids:
                ids[mail.outbox_id].add(mail.message["Message-ID"])
        shown_twice = [row for row, found in ids.items() if len(found) > 1]
        print(
            f"  mails: {len(sent)} sent, {sum(received.values())} received "
            f"({without} without an outbox row); sent and not received: "
            f"{len(sent - received.keys())}, received twice or more: {len(doubled)} "
            f"{doubled[:10]} (shown twice, under two Message-IDs: {len(shown_twice)}), "
            "received with their row not marked sent: "
            f"{len(received.keys() - sent)}"
        )
        replay = subprocess.run(
            [sys.executable, "manage.py", "replay_check"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        print(f"  {(replay.stdout.strip().splitlines() or [replay.stderr.strip()])[-1]}")
        late = sorted(self.lateness)
        print(
            f"  timeouts: the most overdue open deadline, each second ({len(late)} samples): "
            f"p50 {_quantile(late, 0.5):.1f} s, p95 {_quantile(late, 0.95):.1f} s, "
            f"max {late[-1] if late else 0:.1f} s"
        )
        requests = 0
        for label in ("page", "poll"):
            result = load.get(label)
            if not result or len(result.latencies_ms) < 2:
                print(f"  {label}: no answers")
                continue
            requests += result.requests + result.errors
            errors = sum(n for status, n in result.statuses.items() if status >= 500)
            quiet = [
                ms
                for at, ms in zip(result.sent_at, result.latencies_ms, strict=True)
                if not any(start <= at < end for start, end in self.noisy)
            ]
            print(
                f"  {label}: {result.rps:.1f} req/s, p50 {result.percentile(50):.1f} ms, "
                f"p99 {result.percentile(99):.1f} ms, max {max(result.latencies_ms):.0f} ms; "
                f"quiet p50 {_quantile(sorted(quiet), 0.5):.1f} ms, "
                f"p99 {_quantile(sorted(quiet), 0.99):.1f} ms; 5xx {errors}, connection "
                f"errors {result.errors}, statuses {dict(sorted(result.statuses.items()))}"
            )
        worker_cpu = sum(self.cpu["worker"].values())
        web_cpu = sum(self.cpu["web"].values())
        print(
            f"  CPU: workers and beat {worker_cpu:.0f} s ({worker_cpu / seconds:.2f} cores, "
            f"{worker_cpu * 1000 / max(moves, 1):.1f} ms a move: "
            f"{moves * 60 / max(worker_cpu, 1e-9):,.0f} moves a minute a core); web "
            f"{web_cpu:.0f} s ({web_cpu * 1000 / max(requests, 1):.1f} ms a request); "
            f"PostgreSQL for both {sum(self.cpu['database'].values()):.0f} s"
        )
        game_bytes.print_written(game_bytes.written_since(connection, written_before), moves)
        game_bytes.print_dead(game_bytes.dead_rows(connection), moves)
        finished = games["finished"]
        finished_moves = Game.objects.filter(id__in=finished).aggregate(Sum("seq"))["seq__sum"] or 0
        game_bytes.print_kept(
            f"kept a finished game ({len(finished)} games)",
            game_bytes.kept(connection, finished),
            len(finished),
            finished_moves,
        )


def _kill(worker: Worker) -> None:
    worker.kill()
    time.sleep(2)
    worker.start()


def _stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _quantile(ordered: list[float], q: float) -> float:
    if len(ordered) < 2:
        return ordered[0] if ordered else 0.0
    return statistics.quantiles(ordered, n=100, method="inclusive")[round(q * 100) - 1]


if __name__ == "__main__":
    main()
