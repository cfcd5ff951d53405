"""Playing by touching the cards: planting, offering and accepting by tapping (or dragging) the
cards and the fields, the same from the keyboard alone, and a board that updates in place
without losing a half-built offer or the page's scroll."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games import engine, services
from games.engine import bots
from games.engine.beans import BEAN_KEYS
from games.models import Game
from tests.helpers import make_user, state_of

from .helpers import logged_in, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1200, "height": 900}


def her_turn(front: str = "garden") -> Game:
    """Alice, bob and carol at an Amigo table; bob and carol play until alice's turn begins.
    Her fields are then emptied into the discard pile and her front card is a bean of `front`,
    from the draw pile, so that every turn of the test starts alike."""
    alice = get_user_model().objects.get(username="alice")
    game = services.game_create(
        user=alice, edition="amigo-classic", players=3, options={}, name="Beans"
    )
    for name in ("bob", "carol"):
        services.seat_join(game_id=game.id, user=make_user(name), token=game.invite_token)
    game = services.game_start(game_id=game.id, user=alice)
    mine = game.seats.get(user=alice).position
    while not (
        (state := state_of(game)).active == mine and engine.prompt(state, mine).key == "plant_front"
    ):
        position = engine.waiting_for(state)[0]
        action = bots.make_bot("heuristic", f"touch/{position}").choose(state, position)
        user = game.seats.get(position=position).user
        services.move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
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


def offer_to_alice(game: Game) -> int:
    """Bob offers alice his front card for one bean of the first card of her hand; the offer."""
    state = state_of(game)
    bob, alice = seat_of(game, "bob"), seat_of(game, "alice")
    wanted = BEAN_KEYS[state.card_beans[state.hands[alice][-1]]]
    action = {"kind": "offer", "to": alice, "give": [state.hands[bob][0]], "ask": {wanted: 1}}
    services.move_submit(
        game_id=game.id, user=get_user_model().objects.get(username="bob"), action=action,
        expected_seq=game.seq,
    )
    return max(state_of(game).offers)


class Shots:
    """Numbered screenshots of one run: touch-<run>-<n>-<step>.png."""

    def __init__(self, page: Page, run: str):
        self.page, self.run, self.count = page, run, 0

    def __call__(self, step: str) -> None:
        self.count += 1
        # From the top, where the status line sticks in a whole-page shot; then back.
        at = self.page.evaluate("window.scrollY")
        self.page.evaluate("window.scrollTo(0, 0)")
        shoot(self.page, f"touch-{self.run}-{self.count}-{step}")
        self.page.evaluate(f"window.scrollTo(0, {at})")


def play_a_turn_by_touch(page: Page, game: Game, shots: Shots) -> None:
    """Plant the front card by tapping it and a field; offer a card of the hand for one bean by
    tapping and stepping; accept bob's offer by tapping the card it asks for; plant what was
    received by dragging it onto a field."""
    board = page.locator("#board")
    hand = board.locator(".hand-area")
    shots("turn")

    front = hand.locator(".card-front")
    front.click()
    expect(front).to_have_attribute("aria-pressed", "true")
    fields = board.locator(".me .field[data-drop]")
    expect(fields).to_have_count(board.locator(".me .field").count())  # all empty
    shots("card-chosen")
    moved(page, game, lambda: fields.first.click())
    expect(board.locator(".me .field").first.locator(".bean-garden")).to_be_visible()
    shots("planted")
    moved(page, game, lambda: board.locator("#move-stop_planting").click())

    builder = board.locator("form.offer-builder")
    card = hand.locator("[data-tap=pick]").first
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    given = card.get_attribute("data-card")
    expect(builder.locator(f"#give{given}")).to_be_checked()
    plus = builder.locator(".ask button.step[data-step='1']").first
    plus.click()
    plus.click()
    builder.locator(".ask button.step[data-step='-1']").first.click()
    expect(builder.locator(".ask input[type=number]").first).to_have_value("1")
    shots("offer-built")
    moved(page, game, lambda: builder.locator("#offer-make").click())
    expect(board.locator(f".trading .offers [data-card='{given}']")).to_be_visible()
    shots("offer-made")

    offer = offer_to_alice(game)
    accept = board.locator(f"form[data-keep='accept-{offer}']")
    expect(accept).to_be_visible(timeout=5000)  # the next poll brings it
    expect(accept).to_have_attribute("data-tap-target", "")
    boxes = accept.locator("input[name=give]")
    for ticked in boxes.all():  # the page ticks cards that pay, when it knows which: untick
        if ticked.is_checked():
            card = hand.locator(f"[data-card='{ticked.get_attribute('value')}']")
            card.click()
            expect(ticked).not_to_be_checked()
            expect(card).to_have_attribute("aria-pressed", "false")
    box = boxes.first
    card = hand.locator(f"[data-card='{box.get_attribute('value')}']")
    card.click()
    expect(box).to_be_checked()
    expect(card).to_have_attribute("aria-pressed", "true")
    shots("accept-chosen")
    moved(page, game, lambda: accept.locator(f"#accept-offer{offer}").click())
    moved(page, game, lambda: board.locator("#move-end_trading").click())

    received = board.locator(".me .to-plant [data-tap=plant]").first
    expect(received).to_be_visible()
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


@pytest.mark.parametrize(
    ("language", "window"),
    [("en", DESKTOP), ("de", DESKTOP), ("en", PHONE), ("de", PHONE)],
    ids=["en-desktop", "de-desktop", "en-phone", "de-phone"],
)
def test_a_turn_played_by_touching_the_cards(live_server, fast_site, browser, language, window):
    page = logged_in(browser, live_server.url, "alice", language=language, **window)
    game = her_turn()
    page.goto(f"{live_server.url}/games/{game.id}/")
    run = f"{language}-{'phone' if window is PHONE else 'desktop'}"
    play_a_turn_by_touch(page, game, Shots(page, run))
    state = state_of(game)
    alice = seat_of(game, "alice")
    assert [state.card_beans[c] for c in state.fields[alice][0]][:1] == [
        BEAN_KEYS.index("garden")
    ]
    page.context.close()
