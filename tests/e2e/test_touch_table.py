"""Playing by touching the cards: planting, offering and accepting by tapping (or dragging) the
cards and the fields, the same from the keyboard alone, and a board that updates in place
without losing a half-built offer or the page's scroll."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Page, expect

from games import engine
from games.engine.beans import BEAN_KEYS
from games.engine.book.move_words import NO_RULES
from games.models import Game, Profile
from games.services.chat import chat_post
from games.services.lobby import game_create, game_start, seat_join
from games.services.moves import move_submit
from tests.games.helpers import front_card_that_fits_no_field
from tests.helpers import make_user, started, state_of, user_at

from .helpers import ARTIFACTS, logged_in, play_for_others_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844, "touch": True}
DESKTOP = {"width": 1200, "height": 900, "touch": False}


def her_turn(name: str, front: str = "garden") -> Game:
    """`name`, bob and carol at an Amigo table; bob and carol play until her turn begins. Her
    fields are then emptied into the discard pile and her front card is a bean of `front`, from
    the draw pile, so that every turn of the test starts alike."""
    alice = get_user_model().objects.get(username=name)
    game = game_create(user=alice, edition="amigo-classic", players=3, options={}, name="Beans")
    for other in ("bob", "carol"):
        user = get_user_model().objects.filter(username=other).first() or make_user(other)
        seat_join(game_id=game.id, user=user, token=game.invite_token)
    game = game_start(game_id=game.id, user=alice)
    play_for_others_until(game, name)
    # She plants what she receives by hand: the game's defaults would plant it for her.
    game.refresh_from_db()
    rules = {"kind": "rules", **NO_RULES}
    move_submit(game_id=game.id, user=alice, action=rules, expected_seq=game.seq)
    mine = seat_of(game, name)
    state = state_of(game)
    for field in state.fields[mine]:
        state.discard += field
        field.clear()
    hand, deck = state.hands[mine], state.deck
    swap = next(i for i, card in enumerate(deck) if BEAN_KEYS[state.card_beans[card]] == front)
    hand[0], deck[swap] = deck[swap], hand[0]
    Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
    game.refresh_from_db()
    return game


def seat_of(game: Game, name: str) -> int:
    return game.seats.get(user__username=name).position


def moved(page: Page, game: Game, act) -> None:
    """Do `act` (a tap, a key) that posts a move, and wait for the board it brings back."""
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        act()
    assert answer.value.status == 200, re.findall(r"role=\"alert\">([^<]*)", answer.value.text())
    game.refresh_from_db()
    expect(page.locator("#board")).to_have_attribute("data-seq", str(game.seq))


def offer_from_bob(game: Game, name: str) -> int:
    """Bob offers her his front card for one bean of the last card of her hand; the offer."""
    state = state_of(game)
    bob, alice = seat_of(game, "bob"), seat_of(game, name)
    wanted = BEAN_KEYS[state.card_beans[state.hands[alice][-1]]]
    action = {"kind": "offer", "to": alice, "give": [state.hands[bob][0]], "ask": {wanted: 1}}
    move_submit(
        game_id=game.id,
        user=get_user_model().objects.get(username="bob"),
        action=action,
        expected_seq=game.seq,
    )
    return max(state_of(game).offers)


class Shots:
    """Numbered screenshots of one run, of what the window shows (where the step happened):
    touch-<run>-<n>-<step>.png."""

    def __init__(self, page: Page, run: str):
        self.page, self.run, self.count = page, run, 0

    def __call__(self, step: str) -> None:
        self.count += 1
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"touch-{self.run}-{self.count}-{step}.png"))


def play_a_turn_by_touch(page: Page, game: Game, name: str, shots: Shots, touch: bool) -> None:
    """Plant the front card by tapping it and a field; offer a card of the hand for one bean by
    tapping and stepping; accept bob's offer by tapping the card it asks for; plant what was
    received by dragging it onto a field."""
    board = page.locator("#board")
    hand = board.locator(".hand-area")

    def tap(locator) -> None:  # a finger on a touch screen, else the mouse
        if touch:
            locator.tap()
        else:
            locator.click()

    shots("turn")

    front = hand.locator(".card-front")
    tap(front)
    expect(front).to_have_attribute("aria-pressed", "true")
    fields = board.locator(".me .field[data-drop]")
    expect(fields).to_have_count(board.locator(".me .field").count())  # all empty
    shots("card-chosen")
    moved(page, game, lambda: tap(fields.first))
    expect(board.locator(".me .field").first.locator(".bean-garden")).to_be_visible()
    shots("planted")
    moved(page, game, lambda: board.locator("#move-stop_planting").click())

    builder = board.locator("form.offer-builder")
    card = hand.locator("[data-tap=pick]").first
    tap(card)
    expect(card).to_have_attribute("aria-pressed", "true")
    given = card.get_attribute("data-card")
    expect(builder.locator(f"#give{given}")).to_be_checked()
    plus = builder.locator(".ask button.step[data-step='1']").first
    tap(plus)
    tap(plus)
    tap(builder.locator(".ask button.step[data-step='-1']").first)
    expect(builder.locator(".ask input[type=number]").first).to_have_value("1")
    shots("offer-built")
    moved(page, game, lambda: tap(builder.locator(".offer-send button[name=to]").first))
    expect(board.locator(f".trading .offers [data-card='{given}']")).to_be_visible()
    shots("offer-made")

    offer = offer_from_bob(game, name)
    accept = board.locator(f"form[data-keep='accept-{offer}']")
    expect(accept).to_be_visible(timeout=5000)  # the next poll brings it
    expect(accept).to_have_attribute("data-tap-target", "")
    boxes = accept.locator("input[name=give]")
    for ticked in boxes.all():  # the page ticks cards that pay, when it knows which: untick
        if ticked.is_checked():
            card = hand.locator(f"[data-card='{ticked.get_attribute('value')}']")
            tap(card)
            expect(ticked).not_to_be_checked()
            expect(card).to_have_attribute("aria-pressed", "false")
    box = boxes.first
    card = hand.locator(f"[data-card='{box.get_attribute('value')}']")
    tap(card)
    expect(box).to_be_checked()
    expect(card).to_have_attribute("aria-pressed", "true")
    shots("accept-chosen")
    moved(page, game, lambda: accept.locator(f"#accept-offer{offer}").click())
    moved(page, game, lambda: board.locator("#move-end_trading").click())

    received = board.locator(".me .to-plant [data-tap=plant]").first
    expect(received).to_be_visible()
    # She drags once the cards the answer brought have stopped moving.
    page.wait_for_function(
        """() => document.getAnimations().every(
          (a) => a.playState !== "running" || a.effect.getTiming().iterations === Infinity)"""
    )
    received.hover()
    page.mouse.down()
    target = board.locator(".me .field").last
    page.mouse.move(*centre(target), steps=5)
    expect(board.locator(".me .field[data-drop]").first).to_be_visible()
    shots("dragging")
    moved(page, game, page.mouse.up)
    shots("received-planted")


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_turn_played_by_touching_the_cards_in_english_and_german_on_a_desktop_and_a_phone(
    live_server, fast_site, browser
):
    runs = [("en", DESKTOP), ("de", DESKTOP), ("en", PHONE), ("de", PHONE)]
    for language, window in runs:
        name = f"alice-{language}-{window['width']}"
        page = logged_in(browser, live_server.url, name, language=language, **window)
        page.add_init_script(RECORD_ANIMATIONS)
        if window is PHONE:  # this reader asked for less motion: nothing moves
            page.emulate_media(reduced_motion="reduce")
        game = her_turn(name)
        page.goto(f"{live_server.url}/games/{game.id}/")
        run = f"{language}-{'phone' if window is PHONE else 'desktop'}"
        play_a_turn_by_touch(page, game, name, Shots(page, run), window["touch"])
        assert bool(page.evaluate("window.animated.length")) == (window is DESKTOP)
        state = state_of(game)
        mine = seat_of(game, name)
        assert BEAN_KEYS[state.card_beans[state.fields[mine][0][0]]] == "garden"
        page.context.close()


# Every animation the page starts, by the classes of what it moves.
RECORD_ANIMATIONS = """
window.animated = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.animated.push(this.className);
  return animate.apply(this, args);
};
"""


def animated_since(page: Page, start: int) -> list[str]:
    return page.evaluate("window.animated")[start:]


def press_until(page: Page, key: str, selector: str) -> None:
    """Press `key` (Tab, Shift+Tab) until the keyboard's focus is on `selector`."""
    for _ in range(150):
        page.keyboard.press(key)
        if page.evaluate("(wanted) => document.activeElement.matches(wanted)", selector):
            return
    raise AssertionError(f"{key} never reached {selector}")


def test_the_same_turn_played_from_the_keyboard_alone(live_server, fast_site, browser):
    page = logged_in(browser, live_server.url, "alice", **DESKTOP)
    page.add_init_script(RECORD_ANIMATIONS)
    game = her_turn("alice")
    page.goto(f"{live_server.url}/games/{game.id}/")
    board = page.locator("#board")
    shots = Shots(page, "en-keyboard")

    press_until(page, "Tab", ".hand-area .card-front[data-tap=plant]")
    page.keyboard.press("Enter")
    front = board.locator(".hand-area .card-front")
    expect(front).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")  # let it go, and choose it again
    expect(front).to_have_attribute("aria-pressed", "false")
    expect(board.locator(".me .field[data-drop]")).to_have_count(0)
    expect(front).to_be_focused()
    page.keyboard.press("Space")
    press_until(page, "Shift+Tab", ".me .field[data-drop] .field-label")
    shots("field-focused")
    moved(page, game, lambda: page.keyboard.press("Enter"))
    expect(board.locator(".me .field .bean-garden")).to_be_visible()
    # The card was seen to fly from the hand into its field, and the others to close up.
    flown = animated_since(page, 0)
    assert any("bean-garden" in classes and "ghost" in classes for classes in flown), flown
    seen = len(page.evaluate("window.animated"))
    press_until(page, "Tab", "#move-stop_planting")
    moved(page, game, lambda: page.keyboard.press("Enter"))
    revealed = [
        f"bean-{BEAN_KEYS[state_of(game).card_beans[card]]}" for card in state_of(game).faceup
    ]
    turned = animated_since(page, seen)
    assert all(any(bean in classes for classes in turned) for bean in revealed), (revealed, turned)

    press_until(page, "Tab", ".hand-area [data-tap=pick]")
    given = page.evaluate("document.activeElement.getAttribute('data-card')")
    page.keyboard.press("Space")
    expect(board.locator(f"#give{given}")).to_be_checked()
    press_until(page, "Tab", ".ask button.step[data-step='1']")
    page.keyboard.press("Enter")
    expect(board.locator(".ask input[type=number]").first).to_have_value("1")
    shots("offer-built")
    press_until(page, "Tab", ".offer-send button[name=to]")
    moved(page, game, lambda: page.keyboard.press("Enter"))
    expect(board.locator(f".trading .offers [data-card='{given}']")).to_be_visible()

    offer = offer_from_bob(game, "alice")
    accept = board.locator(f"form[data-keep='accept-{offer}']")
    expect(accept).to_be_visible(timeout=5000)
    boxes = accept.locator("input[name=give]")
    for box in [*(b for b in boxes.all() if b.is_checked()), boxes.first]:
        press_until(page, "Tab", f".hand-area [data-card='{box.get_attribute('value')}']")
        page.keyboard.press("Space")
    expect(boxes.first).to_be_checked()
    shots("accept-chosen")
    press_until(page, "Tab", f"#accept-offer{offer}")
    moved(page, game, lambda: page.keyboard.press("Enter"))
    press_until(page, "Tab", "#move-end_trading")
    moved(page, game, lambda: page.keyboard.press("Enter"))

    press_until(page, "Tab", ".me .to-plant [data-tap=plant]")
    page.keyboard.press("Enter")
    press_until(page, "Shift+Tab", ".me .field[data-drop] .field-label")
    moved(page, game, lambda: page.keyboard.press("Enter"))
    shots("received-planted")
    page.context.close()


def in_the_trading_phase(name: str) -> Game:
    """Her turn, her front card planted and the face-up cards turned up: she may offer."""
    game = her_turn(name)
    user = get_user_model().objects.get(username=name)
    state = state_of(game)
    front = state.hands[seat_of(game, name)][0]
    for action in ({"kind": "plant", "card": front, "field": 0}, {"kind": "stop_planting"}):
        move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
        game.refresh_from_db()
    return game


# The boxes of the offer builder, and of each bean card's name, as the page lays them out.
LAYOUT = """() => {
  const box = (element) => element.getBoundingClientRect();
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5;
  const overlap = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const bad = [];
  const builder = document.querySelector("form.offer-builder");
  builder.querySelectorAll(".ask-grid > *").forEach((ask) => {
    const card = box(ask.querySelector(".card-mini"));
    const input = ask.querySelector("input[type=number]");
    const frame = box(ask.closest("fieldset"));
    const name = ask.querySelector(".card-name").textContent;
    // A bean not asked for yet shows no number box on a touch table.
    const number = input.offsetParent === null ? card : box(input);
    if (number !== card && overlap(card, number)) {
      bad.push(name + ": the number box overlaps the bean");
    }
    if (!inside(number, frame) || !inside(card, frame)) bad.push(name + ": out of its frame");
  });
  builder.querySelectorAll("fieldset").forEach((set) => {
    if (!inside(box(set), box(builder))) bad.push("a fieldset leaves the offer builder");
  });
  document.querySelectorAll(".card:not(.card-mini)[data-card] .card-name").forEach((name) => {
    if (!inside(box(name), box(name.closest(".card")))) {
      bad.push(name.textContent + " runs out of its card");
    }
  });
  return bad;
}"""


def test_in_german_and_french_the_offer_builder_and_long_bean_names_stay_in_their_frames(
    live_server, fast_site, browser
):
    page = logged_in(browser, live_server.url, "alice", language="de", **PHONE)
    game = in_the_trading_phase("alice")
    state = state_of(game)
    field = state.fields[seat_of(game, "alice")][0]
    assert [BEAN_KEYS[state.card_beans[card]] for card in field] == ["garden"]  # Gartenbohne
    for language in ("de", "fr"):
        if language != "de":  # a new session, which reads her new language
            Profile.objects.filter(user__username="alice").update(language=language)
            page.context.close()
            page = browser.new_page()
            client = Client()
            client.force_login(get_user_model().objects.get(username="alice"))
            cookie = client.cookies["sessionid"].value
            page.context.add_cookies(
                [{"name": "sessionid", "value": cookie, "url": live_server.url}]
            )
        for window in (PHONE, DESKTOP):
            page.set_viewport_size({"width": window["width"], "height": window["height"]})
            page.goto(f"{live_server.url}/games/{game.id}/")
            expect(page.locator("html")).to_have_attribute("lang", language)
            expect(page.locator("form.offer-builder")).to_be_visible()
            assert page.evaluate(LAYOUT) == [], (language, window)
    page.context.close()


def test_a_half_built_offer_the_focus_and_the_scroll_survive_ten_board_updates(
    live_server, fast_site, browser
):
    page = logged_in(browser, live_server.url, "alice", width=1000, height=600)
    game = in_the_trading_phase("alice")
    carol = get_user_model().objects.get(username="carol")
    bob = get_user_model().objects.get(username="bob")
    page.clock.install()  # the board's polls, every 2 s, come when the test moves the clock
    page.goto(f"{live_server.url}/games/{game.id}/")
    board = page.locator("#board")
    page.evaluate("window.boardAtFirst = document.getElementById('board')")

    card = board.locator(".hand-area [data-tap=pick]").nth(1)
    card.click()
    builder = board.locator("form.offer-builder")
    builder.locator(".ask button.step[data-step='1']").nth(2).click()
    builder.locator(".ask button.step[data-step='1']").nth(2).click()
    page.fill("#chat-text", "Who has beans?")  # her own message morphs the board too
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.press("#chat-text", "Enter")
    expect(board.locator("section.chat")).to_contain_text("Who has beans?")
    expect(page.locator("#chat-text")).to_have_value("")
    number = builder.locator(".ask input[type=number]").nth(2)
    expect(number).to_have_value("2")
    number.focus()
    page.evaluate("window.scrollTo(0, 700)")
    at = page.evaluate("window.scrollY")
    assert at > 0

    for update in range(10):
        if update in (3, 6):  # a move: bob offers her a card, and takes it back
            offer = offer_from_bob(game, "alice")
            move_submit(
                game_id=game.id,
                user=bob,
                action={"kind": "withdraw", "offer": offer},
                expected_seq=game.seq,
            )
        else:
            chat_post(game_id=game.id, user=carol, text=f"Beans, round {update}")
        game.refresh_from_db()
        page.clock.run_for(2100)
        expect(board).to_have_attribute("data-seq", str(game.seq))
        if update not in (3, 6):
            expect(board.locator("section.chat")).to_contain_text(f"round {update}")

    expect(board.locator("section.chat li")).to_have_count(9)
    assert page.evaluate("document.getElementById('board') === window.boardAtFirst")
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(builder.locator(f"#give{card.get_attribute('data-card')}")).to_be_checked()
    expect(number).to_have_value("2")
    expect(number).to_be_focused()
    assert page.evaluate("window.scrollY") == at
    page.context.close()


def test_on_a_phone_your_fields_stay_in_one_row_with_their_harvest_questions_open(
    live_server, browser
):
    game = started([make_user(name) for name in ("alice", "bob", "carol")])
    seat, _front = front_card_that_fits_no_field(game)  # every harvest question opens
    client = Client()
    client.force_login(user_at(game, seat))
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.id}/")
    expect(page.locator(".me details.confirm[open]")).to_have_count(3)

    fields = page.evaluate(
        """() => [...document.querySelectorAll('.me .field')].map((field) => {
            const box = field.getBoundingClientRect();
            return {top: Math.round(box.top), right: box.right,
                    inside: field.scrollWidth <= field.clientWidth + 1};
        })"""
    )
    assert len({field["top"] for field in fields}) == 1, fields  # one row, not three
    assert all(field["inside"] and field["right"] <= 390 for field in fields), fields
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
