"""What browser tests do on the site's pages: sign up, log in, take screenshots, harvest; and the
other seats' moves, made through the services."""

from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Page, expect

from games import engine
from games.engine import bots
from games.models import Game
from games.services.moves import move_submit
from games.services.profiles import profile_get_or_create
from tests.helpers import state_of

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PASSWORD = "plenty-of-beans-42"
# axe-core's rules, the version the pinned package bundles; what a page must not have.
AXE = Axe()
SERIOUS = {"serious", "critical"}


def sign_up(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=email]", f"{name}@example.com")
    page.fill("input[name=display_name]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".site-header .who")).to_have_text(name)


def session_cookie(base: str, name: str, language: str = "en", zone: str = "UTC") -> dict:
    """The session cookie of a player made for the test (without the sign-up form, which other
    tests cover), who reads the site in `language` and `zone`."""
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com")
    profile_get_or_create(user=user, language=language, time_zone=zone)
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}


def logged_in(
    browser,
    base: str,
    name: str,
    width: int = 1200,
    height: int = 900,
    language: str = "en",
    zone: str = "UTC",
    touch: bool = False,
) -> Page:
    """A page of a new browser context, signed in as a player made for the test; on a touch
    screen if `touch`."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch)
    context.add_cookies([session_cookie(base, name, language, zone)])
    return context.new_page()


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def compose_offer(page: Page, *, give=(), ask_faceup=(), ask=None, to: str | None = None):
    """Build an offer as a player does on the table: tap the cards to give in the hand or face
    up, the face-up cards wanted, and each bean wanted as many times as wanted; returns the
    button that sends it to `to` (or to the first player it may go to)."""
    board = page.locator("#board")
    builder = board.locator("form.offer-builder")
    for card in give:
        board.locator(f".hand-area [data-card='{card}'], .faceup [data-card='{card}']").click()
        expect(builder.locator(f'input[name=give][value="{card}"]')).to_be_checked()
    for card in ask_faceup:
        builder.locator(f'input[name=ask_faceup][value="{card}"]').check()
    for bean, count in (ask or {}).items():
        for _ in range(count):
            builder.locator(f'.ask[data-bean="{bean}"] label').click()
        expect(builder.locator(f'input[name="ask_{bean}"]')).to_have_value(str(count))
    sends = builder.locator(".offer-send button[name=to]")
    return sends.filter(has_text=to).first if to else sends.first


def harvest_button(page: Page):
    """The first "Yes, harvest" button of the player's fields, its part opened first unless the
    page opened it already (it does when a card they received fits no field)."""
    mine = page.locator(".player.me")
    opened = mine.locator("details.confirm[open] button[id^=move-harvest]")
    if not opened.count():
        mine.locator("details.confirm:has(button[id^=move-harvest]) > summary").first.click()
    return opened.first


def play_for_others_until(game: Game, name: str) -> None:
    """Everyone but `name` makes good moves (through the services, as their pages would),
    until `name` is the active player at the start of their turn."""
    mine = game.seats.get(user__username=name).position
    while not (
        (state := state_of(game)).active == mine and engine.prompt(state, mine).key == "plant_front"
    ):
        position = engine.waiting_for(state)[0]
        action = bots.make_bot("heuristic", f"e2e/{position}").choose(state, position)
        user = game.seats.get(position=position).user
        move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)


def serious_accessibility_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is shown, each with the
    elements it found them on."""
    found = AXE.run(page).response["violations"]
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at "
        + ", ".join(" ".join(node["target"]) for node in violation["nodes"][:5])
        for violation in found
        if violation["impact"] in SERIOUS
    ]
