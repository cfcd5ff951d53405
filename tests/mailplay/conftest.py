"""A table of three who all play by mail, its first mails sent."""

from datetime import timedelta

import pytest

from games.calls.mailing import outbox_flush
from games.models import Profile
from games.services.profiles import profile_get_or_create
from tests.helpers import started


@pytest.fixture(autouse=True)
def tasks_run_in_process(eager_celery):
    """Celery tasks run eagerly (see tests/conftest.py)."""


@pytest.fixture
def table(alice, bob, carol):
    """A game of three who all play by mail; the first mail is out."""
    for user in (alice, bob, carol):
        profile_get_or_create(user=user)
    Profile.objects.update(mail=Profile.Mail.BOARD)
    game = started([alice, bob, carol])
    outbox_flush(older_than=timedelta(0))
    return game
