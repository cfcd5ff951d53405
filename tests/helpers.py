"""What tests of every folder do with the site's data: sign a player up, start a table, and read
a stored game."""

import re
from html import unescape

from django.contrib.auth import get_user_model

from games import engine
from games.mail.context import due_context
from games.models import Game, Move
from games.services.lobby import game_add_bot, game_create, game_start, seat_join


def make_user(name: str):
    """A signed-up player called `name`, with the e-mail name@example.com and the password
    name-beans-password (the tests hash passwords with a fast hasher, see tests/conftest.py)."""
    return get_user_model().objects.create_user(
        username=name, email=f"{name}@example.com", password=f"{name}-beans-password"
    )


def started(users, edition: str = "rio-grande", options=None, bots: int = 0) -> Game:
    """A running game of `users` (the first created it) and `bots` bot seats."""
    game = game_create(
        user=users[0], edition=edition, players=len(users) + bots, options=options or {}
    )
    for user in users[1:]:
        seat_join(game_id=game.id, user=user)
    for _ in range(bots):
        game_add_bot(game_id=game.id, user=users[0])
    return game_start(game_id=game.id, user=users[0])


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def state_of(game: Game) -> engine.State:
    """The game's state now; the game row passed in is brought up to date too."""
    game.refresh_from_db()
    return engine.from_dict(game.state)


def system_moves(game: Game) -> list[Move]:
    """The moves the game made for a seat whose time ran out (not the passes assumed for the
    players away as a trading phase began)."""
    moves = Move.objects.filter(game=game, actor=Move.Actor.SYSTEM, seq__gt=0).order_by("seq")
    return [move for move in moves if not move.payload.get("assumed")]


def user_at(game: Game, position: int):
    return game.seats.get(position=position).user


def poll_address(page: str) -> str:
    """The address a game page polls, with its presence token, as the browser sends it."""
    [address] = re.findall(r'hx-get="([^"]*/poll/[^"]*seen=[^"]*)"', page)
    return unescape(address)


def shown_at(at) -> str:
    """A deadline as pages and mails show it, in the code's own format and the reader's zone."""
    return due_context(at, at)["due_text"]
