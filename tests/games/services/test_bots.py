import json
import re
from importlib import import_module

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import engine, tasks
from games.models import Game, Move, Seat
from games.services.bot_moves import bot_move
from games.services.lobby import game_start
from games.services.moves import move_submit
from tests.games.helpers import good_move, play_as, position_of, table
from tests.helpers import fresh, state_of

# The bots' tasks run when a move's transaction commits, so these tests commit for real.
pytestmark = pytest.mark.django_db(transaction=True)


def play_alice_to_the_end(game: Game, alice, decline_offers: bool = False) -> Game:
    return play_as(game, alice, lambda state: state.over, decline_offers)


def test_the_bots_answer_after_each_of_alices_moves_until_the_game_ends_and_no_move_is_lost(alice):
    game = table(alice, ["heuristic", "random", "heuristic"])
    game_start(game_id=game.id, user=alice)

    game = play_alice_to_the_end(game, alice)

    assert game.status == Game.Status.FINISHED
    moves = game.moves.exclude(seq=0)
    actors = {(move.seat.user_id, move.actor) for move in moves if not move.payload.get("assumed")}
    assert actors == {(alice.pk, "player"), (None, "bot")}  # and passes assumed for alice
    assert list(game.moves.values_list("seq", flat=True)) == list(range(game.seq + 1))


def test_an_expert_bot_plays_a_whole_game_beside_alice_through_the_trade_book(alice):
    """At the table its look-ahead reads its seat's sight, trade book and all."""
    game = table(alice, ["expert", "strong"])
    game_start(game_id=game.id, user=alice)

    game = play_alice_to_the_end(game, alice)

    expert = Seat.objects.get(game=game, bot="expert")
    assert game.status == Game.Status.FINISHED
    assert game.moves.filter(seat=expert, actor="bot", kind="plant").exists()
    assert game.moves.filter(seat=expert, actor="bot", kind="stand").exists()


def test_a_bot_remembers_its_offer_and_does_not_repeat_it_after_alice_declines(alice):
    game = table(alice, ["heuristic", "random"])
    game_start(game_id=game.id, user=alice)

    game = play_alice_to_the_end(game, alice, decline_offers=True)

    offers_to_alice: dict[tuple[int, int], int] = {}
    for move in game.moves.filter(kind="offer", actor="bot"):
        turn = game.snapshots.filter(seq__lte=move.seq).last().turn
        if move.payload["to"] == position_of(game, alice):
            key = (turn, move.seat.position)
            offers_to_alice[key] = offers_to_alice.get(key, 0) + 1
    assert game.status == Game.Status.FINISHED
    assert max(offers_to_alice.values(), default=0) <= 2  # the random bot's limit a turn
    assert Seat.objects.filter(game=game, user=None).exclude(bot_memory={}).count() == 2


def test_a_table_of_bots_plays_a_whole_game_as_it_starts(alice):
    """Alice's seat is played by a bot as if she had timed out too often: nothing waits for a
    person, and the whole game runs from the start's commit without overflowing the stack."""
    game = table(alice, ["random", "heuristic", "random", "heuristic"])
    Seat.objects.filter(game=game, user=alice).update(bot_standing_in=True)

    game_start(game_id=game.id, user=alice)

    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    assert game.moves.filter(actor="bot").count() == game.seq


def test_a_bots_seat_is_written_only_when_what_it_remembers_changes(alice):
    """A whole game of bots writes each bot's memory a few times (its offers of a turn), not
    its random generator's 7 kB with each of its moves."""
    game = table(alice, ["heuristic", "heuristic", "heuristic", "heuristic"])
    Seat.objects.filter(game=game, user=alice).update(bot_standing_in=True)

    with CaptureQueriesContext(connection) as queries:
        game_start(game_id=game.id, user=alice)

    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    written = [
        q["sql"] for q in queries if re.match(r'UPDATE "games_seat" SET "bot_memory"', q["sql"])
    ]
    assert 0 < len(written) < game.seq / 4
    assert max(len(json.dumps(seat.bot_memory)) for seat in game.seats.all()) < 200


def test_the_random_state_earlier_moves_kept_is_taken_out_of_the_bots_seats(alice):
    game = table(alice, ["heuristic"])
    seat = game.seats.get(user=None)
    kept = {"offered_turn": 3, "offered": [7], "rng": [3, list(range(625)), None]}
    Seat.objects.filter(id=seat.id).update(bot_memory=kept)

    import_module("games.migrations.0017_bot_memory_without_rng").without_rng(apps, None)

    assert Seat.objects.get(id=seat.id).bot_memory == {"offered_turn": 3, "offered": [7]}


def test_a_bot_move_queued_before_the_game_moved_on_does_nothing(alice):
    game = table(alice, ["heuristic", "heuristic"])
    game_start(game_id=game.id, user=alice)
    game = fresh(game)

    assert bot_move(game_id=game.id, expected_seq=game.seq - 1) is None
    assert bot_move(game_id=game.id + 1, expected_seq=0) is None
    assert fresh(game).seq == game.seq


def test_a_failing_bot_does_not_turn_the_move_before_it_into_an_error(alice, monkeypatch):
    game = table(alice, ["heuristic", "heuristic"])

    def broken(**kwargs):
        raise RuntimeError("the bot fell over")

    monkeypatch.setattr(tasks, "bot_move", broken)
    # If a bot starts, the start's commit runs it; else alice plays until a bot's turn.
    game_start(game_id=game.id, user=alice)
    mine = position_of(game, alice)
    while mine in engine.waiting_for(state_of(game)):
        game = fresh(game)
        move_submit(
            game_id=game.id, user=alice, action=good_move(game, mine), expected_seq=game.seq
        )

    assert fresh(game).status == Game.Status.RUNNING
    assert not Move.objects.filter(game=game, actor="bot").exists()
