"""Two posts at the same moment, against PostgreSQL, where the row lock is real."""

import functools
import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import engine
from games.models import Deadline, Move
from games.refusals import StaleMove
from games.services.moves import move_submit
from games.services.timeouts import deadlines_sweep
from tests.games.helpers import good_move, play_until
from tests.helpers import fresh, state_of, user_at

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite has no row locks and locks the whole file instead",
    ),
]


def together(calls: list) -> list:
    """Each call run in its own thread and database connection, released together; what each
    returned, in the order of the calls."""
    answers: list = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(index: int, call) -> None:
        try:
            start.wait()
            answers[index] = call()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return answers


def post_together(game_id: int, posts: list[tuple]) -> list:
    """Each (user, action, expected_seq) posted at the same moment; the answers in the order
    of the posts."""

    def post(user, action: dict, expected_seq: int) -> tuple:
        try:
            result = move_submit(
                game_id=game_id, user=user, action=action, expected_seq=expected_seq
            )
            return ("applied", result.seq)
        except StaleMove as stale:
            return ("stale", stale.seq)
        except engine.IllegalMove as illegal:
            return ("illegal", illegal.reason)
        except Exception as error:  # noqa: BLE001  (any other answer fails the test below)
            return ("error", repr(error))

    return together([functools.partial(post, *post_args) for post_args in posts])


def made_since(game, seq: int) -> int:
    """The moves made after move `seq` as they were posted (not the passes the site assumed
    for the players away as a trading phase began)."""
    moves = Move.objects.filter(game=game, seq__gt=seq)
    return sum(1 for move in moves if not move.payload.get("assumed"))


def assert_log_has_no_gaps_or_doubles(game) -> None:
    game = fresh(game)
    seqs = list(Move.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(game.seq + 1))


def test_two_players_posting_at_the_same_moment_both_get_an_answer_and_no_move_is_lost(
    started_game, monkeypatch
):
    game = play_until(started_game, lambda state: state.phase == "trade")
    state = state_of(game)
    active = state.active
    other = (active + 1) % state.players
    gift = {"kind": "offer", "to": active, "give": [state.hands[other][0]]}
    apply = engine.apply

    def slow_apply(*args):
        # Holds the row lock long enough that the other post must wait for it.
        time.sleep(0.2)
        return apply(*args)

    monkeypatch.setattr(engine, "apply", slow_apply)

    answers = post_together(
        game.id,
        [
            (user_at(game, active), {"kind": "end_trading"}, game.seq),
            (user_at(game, other), gift, game.seq),
        ],
    )

    # Whichever came second waited for the first: a gift that arrives once trading has ended
    # is refused with the fresh board; trading ended after the gift still ends (the gift
    # lapses), as the player meant.
    kinds = [kind for kind, _ in answers]
    assert kinds in (["applied", "stale"], ["applied", "applied"]), answers
    applied = kinds.count("applied")
    assert made_since(game, game.seq) == applied
    assert state_of(game).phase != "trade"
    assert_log_has_no_gaps_or_doubles(game)


def test_a_move_posted_twice_at_the_same_moment_is_applied_once(started_game):
    game = started_game
    for _ in range(15):
        game = fresh(game)
        position = engine.waiting_for(state_of(game))[0]
        user, action = user_at(game, position), good_move(game, position)

        answers = post_together(game.id, [(user, action, game.seq), (user, action, game.seq)])

        assert sorted(kind for kind, _ in answers) == ["applied", "stale"]
        assert made_since(game, game.seq) == 1
    assert_log_has_no_gaps_or_doubles(game)


def test_posts_from_every_seat_in_a_crowd_lose_and_double_nothing(started_game):
    """Every seat posts what it would do now, twice, all at once, many times over: no seat's
    move is made twice, the rest are stale or illegal, and the log stays one move per seq."""
    game = started_game
    for _ in range(15):
        game = fresh(game)
        state = state_of(game)
        posts = []
        for position in range(state.players):
            action = good_move(game, position) or {"kind": "end_trading"}
            posts += [(user_at(game, position), action, game.seq)] * 2

        answers = post_together(game.id, posts)

        kinds = [kind for kind, _ in answers]
        assert set(kinds) <= {"applied", "stale", "illegal"}, answers
        for seat in range(state.players):
            assert kinds[2 * seat : 2 * seat + 2].count("applied") <= 1
        assert made_since(game, game.seq) == kinds.count("applied")
    assert_log_has_no_gaps_or_doubles(game)


def test_two_sweeps_at_the_same_moment_expire_each_deadline_once(started_game, monkeypatch):
    deadline = Deadline.objects.get(game=started_game, done=False)
    Deadline.objects.filter(id=deadline.id).update(due_at=timezone.now() - timedelta(seconds=1))
    apply = engine.apply

    def slow_apply(*args):
        # Keeps the first sweep at work while the second reads the same due row.
        time.sleep(0.2)
        return apply(*args)

    monkeypatch.setattr(engine, "apply", slow_apply)
    expired = together([deadlines_sweep, deadlines_sweep])

    assert sorted(expired) == [0, 1]
    system = Move.objects.filter(game=started_game, actor=Move.Actor.SYSTEM).exclude(kind="setup")
    made = [move.kind for move in system.order_by("seq") if not move.payload.get("assumed")]
    assert made == ["plant", "stop_planting"]
    assert_log_has_no_gaps_or_doubles(started_game)
