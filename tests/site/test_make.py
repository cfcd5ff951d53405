"""What `make run` and `make demo` say as they start, read from make's dry run (nothing runs)."""

import subprocess
from pathlib import Path

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
    assert "runserver 127.0.0.1:8123" in script
    assert 'SITE_URL="${SITE_URL:-http://127.0.0.1:8123}"' in script  # the links in its mails
