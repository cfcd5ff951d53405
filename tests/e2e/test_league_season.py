"""A season in four browsers: alice starts a league, bob, carol and dave sign up through its
invitation link, the season's games are played to the end with scripted moves, and the
league page shows the final table."""

import re

import pytest
from playwright.sync_api import expect

from games import engine
from games.engine import bots
from games.models import Game, Move
from games.services.moves import move_submit_as
from leagues.models import League

from .helpers import logged_in, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ("alice", "bob", "carol", "dave")
LAST_PASS = 40


def played_to_the_end(game: Game) -> engine.State:
    """Scripted moves (the heuristic bot's) for every awaited seat, through the service a
    player's move takes, from the deck's last pass with LAST_PASS cards left after a round:
    enough turns for fields to fill and be harvested."""
    state = engine.from_dict(game.state)
    state.discard += state.deck[:-LAST_PASS]
    del state.deck[:-LAST_PASS]
    state.exhaustions = state.rules.exhaustions_to_end - 1
    state.turn = max(state.turn, state.players)
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    while (game := Game.objects.get(pk=game.pk)).status == Game.Status.RUNNING:
        state = engine.from_dict(game.state)
        position = engine.waiting_for(state)[0]
        move_submit_as(
            game_id=game.id,
            position=position,
            action=bots.make_bot("heuristic", f"e2e/{position}").choose(state, position),
            expected_seq=game.seq,
            actor=Move.Actor.PLAYER,
        )
    return engine.from_dict(game.state)


def test_four_players_sign_up_play_the_season_and_see_the_final_table(
    live_server, browser, fast_site
):
    base = live_server.url
    pages = {name: logged_in(browser, base, name) for name in NAMES}
    alice = pages["alice"]
    alice.goto(f"{base}/leagues/")
    alice.fill("input[name=name]", "Thursday Beans")
    alice.check("input[name=edition][value=amigo-1997]")
    alice.fill("input[name=players]", "4")
    alice.fill("input[name=group_size]", "4")
    alice.fill("input[name=promoted]", "1")
    alice.locator("main form button[type=submit]").click()
    invite = alice.locator("#invite-link").inner_text()
    alice.locator("#sign-up").click()
    expect(alice.locator(".messages")).to_contain_text("You have signed up.")
    for name in NAMES[1:]:
        page = pages[name]
        page.goto(invite)
        page.locator("#sign-up").click()
        expect(page.locator(".messages")).to_contain_text("You have signed up.")
    alice.reload()
    expect(alice.locator("#entries")).to_have_text("alice, bob, carol, dave")
    alice.locator("#start-season").click()
    expect(alice.locator(".messages")).to_contain_text("The season has started")

    league = League.objects.get(name="Thursday Beans")
    points = dict.fromkeys(NAMES, 0)
    for game in Game.objects.filter(league_game__group__season__league=league).order_by("id"):
        outcome = engine.outcome(played_to_the_end(game))
        for seat in game.seats.select_related("user"):
            points[seat.user.username] += 4 - outcome["places"][seat.position]

    alice.goto(f"{base}/leagues/{league.id}/")
    expect(alice.locator("#season")).to_contain_text("Season 2")
    alice.get_by_role("link", name="Season 1").click()
    rows = alice.locator("#table-1 tbody tr")
    expect(rows).to_have_count(4)
    shown = [
        (
            rows.nth(index).get_attribute("data-player"),
            int(rows.nth(index).locator(".points").inner_text()),
            int(re.sub(r"\D", "", rows.nth(index).locator(".place").inner_text())),
        )
        for index in range(4)
    ]
    assert {name: got for name, got, _ in shown} == points
    assert [got for _, got, _ in shown] == sorted(points.values(), reverse=True)
    assert [place for _, _, place in shown] == sorted(place for _, _, place in shown)
    # The games' seeds are drawn at the season's start: now and then all four end level on
    # points (CI saw 8, 8, 8, 8), and the table's other tie-breaks order them.
    assert shown[0][2] == 1
    expect(alice.locator(".schedule li")).to_have_count(4)
    expect(alice.locator(".schedule")).not_to_contain_text("waiting for")
    shoot(alice, "league-season-final-table")
