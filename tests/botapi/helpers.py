import threading
import time
from contextlib import contextmanager

from django.db import connection

from games.models import Game
from games.services.lobby import game_add_bot, game_create, game_start, seat_join


def bot_table(user, players: int = 4, level: str = "strong") -> Game:
    """A running Rio Grande game of the bot account `user` and site bots of `level` in the
    other seats."""
    game = game_create(user=user, edition="rio-grande", players=players, options={})
    for _ in range(players - 1):
        game_add_bot(game_id=game.id, user=user, bot=level)
    return game_start(game_id=game.id, user=user)


def bearer(token: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


@contextmanager
def started_while_waiting(bot, host):
    """A game of `host`'s, the bot account `bot` seated and a site bot in the third seat,
    started by its host half a second into the block: yields (the bot's seat, the time the
    block began)."""
    game = game_create(user=host, edition="rio-grande", players=3, options={})
    seat = seat_join(game_id=game.id, user=bot)
    game_add_bot(game_id=game.id, user=host)

    def start_soon():
        time.sleep(0.5)
        game_start(game_id=game.id, user=host)
        connection.close()

    starter = threading.Thread(target=start_soon)
    began = time.monotonic()
    starter.start()
    yield seat, began
    starter.join()
