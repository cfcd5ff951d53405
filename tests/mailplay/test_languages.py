"""Each mail in its reader's language: the offer a player of another language made, the beans
by their names in the reader's language, and commands that take those names."""

from datetime import timedelta

import pytest
from django.utils import translation

from games import engine
from games.calls.mailing import outbox_flush
from games.engine.beans import bean_name
from games.models import Profile
from mailplay.services import reply_receive
from tests.helpers import fresh, state_of

from .helpers import awaited, board_mail, last_mail_to, reply
from .test_trade_book_replies import others, trading

pytestmark = pytest.mark.django_db


def speaks(user, language: str) -> None:
    Profile.objects.filter(user=user).update(language=language)


def offer_by_reply(table, maker_language: str, receiver_language: str):
    """The active player, in one language, offers a card of their hand for a bean to a player of
    another language; the mail the receiver gets."""
    active, message = trading(table)
    receiver, _ = others(table, active)
    speaks(active, maker_language)
    speaks(receiver, receiver_language)
    wanted = engine.view(state_of(table), 0)["bean_types"][0]
    outcome = reply_receive(raw=reply(message, f"offer {receiver.username} give 1 ask 1 {wanted}"))
    assert outcome.startswith("played: offer"), outcome
    outbox_flush(older_than=timedelta(0))
    return active, last_mail_to(receiver)


def test_an_english_player_reads_a_german_players_offer_in_english(table):
    maker, message = offer_by_reply(table, "de", "en")

    assert message.subject == f"{maker.username} made you an offer in {fresh(table).title} (turn 1)"
    assert f"{maker.username} offered you 1 " in message.body
    assert "angeboten" not in message.body


def test_a_german_player_reads_an_english_players_offer_in_german(table):
    maker, message = offer_by_reply(table, "en", "de")

    assert f"{maker.username} hat dir 1× " in message.body
    assert "offered you" not in message.body


def test_an_offer_to_a_french_player_is_worded_in_french_order(table):
    maker, message = offer_by_reply(table, "de", "fr")

    assert f"{maker.username} vous a proposé 1× " in message.body
    assert "à vous" not in message.body


def test_a_german_players_board_and_commands_name_the_beans_in_german(table):
    player = awaited(table)
    speaks(player, "de")
    state = state_of(table)
    position = fresh(table).seats.get(user=player).position
    front = engine.BEANS[state.card_beans[state.hands[position][0]]].key
    with_german_names = board_mail(table, player)

    reply_receive(raw=reply(with_german_names, "harvest 9"))  # refused: the board comes back

    body = last_mail_to(player).body
    german = bean_name_in("de", front)
    assert f"1) {german}" in body and f"plant {german.lower()} in field 1" in body
    assert f"1) {engine.BEANS[state.card_beans[state.hands[position][0]]].name}" not in body


def bean_name_in(language: str, key: str) -> str:
    with translation.override(language):
        return bean_name(key)


@pytest.mark.parametrize("written", ["{name}", "{upper}", "{english}"])
def test_a_german_player_plants_naming_the_bean_in_german_or_english(table, written):
    player = awaited(table)
    speaks(player, "de")
    state = state_of(table)
    position = fresh(table).seats.get(user=player).position
    card = state.hands[position][0]
    front = engine.BEANS[state.card_beans[card]]
    name = bean_name_in("de", front.key)
    line = "plant " + written.format(name=name, upper=name.upper(), english=front.name)

    outcome = reply_receive(raw=reply(board_mail(table, player), f"{line} in field 1"))

    assert outcome == f"played: {line} in field 1"
    assert state_of(table).fields[position][0] == [card]
