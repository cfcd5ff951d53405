"""Games of signed-in players brought to their end, for the rating and league tests."""

from functools import partial

from django.db import transaction
from django.utils import timezone

from games import engine
from games.engine import bots
from games.models import Game, Move
from games.services.moves import game_finished, move_submit_as
from tests import helpers as shared

# A table of the 1997 rules, which share a tie: the coins alone choose the places.
started = partial(shared.started, edition="amigo-1997")


def ended_with(game: Game, coins: list[int], turn: int | None = None) -> Game:
    """The game over with these coins by position (and a round played, unless `turn` says
    otherwise), finished through the games' own service as its last move would."""
    state = engine.from_dict(game.state)
    cards = iter(state.deck + state.discard + [card for hand in state.hands for card in hand])
    state.coins = [[next(cards) for _ in range(count)] for count in coins]
    state.turn = state.players if turn is None else turn
    state.over = True
    game.state = engine.to_dict(state)
    with transaction.atomic():  # as in the transaction of the game's last move
        game.save(update_fields=["state"])
        game_finished(game=game, state=state, now=timezone.now())
    return Game.objects.get(pk=game.pk)


def played_to_the_end(game: Game) -> Game:
    """Good moves for every awaited seat, from a round played and the last pass of the deck."""
    state = engine.from_dict(Game.objects.get(pk=game.pk).state)
    state.discard += state.deck[:-1]
    del state.deck[:-1]
    state.exhaustions = state.rules.exhaustions_to_end - 1
    state.turn = max(state.turn, state.players)
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    while (game := Game.objects.get(pk=game.pk)).status == Game.Status.RUNNING:
        state = engine.from_dict(game.state)
        position = engine.waiting_for(state)[0]
        action = bots.make_bot("heuristic", f"tests/{position}").choose(state, position)
        move_submit_as(
            game_id=game.id,
            position=position,
            action=action,
            expected_seq=game.seq,
            actor=Move.Actor.BOT,
        )
    return game
