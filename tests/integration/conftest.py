"""The real parts, as CI provides them: PostgreSQL, Redis, a Celery worker process with beat,
and an SMTP server in the test.

Without REDIS_URL these tests are skipped, and the summary says why. With it, anything missing
(Redis not answering, no PostgreSQL) fails them with a message saying what to start.
"""

import os

import pytest

from bench.async_infra import RedisServer, SmtpSink, Worker, database_url, wait_until
from games.models import Outbox

REDIS_URL = os.environ.get("REDIS_URL", "")
SKIP_REASON = (
    "integration tests skipped: REDIS_URL is unset. They need PostgreSQL (DATABASE_URL), Redis "
    "(REDIS_URL) and start their own Celery worker and SMTP server; CI sets both variables."
)
HERE = os.path.dirname(__file__)
RUNNING: list[Worker] = []  # the workers started in this test process, stopped or not


# Before xdist's own hook, which turns the group marks into the groups it schedules by.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if not str(item.path).startswith(HERE):
            continue
        if not REDIS_URL:
            item.add_marker(pytest.mark.skip(reason=SKIP_REASON))
        # One test process at a time: the workers these tests start share the broker's queue
        # (and purge it), so two processes running them side by side would take each other's
        # tasks. `make test` runs with --dist loadgroup.
        item.add_marker(pytest.mark.xdist_group("real-services"))


def pytest_terminal_summary(terminalreporter):
    if not REDIS_URL:
        terminalreporter.write_line(SKIP_REASON, yellow=True)


@pytest.fixture(scope="session")
def real_services(django_db_setup, django_db_blocker):
    """Checks that Redis answers and the database is PostgreSQL; fails clearly otherwise."""
    from django.db import connection

    redis = RedisServer(REDIS_URL)
    if not redis.ping():
        pytest.fail(
            f"REDIS_URL is set to {REDIS_URL}, but no Redis answers there. Start one, e.g. "
            "redis-server --daemonize yes --port 6379 --save '' --appendonly no",
            pytrace=False,
        )
    if connection.vendor != "postgresql":
        pytest.fail(
            "REDIS_URL is set, so the integration tests run, but DATABASE_URL does not name a "
            "PostgreSQL database (e.g. postgres://postgres@127.0.0.1:5432/test).",
            pytrace=False,
        )
    with django_db_blocker.unblock():
        connection.ensure_connection()
        settings_dict = dict(connection.settings_dict)
    return redis, database_url(settings_dict)


@pytest.fixture(scope="module")
def smtp():
    sink = SmtpSink().start()
    yield sink
    sink.stop()


@pytest.fixture(scope="module")
def workers(real_services, smtp, tmp_path_factory):
    """Starts Celery workers (with beat, or without it: `beat=False`), or a beat alone
    (`process=Beat`), on the test database; stops them all at the end, before the test
    database is dropped."""
    from bohnanza_site.celery import app

    _, db_url = real_services
    env = {
        "DATABASE_URL": db_url,
        "REDIS_URL": REDIS_URL,
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp.port),
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "OUTBOX_FLUSH_SECONDS": "2",
    }
    # Messages left in the queue by earlier runs name rows of another database.
    app.control.purge()
    started = RUNNING
    log_dir = str(tmp_path_factory.mktemp("celery"))

    def start(concurrency: int = 2, *, beat: bool = True, process=Worker) -> Worker:
        worker = process(env, concurrency=concurrency, beat=beat, log_dir=log_dir).start()
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()
    started.clear()


@pytest.fixture(autouse=True)
def worker_done_before_the_tables_are_emptied(transactional_db):
    """After each test, a running worker first sends the mail the test left it. Emptying the
    tables while it writes can deadlock: the emptying fails, and the next test in this process
    finds the last one's rows."""
    yield
    if any(worker.process and worker.process.poll() is None for worker in RUNNING):
        wait_until(
            lambda: not Outbox.objects.filter(sent_at=None, skipped="", digest=False).exists(),
            60,
            what="the worker to send the mail the test left",
        )
