"""A whole game in three browsers: alice, bob and carol play through the pages only.

Playwright's sync API runs an event loop in this thread, so Django's ORM (used here only to
know whose move it is and what each hand holds, never to make a move) needs
DJANGO_ALLOW_ASYNC_UNSAFE.
"""

import os
import re
from pathlib import Path

import pytest
from django.db import connections
from playwright.sync_api import Page, expect, sync_playwright

from games import engine
from games.models import Game

# Read by Django at each ORM call, so setting it here is early enough.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PASSWORD = "plenty-of-beans-42"
CARD_ID = re.compile(
    r'data-card="(\d+)"|&quot;card&quot;:(\d+)|name="(?:give|ask_faceup)" value="(\d+)"'
)


@pytest.fixture
def fast_site(eager_celery):
    """Celery tasks (bots, mail) run in the request, not on a broker."""


@pytest.fixture
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
            args=CHROMIUM_ARGS,
        )
        yield chromium
        chromium.close()
        # Inside Playwright the test's ORM calls ran in a context of their own, with a
        # connection of their own: close it, or the test database cannot be dropped.
        connections.close_all()


class Table:
    """The three pages and what the server knows, for the driver's choices and the checks."""

    def __init__(self, base: str, pages: dict[str, Page]):
        self.base = base
        self.pages = pages
        self.game: Game | None = None
        self.alice_checked = 0

    @property
    def url(self) -> str:
        return f"{self.base}/games/{self.game.id}/"

    def state(self) -> engine.State:
        self.game.refresh_from_db()
        return engine.from_dict(self.game.state)

    def page_at(self, position: int) -> Page:
        return self.pages[self.game.seats.get(position=position).user.email.split("@")[0]]

    def position_of(self, name: str) -> int:
        return self.game.seats.get(user__email=f"{name}@example.com").position

    def fresh(self, page: Page) -> Page:
        """The page showing the current board: reloaded if its last poll has not come yet."""
        seq = self.game.seq
        if page.locator("#board").get_attribute("data-seq") != str(seq):
            page.goto(self.url)
        expect(page.locator("#board")).to_have_attribute("data-seq", str(seq))
        return page

    def act(self, page: Page, button, status: int = 200) -> None:
        """Click a move button and wait for the board it brings back."""
        with page.expect_response(lambda r: r.request.method == "POST") as answer:
            button.click()
        assert answer.value.status == status, answer.value.text()[:300]
        self.game.refresh_from_db()
        expect(page.locator("#board")).to_have_attribute("data-seq", str(self.game.seq))
        self.check_alice()

    def check_alice(self) -> None:
        """alice's page never holds a card id of bob's or carol's hand."""
        alice = self.pages["alice"]
        html = alice.content()
        if f'data-seq="{self.game.seq}"' not in html:
            return  # an older board; it is checked once it is current
        shown = {int(n) for match in CARD_ID.findall(html) for n in match if n}
        state = self.state()
        mine = self.position_of("alice")
        hidden = {c for seat, hand in enumerate(state.hands) if seat != mine for c in hand}
        assert not shown & hidden, f"alice sees {shown & hidden}"
        assert set(state.hands[mine]) <= shown
        self.alice_checked += 1


def sign_up(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=email]", f"{name}@example.com")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".site-header")).to_contain_text(f"{name}@example.com")


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def offer(page: Page, *, give=(), ask_faceup=(), ask=None, to: str | None = None):
    """Fill the offer builder; returns its submit button."""
    builder = page.locator("form.offer-builder")
    for card in give:
        builder.locator(f'input[name=give][value="{card}"]').check()
    for card in ask_faceup:
        builder.locator(f'input[name=ask_faceup][value="{card}"]').check()
    for bean, count in (ask or {}).items():
        builder.locator(f'input[name="ask_{bean}"]').fill(str(count))
    if to:
        builder.locator("select[name=to]").select_option(label=to)
    return builder.get_by_role("button", name="Make offer")


def offer_to_me(page: Page, offer_id: int):
    return page.locator(".offer", has_text=f"offer {offer_id}")


def test_three_players_play_a_whole_game_through_the_pages(live_server, fast_site, browser):
    base = live_server.url
    pages, complaints = {}, []
    for name in ("alice", "bob", "carol"):
        page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        # Anything the CSP blocks, any script error and any failed request (but the 409 the
        # stale page is meant to get) shows up here.
        page.on(
            "console",
            lambda m: m.type == "error" and "409" not in m.text and complaints.append(m.text),
        )
        page.on("pageerror", lambda error: complaints.append(str(error)))
        sign_up(page, base, name)
        pages[name] = page
    alice = pages["alice"]
    table = Table(base, pages)

    # alice creates an invitation-only game for three; bob and carol come through the link.
    alice.get_by_role("link", name="Create a game").click()
    alice.select_option("select[name=edition]", "amigo-classic")
    alice.select_option("select[name=players]", "3")
    alice.get_by_label("Only people with the link").check()
    alice.get_by_role("button", name="Create the game").click()
    shoot(alice, "00-alice-invites")
    invitation = alice.locator("input.invite-link").input_value()
    table.game = Game.objects.get()
    assert invitation.endswith(f"/join/{table.game.invite_token}/")
    for name in ("bob", "carol"):
        pages[name].goto(invitation)
        pages[name].get_by_role("button", name="Take a seat").click()
        expect(pages[name].locator("ol.seats")).to_contain_text(name)
    # The lobby polls: alice sees the seats fill, and the others' pages turn into the game.
    alice.get_by_role("button", name="Start the game").click(timeout=8000)
    expect(alice.locator("#board")).to_have_attribute("data-seq", "0")
    for name in ("bob", "carol"):
        expect(pages[name].locator("#board")).to_have_attribute("data-seq", "0", timeout=8000)
    table.check_alice()
    shoot(alice, "01-alice-at-the-start")

    trade_on_the_first_turn(table)
    play_to_the_end(table)

    # The end: scores, the seed checked in the browser, and the replay.
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.FINISHED
    table.fresh(alice)
    expect(alice.locator(".result")).to_contain_text("Game over")
    alice.get_by_role("button", name="Check the seed against the hash").click()
    expect(alice.locator("#seed-check")).to_contain_text("matches")
    table.check_alice()
    shoot(alice, "06-alice-at-the-end")
    alice.get_by_role("link", name=re.compile("Replay the whole game")).click()
    alice.get_by_role("link", name="Forward").click()
    expect(alice.locator(".history-nav")).to_contain_text("Move 1 of")
    expect(alice.locator(".hands")).to_contain_text("bob")
    shoot(alice, "07-replay-every-hand-face-up")
    carol = table.fresh(pages["carol"])
    carol.set_viewport_size({"width": 390, "height": 844})
    shoot(carol, "08-carol-on-a-phone")
    assert not complaints
    assert table.alice_checked > 20


def trade_on_the_first_turn(table: Table) -> None:
    """A gift, a trade, a stale page answered with the fresh board, and a declined offer."""
    state = table.state()
    active = table.page_at(state.active)
    while table.state().phase == "plant":
        table.fresh(active)
        table.act(active, active.locator(".hand-area button", has_text="Plant in field").first)
    state = table.state()
    first, second = (state.active + 1) % 3, (state.active + 2) % 3
    receiver, other = table.page_at(first), table.page_at(second)
    names = state.names

    # A gift of a face-up card; the receiver's open page shows it by polling alone.
    table.act(active, offer(active, give=[state.faceup[0]], to=names[first]))
    expect(offer_to_me(receiver, 1)).to_contain_text("offers you a gift", timeout=6000)
    shoot(receiver, "02-a-gift-arrives-by-polling")
    table.act(receiver, offer_to_me(receiver, 1).get_by_role("button", name="Accept"))

    # A trade: a card from the receiver's hand for the other face-up card.
    state = table.state()
    table.act(
        receiver,
        offer(receiver, give=[state.hands[first][-1]], ask_faceup=[state.faceup[0]]),
    )
    table.fresh(active)
    shoot(active, "03-an-offer-to-the-active-player")
    table.act(active, offer_to_me(active, 2).get_by_role("button", name="Accept"))
    state = table.state()
    assert not state.faceup and len(state.to_plant[state.active]) == 1

    # The active player starts an offer (live updates pause while composing) ...
    builder_button = offer(active, give=[state.hands[state.active][0]], to=names[second])
    expect(active.locator("#board")).to_have_class(re.compile("paused"))
    # ... meanwhile the third player makes an offer of their own ...
    table.fresh(other)
    bean = engine.BEANS[state.card_beans[state.hands[state.active][0]]].key
    table.act(other, offer(other, give=[state.hands[second][0]], ask={bean: 1}))
    # ... so the active player's page is stale: 409, and the fresh board shows the new offer.
    table.act(active, builder_button, status=409)
    expect(active.locator(".notice-stale")).to_contain_text("The game moved on")
    expect(offer_to_me(active, 3)).to_be_visible()
    shoot(active, "04-a-stale-page-gets-the-fresh-board")
    table.act(active, offer_to_me(active, 3).get_by_role("button", name="Decline"))
    assert "declined offer 3" in active.locator(".log").inner_text()
    table.act(active, active.get_by_role("button", name="End trading"))


def play_to_the_end(table: Table) -> None:
    """Whoever is awaited clicks what their page offers; once, a harvest out of turn."""
    harvested_out_of_turn = False
    for _ in range(1500):
        state = table.state()
        if state.over:
            return
        if not harvested_out_of_turn and state.phase == "trade":
            harvested_out_of_turn = harvest_out_of_turn(table, state)
        page = table.fresh(table.page_at(engine.waiting_for(state)[0]))
        board = page.locator("#board")
        for button in (
            board.locator("form.move button", has_text="Plant in field").first,
            board.get_by_role("button", name="Stop planting"),
            board.get_by_role("button", name="End trading"),
            board.get_by_role("button", name="Decline").first,
        ):
            if button.count():
                table.act(page, button)
                break
        else:
            # Nothing fits the fields: make room.
            page.locator(".player.me details.confirm summary", has_text="Harvest").first.click()
            table.act(page, page.get_by_role("button", name="Yes, harvest"))
    raise AssertionError("the game did not end")


def harvest_out_of_turn(table: Table, state: engine.State) -> bool:
    for seat in range(3):
        if seat == state.active:
            continue
        if any(a["kind"] == "harvest" for a in engine.legal_actions(state, seat)):
            page = table.fresh(table.page_at(seat))
            page.locator(".player.me details.confirm summary", has_text="Harvest").first.click()
            expect(page.locator("details.confirm[open]")).to_contain_text(
                re.compile(r"for \d+ coin")
            )
            shoot(page, "05-a-harvest-out-of-turn")
            table.act(page, page.get_by_role("button", name="Yes, harvest"))
            assert table.state().active == state.active
            return True
    return False
