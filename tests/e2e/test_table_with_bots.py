"""A table of bots that move on their own, as on the site, and a player in a browser."""

import contextlib
import re
import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Error, Page, expect

from games import engine
from games.models import Deadline, Game, Move
from games.refusals import ServiceError
from games.services.lobby import game_add_bot, game_create, game_start
from games.services.moves import move_submit, move_submit_as
from tests.games.helpers import let_patience_run_out

from .helpers import compose_offer, harvest_button, logged_in, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def a_table(players: int, *, time_control: str = "fast", edition: str = "rio-grande") -> Game:
    alice = get_user_model().objects.get(username="alice")
    game = game_create(
        user=alice, edition=edition, players=players, options={}, time_control=time_control
    )
    for _ in range(players - 1):
        game_add_bot(game_id=game.id, user=alice)
    return game_start(game_id=game.id, user=alice)


def whats_there(page: Page):
    """The button a player in a hurry presses: whatever the board offers them first, and Pass
    when a bot trading waits for their offers (they have none to make)."""
    board = page.locator("#board")
    for button in (
        board.get_by_role("button", name="Decline", exact=True),
        board.locator(".mine form.move button", has_text="Plant in field"),
        board.get_by_role("button", name="Stop planting"),
        board.get_by_role("button", name="End trading"),
    ):
        if button.count():
            return button.first
    if board.locator(".bot-waits").count():
        passing = board.locator("#book-pass form.move button")
        if passing.count():
            return passing.first
    if board.locator(".status-mine").count() and board.locator(".me [id^=move-harvest]").count():
        return harvest_button(page)
    return None


def assert_focus_on_the_board(page: Page) -> None:
    """After a move the keyboard focus stays on the board (the button, or the status line when
    the button went with its card): it never falls to the page."""
    for _ in range(30):  # until the new board has settled
        if page.evaluate("document.activeElement !== document.body"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the keyboard focus fell to the page after a move")


def answered_board_shown(page: Page, shown: str | None) -> None:
    """The board the answer brought is on the screen: she clicks on what she sees next, not on
    the buttons of the board she has just answered (the browser hears the answer a moment
    before the page swaps it in)."""
    with contextlib.suppress(Error):  # a refusal with the board unchanged keeps its number
        page.wait_for_function(
            "shown => document.querySelector('#board')?.dataset.seq !== shown",
            arg=shown,
            timeout=5000,
        )


# Her clicks as soon as a button appears; the rest of the game is played through the services
# as she would (her default moves, the bots on their own), where the page adds nothing.
CLICKS = 30


def finish_through_the_services(game: Game) -> None:
    alice = get_user_model().objects.get(username="alice")
    mine = game.seats.get(user=alice).position
    for _ in range(3000):
        game.refresh_from_db()
        state = engine.from_dict(game.state)
        if state.over:
            return
        if mine in engine.waiting_for(state):
            action = engine.default_move(state, mine)
            with contextlib.suppress(ServiceError):  # a bot moved meanwhile: look again
                move_submit(game_id=game.id, user=alice, action=action, expected_seq=game.seq)
        elif Deadline.objects.filter(game=game, done=False).exists():
            let_patience_run_out(game)  # a bot waits for her offers: its patience runs out
        else:
            time.sleep(0.05)  # a bot's move on its way
    raise AssertionError("the game did not end")


def test_a_player_who_clicks_as_soon_as_a_button_appears_is_hardly_ever_refused(
    live_server, bots_in_the_background, browser
):
    page = logged_in(browser, live_server.url, "alice")
    game = a_table(4)
    page.goto(f"{live_server.url}/games/{game.id}/")
    answers = []
    for _ in range(2000):
        if page.locator(".result").count() or len(answers) >= CLICKS:
            break
        try:
            button = whats_there(page)
            if button is None:
                page.wait_for_timeout(100)  # the bots' move; the next poll shows it
                continue
            shown = page.locator("#board").get_attribute("data-seq")
            with page.expect_response(lambda r: r.request.method == "POST", timeout=10_000) as sent:
                button.click(timeout=2000)
        except Error:
            continue  # the board was swapped under the click: look again
        answers.append(sent.value.status)
        assert_focus_on_the_board(page)
        answered_board_shown(page, shown)

    finish_through_the_services(game)
    page.reload()
    expect(page.locator("#status")).to_contain_text("Game over")
    game.refresh_from_db()
    refused = [status for status in answers if status != 200]
    mine = Move.objects.filter(game=game, actor=Move.Actor.PLAYER).count()
    assert game.status == Game.Status.FINISHED, f"{mine} moves, game at {game.seq}"
    assert mine >= 50  # a whole game of hers, not a turn or two
    assert len(refused) * 100 <= mine, f"{len(refused)} refused of {len(answers)}: {refused}"
    shoot(page, "table-four-players-at-the-end")


def alice_trading(game: Game) -> int:
    """Alice's own moves until she is the active player, trading; returns her seat."""
    mine = game.seats.get(user__username="alice").position
    for _ in range(200):
        game.refresh_from_db()
        state = engine.from_dict(game.state)
        if state.active == mine and state.phase == "trade":
            return mine
        if mine not in engine.waiting_for(state):
            let_patience_run_out(game)  # a bot trading waits for alice to offer
            continue
        action = engine.default_move(state, mine)
        user = get_user_model().objects.get(username="alice")
        move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
    raise AssertionError("alice never got to trade")


def test_an_offer_composed_while_the_table_moves_on_keeps_what_was_ticked(
    live_server, eager_celery, browser
):
    page = logged_in(browser, live_server.url, "alice")
    game = a_table(3, time_control="daily")
    mine = alice_trading(game)
    page.goto(f"{live_server.url}/games/{game.id}/")
    game.refresh_from_db()
    state = engine.from_dict(game.state)
    beans = state.card_beans
    hand = state.hands[mine]
    gone = hand[-1]
    kept = next(card for card in hand if beans[card] != beans[gone])
    builder = page.locator("form.offer-builder")
    compose_offer(page, give=[gone, kept], ask={"soy": 2})
    seq = game.seq

    # Meanwhile a bot offers alice something for the bean she ticked last, and she accepts in
    # another tab, giving that very card: the page's next poll brings both.
    bot = (mine + 1) % 3
    bean = engine.BEANS[beans[gone]].key
    offered = move_submit_as(
        game_id=game.id,
        position=bot,
        action={"kind": "offer", "to": mine, "give": [state.hands[bot][0]], "ask": {bean: 1}},
        expected_seq=seq,
        actor=Move.Actor.BOT,
    )
    alice = get_user_model().objects.get(username="alice")
    offer_id = next(e.data["offer"] for e in offered.events if e.kind == "offered")
    move_submit(
        game_id=game.id,
        user=alice,
        action={"kind": "accept", "offer": offer_id, "give": [gone]},
        expected_seq=seq + 1,
    )

    # The bots beside may stand offers meanwhile: the board is at the accept or later.
    later = "|".join(str(n) for n in range(seq + 2, seq + 60))
    expect(page.locator("#board")).to_have_attribute(
        "data-seq", re.compile(f"^({later})$"), timeout=8000
    )
    expect(builder.locator(f'input[name=give][value="{kept}"]')).to_be_checked()
    expect(builder.locator('input[name="ask_soy"]')).to_have_value("2")
    expect(builder.locator(f'input[name=give][value="{gone}"]')).to_have_count(0)
    note = builder.locator(".lost-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text(engine.BEANS[beans[gone]].name)
    shoot(page, "table-an-offer-kept-across-the-tables-moves")


def test_the_pages_on_a_phone_a_table_of_seven_and_a_fast_clock(live_server, eager_celery, browser):
    phone = logged_in(browser, live_server.url, "alice", width=390, height=844)
    phone.goto(f"{live_server.url}/games/new/")
    shoot(phone, "phone-create-page")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    fast = a_table(4)
    mine = fast.seats.get(user__username="alice")
    # The bots before her wait for her offers, then play, until her own clock runs (a bot's
    # offer to her starts none).
    while not Deadline.objects.filter(seat=mine, done=False).exists():
        let_patience_run_out(fast)
    phone.goto(f"{live_server.url}/games/{fast.id}/")
    expect(phone.locator(".player.me [data-left]")).to_have_text(re.compile(r"^\d:\d\d left$"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(phone, "phone-game-page-with-a-fast-clock")

    seven = a_table(7, time_control="daily")
    desk = phone.context.browser.new_context(viewport={"width": 1280, "height": 900})
    desk.add_cookies(phone.context.cookies())
    for page, name in ((desk.new_page(), "table-of-seven"), (phone, "phone-table-of-seven")):
        page.goto(f"{live_server.url}/games/{seven.id}/")
        hand = page.locator('[aria-label="Your hand"]').bounding_box()
        others = page.locator(".players").bounding_box()
        # A phone shows her hand before the others; a wide screen sits the others across the
        # table from it, the hand at most half a screen below the first (the market, the
        # status and the trading between them vary with the deal: 1,213 px was seen).
        assert hand["y"] < (others["y"] if page is phone else 1.5 * 900), (name, hand, others)
        shoot(page, name)
