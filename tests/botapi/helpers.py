from games.models import Game
from games.services.lobby import game_add_bot, game_create, game_start


def bot_table(user, players: int = 4, level: str = "strong") -> Game:
    """A running Rio Grande game of the bot account `user` and site bots of `level` in the
    other seats."""
    game = game_create(user=user, edition="rio-grande", players=players, options={})
    for _ in range(players - 1):
        game_add_bot(game_id=game.id, user=user, bot=level)
    return game_start(game_id=game.id, user=user)


def bearer(token: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}
