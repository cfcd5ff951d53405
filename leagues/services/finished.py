"""What the leagues app does when a game ends by the rules, in the transaction of its last move."""

from games.models import Game

from .leagues import season_game_finished
from .ratings import game_rate
from .results import results_record


def game_finished_heard(sender, *, game: Game, outcome: dict, **kwargs) -> None:
    """The receiver of `games.signals.game_finished`: the seats' results, the ratings, and the
    end of a league's season when this was its last game."""
    game_rate(game=game, results=results_record(game=game, outcome=outcome))
    season_game_finished(game=game, now=game.finished_at)
