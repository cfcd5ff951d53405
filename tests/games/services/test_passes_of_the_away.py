"""As a trading phase begins, a pass is assumed for each person away from the table: a plan
that ends trading once all have passed does not wait out the trading window for them, and an
offer of theirs brings them back in."""

import re

import pytest
from django.urls import reverse

from games import engine
from games.models import Move
from games.services.moves import move_submit
from tests.games.helpers import at_the_page, play_until
from tests.helpers import fresh, state_of, user_at

pytestmark = pytest.mark.django_db


def to_the_trading(game, plan: dict | None = None):
    """Plays until the active player's turn is at its first planting, then (with `plan`) sets
    that plan and plants and turns up the cards by hand; returns the game and the active seat."""
    game = play_until(game, lambda state: state.turn == 2 and state.phase == "plant")
    active = state_of(game).active
    if plan is not None:
        user = user_at(game, active)
        move_submit(game_id=game.id, user=user, action=plan, expected_seq=fresh(game).seq)
    game = play_until(game, lambda state: state.turn > 2 or state.phase != "plant")
    return game, active


def assumed(game, since: int) -> list[int]:
    """The seats a pass was assumed for after move `since`."""
    passes = Move.objects.filter(game=game, kind="pass", actor=Move.Actor.SYSTEM, seq__gt=since)
    return sorted(move.seat.position for move in passes if move.payload.get("assumed"))


def test_the_players_away_pass_as_trading_begins_and_the_one_at_the_page_does_not(
    started_game,
):
    game = play_until(started_game, lambda state: state.turn == 2 and state.phase == "plant")
    active = state_of(game).active
    here, away = (active + 1) % 3, (active + 2) % 3
    at_the_page(game, user_at(game, here))
    since = game.seq

    game, _ = to_the_trading(game)

    assert assumed(game, since) == [away]
    state = state_of(game)
    assert state.phase == "trade"  # the active player trades by hand
    assert engine.may_offer(state, here) and engine.may_offer(state, away)  # away may come back
    # Back with an offer of their own: no longer counted as passed.
    give = [state.hands[away][-1]]
    action = {"kind": "offer", "to": active, "give": give}
    move_submit(game_id=game.id, user=user_at(game, away), action=action, expected_seq=game.seq)
    assert away not in state_of(game).book.passes(state.turn)


def test_a_plan_ending_trading_once_all_have_passed_ends_it_when_everyone_else_is_away(
    started_game,
):
    plan = {"kind": "plan", "trading": "passed", "kept": True}
    game, active = to_the_trading(started_game, plan)
    since = Move.objects.get(game=game, kind="plan").seq

    assert assumed(game, since) == sorted({0, 1, 2} - {active})
    state = state_of(game)
    assert state.turn > 2 or state.phase != "trade"  # not waiting out the trading window
    # Ended by the plan, in the move of the last pass assumed.
    last = Move.objects.filter(game=game, kind="pass").latest("seq")
    assert "trading_ended" in [event["kind"] for event in last.events]


def test_the_table_shows_a_seat_away_as_away_and_not_to_its_own_player(client, started_game):
    game = play_until(started_game, lambda state: state.turn == 2 and state.phase == "plant")
    active = state_of(game).active
    here, away = (active + 1) % 3, (active + 2) % 3
    at_the_page(game, user_at(game, here))
    game, _ = to_the_trading(game)

    def seat_header(viewer: int, seat: int) -> str:
        client.force_login(user_at(game, viewer))
        html = client.get(reverse("games:game", args=[game.id])).content.decode()
        return re.search(rf'id="seat-{seat}".*?</header>', html, re.DOTALL)[0]

    assert re.search(r'class="badge badge-passed"[^>]*>away<', seat_header(here, away))
    assert "badge-passed" not in seat_header(away, away)  # here now, they may offer
