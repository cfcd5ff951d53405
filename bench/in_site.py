"""A figure measured inside the site, in a process of its own configured for a PostgreSQL
database of its own, with DEBUG off; skipped, with the reason, where there is no PostgreSQL."""

import os
import statistics
import subprocess
import sys
import time
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


def pages_timed(client, pages, requests: int) -> None:
    """Inside the site: each (name, path) requested once to warm up, once counting its
    queries, then `requests` times; its median and 90th percentile printed."""
    from django.db import connection

    for name, path in pages:
        client.get(path)
        queries = _Counter()
        with connection.execute_wrapper(queries):
            client.get(path)
        times = []
        for _ in range(requests):
            start = time.perf_counter()
            response = client.get(path)
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, (path, response.status_code)
        times.sort()
        print(
            f"  {name:<27} median {statistics.median(times):6.1f} ms, "
            f"p90 {times[int(len(times) * 0.9)]:6.1f} ms, {queries.count} queries"
        )


class _Counter:
    """Counts the queries a request makes (DEBUG is off, so Django keeps no log of them)."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)
