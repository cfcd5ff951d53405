"""Moves from a page a bot's move behind: applied when they still mean what they meant on it,
refused with what changed (and the fresh board) when they do not."""

import random

import pytest

from games import engine
from games.models import Game, Move
from games.services.lobby import game_start
from games.services.moves import move_submit, move_submit_as
from tests.games.helpers import (
    answers_everything,
    good_move,
    let_patience_run_out,
    position_of,
    post_move,
    table,
)
from tests.helpers import state_of

# The bots' tasks run when a move's transaction commits, so these tests commit for real.
pytestmark = pytest.mark.django_db(transaction=True)


def a_bot_moves_elsewhere(game: Game, mine: int, rng: random.Random) -> bool:
    """Some bot harvests one of its own fields, a move that touches nothing of `mine`'s; no
    bot has one to harvest, so nothing happens."""
    state = state_of(game)
    for position in rng.sample(range(state.players), state.players):
        if position == mine:
            continue
        harvests = [m for m in engine.legal_actions(state, position) if m["kind"] == "harvest"]
        if harvests:
            move_submit_as(
                game_id=game.id,
                position=position,
                action={"kind": "harvest", "field": harvests[0]["field"]},
                expected_seq=game.seq,
                actor=Move.Actor.BOT,
            )
            return True
    return False


def test_every_move_from_a_page_a_bot_move_behind_is_applied(client, alice):
    game = table(alice, ["heuristic", "heuristic", "heuristic"])
    game_start(game_id=game.id, user=alice)
    client.force_login(alice)
    mine = position_of(game, alice)
    rng = random.Random(7)
    applied, behind = [], 0
    while not state_of(game).over and len(applied) < 150:
        if mine not in engine.waiting_for(state_of(game)):
            let_patience_run_out(game)  # a bot trading waits for alice to offer
            continue
        page_seq = game.seq  # the page alice looks at
        action = good_move(game, mine)
        behind += a_bot_moves_elsewhere(game, mine, rng)

        response = post_move(client, game, action, page_seq, HTTP_HX_REQUEST="true")

        assert response.status_code == 200, response.content.decode()[:400]
        applied.append(action["kind"])

    assert behind >= len(applied) // 2, (behind, len(applied))
    assert {"plant", "stop_planting", "end_trading", "harvest"} <= set(applied), set(applied)


def trading_alice(alice):
    """Alice (a person) is the active player and trading, at a table of two bots."""
    game = table(alice, ["heuristic", "heuristic"])
    game_start(game_id=game.id, user=alice)
    mine = position_of(game, alice)
    while not (state_of(game).phase == "trade" and state_of(game).active == mine):
        state = state_of(game)
        if engine.waiting_for(state) != [mine]:
            let_patience_run_out(game)  # a bot trading waits for alice to offer
            continue
        action = {"kind": "end_trading"} if state.phase == "trade" else good_move(game, mine)
        move_submit(game_id=game.id, user=alice, action=action, expected_seq=game.seq)
    return game, mine


def test_ending_trading_from_a_page_that_did_not_show_a_bots_new_offer_ends_it(client, alice):
    game, mine = trading_alice(alice)
    game = answers_everything(game, alice)  # the bot's gift waits for her answer
    page_seq = game.seq
    state = state_of(game)
    bot = (mine + 1) % state.players
    move_submit_as(
        game_id=game.id,
        position=bot,
        action={"kind": "offer", "to": mine, "give": [state.hands[bot][0]]},
        expected_seq=game.seq,
        actor=Move.Actor.BOT,
    )
    client.force_login(alice)

    response = post_move(client, game, {"kind": "end_trading"}, page_seq, HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert "lapsed: trading has ended." in response.content.decode()


def test_a_second_click_of_the_same_button_is_refused_as_made_already(client, alice):
    game, mine = trading_alice(alice)
    page_seq = game.seq
    move_submit(
        game_id=game.id, user=alice, action={"kind": "end_trading"}, expected_seq=game.seq
    )
    client.force_login(alice)

    response = post_move(client, game, {"kind": "end_trading"}, page_seq, HTTP_HX_REQUEST="true")

    html = response.content.decode()
    assert response.status_code == 409
    assert "you sent that move twice; it was made once" in html
    assert f'data-seq="{page_seq}"' not in html


def test_an_offer_posted_twice_from_one_page_is_made_once(client, alice):
    game, mine = trading_alice(alice)
    state = state_of(game)
    other = (mine + 1) % state.players
    offer = {"kind": "offer", "to": other, "give": [state.hands[mine][0]], "ask": {"soy": 1}}
    client.force_login(alice)

    first = post_move(client, game, offer, game.seq, HTTP_HX_REQUEST="true")
    second = post_move(client, game, offer, game.seq, HTTP_HX_REQUEST="true")

    assert (first.status_code, second.status_code) == (200, 409)
    assert "it was made once" in second.content.decode()
    assert Move.objects.filter(game=game, kind="offer", seat__user=alice).count() == 1
