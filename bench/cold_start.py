"""A web process's first game pages after it starts, against the same pages once it is warm.

One gunicorn process (threaded, DEBUG off) is started on the web bench's game (PostgreSQL, as
`bench.web_bench`). Once it answers the bare view (its start is over), two players of the game
each load their page, rendered afresh: one reads the site in English, one in German. Then both
again. Printed: how long the process took to answer at all, and each player's first page
against their next.

    python -m bench.cold_start
"""

import subprocess
import sys
import time
import urllib.request

from bench.web_bench import ROOT, _free_port, _migrate, _serve, bench_environment, browser_cookie

READERS = ("en", "de")
FIXTURE = (
    "import django; django.setup()\n"
    "from bench.web_fixture import started_game, signed_in\n"
    "from games.models import Game, Profile\n"
    "game_id = started_game()[0]\n"
    "game = Game.objects.get(pk=game_id)\n"
    "for seat, language in zip(game.seats.order_by('position'), %r):\n"
    "    Profile.objects.filter(user=seat.user).update(language=language)\n"
    "    print(signed_in(game, seat.user)[0])\n"
    "print(game_id)\n"
)


def _get(port: int, path: str, cookie: str = "") -> float:
    """Milliseconds to the whole answer."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Cookie": cookie})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as answer:
        answer.read()
    return (time.perf_counter() - started) * 1000


def _answering(port: int) -> float:
    """Seconds until the process answers the bare view."""
    started = time.perf_counter()
    while True:
        try:
            _get(port, "/healthz")
            return time.perf_counter() - started
        except OSError:
            time.sleep(0.05)


def main() -> None:
    env = bench_environment("cold start")
    if env is None:
        return
    _migrate(env)
    made = subprocess.run(
        [sys.executable, "-c", FIXTURE % (READERS,)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    # Rendered afresh each time (a counter-offer link's page is never kept), so that the first
    # and the next differ only in what the process had ready.
    sessions, page = made[-3:-1], f"/games/{made[-1]}/?counter=999999"
    port = _free_port()
    started = time.perf_counter()
    server = _serve(env, port, processes=1)
    try:
        answering = _answering(port)
        print(f"cold start: the process answers {answering:.2f} s after it was started")
        cookies = [browser_cookie(session) for session in sessions]
        first = [_get(port, page, cookie) for cookie in cookies]
        warm = [_get(port, page, cookie) for cookie in cookies]
        for language, cold, hot in zip(READERS, first, warm, strict=True):
            print(
                f"    game page in {language}: first {cold:.0f} ms, next {hot:.0f} ms "
                f"({cold / hot:.1f}x)"
            )
    finally:
        server.terminate()
        server.wait(10)
    print(f"    (all in {time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
