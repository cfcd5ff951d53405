"""The embedded default's worker, kept running: `make run` starts Celery's worker (with its beat)
through this, which starts it again whenever it dies, after a short wait that grows while it
keeps dying (1, 2, 5, 10, then 30 s; back to 1 s once it has run a minute).

A worker killed outright leaves its pool's processes behind; they are killed with it (the
worker runs in a process group of its own). The file-system broker keeps each message in a
file of its own. One that cannot be read (a file a crash left half written) stops the worker
at once with an "Unrecoverable error", and would again at each start: before each start,
message files that do not hold JSON are moved aside (to `broken/` beside the queue's folder),
each with a line saying so. Files younger than a few seconds are left alone: they may be being
written.

    python -m bohnanza_site.supervised_worker [--queue-folder DIR] [celery worker options]
"""

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

WAITS = (1, 2, 5, 10, 30)
# A worker that ran this long before it died is not dying over and over: the waits start again.
RAN_LONG_ENOUGH = 60.0
# A message file this young may be half written by a sender still.
SETTLING = 5.0
# What Celery's worker prints as it stops for a SIGTERM.
OWN_SHUTDOWN = "worker: Warm shutdown (MainProcess)"
# The signals that stop this process, and its worker with it.
STOPS = {signal.SIGTERM, signal.SIGINT}


def set_aside_unreadable(queue: Path, *, now: float | None = None) -> list[Path]:
    """Moves the queue's message files that hold no JSON to `broken/` beside it; returns where
    each went."""
    now = time.time() if now is None else now
    moved = []
    for path in sorted(queue.glob("*.msg")) if queue.is_dir() else []:
        try:
            if now - path.stat().st_mtime < SETTLING:
                continue
            json.loads(path.read_bytes())
        except FileNotFoundError:  # taken meanwhile
            continue
        except ValueError:
            broken = queue.parent / "broken"
            broken.mkdir(exist_ok=True)
            moved.append(path.rename(broken / path.name))
            print(f"A message the worker cannot read was set aside: {moved[-1]}", file=sys.stderr)
    return moved


def supervise(command: list[str], queue: Path | None) -> int:
    """Runs `command` until this process is asked to stop (SIGTERM, SIGINT), starting it again
    whenever it ends on its own. Returns the last exit status."""
    state = {"stopping": False, "child": None}

    def stop(signum, _frame):
        # Ctrl-C asks, then `make run`'s trap asks again: the worker is told once.
        if state["stopping"]:
            return
        state["stopping"] = True
        if state["child"] is not None and state["child"].poll() is None:
            state["child"].send_signal(signal.SIGTERM)

    for stopping in STOPS:
        signal.signal(stopping, stop)
    dying = 0
    while True:
        if queue is not None:
            set_aside_unreadable(queue)
        started = time.monotonic()
        # In a group of its own: a worker killed outright leaves its pool's processes behind,
        # and they go with it here.
        state["child"] = subprocess.Popen(
            command,
            start_new_session=True,
            stdout=subprocess.PIPE,
            encoding="utf-8",
            errors="replace",
        )
        forwarding = threading.Thread(
            target=_forward, args=(state["child"].stdout, state), daemon=True
        )
        # Started with SIGTERM and SIGINT blocked, which it keeps: taken by that thread, they
        # would wait for the worker's end to be handled, as the main thread's wait for it would
        # go on uninterrupted.
        unblocked = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
        forwarding.start()
        signal.pthread_sigmask(signal.SIG_SETMASK, unblocked)
        status = state["child"].wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(state["child"].pid, signal.SIGKILL)
        # The pipe ends once the worker's group is gone; whatever still holds it is not waited for.
        forwarding.join(timeout=5)
        if state["stopping"]:
            return status
        dying = 0 if time.monotonic() - started > RAN_LONG_ENOUGH else dying + 1
        wait = WAITS[min(dying, len(WAITS)) - 1] if dying else WAITS[0]
        print(
            f"The worker stopped (exit status {status}); starting it again in {wait} s.",
            file=sys.stderr,
        )
        time.sleep(wait)
        if state["stopping"]:
            return status


def _forward(lines, state: dict) -> None:
    """The worker's own output (its banner, what it says of a shutdown; its log goes to
    stderr), but for the word of the shutdown this process asked for: `make run` says once
    that the site stopped."""
    with lines:
        for line in lines:
            if not (state["stopping"] and line.strip() == OWN_SHUTDOWN):
                sys.stdout.write(line)
                sys.stdout.flush()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queue-folder", type=Path, default=None)
    ours, celery_options = parser.parse_known_args(argv)
    celery = str(Path(sys.executable).parent / "celery")
    command = [celery, "-A", "bohnanza_site", "worker", "--beat", *celery_options]
    return supervise(command, ours.queue_folder)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
