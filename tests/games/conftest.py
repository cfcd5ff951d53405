import pytest

from games import services


@pytest.fixture(autouse=True)
def tasks_run_in_process(eager_celery):
    """Every test here runs Celery tasks eagerly (see tests/conftest.py)."""


def _user(django_user_model, name: str):
    return django_user_model.objects.create_user(
        username=name, email=f"{name}@example.com", password=f"{name}-beans-password"
    )


@pytest.fixture
def alice(django_user_model):
    return _user(django_user_model, "alice")


@pytest.fixture
def bob(django_user_model):
    return _user(django_user_model, "bob")


@pytest.fixture
def carol(django_user_model):
    return _user(django_user_model, "carol")


@pytest.fixture
def dave(django_user_model):
    return _user(django_user_model, "dave")


@pytest.fixture
def open_game(alice):
    """Alice's 3-player Rio Grande game, waiting for two more players."""
    return services.game_create(user=alice, edition="rio-grande", players=3, options={})


@pytest.fixture
def started_game(open_game, alice, bob, carol):
    """Alice, bob and carol at one table, seated at random; the start player is to move."""
    services.seat_join(game_id=open_game.id, user=bob)
    services.seat_join(game_id=open_game.id, user=carol)
    return services.game_start(game_id=open_game.id, user=alice)
