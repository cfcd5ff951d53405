"""What `make run` and `make demo` say as they start, read from make's dry run (nothing runs),
what the engine's build says while it runs, and how `make run` stops."""

import os
import signal
import subprocess
import time
from pathlib import Path

import mypyc.build
import pytest
import setuptools

import build_engine
from games.engine import compiled

ROOT = Path(__file__).resolve().parents[2]
HINT = "Nothing to look at yet? 'make demo'"


def dry_run(*arguments: str) -> str:
    done = subprocess.run(
        ["make", "-n", *arguments], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_make_run_points_a_new_site_to_the_demo_and_make_demo_does_not():
    assert HINT in dry_run("run")
    assert HINT not in dry_run("demo")


def test_make_run_serves_on_the_port_asked_for():
    script = dry_run("run", "PORT=8123")

    assert "Bohnanza is running at http://127.0.0.1:8123/" in script
    assert "uvicorn bohnanza_site.asgi:application --host 127.0.0.1 --port 8123" in script
    assert 'SITE_URL="${SITE_URL:-http://127.0.0.1:8123}"' in script  # the links in its mails


def test_the_engines_build_says_what_it_does_and_how_long_it_takes_before_it_starts(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setattr(compiled, "BUILD", tmp_path / "build")
    monkeypatch.setattr(compiled, "FINGERPRINT", tmp_path / "build" / "sources.sha256")
    monkeypatch.setattr(build_engine, "TICK", 0.1, raising=False)
    said_before = []

    def slow_build(**kwargs):
        said_before.append(capsys.readouterr().out)
        time.sleep(0.25)
        compiled.BUILD.mkdir()

    monkeypatch.setattr(mypyc.build, "mypycify", lambda modules, **kwargs: [])
    monkeypatch.setattr(setuptools, "setup", slow_build)

    assert build_engine.main() == 0

    [announced] = said_before
    assert announced.startswith("Compiling the rules engine to C with mypyc (")
    assert "about a minute and a half on two idle cores" in announced
    after = capsys.readouterr().out
    assert "Still compiling the engine (0 s so far)." in after
    assert "Compiled " in after


# Stands in for Python and uvicorn under `make run`: migrating is done at once, and the worker,
# the mail receiver and the site each wait to be stopped, and stop as they do (on SIGTERM, at
# once and without a word).
FAKE_PYTHON = """#!/bin/sh
case "$*" in *migrate*) exit 0 ;; esac
trap 'exit 0' TERM
while :; do sleep 0.1; done
"""


def ctrl_c(run: subprocess.Popen) -> None:
    os.killpg(run.pid, signal.SIGINT)  # to every process of the terminal's group


def sigterm_to_make(run: subprocess.Popen) -> None:
    run.terminate()  # which make passes on to the shell running the recipe


@pytest.mark.parametrize("stop", [ctrl_c, sigterm_to_make])
def test_make_run_stops_with_one_line_and_no_error(tmp_path, stop):
    python = tmp_path / "python"
    for fake in (python, tmp_path / "uvicorn"):
        fake.write_text(FAKE_PYTHON)
        fake.chmod(0o755)
    (tmp_path / "games" / "engine").mkdir(parents=True)  # the engine's sources make lists
    run = subprocess.Popen(
        ["make", "-f", ROOT / "Makefile", "-o", "venv", "-o", "engine", "-o", "messages"]
        + ["run", f"PY={python}", "PORT=8123"],
        cwd=tmp_path,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        while "Bohnanza is running at" not in run.stdout.readline():
            pass
        time.sleep(0.3)  # the site started

        stop(run)
        out, err = run.communicate(timeout=30)
    finally:
        left = still_running(run.pid)
        if left:
            os.killpg(run.pid, signal.SIGKILL)

    assert err == ""
    assert out.splitlines()[-1] == "Bohnanza stopped."
    assert out.count("stopped") == 1
    assert not (tmp_path / "var" / "celery.pid").exists()
    assert not left, "a process make run started is still running"


def still_running(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True
