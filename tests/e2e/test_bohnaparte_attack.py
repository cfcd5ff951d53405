"""A Bohnaparte attack in two browsers: the attacker attacks on the map's form, the defender
answers from their own page in another browser, and both see the battle fought."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games import engine
from games.engine import bots
from games.engine.bohnaparte.board import part
from games.models import Game
from games.services.lobby import game_create, game_start, seat_join
from games.services.moves import move_submit

from .helpers import logged_in, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def at_war(users) -> tuple[Game, int, int]:
    """A 3-player game played by good moves to the first attack phase; the land the active
    seat may attack is given to the next seat, so that someone defends it."""
    alice, *others = users
    game = game_create(user=alice, edition="bohnaparte", players=3, options={})
    for user in others:
        seat_join(game_id=game.id, user=user, token=game.invite_token)
    game = game_start(game_id=game.id, user=alice)
    bot = bots.make_bot("heuristic", "e2e")
    while (state := engine.from_dict(game.state)).phase != "attack":
        seat = engine.waiting_for(state)[0]
        move_submit(
            game_id=game.id,
            user=game.seats.get(position=seat).user,
            action=bot.choose(state, seat),
            expected_seq=game.seq,
        )
        game.refresh_from_db()
    target = next(
        action["land"]
        for action in engine.legal_actions(state, state.active)
        if action["kind"] == "attack"
    )
    part(state).owners[target] = (state.active + 1) % state.players
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    return game, state.active, target


def test_an_attack_is_answered_by_the_defender_from_another_browser(
    live_server, fast_site, browser
):
    base = live_server.url
    pages = {name: logged_in(browser, base, name) for name in ("alice", "bob", "carol")}
    complaints = []
    for page in pages.values():
        page.on("pageerror", lambda error: complaints.append(str(error)))
    users = [get_user_model().objects.get(username=name) for name in pages]
    game, attacker, target = at_war(users)
    seat_page = {seat.position: pages[seat.user.username] for seat in game.seats.all()}
    attack_page, defence_page = seat_page[attacker], seat_page[(attacker + 1) % 3]
    url = f"{base}/games/{game.id}/"

    attack_page.goto(url)
    expect(attack_page.locator("svg.map g.attackable")).not_to_have_count(0)
    form = attack_page.locator("#attack-form")
    form.locator("select[name=land]").select_option(str(target))
    form.locator("#attack-deck").check()
    with attack_page.expect_response(lambda r: r.request.method == "POST") as answer:
        form.get_by_role("button", name="Attack").click()
    assert answer.value.status == 200, answer.value.text()[:300]

    defence_page.goto(url)
    expect(defence_page.locator("#status")).to_contain_text("attacks your")
    fight = defence_page.locator("#fight-form")
    expect(fight).to_contain_text("Your battle card, face down")
    fight.locator("input[name=card]").nth(1).check()  # the first card of the hand
    shoot(defence_page, "bohnaparte-defender-chooses")
    with defence_page.expect_response(lambda r: r.request.method == "POST") as answer:
        fight.get_by_role("button", name="Fight with this card").click()
    assert answer.value.status == 200, answer.value.text()[:300]

    # The attacker's page polls and shows the battle, fought with both cards revealed.
    expect(attack_page.locator(".log")).to_contain_text(re.compile("Battle for"), timeout=8000)
    defence_page.set_viewport_size({"width": 390, "height": 844})
    shoot(defence_page, "bohnaparte-on-a-phone")
    assert not complaints, complaints
