"""The embedded default's worker supervisor: what it does to a queue a crash left broken, and
how it stops its worker."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bohnanza_site.supervised_worker import set_aside_unreadable

ROOT = Path(__file__).resolve().parents[2]


def test_a_message_file_holding_no_json_is_set_aside_and_a_young_one_left_alone(tmp_path, capsys):
    queue = tmp_path / "queue"
    queue.mkdir()
    good = queue / "1_a.celery.msg"
    good.write_text(json.dumps({"body": "…"}))
    half = queue / "2_b.celery.msg"
    half.write_text('{"body": "half wri')
    young = queue / "3_c.celery.msg"
    young.write_text('{"being wri')
    old = time.time() - 60
    for path in (good, half):
        os.utime(path, (old, old))

    moved = set_aside_unreadable(queue)

    assert moved == [tmp_path / "broken" / "2_b.celery.msg"]
    assert sorted(path.name for path in queue.iterdir()) == ["1_a.celery.msg", "3_c.celery.msg"]
    assert "set aside" in capsys.readouterr().err


# Stands in for Celery's worker: says it is ready, and on each SIGTERM notes it and says what
# Celery says, then takes a second to finish its tasks, as a warm shutdown does.
FAKE_WORKER = """
import signal, sys, time
told = open(sys.argv[1], "a")

def warm_shutdown(signum, frame):
    told.write("TERM\\n")
    told.flush()
    print("worker: Warm shutdown (MainProcess)", flush=True)
    signal.alarm(1)

signal.signal(signal.SIGTERM, warm_shutdown)
signal.signal(signal.SIGALRM, lambda signum, frame: sys.exit(0))
print("celery@here ready", flush=True)
while True:
    time.sleep(0.1)
"""
SUPERVISE = "import sys; from bohnanza_site.supervised_worker import supervise; "
SUPERVISE += "sys.exit(supervise(sys.argv[1:], None))"


def test_stopped_by_ctrl_c_and_then_by_make_it_stops_its_worker_once_and_quietly(tmp_path):
    told = tmp_path / "told"
    supervisor = subprocess.Popen(
        [sys.executable, "-c", SUPERVISE, sys.executable, "-c", FAKE_WORKER, str(told)],
        cwd=ROOT,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert supervisor.stdout.readline() == "celery@here ready\n"  # the worker's own words

    os.killpg(supervisor.pid, signal.SIGINT)  # Ctrl-C, to the terminal's process group
    time.sleep(0.3)
    supervisor.send_signal(signal.SIGTERM)  # then `make run`'s trap, as it exits
    out, err = supervisor.communicate(timeout=30)

    assert (supervisor.returncode, out, err) == (0, "", "")
    assert told.read_text() == "TERM\n"
