"""The browser, and the two ways the site's tasks run in browser tests.

Playwright's sync API runs an event loop in the test's thread, so Django's ORM (used by the
tests to know whose move it is, never to make a player's move) needs DJANGO_ALLOW_ASYNC_UNSAFE.
"""

import dataclasses
import os
from datetime import timedelta

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import connections
from playwright.sync_api import sync_playwright

from bohnanza_site.celery import app as celery_app
from bohnanza_site.repeating import every
from games import tasks
from games.clocks import timecontrol

# How often the deadline sweep is queued, as Celery beat queues it on the site (every few
# seconds there), and how long the fast clock's bots wait for people's offers and answers:
# seconds, not a minute, or a whole game at a table of bots would take an hour; still longer
# than a page's poll (2 s), so that a player sees a bot's offer before the bot takes it back.
SWEEP_EVERY = 0.5
BOT_PATIENCE = timedelta(seconds=3)

# Read by Django at each ORM call, so setting it here is early enough.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@pytest.fixture
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
            args=CHROMIUM_ARGS,
        )
        yield chromium
        chromium.close()
        # Inside Playwright the test's ORM calls ran in a context of their own, with a
        # connection of their own: close it, or the test database cannot be dropped.
        connections.close_all()


@pytest.fixture
def fast_site(eager_celery):
    """Celery tasks (bots, mail) run in the request, not on a broker."""


@pytest.fixture
def bots_in_the_background(monkeypatch):
    """Celery tasks run by a worker thread on an in-memory broker, and the deadline sweep is
    queued every moment as beat queues it: bots move on their own, in between a player's page
    loads and clicks, and a bot trading as the active player ends trading once its patience
    (short here) has run out, as they do on the site."""
    fast = timecontrol.PRESETS["fast"]
    quick = dataclasses.replace(fast, bot_patience=BOT_PATIENCE)
    monkeypatch.setitem(timecontrol.PRESETS, "fast", quick)
    conf = celery_app.conf
    before = (conf.broker_url, conf.task_always_eager)
    conf.broker_url, conf.task_always_eager = "memory://", False
    _forget_connections()
    try:
        # The beat: the deadline sweep queued for the worker every SWEEP_EVERY seconds.
        sweeps = every(SWEEP_EVERY, tasks.deadlines_sweep_task.delay)
        with start_worker(celery_app, perform_ping_check=False, shutdown_timeout=10), sweeps:
            yield
    finally:
        conf.broker_url, conf.task_always_eager = before
        _forget_connections()


def _forget_connections() -> None:
    """Celery keeps the connection and producer pools it first made; a test that switches the
    broker must have them made again, for the broker it switched to."""
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


