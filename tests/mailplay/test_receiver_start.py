"""What the reply receiver prints when it starts, as `make run` shows it: one line saying
where it listens, not the log of the check it makes of its own port."""

import signal
import subprocess
import sys
import time
from pathlib import Path

from bench.async_infra import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_the_receiver_starts_with_one_line_and_no_connection_log():
    command = [sys.executable, "manage.py", "mail_receiver", "--port", str(free_port())]
    receiver = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        started = receiver.stdout.readline()
        time.sleep(0.5)  # anything logged just after the start would be in by now
    finally:
        receiver.send_signal(signal.SIGTERM)
        _out, errors = receiver.communicate(timeout=30)

    assert started.startswith("Replies to mails are received by SMTP on 127.0.0.1:")
    assert "Connection lost" not in errors
    assert errors.strip() == ""
