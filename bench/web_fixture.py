"""A 3-player game in its middle for the web benchmark, seen by one of its players.

The seed is fixed and random bots make the moves, through the service players' moves take,
until the log is long enough to fill the page's window on it and the game is trading, so the
page shows what it shows in play: planted fields, coins, a discard pile and the offer builder.
"""

from django.contrib.auth import get_user_model
from django.test import Client

from games import engine
from games.engine.bots import make_bot
from games.models import Game
from games.presence import presence_token
from games.services.lobby import game_create, game_start, seat_join
from games.services.moves import move_submit

SEED = "web-bench"
MOVES = 120


def started_game() -> tuple[int, int, str, str]:
    """The game's id and seq, the first player's session and their page's presence token."""
    users = [
        get_user_model().objects.get_or_create(
            username=f"bench-{name}", defaults={"email": f"{name}@bench.invalid"}
        )[0]
        for name in ("alice", "bob", "carol")
    ]
    alice, *others = users
    game = game_create(user=alice, edition="rio-grande", players=3, options={})
    Game.objects.filter(pk=game.id).update(seed=SEED, seed_hash=engine.seed_hash(SEED))
    for user in others:
        seat_join(game_id=game.id, user=user)
    game = game_start(game_id=game.id, user=alice)
    game = _played_into_its_middle(game)
    return game.id, game.seq, *signed_in(game, alice)


def signed_in(game: Game, user) -> tuple[str, str]:
    """A session of `user`, signed in, and the presence token of their page of `game`."""
    client = Client()
    client.force_login(user)
    seat = game.seats.get(user=user)
    session = client.cookies["sessionid"].value
    return session, presence_token(seat.id, game.id, session)


def _played_into_its_middle(game: Game) -> Game:
    players = {seat.position: seat.user for seat in game.seats.all()}
    bots = [make_bot("random", f"{SEED}/{position}") for position in players]
    state = engine.from_dict(game.state)
    while game.seq < MOVES or state.phase != "trade":
        seat = engine.waiting_for(state)[0]
        action = bots[seat].choose(state, seat)
        game = move_submit(
            game_id=game.id, user=players[seat], action=action, expected_seq=game.seq
        ).game
        state = engine.from_dict(game.state)
    return game
