from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games import engine
from games.management.commands.replay_check import replay_difference
from games.models import Game, Move, Seat
from games.selectors.history import game_replay
from games.services.lobby import game_add_bot, game_create, game_start
from tests.games.helpers import play_until
from tests.helpers import fresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot_game(alice, django_capture_on_commit_callbacks):
    """A 4-player game played to the end by bots (one standing in for alice)."""
    game = game_create(user=alice, edition="rio-grande", players=4, options={})
    for bot in ("heuristic", "random", "heuristic"):
        game_add_bot(game_id=game.id, user=alice, bot=bot)
    Seat.objects.filter(game=game, user=alice).update(bot_standing_in=True)
    with django_capture_on_commit_callbacks(execute=True):
        game_start(game_id=game.id, user=alice)
    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    return game


@pytest.fixture
def played_game(started_game):
    """Alice, bob and carol, two turns into their game."""
    return play_until(started_game, lambda state: state.turn == 3)


def replay_check(*args) -> str:
    out = StringIO()
    call_command("replay_check", *args, stdout=out)
    return out.getvalue()


def test_the_replay_rebuilds_the_cached_state_of_a_bot_game_played_to_the_end(bot_game):
    replayed = game_replay(game=bot_game)

    assert replayed.over
    assert engine.to_dict(replayed) == bot_game.state


def test_the_replay_check_finds_no_difference_after_a_bot_game_played_to_the_end(
    bot_game, started_game
):
    assert replay_check() == "replay check: games=2 mismatches=0\n"


def test_the_replay_check_reports_a_tampered_cached_state(played_game):
    state = played_game.state
    state["hands"][1] = state["hands"][1][1:]  # a card vanishes from a hand
    Game.objects.filter(pk=played_game.pk).update(state=state)

    out = StringIO()

    with pytest.raises(CommandError) as raised:
        call_command("replay_check", stdout=out)

    assert raised.value.returncode == 1
    assert str(raised.value) == "replay check failed: mismatches=1"
    assert f"game {played_game.pk}: the cached state differs from the replay in hands" in (
        out.getvalue()
    )


def test_the_replay_check_prints_one_line_per_game_that_differs(played_game, alice):
    other = game_create(user=alice, edition="amigo-classic", players=3, options={})
    game_add_bot(game_id=other.id, user=alice)
    game_add_bot(game_id=other.id, user=alice)
    other = game_start(game_id=other.id, user=alice)
    Game.objects.filter(pk=played_game.pk).update(seq=played_game.seq + 1)
    Game.objects.filter(pk=other.pk).update(state={**other.state, "turn": 5, "planted": 2})
    out = StringIO()

    with pytest.raises(CommandError):
        call_command("replay_check", stdout=out)

    assert out.getvalue().splitlines() == [
        f"game {played_game.pk}: the move log is not seq 0 to {played_game.seq + 1} without gaps",
        f"game {other.pk}: the cached state differs from the replay in planted, turn",
        "replay check: games=2 mismatches=2",
    ]


def test_the_replay_check_reports_a_move_log_that_no_longer_replays(played_game):
    Move.objects.filter(game=played_game, seq=1).update(payload={"kind": "stop_planting"})
    out = StringIO()

    with pytest.raises(CommandError):
        call_command("replay_check", stdout=out)

    assert out.getvalue().startswith(f"game {played_game.pk}: the move log does not replay: ")


def test_the_replay_check_can_check_one_game(played_game, alice):
    other = game_create(user=alice, edition="rio-grande", players=2, options={})
    game_add_bot(game_id=other.id, user=alice)
    game_start(game_id=other.id, user=alice)
    Game.objects.filter(pk=played_game.pk).update(state={**played_game.state, "turn": 1})

    assert replay_check(f"--game={other.pk}") == "replay check: games=1 mismatches=0\n"


def test_a_game_moved_on_while_the_check_reads_it_is_no_mismatch(played_game):
    read = fresh(played_game)  # the check has read the game row ...
    play_until(played_game, lambda state: state.turn == 4)  # ... and a move commits meanwhile
    assert fresh(played_game).seq > read.seq

    assert replay_difference(read) is None
