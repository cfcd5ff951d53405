"""A table of players who read the site in different languages and time zones."""

import re
import zoneinfo
from datetime import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core import mail as sent_mail
from django.utils import formats, timezone, translation
from playwright.sync_api import Page, expect

from games import engine
from games.models import Game, Outbox
from games.services.lobby import game_create, game_start, seat_join
from tests.helpers import state_of

from .helpers import harvest_button, logged_in, play_for_others_until, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

READERS = {
    "alice": ("de", "Europe/Berlin"),
    "bob": ("en", "America/New_York"),
    "carol": ("it", "Europe/Rome"),
}
# The same board, as a reader of each language sees it, for the screenshots.
BOARD_WORDS = {
    "en": "Your hand",
    "de": "Deine Hand",
    "it": "La tua mano",
    "nl": "Je hand",
    "fr": "Votre main",
}


def user_named(name: str):
    return get_user_model().objects.get(username=name)


def click_move(page: Page, game: Game) -> None:
    """One move of the page's own, by its buttons: plant if it may, else stop planting, end
    trading, or harvest a field to make room."""
    board = page.locator("#board")
    for selector in (
        "form.move button[id^=move-plant]",
        "#move-stop_planting",
        "#move-end_trading",
    ):
        button = board.locator(selector).first
        if button.count():
            break
    else:
        button = harvest_button(page)
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        button.click()
    assert answer.value.status == 200, answer.value.text()[:300]
    game.refresh_from_db()
    expect(board).to_have_attribute("data-seq", str(game.seq))


def local(due: str, zone: str, language: str) -> str:
    at = datetime.fromisoformat(due).astimezone(zoneinfo.ZoneInfo(zone))
    with translation.override(language), timezone.override(zoneinfo.ZoneInfo(zone)):
        return formats.date_format(at, "D j M, H:i T")


def last_call(user) -> tuple[str, str, str]:
    """The subject and body of the last mail that called the player to move, and its due time."""
    row = Outbox.objects.filter(user=user, kind="your_turn").latest("id")
    [message] = [m for m in sent_mail.outbox if m.extra_headers["X-Bohnanza-Outbox"] == str(row.id)]
    return message.subject, message.body, row.context["due"]


def test_a_german_player_plays_a_turn_in_german_and_an_english_one_reads_english(
    live_server, fast_site, browser
):
    base = live_server.url
    pages = {
        name: logged_in(browser, base, name, language=language, zone=zone)
        for name, (language, zone) in READERS.items()
    }
    game = game_create(
        user=user_named("alice"), edition="amigo-classic", players=3, options={}, name="Bohnen"
    )
    for name in ("bob", "carol"):
        seat_join(game_id=game.id, user=user_named(name), token=game.invite_token)
    game = game_start(game_id=game.id, user=user_named("alice"))
    play_for_others_until(game, "alice")

    page = pages["alice"]
    page.goto(f"{base}/games/{game.id}/")
    expect(page.locator("#status")).to_have_text(
        "Du bist am Zug: baue die vorderste Karte deiner Hand an."
    )
    expect(page.locator(".me .clock")).to_contain_text("Muss ziehen bis")
    shoot(page, "languages-turn-de")
    mine = game.seats.get(user__username="alice").position
    while mine in engine.waiting_for(state_of(game)):
        click_move(page, game)
    log = page.locator("section.log")
    expect(log).to_contain_text("Du hast eine")
    expect(log).to_contain_text("angebaut")
    expect(log).to_contain_text("Du hast den Handel beendet.")
    assert not re.search(r"\b(You|planted|harvested|the)\b", log.inner_text())

    subject, body, due = last_call(user_named("alice"))
    assert re.fullmatch(r"Du bist am Zug in Bohnen \(Zug \d+\)", subject)
    assert f"Deine Zeit läuft am {local(due, 'Europe/Berlin', 'de')}" in body
    assert "Your" not in body

    play_for_others_until(game, "bob")
    subject, body, due = last_call(user_named("bob"))
    assert re.fullmatch(r"Your turn in Bohnen \(turn \d+\)", subject)
    assert f"Your time runs out on {local(due, 'America/New_York', 'en')}" in body
    assert "Du " not in body
    for page in pages.values():
        page.context.close()


def test_the_board_in_each_language(live_server, fast_site, browser):
    base = live_server.url
    page = logged_in(browser, base, "dave")
    others = [logged_in(browser, base, name).context for name in ("erin", "frank")]
    game = game_create(
        user=user_named("dave"), edition="rio-grande", players=3, options={}, name="Beans"
    )
    for name in ("erin", "frank"):
        seat_join(game_id=game.id, user=user_named(name), token=game.invite_token)
    game = game_start(game_id=game.id, user=user_named("dave"))
    play_for_others_until(game, "erin")

    for language, words in BOARD_WORDS.items():
        page.goto(f"{base}/l/preferences/")
        page.select_option("select[name=language]", language)
        page.select_option("select[name=time_zone]", "Europe/Amsterdam")
        page.locator("#preferences button[type=submit]").click()
        page.goto(f"{base}/games/{game.id}/")
        # The site's English is British English (templates/base.html).
        tag = {"en": "en-GB"}.get(language, language)
        expect(page.locator("html")).to_have_attribute("lang", tag)
        expect(page.locator(".hand-area h2")).to_contain_text(words)
        shoot(page, f"languages-board-{language}")
    for context in [page.context, *others]:
        context.close()
