"""A table of three who all play by mail, its first mails sent."""

from datetime import timedelta

import pytest

from games import services
from games.models import Profile


@pytest.fixture(autouse=True)
def tasks_run_in_process(eager_celery):
    """Celery tasks run eagerly (see tests/conftest.py)."""


@pytest.fixture
def table(alice, bob, carol):
    """A game of three who all play by mail; the first mail is out."""
    for user in (alice, bob, carol):
        services.profile_get_or_create(user=user)
    Profile.objects.update(mail=Profile.Mail.BOARD)
    game = services.game_create(user=alice, edition="rio-grande", players=3, options={})
    for user in (bob, carol):
        services.seat_join(game_id=game.id, user=user)
    game = services.game_start(game_id=game.id, user=alice)
    services.outbox_flush(older_than=timedelta(0))
    return game
