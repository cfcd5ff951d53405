"""A figure measured inside the site, in a process of its own configured for a PostgreSQL
database of its own, with DEBUG off; skipped, with the reason, where there is no PostgreSQL."""

import os
import subprocess
import sys
from pathlib import Path

from bench.web_bench import _ensure_database

ROOT = Path(__file__).resolve().parent.parent


def measure_in_site(
    *, name: str, url_variable: str, default_url: str, module: str, commands=(), env=None
) -> None:
    """Migrates and collects the static files (then runs `commands`, manage.py's) in the
    database named by `url_variable`, and runs `python -m module --measure` there."""
    url = os.environ.get(url_variable, default_url)
    try:
        _ensure_database(url)
    except Exception as error:  # noqa: BLE001 - the bench reports and skips, it never hides it
        print(f"{name}: skipped, no PostgreSQL at {url}: {error}")
        return
    site = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bohnanza_site.settings",
        "DATABASE_URL": url,
        "DEBUG": "false",
        **(env or {}),
    }
    python = sys.executable
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"], *commands):
        subprocess.run([python, "manage.py", *command, "-v", "0"], cwd=ROOT, env=site, check=True)
    subprocess.run([python, "-m", module, "--measure"], cwd=ROOT, env=site, check=True)
