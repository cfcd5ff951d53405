"""Server time and bytes of one step of the replay of a game of over 500 moves: the whole page
(what a step cost when each step was a page load) beside the step as the replay's controls
fetch it (an htmx request, answered with the step's partial).

Measured in one process with Django's test client and DEBUG off, as the league figures are:
the time the site takes to answer, database included, and the CPU time of the site's own
process (which a machine busy with other work changes less). The game (3 players, random bots, a
fixed seed) is played once through the services players' moves take, in its own PostgreSQL
database (BENCH_REPLAY_DATABASE_URL, default a `bohnanza_bench_replay` database on the local
PostgreSQL); each request is made for STEPS moves spread over the whole game.
"""

import contextlib
import io
import statistics
import sys
import time

from bench.in_site import measure_in_site
from bench.league_bench import _Counter

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bohnanza_bench_replay"
LEAST_MOVES = 500
STEPS = 60
ROUNDS = 3


def main() -> None:
    measure_in_site(
        name="replay",
        url_variable="BENCH_REPLAY_DATABASE_URL",
        default_url=DEFAULT_URL,
        module="bench.replay_step",
        env={"CELERY_TASK_ALWAYS_EAGER": "1"},
    )


def measure() -> None:
    """Runs inside the configured site: the game is played (or found, from an earlier run),
    then each step is asked for as a page and as the controls ask for it, ROUNDS times."""
    # Django's modules are imported here, once the settings named by the environment apply:
    # `make bench` imports this module before any site is configured.
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    with contextlib.redirect_stdout(io.StringIO()):  # the mails its moves send, to the console
        game = _long_game()
    client = Client()
    client.force_login(game.seats.get(position=0).user)
    history = reverse("games:history", args=[game.id])
    steps = [1 + index * (game.seq - 1) // (STEPS - 1) for index in range(STEPS)]
    ways = (
        ("whole page", {}),
        ("the step as the controls fetch it", {"HTTP_HX_REQUEST": "true"}),
    )
    print(
        f"replay (PostgreSQL, one process, a game of {game.seq} moves, {STEPS} steps spread "
        f"over it, {ROUNDS} rounds)"
    )
    for name, headers in ways:
        for seq in steps:  # unmeasured: templates compiled, connection opened
            client.get(f"{history}?seq={seq}", **headers)
        queries = _Counter()
        with connection.execute_wrapper(queries):
            client.get(f"{history}?seq={steps[STEPS // 2]}", **headers)
        times, cpu, sizes = [], [], []
        for _ in range(ROUNDS):
            for seq in steps:
                start, start_cpu = time.perf_counter(), time.process_time()
                response = client.get(f"{history}?seq={seq}", **headers)
                times.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - start_cpu) * 1000)
                assert response.status_code == 200, (seq, response.status_code)
                sizes.append(len(response.content))
        times.sort()
        print(
            f"  {name}: median {statistics.median(times):.1f} ms "
            f"(p90 {times[int(len(times) * 0.9)]:.1f} ms; this process's CPU, median "
            f"{statistics.median(cpu):.1f} ms), median {statistics.median(sizes):.0f} bytes "
            f"(smallest {min(sizes)}, largest {max(sizes)}), {queries.count} queries"
        )


def _long_game():
    """The first game of seeds replay-bench-0, -1 … whose random bots play it to over
    LEAST_MOVES moves, finished; kept in the database for the next run."""
    # Imported once django.setup() has run, as in measure().
    from django.contrib.auth import get_user_model

    from games import engine
    from games.engine.bots import make_bot
    from games.models import Game
    from games.services.lobby import game_create, game_start, seat_join
    from games.services.moves import move_submit

    users = [
        get_user_model().objects.get_or_create(
            username=f"replay-{name}", defaults={"email": f"{name}@replay.invalid"}
        )[0]
        for name in ("alice", "bob", "carol")
    ]
    done = Game.objects.filter(
        status=Game.Status.FINISHED, seq__gt=LEAST_MOVES, seats__user=users[0]
    ).first()
    for number in range(100):
        if done is not None:
            return done
        seed = f"replay-bench-{number}"
        game = game_create(user=users[0], edition="rio-grande", players=3, options={})
        Game.objects.filter(pk=game.id).update(seed=seed, seed_hash=engine.seed_hash(seed))
        for user in users[1:]:
            seat_join(game_id=game.id, user=user)
        game = game_start(game_id=game.id, user=users[0])
        players = {seat.position: seat.user for seat in game.seats.all()}
        bots = [make_bot("random", f"{seed}/{position}") for position in players]
        state = engine.from_dict(game.state)
        while not state.over:
            seat = engine.waiting_for(state)[0]
            game = move_submit(
                game_id=game.id,
                user=players[seat],
                action=bots[seat].choose(state, seat),
                expected_seq=game.seq,
            ).game
            state = engine.from_dict(game.state)
        done = game if game.seq > LEAST_MOVES else None
    raise RuntimeError(f"no game of over {LEAST_MOVES} moves in 100 seeds")


if __name__ == "__main__":
    if "--measure" in sys.argv:
        measure()
    else:
        main()
