"""A table of three who all play by mail, its first mails sent."""

from datetime import timedelta

import pytest

from games import services
from games.models import Profile
from tests.helpers import started


@pytest.fixture(autouse=True)
def tasks_run_in_process(eager_celery):
    """Celery tasks run eagerly (see tests/conftest.py)."""


@pytest.fixture
def table(alice, bob, carol):
    """A game of three who all play by mail; the first mail is out."""
    for user in (alice, bob, carol):
        services.profile_get_or_create(user=user)
    Profile.objects.update(mail=Profile.Mail.BOARD)
    game = started([alice, bob, carol])
    services.outbox_flush(older_than=timedelta(0))
    return game
