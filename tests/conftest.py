import os
from datetime import datetime
from pathlib import Path

import pytest
import time_machine
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.core.cache import caches
from django.db import connection
from django.db.backends.signals import connection_created
from django.dispatch import receiver
from django.test.signals import template_rendered
from django.utils import translation

from bohnanza_site.celery import app as celery_app
from tests.asgi_server import asgi_live_server, stream_reads_closed  # noqa: F401 - fixtures
from tests.helpers import make_user


def pytest_configure(config):
    """The catalogues compiled as `make` compiles them, for a run started without it (once, by
    the process that starts any workers)."""
    if hasattr(config, "workerinput"):
        return
    for po in Path(__file__).resolve().parent.parent.glob("locale/*/LC_MESSAGES/django.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalogue = read_po(source)
        with mo.open("wb") as compiled:
            write_mo(compiled, catalogue)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Under `--dist loadgroup` (make test), the tests of an `xdist_group` must have been put in
    their group, or they spread over the processes. The integration tests' group keeps their
    Celery workers in one process: spread, a worker of one process takes another's tasks from
    the shared queue and plays them against its own database, and a reply or a mail is lost.
    pytest 9.2 keeps a test's id where pytest-xdist 3.8 cannot add the group to it."""
    if not getattr(config.option, "loadgroup", False):
        return
    lost = [
        item.nodeid
        for item in items
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid
    ]
    if lost:
        raise pytest.UsageError(
            f"pytest-xdist did not group {len(lost)} tests marked xdist_group (the first: "
            f"{lost[0]}); check that the pinned pytest and pytest-xdist work together."
        )


@pytest.fixture(autouse=True, scope="session")
def clock_from_the_environment():
    """With BOHNANZA_TEST_NOW, the whole run starts at that instant, and the clock runs on:
    `make test-clocks` runs the tests at the instants that catch out a test building a date
    itself (the first minutes of a month, a leap day, a night the clocks change)."""
    at = os.environ.get("BOHNANZA_TEST_NOW")
    if not at:
        yield
        return
    with time_machine.travel(datetime.fromisoformat(at), tick=True):
        yield


@pytest.fixture
def anonymous_client(client):
    """The Django test client, named for what it is in tests that read as sentences."""
    return client


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """The real hasher is slow on purpose; the tests create many users."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the site's own language: a request handled in the test's thread
    leaves its reader's language active there (a server thread starts afresh with each
    request), and a later test would read its mails and refusals in it."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def empty_cache(settings):
    """An empty cache of the test's own: what one test left must not decide another, and
    clearing must never flush a Redis that the broker or other test workers share."""
    locmem = "django.core.cache.backends.locmem.LocMemCache"
    settings.CACHES = {
        "default": {"BACKEND": locmem},
        "process": {"BACKEND": locmem, "LOCATION": "process"},
        "pages": {"BACKEND": locmem, "LOCATION": "pages"},
    }
    for alias in settings.CACHES:
        caches[alias].clear()


@pytest.fixture
def templates_rendered():
    """The names of the templates (and partials) rendered while the test runs."""
    names: list[str] = []

    def seen(sender, template, **kwargs):
        names.append(template.name)

    template_rendered.connect(seen)
    yield names
    template_rendered.disconnect(seen)


@pytest.fixture(autouse=True)
def boards_rendered_by_the_page(settings):
    """Boards are not rendered ahead (REDIS_URL would have it): with eager tasks each move would
    render the open pages' boards inside its own request. test_boards_ahead.py turns it on."""
    settings.BOARDS_RENDER_AHEAD = False


@pytest.fixture
def eager_celery(settings):
    """Tasks run in-process when their transaction commits, as under the embedded default.

    Celery reads its configuration once, so the app's own setting is switched too: whichever
    test touched it first would otherwise decide for all the others."""
    # The configured values, not the app's cached ones, which an earlier test may have left.
    before = (
        settings.CELERY_TASK_ALWAYS_EAGER,
        getattr(settings, "CELERY_TASK_EAGER_PROPAGATES", False),
    )
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.CELERY_TASK_EAGER_PROPAGATES = True
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = before


def _player(name: str):
    """A fixture for a signed-up player called `name` (see `make_user`)."""

    @pytest.fixture(name=name)
    def player(db):
        return make_user(name)

    return player


alice, bob, carol, dave = map(_player, ("alice", "bob", "carol", "dave"))


# A test database is thrown away: its commits need not wait for the disk. On PostgreSQL each
# connection of the tests says so, and the database too, for the processes a test starts (an
# integration test's Celery workers): the tests that commit for real take half the time.
@receiver(connection_created)
def commits_need_not_reach_the_disk(sender, connection, **kwargs):
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET synchronous_commit TO off")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                name = connection.ops.quote_name(connection.settings_dict["NAME"])
                cursor.execute(f"ALTER DATABASE {name} SET synchronous_commit TO off")
