"""Bohnaparte games for the web tests: a table of alice, bob and carol, and an attack ready."""

from games import engine, services
from games.engine.bohnaparte.board import part
from games.models import Game

from .helpers import fresh, play_until, state_of


def bohnaparte_game(players: dict, cavalry: bool = False) -> Game:
    """A started Bohnaparte game of every user in `players`, the first one creating it."""
    creator, *others = players.values()
    created = services.game_create(
        user=creator,
        edition="bohnaparte",
        players=len(players),
        options={"cavalry": cavalry},
        name="Campaign",
    )
    for user in others:
        services.seat_join(game_id=created.id, user=user, token=created.invite_token)
    return services.game_start(game_id=created.id, user=creator)


def to_attack(game: Game) -> tuple[Game, int, int]:
    """Good moves until a seat may attack; the land it may attack is then given to the next
    seat, so that the attack has a defender, and the attacker holds at least one card.
    Returns the game, the attacker and the land."""
    game = play_until(game, lambda state: state.phase == "attack")
    state = state_of(game)
    target = next(
        action["land"]
        for action in engine.legal_actions(state, state.active)
        if action["kind"] == "attack"
    )
    part(state)["owners"][target] = (state.active + 1) % state.players
    if not state.hands[state.active]:  # a card to attack with, face down
        state.hands[state.active].append(state.deck.pop())
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    return fresh(game), state.active, target
