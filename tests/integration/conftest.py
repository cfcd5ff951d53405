"""The real parts, as CI provides them: PostgreSQL, Redis, a Celery worker process with beat,
and an SMTP server in the test.

Without REDIS_URL these tests are skipped, and the summary says why. With it, anything missing
(Redis not answering, no PostgreSQL) fails them with a message saying what to start.
"""

import os
from datetime import UTC, datetime

import pytest

from bench.async_infra import RedisServer, SmtpSink, Worker, database_url, wait_until
from games.models import Deadline, Outbox

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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing test's report carries what the workers did and what the database and the SMTP
    server hold then: a failure in CI may not come again on a developer's machine."""
    report = yield
    if report.failed and call.when == "call" and str(item.path).startswith(HERE):
        for worker in RUNNING:
            state = "running" if worker.process and worker.process.poll() is None else "ended"
            report.sections.append(
                (f"Celery {worker.ROLE} {worker.hostname} ({state})", worker.log_tail(60))
            )
        report.sections.append(("the rows and mails at the failure", _rows_and_mails(item)))
    return report


def _rows_and_mails(item) -> str:
    try:
        lines = [
            f"unsent mail: {row.kind} to {row.user_id}, game {row.game_id} move {row.seq}"
            for row in Outbox.objects.filter(sent_at=None).order_by("id")
        ]
        lines += [
            f"open deadline: {row.kind} of seat {row.seat_id}, game {row.game_id}, due {row.due_at}"
            for row in Deadline.objects.filter(done=False).order_by("id")
        ]
    except Exception as error:  # the report must still tell the test's own failure
        lines = [f"the database could not be read: {error!r}"]
    sink = item.funcargs.get("smtp")
    lines += [
        f"received at {datetime.fromtimestamp(mail.at, UTC):%H:%M:%S.%f}: {mail.kind} to "
        f"{', '.join(mail.recipients)}"
        for mail in (sink.messages() if sink else [])
    ]
    return "\n".join(lines)


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
