"""The table on a phone first: on a 390 x 844 screen, on her turn, her fields and her hand are in
the first screen and the front card plants with one tap; an offer is made on the table, by
tapping the cards to give (or dragging them onto the seat of the player it is for) and sent,
for a bean growing in that player's fields, with one more tap: from their seat, where the offer
in the making shows, or from the foot of a phone's screen. An offer made to her shows beside
her hand. A table of four is in one screen of 1280 x 800."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games import engine
from games.engine.book.move_words import NO_RULES
from games.models import Game
from games.services.lobby import game_create, game_start, seat_join
from games.services.moves import move_submit
from tests.helpers import make_user, state_of

from .helpers import logged_in, play_for_others_until, serious_accessibility_violations, shoot
from .test_touch_table import DESKTOP, PHONE, her_turn, in_the_trading_phase, moved, seat_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def in_the_first_screen(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the screen as the page opens, with no scroll."""
    return page.evaluate(
        """(selector) => {
          const box = document.querySelector(selector).getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0;
        }""",
        selector,
    )


def bob_grows_a_bean(game: Game) -> Game:
    """Bob's first field holds a bean (a card from the draw pile where it held none)."""
    state = state_of(game)
    field = state.fields[seat_of(game, "bob")][0]
    if not field:
        field.append(state.deck.pop())
        Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
        game.refresh_from_db()
    return game


class Taps:
    """A player's taps (a finger on a phone, the mouse on a desktop), counted."""

    def __init__(self, page: Page, touch: bool):
        self.page, self.touch, self.count = page, touch, 0

    def __call__(self, locator) -> None:
        self.count += 1
        if self.touch:
            locator.tap()
        else:
            locator.click()


def test_on_a_phone_her_fields_and_hand_open_in_the_first_screen_and_one_tap_plants(
    live_server, fast_site, browser
):
    page = logged_in(browser, live_server.url, "alice", **PHONE)
    game = her_turn("alice")
    page.goto(f"{live_server.url}/games/{game.id}/")

    assert in_the_first_screen(page, ".player.me ol.fields")
    assert in_the_first_screen(page, ".hand-area .card-front")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Her hand scrolls sideways, from the keyboard too.
    assert page.evaluate("(h => h.scrollWidth > h.clientWidth)(document.querySelector('.hand'))")
    assert serious_accessibility_violations(page) == []
    shoot(page, "phone-her-turn-first-screen")
    # The front card is the only one she may plant: it is chosen for her, and a tap on a
    # field plants it.
    board = page.locator("#board")
    expect(board.locator(".hand-area .card-front")).to_have_attribute("aria-pressed", "true")
    taps = Taps(page, touch=True)
    moved(page, game, lambda: taps(board.locator(".me .field[data-drop]").first))
    expect(board.locator(".me .field").first.locator(".bean-garden")).to_be_visible()
    assert taps.count == 1


@pytest.mark.parametrize("window", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_an_offer_of_two_cards_for_a_bean_of_one_player_takes_three_taps(
    live_server, fast_site, browser, window
):
    page = logged_in(browser, live_server.url, "alice", **window)
    game = bob_grows_a_bean(in_the_trading_phase("alice"))
    page.goto(f"{live_server.url}/games/{game.id}/")
    board = page.locator("#board")
    taps = Taps(page, window["touch"])
    bob_seat = seat_of(game, "bob")
    bob = board.locator(f"#seat-{bob_seat}")
    bean = bob.locator(".field [data-ask-bean]").first.get_attribute("data-ask-bean")

    # Two cards of her hand: the offer in the making shows on Bob's seat, with them.
    given = [board.locator(".hand-area [data-tap=pick]").nth(n) for n in (1, 2)]
    ids = [card.get_attribute("data-card") for card in given]
    for card in given:
        taps(card)
        expect(card).to_have_attribute("aria-pressed", "true")
    expect(bob.locator(".seat-offer .seat-offer-what .card")).to_have_count(2)
    assert serious_accessibility_violations(page) == []
    # Then one tap sends it for one of the beans growing in Bob's field: on a phone from the
    # foot of the screen, on a desktop from his seat.
    quick = f"offer-to-{bob_seat}-for-{bean}"
    send = board.locator(f"#{quick}" if window["touch"] else f".seat-offer [data-twin={quick}]")
    expect(send).to_be_in_viewport()
    shoot(page, f"offer-built-on-the-table-{'phone' if window['touch'] else 'desktop'}")
    moved(page, game, lambda: taps(send))

    action = game.moves.filter(kind="offer").latest("seq").payload
    assert sorted(action["give"]) == sorted(int(card) for card in ids)
    assert action["ask"] == {bean: 1} and action["to"] == bob_seat
    assert taps.count == 3


def test_a_card_dragged_onto_a_seat_is_offered_to_that_player(live_server, fast_site, browser):
    page = logged_in(browser, live_server.url, "alice", **DESKTOP)
    game = in_the_trading_phase("alice")
    page.goto(f"{live_server.url}/games/{game.id}/")
    board = page.locator("#board")
    card = board.locator(".hand-area [data-tap=pick]").first
    given = int(card.get_attribute("data-card"))
    carol = board.locator(f"#seat-{seat_of(game, 'carol')}")

    card.drag_to(carol.locator("header"))

    expect(card).to_have_attribute("aria-pressed", "true")
    expect(carol.locator(".seat-offer .seat-offer-what .card")).to_have_count(1)
    # Only the seat it was dropped on shows it.
    expect(board.locator(".seat-offer")).to_have_count(1)
    moved(page, game, lambda: carol.locator(".seat-offer button", has_text="carol").click())
    action = game.moves.filter(kind="offer").latest("seq").payload
    assert action["give"] == [given]
    assert action["to"] == seat_of(game, "carol") and action["ask"] == {}


def test_see_the_offers_on_a_phone_shows_their_heading_below_the_status(
    live_server, fast_site, browser
):
    make_user("alice")
    page = logged_in(browser, live_server.url, "bob", **PHONE)
    game = in_the_trading_phase("alice")
    state = state_of(game)
    gift = {"kind": "offer", "to": seat_of(game, "bob"), "give": [state.faceup[0]], "ask": {}}
    alice = game.seats.get(user__username="alice").user
    bob = game.seats.get(user__username="bob").user
    # Bob answers his offers himself (the game's defaults would take a gift of a bean he grows).
    move_submit(
        game_id=game.id, user=bob, action={"kind": "rules", **NO_RULES}, expected_seq=game.seq
    )
    game.refresh_from_db()
    move_submit(game_id=game.id, user=alice, action=gift, expected_seq=game.seq)
    page.goto(f"{live_server.url}/games/{game.id}/")

    # The offer to him is beside his hand, with its answers.
    offer = page.locator(".mine .offers-to-me .offer")
    expect(offer.locator("button", has_text="Accept")).to_be_visible()
    expect(offer.locator("button", has_text="Decline")).to_be_visible()
    page.locator("#status .to-offers").tap()

    heading = page.locator("#offers-to-you")
    expect(heading).to_be_in_viewport()
    status = page.locator("#status").bounding_box()
    assert heading.bounding_box()["y"] >= status["y"] + status["height"]


def test_a_standing_offer_is_built_by_tapping_as_an_offer_is(live_server, fast_site, browser):
    make_user("alice")
    page = logged_in(browser, live_server.url, "bob", **PHONE)
    game = in_the_trading_phase("alice")
    page.goto(f"{live_server.url}/games/{game.id}/")
    board = page.locator("#board")
    taps = Taps(page, touch=True)

    taps(board.locator("#book-stand > summary"))
    card = board.locator(".hand-area [data-tap=pick]").first
    taps(card)
    stand = board.locator("form[data-keep='stand']")
    given = card.get_attribute("data-card")
    expect(stand.locator(f"#stand-give{given}")).to_be_checked()
    chip = stand.locator(".ask label").first
    bean = stand.locator(".ask").first.get_attribute("data-bean")
    taps(chip)
    taps(chip)
    expect(stand.locator(f"#stand-ask-{bean}")).to_have_value("2")
    moved(page, game, lambda: taps(stand.locator("#stand-post")))

    action = game.moves.filter(kind="stand").latest("seq").payload
    assert action["give"] == [int(given)] and action["ask"] == {bean: 2}
    assert taps.count == 5


FOUR = "a-table-of-four"


def test_on_a_desktop_a_table_of_four_is_in_one_screen(live_server, fast_site, browser):
    page = logged_in(browser, live_server.url, "alice", width=1280, height=800)
    alice = get_user_model().objects.get(username="alice")
    game = game_create(user=alice, edition="amigo-classic", players=4, options={}, name="Four")
    # One deal, so that the page measured is the same each run: with another deal, gifts taken
    # for her while the others played can open a list of them above the table.
    Game.objects.filter(pk=game.pk).update(seed=FOUR, seed_hash=engine.seed_hash(FOUR))
    for other in ("bob", "carol", "dave"):
        seat_join(game_id=game.id, user=make_user(other), token=game.invite_token)
    game = game_start(game_id=game.id, user=alice)
    play_for_others_until(game, "alice")
    page.goto(f"{live_server.url}/games/{game.id}/")

    for part in ("#status", ".players", ".market", ".player.me ol.fields", ".hand-area"):
        assert in_the_first_screen(page, part), part
    shoot(page, "desktop-table-of-four")
