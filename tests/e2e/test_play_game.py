"""A whole game in three browsers: alice, bob and carol play through the pages only."""

import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games import engine
from games.models import Game
from games.services.moves import move_submit

from .helpers import compose_offer, harvest_button, shoot, sign_up

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CARD_ID = re.compile(
    r'data-card="(\d+)"|&quot;card&quot;:(\d+)|name="(?:give|ask_faceup)" value="(\d+)"'
)


# No card of the board is moving (motion.js animates them for 380 ms after an update).
STILL = "() => document.getAnimations().every((moving) => moving.playState !== 'running')"


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
        """Click a move button and wait for the board it brings back. Without an answer, the
        failure says what was clicked, what the page and the game showed, and any POST the
        browser gave up on."""
        failed: list[str] = []

        def given_up(request) -> None:
            failed.append(f"{request.method} {request.url}: {request.failure}")

        page.on("requestfailed", given_up)
        label = button.inner_text().strip()
        # As a player waits for the cards to stop moving: a click while one slides across
        # (motion.js, after each update) may land on it and choose it instead.
        page.wait_for_function(STILL)
        try:
            with page.expect_response(lambda r: r.request.method == "POST") as answer:
                button.click()
        except PlaywrightTimeout:
            state = self.state()
            raise AssertionError(
                f"no answer to {label!r}: the page shows move "
                f"{page.locator('#board').get_attribute('data-seq')}, the game is at "
                f"{self.game.seq} in {state.phase}, waiting for {engine.waiting_for(state)}; "
                f"requests the browser gave up on: {failed}"
            ) from None
        finally:
            page.remove_listener("requestfailed", given_up)
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


def offer_to_me(page: Page, offer_id: int):
    return page.locator(".offer", has_text=f"offer {offer_id}")


def test_three_players_play_a_whole_game_through_the_pages(live_server, fast_site, browser):
    base = live_server.url
    pages, complaints = {}, []
    for name in ("alice", "bob", "carol"):
        page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        # Anything the CSP blocks, any script error and any failed request shows up here.
        page.on("console", lambda m: m.type == "error" and complaints.append(m.text))
        page.on(
            "response",
            lambda r: r.status >= 400 and complaints.append(f"{r.status} {r.url}"),
        )
        page.on("pageerror", lambda error: complaints.append(str(error)))
        sign_up(page, base, name)
        pages[name] = page
    alice = pages["alice"]
    table = Table(base, pages)

    # alice creates an invitation-only game for three; bob and carol come through the link.
    alice.get_by_role("link", name="Create a game").click()
    alice.check("input[name=edition][value=amigo-classic]")
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
    expect(alice.locator("#status")).to_contain_text("Game over")
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
    assert not unexpected(complaints), complaints
    # Checked at every click of the game (the book's defaults make some of the moves).
    assert table.alice_checked > 12


def unexpected(complaints: list[str]) -> list[str]:
    """The complaints but a poll the page's own reload cut short (htmx reports an aborted
    request as two errors, its afterRequest and its sendAbort)."""
    aborted = sum("htmx:sendAbort" in text for text in complaints)
    left = [text for text in complaints if "htmx:sendAbort" not in text]
    for _ in range(aborted):
        after = next((text for text in left if "htmx:afterRequest" in text), None)
        if after is not None:
            left.remove(after)
    return left


def trade_on_the_first_turn(table: Table) -> None:
    """A gift, a trade, an offer composed while the board moved on, and a declined offer."""
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
    table.act(active, compose_offer(active, give=[state.faceup[0]], to=names[first]))
    expect(offer_to_me(receiver, 1)).to_contain_text("offers you a gift", timeout=6000)
    shoot(receiver, "02-a-gift-arrives-by-polling")
    table.act(receiver, offer_to_me(receiver, 1).get_by_role("button", name="Accept"))

    # A trade: a card from the receiver's hand for the other face-up card.
    state = table.state()
    table.act(
        receiver,
        compose_offer(receiver, give=[state.hands[first][-1]], ask_faceup=[state.faceup[0]]),
    )
    table.fresh(active)
    shoot(active, "03-an-offer-to-the-active-player")
    table.act(active, offer_to_me(active, 2).get_by_role("button", name="Accept"))
    state = table.state()
    assert not state.faceup and len(state.to_plant[state.active]) == 1

    # The active player starts an offer ...
    card = state.hands[state.active][0]
    send = compose_offer(active, give=[card], to=names[second])
    # ... meanwhile the third player makes an offer of their own ...
    table.fresh(other)
    bean = engine.BEANS[state.card_beans[card]].key
    table.act(other, compose_offer(other, give=[state.hands[second][0]], ask={bean: 1}))
    # ... which the active player's page shows at its next poll, keeping the offer composed.
    expect(offer_to_me(active, 3)).to_be_visible(timeout=8000)
    builder = active.locator("form.offer-builder")
    expect(builder.locator(f'input[name=give][value="{card}"]')).to_be_checked()
    shoot(active, "04-an-offer-composed-while-the-board-moved-on")
    table.act(active, send)
    assert table.state().offers[4].give == (card,)
    table.act(active, offer_to_me(active, 3).get_by_role("button", name="Decline"))
    assert "declined offer 3" in active.locator(".log").inner_text()
    table.act(active, active.get_by_role("button", name="End trading"))


# Moves clicked on the pages after the first turn's trades; the rest of the game is played
# through the services, as the pages would post it (each seat's default move), to its end.
CLICKS = 60


def play_to_the_end(table: Table) -> None:
    """Whoever is awaited clicks what their page offers; once, a harvest out of turn. After
    CLICKS moves the game goes on without the browsers, where the pages add nothing."""
    harvested_out_of_turn = False
    for clicks in range(1500):
        state = table.state()
        if state.over:
            return
        if clicks >= CLICKS and harvested_out_of_turn:
            return finish_through_the_services(table)
        if not harvested_out_of_turn and state.phase == "trade":
            harvested_out_of_turn = harvest_out_of_turn(table, state)
        page = table.fresh(table.page_at(engine.waiting_for(state)[0]))
        board = page.locator("#board")
        for button in (
            board.locator("form.move button", has_text="Plant in field").first,
            board.get_by_role("button", name="Stop planting"),
            board.get_by_role("button", name="End trading"),
            board.get_by_role("button", name="Decline", exact=True).first,
        ):
            if button.count():
                table.act(page, button)
                break
        else:
            table.act(page, harvest_button(page))  # nothing fits the fields: make room
    raise AssertionError("the game did not end")


def finish_through_the_services(table: Table) -> None:
    state = table.state()
    while not state.over:
        seat = engine.waiting_for(state)[0]
        user = table.game.seats.get(position=seat).user
        move_submit(
            game_id=table.game.id,
            user=user,
            action=engine.default_move(state, seat),
            expected_seq=table.game.seq,
        )
        state = table.state()


def harvest_out_of_turn(table: Table, state: engine.State) -> bool:
    for seat in range(3):
        if seat == state.active:
            continue
        if any(a["kind"] == "harvest" for a in engine.legal_actions(state, seat)):
            page = table.fresh(table.page_at(seat))
            harvest = harvest_button(page)
            expect(page.locator("details.confirm[open]").first).to_contain_text(
                re.compile(r"for \d+ coin")
            )
            shoot(page, "05-a-harvest-out-of-turn")
            table.act(page, harvest)
            assert table.state().active == state.active
            return True
    return False
