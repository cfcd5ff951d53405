"""A reply in its reader's own words: the commands in German, French, Italian or Dutch as well
as English, a number written "Nr. 1" or "#1", a yes to an offer, and a refusal that names the
words the site reads and the command a slip came nearest to."""

from datetime import timedelta

import pytest
from django.utils import translation

from games import engine
from games.calls.mailing import outbox_flush
from games.engine.beans import bean_name
from mailplay.services import reply_receive
from tests.helpers import fresh, state_of

from .helpers import awaited, last_mail_to, reply
from .test_languages import speaks
from .test_trade_book_replies import others, trading

pytestmark = pytest.mark.django_db

PLANT_THE_FRONT_CARD = {
    "de": "Hallo,\n\n{bean} ins Feld 1 anbauen.\n\nDanke, Bruno",
    "fr": "Bonjour,\n\nplanter {bean} dans le champ 1\n\nMerci, Bruno",
    "it": "pianta {bean} nel campo 1",
    "nl": "Verbouw {bean} in veld 1.",
    "en": "plant {bean} in field 1",
}


def called_in(table, language: str):
    """The player the game waits for, speaking `language`, and their call."""
    player = awaited(table)
    speaks(player, language)
    outbox_flush(older_than=timedelta(0))
    return player, last_mail_to(player)


def front_bean(table, language: str) -> str:
    state = state_of(table)
    card = state.hands[state.active][0]
    with translation.override(language):
        return bean_name(engine.BEANS[state.card_beans[card]].key)


@pytest.mark.parametrize("language", sorted(PLANT_THE_FRONT_CARD))
def test_a_planting_written_in_the_readers_language_is_played(table, language):
    player, message = called_in(table, language)
    line = PLANT_THE_FRONT_CARD[language].format(bean=front_bean(table, language))
    before = fresh(table).seq

    outcome = reply_receive(raw=reply(message, line, quote=False))

    assert outcome.startswith("played: "), outcome
    assert fresh(table).moves.get(seq=before + 1).kind == "plant"


@pytest.mark.parametrize(
    ("language", "line"),
    [("de", "Hallo,\n\nNr. 1 bitte.\n\nDanke, Bruno"), ("fr", "n° 1"), ("nl", "#1"), ("it", "1.")],
)
def test_a_number_written_as_people_write_numbers_makes_the_move_it_numbers(table, language, line):
    player, message = called_in(table, language)
    before = fresh(table).seq

    outcome = reply_receive(raw=reply(message, line, quote=False))

    assert outcome.startswith("played: "), outcome
    assert fresh(table).seq > before


@pytest.mark.parametrize(
    ("language", "yes"),
    [
        ("de", "Ja"),
        ("de", "Ja, gerne!"),
        ("fr", "Oui."),
        ("fr", "Oui, merci !"),
        ("en", "yes"),
        ("de", "Angebot {offer} annehmen"),
        ("de", "nimm {offer}"),
        ("de", "nimm Angebot {offer} an"),
        ("fr", "accepter l'offre {offer}"),
        ("nl", "neem {offer}"),
        ("nl", "neem aanbod {offer} aan"),
    ],
)
def test_a_yes_to_a_gift_takes_it(table, language, yes):
    active, message = trading(table)
    receiver, _ = others(table, active)
    assert reply_receive(raw=reply(message, f"offer {receiver.username} give 1")).startswith(
        "played: offer"
    )
    speaks(receiver, language)
    outbox_flush(older_than=timedelta(0))
    gift = last_mail_to(receiver)
    before = fresh(table).seq
    yes = yes.format(offer=next(iter(state_of(table).offers)))

    outcome = reply_receive(raw=reply(gift, yes))

    assert outcome == f"played: {yes}; answered by the next mail"
    assert fresh(table).moves.get(seq=before + 1).kind == "accept"
    assert not state_of(table).offers


def test_a_german_slip_is_refused_with_the_words_read_and_the_nearest_command(table):
    player, message = called_in(table, "de")
    before = fresh(table).seq

    outcome = reply_receive(raw=reply(message, "pflazen 1", quote=False))

    answer = last_mail_to(player).body
    assert outcome.startswith("refused: ")
    assert "„pflazen 1“ ist keiner der Züge, die die Mail aufführt." in answer
    assert "auf Englisch oder in deiner Sprache (anbauen, ernten, annehmen" in answer
    assert "Meintest du „pflanzen 1“?" in answer
    assert fresh(table).seq == before


def test_a_mail_player_is_told_which_of_their_words_the_site_reads(table):
    player, message = called_in(table, "fr")
    reply_receive(raw=reply(message, "1", quote=False))

    answer = last_mail_to(player).body  # still their move: the next board and its commands
    assert "Les mots peuvent aussi être en français\u00a0: planter, récolter, accepter" in answer
