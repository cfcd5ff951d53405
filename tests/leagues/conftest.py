import pytest

from .helpers import started


@pytest.fixture
def four(alice, bob, carol, dave):
    return [alice, bob, carol, dave]


@pytest.fixture
def table_of_four(four):
    """A running 4-player game of alice, bob, carol and dave (1997 rules: ties are shared)."""
    return started(four)
