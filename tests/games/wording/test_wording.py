"""The words a reviewer of each language found wrong, read where players see them: the pages,
the log and the mails use each edition's and each rule book's own terms."""

import re
from datetime import datetime
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.core import mail as sent_mail
from django.urls import reverse
from django.utils import translation

from games.calls.mailing import outbox_send
from games.engine import describe
from games.models import Outbox
from games.services.lobby import game_create
from tests.games.campaigns import bohnaparte_game
from tests.games.helpers import play_until, speak, start_trading, visible_text
from tests.helpers import state_of, user_at

pytestmark = pytest.mark.django_db

# French sets : ; ? ! and » apart from the word before, and « from the word after, with a
# space that never breaks the line there.
BREAKING_SPACE_AT_A_MARK = re.compile(r"\s(?<!\u00a0)[:;?!»]|«\s(?<!\u00a0)")


def how_to_play(client, edition: str, players: int, language: str) -> str:
    url = reverse("games:how_to_play", args=[edition]) + f"?players={players}"
    return visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())


def game_html(client, game, position: int, language: str) -> str:
    user = user_at(game, position)
    speak(user, language)
    client.force_login(user)
    return client.get(reverse("games:game", args=[game.id])).content.decode()


def game_page(client, game, position: int, language: str) -> str:
    return visible_text(game_html(client, game, position, language))


def test_italian_bohnaparte_pays_in_coins_taps_the_cavalry_and_has_a_fanghiglia(client):
    rules = how_to_play(client, "bohnaparte", 4, "it")

    assert "Fanghiglia" in rules and "battaglia per la fanghiglia" in rules
    assert "pagare 2 monete" in rules and "per 3 monete" in rules
    assert "le monete non contano" in rules
    assert "se battuta resta tappata" in rules
    for wrong in ("tallero", "talleri", "Palude", "palude", "stanca"):
        assert wrong not in rules


def test_dutch_bohnaparte_draws_before_growing_and_says_verbouwen(client):
    rules = how_to_play(client, "bohnaparte", 4, "nl")

    assert "trekt een kaart vóór het verbouwen" in rules
    assert "Vóór het verbouwen trekt wie het houdt" in rules
    assert "fase 1 of 3 zou verbouwen" in rules
    assert "planten" not in rules


def test_french_bohnaparte_has_a_board_and_a_seconde_manche(client):
    rules = how_to_play(client, "bohnaparte", 4, "fr")

    assert "Le plateau et ses terres" in rules
    assert "l'ordre dans lequel vous avez pioché\u00a0: la première carte" in rules
    assert "Comment jouer\u00a0: Bohnaparte" in rules
    assert "une seconde manche normale suit" in rules
    assert "round" not in rules and "La carte" not in rules


def test_the_german_wax_bean_is_the_editions_weinbrandbohne(client):
    rules = how_to_play(client, "rio-grande", 4, "de")

    assert "Weinbrandbohne" in rules
    assert "Wachsbohne" not in rules


def test_the_dutch_map_key_draws_a_cannon_barrel(client, alice, bob, carol):
    page = game_page(client, bohnaparte_game([alice, bob, carol]), 0, "nl")

    assert "loop: kanon" in page
    assert "ton: kanon" not in page


def test_the_german_table_talks_in_die_runde_and_a_standing_gift_is_als_geschenk(
    client, started_game
):
    active = start_trading(started_game)
    giver = (active + 1) % 3
    client.force_login(user_at(started_game, giver))
    card = state_of(started_game).hands[giver][-1]
    client.post(
        reverse("games:move", args=[started_game.id]),
        {"expected_seq": started_game.seq, "kind": "stand", "give": [card], "receive_field": "1"},
    )
    html = game_html(client, started_game, (giver + 1) % 3, "de")
    page = visible_text(html)

    assert 'placeholder="Sag etwas in die Runde"' in html
    assert "bietet jedem, der am Zug ist," in page and "als Geschenk an" in page
    assert "zum Tisch" not in page and "geschenkt an" not in page


def test_the_dutch_game_page_keeps_a_logboek_and_its_turn_plan_says_verbouwen(client, started_game):
    active = state_of(started_game).active
    page = game_page(client, started_game, active, "nl")

    assert "Logboek" in page
    assert "De voorste kaart verbouwen" in page
    assert "Verslag" not in page and "planten" not in page


def test_the_german_replay_steps_through_zuege(client, started_game):
    play_until(started_game, lambda state: state.over)
    user = user_at(started_game, 0)
    speak(user, "de")
    client.force_login(user)
    replay = client.get(reverse("games:history", args=[started_game.id]) + "?seq=3")

    assert "<label>Zug <select" in replay.content.decode()
    assert "Runde" not in visible_text(replay.content.decode())


def test_a_german_invitation_names_bohnanza_the_card_game_of_bean_trading(
    client, alice, django_capture_on_commit_callbacks
):
    speak(alice, "de")
    game = game_create(
        user=alice, edition="amigo-classic", players=4, options={}, is_open=False, name="Beans"
    )
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:invite_mail", args=[game.id]), {"addresses": "bob@example.com"})
    [message] = sent_mail.outbox

    assert "Bohnanza ein, dem Kartenspiel vom Bohnenhandel" in message.body
    assert "Handelskartenspiel" not in message.body + message.alternatives[0][0]


def test_french_bots_are_robots_everywhere_on_the_lobby(client, open_game, alice):
    speak(alice, "fr")
    client.force_login(alice)
    lobby = visible_text(client.get(reverse("games:game", args=[open_game.id])).content.decode())

    assert "robot facile" in lobby and "robot fort" in lobby and "Ajouter un robot" in lobby
    assert "bot " not in lobby.replace("robot ", "")


def test_french_never_breaks_a_line_before_a_colon_a_question_mark_or_inside_guillemets():
    path = Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES" / "django.po"
    catalogue = read_po(path.open("rb"))
    spaced = [
        text
        for message in catalogue
        if message.id
        for text in (message.string if message.pluralizable else [message.string])
        if BREAKING_SPACE_AT_A_MARK.search(text)
    ]

    assert spaced == []
    with_marks = [message for message in catalogue if "\u00a0:" in str(message.string)]
    assert len(with_marks) > 100


# Months as each language abbreviates them in a date: French, Italian and Dutch in lower case.
MONTHS = {
    "fr": [
        "janv.",
        "févr.",
        "mars",
        "avr.",
        "mai",
        "juin",
        "juil.",
        "août",
        "sept.",
        "oct.",
        "nov.",
        "déc.",
    ],
    "it": ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
    "nl": ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
    "de": ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
}


@pytest.mark.parametrize("language", sorted(MONTHS))
def test_a_deadline_names_its_month_as_the_readers_language_writes_it(
    client, started_game, language
):
    html = game_html(client, started_game, state_of(started_game).active, language)
    due, shown = re.search(r'<time datetime="([^"]+)" data-countdown>([^<]+)</time>', html).groups()
    month = MONTHS[language][datetime.fromisoformat(due).month - 1]

    assert re.match(rf"\w+\.? \d+ {re.escape(month)},? ", shown), shown


def test_a_french_mail_names_the_deadlines_month_in_lower_case(started_game):
    reader = user_at(started_game, (state_of(started_game).active + 1) % 3)
    speak(reader, "fr")
    play_until(started_game, lambda state: user_at(started_game, state.active) == reader)
    row = Outbox.objects.get(user=reader, kind="your_turn")
    assert outbox_send(outbox_id=row.id)
    due = datetime.fromisoformat(row.context["due"])
    month = MONTHS["fr"][due.month - 1]

    [message] = sent_mail.outbox
    assert re.search(rf"Votre temps s'écoule le \w+ \d+ {re.escape(month)}, ", message.body)
    # Each link of the mail is set apart from its label as French does it.
    assert "Ouvrir la partie\u00a0: http" in message.body
    assert not re.search(r"\w: http", message.body)


@pytest.mark.parametrize(
    ("language", "gift", "trade"),
    [
        ("fr", "Bruno vous a donné 1× ", "Bruno a échangé avec vous 1× "),
        ("de", "Bruno hat dir 1× ", "Bruno hat mit dir 1× "),
        ("it", "Bruno ti ha regalato 1× ", "Bruno ha scambiato con te 1× "),
    ],
)
def test_the_log_says_you_where_each_language_puts_it(language, gift, trade):
    names = ["Bruno", "Claire"]
    given = {"kind": "traded", "seat": 1, "offer": 3, "maker": 0, "to": 1, "given": ["chili"]}
    with translation.override(language):
        assert describe({**given, "received": []}, names, 1).startswith(gift)
        assert describe({**given, "received": ["red"]}, names, 1).startswith(trade)
