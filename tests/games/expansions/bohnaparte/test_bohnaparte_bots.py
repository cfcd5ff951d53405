"""Bots at a Bohnaparte table on the site: they choose camps, attack and defend on
their own after each of alice's moves, to the end of the game."""

import pytest

from games import engine
from games.engine.bohnaparte.board import part
from games.models import Game
from games.services.lobby import game_add_bot, game_create, game_start
from games.services.moves import move_submit
from tests.games.helpers import play_as, position_of
from tests.helpers import fresh, state_of

# The bots' tasks run when a move's transaction commits, so these tests commit for real.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("cavalry", [False, True], ids=["base", "cavalry"])
def test_alice_plays_a_whole_game_against_two_bots_that_attack_on_their_own(alice, cavalry):
    game = game_create(
        user=alice, edition="bohnaparte", players=3, options={"cavalry": cavalry}
    )
    for _ in range(2):
        game_add_bot(game_id=game.id, user=alice, bot="heuristic")
    game_start(game_id=game.id, user=alice)

    game = play_as(game, alice, lambda state: state.over)

    assert game.status == Game.Status.FINISHED
    bot_moves = {move.kind for move in game.moves.filter(actor="bot")}
    assert {"choose_camp", "attack"} <= bot_moves


def test_a_bot_answers_alices_attack_with_a_card_of_its_own_choice(alice):
    game = game_create(user=alice, edition="bohnaparte", players=3, options={})
    for _ in range(2):
        game_add_bot(game_id=game.id, user=alice, bot="heuristic")
    game_start(game_id=game.id, user=alice)
    mine = position_of(game, alice)
    game = play_as(game, alice, lambda state: state.phase == "attack" and state.active == mine)
    state = state_of(game)
    target = next(
        action["land"] for action in engine.legal_actions(state, mine) if action["kind"] == "attack"
    )
    part(state).owners[target] = (mine + 1) % 3  # a bot's land
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))

    attack = move_submit(
        game_id=game.id,
        user=alice,
        action={"kind": "attack", "land": target, "card": "deck"},
        expected_seq=game.seq,
    )

    answer = fresh(game).moves.filter(kind="battle_card", seq__gt=attack.seq).get()
    assert answer.actor == "bot" and answer.seat.position == (mine + 1) % 3
    assert "battle" in [event["kind"] for event in answer.events]
