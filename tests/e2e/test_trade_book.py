"""A player at a table of bots says in advance what they would say anyway (a standing offer,
answer rules, a turn plan), closes the page, and the table plays on without waiting for them."""

import time
from contextlib import suppress
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from games import engine, presence
from games.models import Game, Move, Seat
from games.refusals import StaleMove
from games.selectors.book import DONE_FOR_YOU_LINES
from games.services.lobby import game_add_bot, game_create, game_start
from games.services.moves import move_submit
from tests.helpers import state_of

from .helpers import ARTIFACTS, logged_in, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def a_table_of_bots() -> Game:
    alice = get_user_model().objects.get(username="alice")
    game = game_create(
        user=alice, edition="rio-grande", players=3, options={}, time_control="fast"
    )
    for _ in range(2):
        game_add_bot(game_id=game.id, user=alice)
    return game_start(game_id=game.id, user=alice)


def done_for(game: Game, seat: Seat) -> list[str]:
    """The kinds of the moves made on the seat's behalf since its page was last open."""
    made = []
    moves = Move.objects.filter(game=game, created_at__gt=seat.last_seen_at)
    for events in moves.values_list("events", flat=True):
        made += [e["kind"] for e in events if e.get("by") and e["seat"] == seat.position]
    return made


def plans_of(game: Game, seat: Seat) -> list[tuple[int, str, dict]]:
    """Her plans and why they stopped: the move, the event and what it keeps."""
    return [
        (seq, event["kind"], event["secret"])
        for seq, events in Move.objects.filter(game=game).values_list("seq", "events")
        for event in events
        if event["kind"] in ("planned", "plan_stopped") and event["seat"] == seat.position
    ]


def past_her_turn(game: Game) -> None:
    """Her turn played plainly, if it is hers: the plan she makes is for her next one, which
    comes once she has gone."""
    alice = get_user_model().objects.get(username="alice")
    mine = game.seats.get(user=alice).position
    for _ in range(200):
        state = state_of(game)
        if state.active != mine:
            return
        if mine in engine.waiting_for(state):
            action = engine.default_move(state, mine)
            with suppress(StaleMove):  # a bot moved first: look again
                move_submit(
                    game_id=game.id, user=alice, action=action, expected_seq=game.seq
                )
        else:
            time.sleep(0.2)
    raise AssertionError("her turn never ended")


def played_on(game: Game, seat: Seat, start_turn: int) -> bool:
    """Some turns later, something done on her behalf, or the game waiting for her (her own
    turn again, unplanned, or a card a bot gave her that fits no field): the table has played
    on as far as it can without her."""
    state = state_of(game)
    hers = seat.position in engine.waiting_for(state)
    return bool(done_for(game, seat)) and (state.turn >= start_turn + 3 or hers)


def room_made(game: Game, mine: int) -> list[int]:
    """No field takes her front card (the deal, and gifts her rules took, filled all three):
    she harvests one, as a player would before planning her turn. The field, or none if she
    may not harvest now."""
    state = state_of(game)
    harvests = [a["field"] for a in engine.legal_actions(state, mine) if a["kind"] == "harvest"]
    if not harvests:
        return []
    alice = get_user_model().objects.get(username="alice")
    action = {"kind": "harvest", "field": harvests[0]}
    with suppress(StaleMove):  # a bot moved first: the plan's own retry looks again
        seq = Game.objects.get(pk=game.pk).seq
        move_submit(game_id=game.id, user=alice, action=action, expected_seq=seq)
        return [harvests[0]]
    return []


def set_plan(phone, game: Game) -> int:
    """Her turn plan set on the page as it is: the front card into a field that takes it, the
    face-up cards given away, trading ended at once, and what she keeps planted. The answer's
    status."""
    plan = phone.locator("#book-plan")
    if not plan.get_attribute("open"):
        plan.locator("summary").click()
    if phone.locator("#plan-front").count():
        # A field that takes her front card now (a gift her rules took may have filled one).
        mine = Seat.objects.get(game=game, user__username="alice").position
        state = state_of(game)
        front = state.card_beans[state.hands[mine][0]]
        takes = [
            index
            for index, field in enumerate(state.fields[mine])
            if not field or state.card_beans[field[0]] == front
        ]
        if not takes:
            takes = room_made(game, mine)
            phone.reload()  # the plan's form with the field she emptied
            phone.locator("#book-plan summary").click()
        # The fields the page offers (it may have been rendered a move ago).
        offered = phone.locator("#plan-front option").evaluate_all("os => os.map(o => o.value)")
        choice = next((str(index) for index in takes if str(index) in offered), None)
        if choice is not None:
            phone.locator("#plan-front").select_option(choice)
    phone.locator("#plan-faceup").select_option("give")
    phone.locator("#plan-trading").select_option("end")
    phone.locator("#plan-kept").check()
    with phone.expect_response(lambda r: r.request.method == "POST") as sent:
        phone.locator("#plan-set").click()
    assert sent.value.status in (200, 409)  # a bot may have moved the board on meanwhile
    return sent.value.status


def test_the_table_plays_on_with_a_players_book_and_tells_them_what_it_did(
    live_server, bots_in_the_background, browser, monkeypatch
):
    phone = logged_in(browser, live_server.url, "alice", width=390, height=844)
    game = a_table_of_bots()
    past_her_turn(game)
    phone.goto(f"{live_server.url}/games/{game.id}/")
    book = phone.locator("section.book")
    expect(book).to_be_visible()
    seat = Seat.objects.get(game=game, user__username="alice")
    # Her page's first poll marks her at the table: the bots trading wait for her offers from
    # then on, so her next turn does not come while she sets up her book.
    for _ in range(50):
        seat.refresh_from_db()
        if seat.last_seen_at is not None:
            break
        phone.wait_for_timeout(200)

    # Answer rules: gifts and beans she grows taken and planted, anything else declined.
    book.locator("#book-rules summary").click()
    book.locator("#rules-gifts").check()
    book.locator("#rules-growing").check()
    book.locator("#rules-plant").check()
    book.locator("#rules-otherwise").select_option("decline")
    book.locator("#rules-set").click()
    expect(phone.locator("#book-rules summary")).to_contain_text("set", timeout=8000)

    # A standing offer: her last card for a Blue, for whoever is active.
    phone.locator("#book-stand summary").click()
    last = phone.locator(".hand-area [data-card]").last
    last.click()  # the hand's cards are tapped into it, as into an offer
    expect(phone.locator(f"#stand-give{last.get_attribute('data-card')}")).to_be_checked()
    phone.locator("#book-stand .ask[data-bean=blue] label").click()
    expect(phone.locator("#stand-ask-blue")).to_have_value("1")
    phone.locator("#stand-post").click()
    expect(phone.locator("section.book .offers").first).to_contain_text(
        "standing offer", timeout=8000
    )

    # Her turn plan: the front card into field 1, the face-up cards given away, trading ended
    # at once, and what she keeps planted.
    # Refused (409) when a bot moved the board on meanwhile: she sets it again on the fresh one.
    # Set in another's turn (the bots were quick while her page was not open yet): the bots
    # trading wait for her now that it is, so her next turn comes once she has gone.
    for _ in range(3):
        past_her_turn(game)
        phone.reload()  # the plan's form as the board is now
        if set_plan(phone, game) == 200:
            break
    else:
        raise AssertionError("her turn plan was refused three times")
    phone.wait_for_timeout(300)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    phone.locator("section.book").screenshot(path=str(ARTIFACTS / "phone-trade-book-panel.png"))

    # She closes the page (its poll last marked her there); the bots play on.
    # A page unpolled this long is closed (30 s on the site: not worth waiting for here). Set
    # only now: while she set up her book, her page counted as open, so the bots trading
    # waited for her offers and her next turn did not come before she left.
    monkeypatch.setattr(presence, "PAGE_OPEN", timedelta(seconds=3))
    phone.close()
    seat.refresh_from_db()
    assert seat.last_seen_at is not None
    start_turn = state_of(game).turn
    # Each bot trading waits its patience (a minute on this clock) for her offers: 150 s is
    # two of those and the moves between, on a loaded machine. Played on means so for 2 s on
    # end: the game may wait for her only a moment, till her rules plant what she received a
    # move later, and that is not the table stopping for her.
    deadline, found_since = time.monotonic() + 150, None
    while time.monotonic() < deadline:
        if not played_on(game, seat, start_turn):
            found_since = None
        elif found_since is None:
            found_since = time.monotonic()
        elif time.monotonic() - found_since >= 2:
            break
        time.sleep(0.25)
    state = state_of(game)
    assert found_since is not None, (
        f"the table stopped at turn {state.turn} in {state.phase}, waiting for seats "
        f"{engine.waiting_for(state)} (hers: {seat.position}), done for her: {done_for(game, seat)}"
        f", her plans: {plans_of(game, seat)}"
    )
    made = done_for(game, seat)
    assert made, "nothing was done on her behalf"

    # Back, once the site knows she had gone: the page says what was done for her.
    while timezone.now() - seat.last_seen_at <= presence.PAGE_OPEN:
        time.sleep(0.2)
    back = browser.contexts[0].new_page()
    back.goto(f"{live_server.url}/games/{game.id}/")
    done = back.locator("section.done-for-you")
    expect(done).to_be_visible()
    expect(done).to_contain_text("(by your")
    assert done.locator("li").count() >= min(len(made), DONE_FOR_YOU_LINES)
    assert back.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(back, "phone-trade-book-back")
