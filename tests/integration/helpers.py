"""Games for the integration tests, played through the services as the pages play them."""

import threading
import uuid
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import connection, connections, transaction
from django.utils import timezone

from games import engine
from games.models import Deadline, Game
from games.services.lobby import game_create, game_start, seat_join
from games.services.moves import MoveResult, move_submit
from tests.helpers import user_at


def users(count: int = 3) -> list:
    tag = uuid.uuid4().hex[:6]
    return [
        get_user_model().objects.create_user(
            username=f"{name}-{tag}", email=f"{name}-{tag}@example.com", password=None
        )
        for name in ("alice", "bob", "carol", "dave")[:count]
    ]


def started_game(players: list) -> Game:
    alice, *others = players
    game = game_create(
        user=alice, edition="rio-grande", players=len(players), options={}, name="Bean Acres"
    )
    for user in others:
        seat_join(game_id=game.id, user=user)
    return game_start(game_id=game.id, user=alice)


def state(game: Game) -> engine.State:
    return engine.from_dict(Game.objects.get(pk=game.pk).state)


def play(game: Game, position: int, action: dict) -> MoveResult:
    fresh = Game.objects.get(pk=game.pk)
    return move_submit(
        game_id=game.id, user=user_at(game, position), action=action, expected_seq=fresh.seq
    )


def to_trade(game: Game) -> Game:
    """The start player plants the front card and stops: trading begins."""
    play(game, 0, {"kind": "plant", "card": state(game).hands[0][0], "field": 0})
    play(game, 0, {"kind": "stop_planting"})
    assert state(game).phase == "trade"
    return Game.objects.get(pk=game.pk)


def trading_deadline(game: Game) -> Deadline:
    return Deadline.objects.get(game=game, done=False, kind=Deadline.Kind.TRADING)


def make_due(deadline: Deadline) -> None:
    Deadline.objects.filter(id=deadline.id).update(
        due_at=timezone.now() - timedelta(milliseconds=100)
    )


def waiting_on_a_lock() -> int:
    """How many other sessions of the test database wait for a row lock right now."""
    with connection.cursor() as cursor:
        cursor.execute(
            "select count(*) from pg_stat_activity where datname = current_database() "
            "and wait_event_type = 'Lock' and pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


class RowLock:
    """Holds `select ... for update` on rows in a transaction of another thread (so another
    connection) until released: whoever wants those rows waits in the middle of its work."""

    def __init__(self, queryset):
        self._queryset = queryset
        self._locked = threading.Event()
        self._release = threading.Event()
        self._thread = threading.Thread(target=self._hold, daemon=True)

    def _hold(self) -> None:
        try:
            with transaction.atomic():
                list(self._queryset.select_for_update())
                self._locked.set()
                self._release.wait(120)
        finally:
            connections.close_all()

    def __enter__(self) -> "RowLock":
        self._thread.start()
        assert self._locked.wait(10), "could not lock the rows"
        return self

    def release(self) -> None:
        self._release.set()
        self._thread.join(10)

    def __exit__(self, *exc) -> None:
        self.release()
