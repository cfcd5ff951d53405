"""The calls each player gets in a whole 4-player game on the daily clock, by channel and kind.

    python -m bench.calls_by_channel                  # seed "calls", answers after 5 h on average
    python -m bench.calls_by_channel --seed other --hours 8

Four people play a Rio Grande game on the daily time control through the site's services (the
moves a page posts, the beat's reminders and timeouts), on a virtual clock. Each has an address,
one device with push turned on and one webhook, and the preferences a new player starts with.
The game waits for a seat: its player comes after a delay drawn from an exponential
distribution (seeded by the seed, in the order of the waits), opens the page and makes every
move the strong bot would make for the seat while the game waits for it (the move the game
would make when time runs out where the bot wants none). The clock goes on in steps of a
quarter of an hour between visits, with the reminders and timeouts the beat would send or make
in each step; a player who comes too late finds the timeout's moves made.

Counted are the rows written for each channel, which is what a player would get: a mail (sent
at once), a row waiting for the daily digest, a push to the device, a post to the webhook.
Nothing is sent: the tasks queued after each commit are dropped. Runs in a process of its own,
on a SQLite database made anew for each run in a temporary folder.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
PLAYERS: Final = 4
STEP: Final = timedelta(minutes=15)
START: Final = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)
CHANNELS: Final = ("mail", "push", "webhook", "digest")
MAX_VISITS: Final = 5_000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="calls")
    parser.add_argument("--hours", type=float, default=5.0, help="mean delay of an answer")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-calls-") as folder:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bohnanza_site.settings",
            "DATABASE_URL": f"sqlite:///{folder}/calls.sqlite3",
            "CELERY_TASK_ALWAYS_EAGER": "false",
        }
        python = sys.executable
        subprocess.run(
            [python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
        )
        command = [python, "-m", "bench.calls_by_channel", "--play", args.seed, str(args.hours)]
        subprocess.run(command, cwd=ROOT, env=env, check=True)


def play(seed: str, mean_hours: float) -> None:
    """Runs in a process of its own, once the settings name the bench's database."""
    # Django and the site are imported here, once `django.setup()` has run on that database.
    import django

    django.setup()
    # Imported here: the site's modules load once django.setup() has run.
    import time_machine

    from games import task_queue

    # Nothing is sent: the rows written are the figures.
    task_queue._queue = lambda job, args: None
    with time_machine.travel(START, tick=False) as clock:
        game = _game(seed)
        visits = _Visits(game, seed, mean_hours, clock)
        visits.play()
    _report(game, seed, mean_hours, visits)


def _game(seed: str):
    # Imported here: the site's modules load once django.setup() has run.
    from django.contrib.auth import get_user_model

    from games import engine
    from games.models import Game, PushSubscription, Webhook
    from games.services.lobby import game_create, game_start, seat_join
    from games.services.profiles import profile_get_or_create

    users = []
    for number in range(PLAYERS):
        name = f"player{number + 1}"
        user = get_user_model().objects.create(username=name, email=f"{name}@bench.invalid")
        profile_get_or_create(user=user, display_name=name)
        Webhook.objects.create(user=user, url=f"https://hooks.bench.invalid/{name}", secret="s")
        PushSubscription.objects.create(
            user=user,
            endpoint=f"https://push.bench.invalid/{name}",
            p256dh="key",
            auth="auth",
            device="phone",
        )
        users.append(user)
    first, *others = users
    game = game_create(
        user=first, edition="rio-grande", players=PLAYERS, options={}, time_control="daily"
    )
    Game.objects.filter(pk=game.id).update(seed=seed, seed_hash=engine.seed_hash(seed))
    for user in others:
        seat_join(game_id=game.id, user=user)
    return game_start(game_id=game.id, user=first)


class _Visits:
    """The players' visits on the virtual clock, and the beat's work between them."""

    def __init__(self, game, seed: str, mean_hours: float, clock):
        # Imported here: the site's modules load once django.setup() has run.
        from games.engine.bots import make_bot

        self.game = game
        self.clock = clock
        self.now = START
        self.delays = random.Random(f"{seed}/delays")
        self.mean_hours = mean_hours
        self.bots = [make_bot("strong", f"{seed}/bot{seat}") for seat in range(PLAYERS)]
        self.due: dict[int, datetime] = {}  # seat -> when its player comes
        self.visits = 0
        self.timeouts = 0

    def play(self) -> None:
        # Imported here: the site's modules load once django.setup() has run.
        from games.models import Game

        while self.game.status == Game.Status.RUNNING:
            self._await()
            seat, at = min(self.due.items(), key=lambda item: (item[1], item[0]))
            if self._beat_until(at):
                continue  # a timeout moved the game on: whom it waits for changed
            del self.due[seat]
            self._visit(seat)
            self.visits += 1
            if self.visits > MAX_VISITS:
                raise RuntimeError("the game does not end")

    def _state(self):
        # Imported here: the site's modules load once django.setup() has run.
        from games import engine

        self.game.refresh_from_db()
        return engine.from_dict(self.game.state)

    def _await(self) -> None:
        # Imported here: the site's modules load once django.setup() has run.
        from bench.paced_game import called

        state = self._state()
        waited = set(called(state))
        for seat in list(self.due):
            if seat not in waited:
                del self.due[seat]
        for seat in sorted(waited - set(self.due)):
            delay = self.delays.expovariate(1 / self.mean_hours)
            self.due[seat] = self.now + timedelta(hours=delay)

    def _beat_until(self, at: datetime) -> bool:
        """The beat's reminders and timeouts up to `at`; whether a timeout moved the game."""
        # Imported here: the site's modules load once django.setup() has run.
        from games.services.timeouts import deadlines_sweep, reminders_send

        seq = self.game.seq
        while self.now < at:
            self._move_clock(min(at, self.now + STEP))
            reminders_send(now=self.now)
            if deadlines_sweep(now=self.now):
                self.timeouts += 1
                self.game.refresh_from_db()
                if self.game.seq != seq:
                    return True
        return False

    def _move_clock(self, to: datetime) -> None:
        self.now = to
        self.clock.move_to(to)

    def _visit(self, position: int) -> None:
        """The player opens the page (it counts as open while they move) and moves."""
        # Imported here: the site's modules load once django.setup() has run.
        from bench.paced_game import called
        from games import engine
        from games.models import Seat
        from games.services.moves import move_submit

        seat = Seat.objects.select_related("user").get(game=self.game, position=position)
        Seat.objects.filter(pk=seat.pk).update(last_seen_at=self.now)
        for _ in range(200):
            state = self._state()
            if state.over:
                return
            awaited = position in called(state)
            move = self.bots[position].choose(state, position, awaited)
            if move is None and awaited:
                move = engine.default_move(state, position)
            if move is None:
                return
            move_submit(
                game_id=self.game.id, user=seat.user, action=move, expected_seq=self.game.seq
            )
        raise RuntimeError(f"seat {position} made 200 moves in one visit")


def _counts(game) -> dict[tuple[int, str], Counter]:
    """Per (position, kind): the rows written for each channel."""
    # Imported here: the site's modules load once django.setup() has run.
    from games.models import Outbox, PushDelivery, Seat, WebhookDelivery

    position = dict(Seat.objects.filter(game=game).values_list("user_id", "position"))
    counts: dict[tuple[int, str], Counter] = {}

    def add(user_id: int, kind: str, channel: str) -> None:
        counts.setdefault((position[user_id], kind), Counter())[channel] += 1

    for row in Outbox.objects.filter(game=game):
        if row.digest:
            add(row.user_id, row.kind, "digest")
        elif not _skipped_at_writing(row):
            add(row.user_id, row.kind, "mail")
    for model, channel in ((PushDelivery, "push"), (WebhookDelivery, "webhook")):
        for user_id, kind in model.objects.filter(outbox__game=game).values_list(
            "outbox__user_id", "outbox__kind"
        ):
            add(user_id, kind, channel)
    return counts


def _skipped_at_writing(row) -> bool:
    """A row written only for push or a webhook, already marked as sent without a mail."""
    return row.sent_at is not None and row.skipped in ("webhook only", "push only")


def _report(game, seed: str, mean_hours: float, visits: _Visits) -> None:
    # Imported here: the site's modules load once django.setup() has run.
    from games import engine

    state = engine.from_dict(game.state)
    days = (visits.now - START).total_seconds() / 86400
    print(
        f"calls by channel: a {PLAYERS}-player Rio Grande game on the daily clock, seed "
        f"{seed!r}, answers after {mean_hours:g} h on average: {state.turn} turns, "
        f"{days:.1f} days, {visits.visits} visits, {visits.timeouts} timeouts"
    )
    counts = _counts(game)
    header = f"{'seat':<6}{'kind':<16}" + "".join(f"{channel:>9}" for channel in CHANNELS)
    print(header)
    for position in range(PLAYERS):
        total: Counter = Counter()
        for (seat, kind), counted in sorted(counts.items()):
            if seat == position:
                total.update(counted)
                print(f"{position:<6}{kind:<16}" + _cells(counted))
        print(f"{position:<6}{'all':<16}" + _cells(total))
    everyone: Counter = Counter()
    for counted in counts.values():
        everyone.update(counted)
    print(f"{'all':<6}{'all':<16}" + _cells(everyone))


def _cells(counted: Counter) -> str:
    return "".join(f"{counted[channel]:>9}" for channel in CHANNELS)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--play"]:
        play(sys.argv[2], float(sys.argv[3]))
    else:
        main()
