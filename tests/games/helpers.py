"""Small helpers that find seats and legal moves in stored games."""

from games import engine, services
from games.engine import bots
from games.models import Game


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def state_of(game: Game) -> engine.State:
    return engine.from_dict(fresh(game).state)


def position_of(game: Game, user) -> int:
    return game.seats.get(user=user).position


def user_at(game: Game, position: int):
    return game.seats.get(position=position).user


def good_move(game: Game, position: int) -> dict:
    """What the heuristic bot would do for that seat now."""
    state = state_of(game)
    return bots.make_bot("heuristic", f"tests/{position}").choose(state, position)


def play_next(game: Game) -> services.MoveResult:
    """The first seat the game waits for makes a good move, through move_submit."""
    game = fresh(game)
    position = engine.waiting_for(engine.from_dict(game.state))[0]
    return services.move_submit(
        game_id=game.id,
        user=user_at(game, position),
        action=good_move(game, position),
        expected_seq=game.seq,
    )


def play_until(game: Game, done) -> Game:
    """Good moves until `done(state)` holds; the game row, reloaded."""
    while not done(state_of(game)):
        play_next(game)
    return fresh(game)


def play_as(game: Game, user, until, decline_offers: bool = False) -> Game:
    """`user` makes good moves (or declines the offers made to them) until `until(state)`
    holds; the game row, reloaded. The bots have made every move they wanted before each one."""
    mine = position_of(game, user)
    while not until(state := state_of(game)):
        game = fresh(game)
        assert game.status == Game.Status.RUNNING, "the game ended first"
        assert mine in engine.waiting_for(state)
        offers = [offer.id for offer in state.offers.values() if offer.to == mine]
        if decline_offers and offers:
            action = {"kind": "decline", "offer": offers[0]}
        else:
            action = good_move(game, mine)
        services.move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
    return fresh(game)


class CacheDown:
    """The shared cache with its server gone: put in place of a module's `cache`."""

    def add(self, *args, **kwargs):
        raise ConnectionError("Redis is down")
