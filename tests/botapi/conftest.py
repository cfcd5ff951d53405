import pytest

from botapi import services as bot_services
from games.services.profiles import profile_get_or_create
from tests.botapi.helpers import bot_table
from tests.helpers import make_user


@pytest.fixture(autouse=True)
def tasks_run_in_process(eager_celery):
    """Bots at the table move in the request that made the move before theirs."""


def bot_account(name: str, scopes=("play", "join")):
    """A bot account called `name` and a token of it with `scopes`: (user, token text)."""
    user = make_user(name)
    profile_get_or_create(user=user)
    bot_services.bot_account_set(user=user, is_bot=True)
    _, token = bot_services.token_create(user=user, name="main", scopes=list(scopes))
    return user, token


@pytest.fixture
def robo(db):
    return bot_account("robo")


@pytest.fixture
def table(robo):
    """A running game of robo's at a table of three with site bots: (the game, robo's seat,
    robo's token)."""
    user, token = robo
    game = bot_table(user, players=3)
    game.refresh_from_db()  # the site's bots moved before it
    return game, game.seats.get(user=user), token
