"""Bohnaparte games for the web tests: a table of alice, bob and carol, and an attack ready."""

from games import engine
from games.engine.bohnaparte.board import part
from games.models import Game
from games.services.moves import move_submit
from tests.games.helpers import play_until
from tests.helpers import fresh, started, state_of, user_at


def bohnaparte_game(users: list, cavalry: bool = False) -> Game:
    """A started Bohnaparte game of `users`, the first one creating it."""
    return started(users, "bohnaparte", {"cavalry": cavalry})


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
    part(state).owners[target] = (state.active + 1) % state.players
    if not state.hands[state.active]:  # a card to attack with, face down
        state.hands[state.active].append(state.deck.pop())
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    return fresh(game), state.active, target


def attack_face_down(game: Game, attacker: int, target: int, card: int) -> engine.State:
    """The attacker attacks the land with the card face down; the state, the card still face
    down and waiting for the defence."""
    move_submit(
        game_id=game.id,
        user=user_at(game, attacker),
        action={"kind": "attack", "land": target, "card": card},
        expected_seq=game.seq,
    )
    state = state_of(game)
    assert part(state).battle["attack"] == card
    return state
