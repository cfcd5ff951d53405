"""Replies read as a play-by-mail judge reads them (a greeting, a name and the punctuation of a
sentence around the moves are not read, and the answer says so), and a player told once, in
their language and at their address, that replies went unanswered."""

from datetime import timedelta

import pytest
import time_machine
from anymail.inbound import AnymailInboundMessage
from django.core import mail as sent_mail

from games.calls.mailing import outbox_flush
from games.mail import links
from games.models import Profile
from mailplay import reading
from mailplay.services import reply_receive
from tests.helpers import fresh, started

from .helpers import board_mail, first_call, last_mail_to, reply

pytestmark = pytest.mark.django_db


def test_a_greeting_above_and_a_name_below_the_moves_are_skipped_and_listed(table):
    player, message = first_call(table)

    outcome = reply_receive(raw=reply(message, "Hi,\n\n1.\nStop.\nCheers,\nAnn"))

    assert outcome == "played: 1., Stop."
    assert fresh(table).moves.filter(kind="stop_planting").exists()
    answer = last_mail_to(player)
    assert (
        "These lines of your reply are no moves and were not read:\n  Hi,\n  Cheers,\n  Ann\n"
        in (answer.body)
    )
    assert "<br>Cheers,<br>" in answer.alternatives[0][0]


def test_a_sentence_ending_a_command_is_read_as_the_command(table):
    player, message = first_call(table)

    assert reply_receive(raw=reply(message, "1!\nstop.")) == "played: 1!, stop."
    assert "were not read" not in last_mail_to(player).body


def test_a_wrong_command_among_words_still_refuses_the_reply(table):
    player, message = first_call(table)
    before = fresh(table).seq

    outcome = reply_receive(raw=reply(message, "Hello!\n1\nharvest 9.\nBye"))

    assert outcome.startswith("refused: “harvest 9.”: You have no field 9.")
    assert fresh(table).seq == before
    answer = last_mail_to(player)
    assert "Not played" in answer.subject
    assert "  Hello!\n  Bye\n" in answer.body


def test_too_many_refusals_are_told_once_a_game_and_hour(table, settings):
    settings.MAIL_REPLY_ANSWERS_PER_HOUR = 1
    player, message = first_call(table)
    others = [seat.user for seat in fresh(table).seats.exclude(user=player)]
    other_game = started([player, *others])
    outbox_flush(older_than=timedelta(0))
    mails = len(sent_mail.outbox)
    with time_machine.travel("2026-11-26 10:10Z", tick=False) as clock:
        for mail in [message] * 3 + [board_mail(other_game, player)] * 2:
            reply_receive(raw=reply(mail, "nonsense"))
        clock.move_to("2026-11-26 11:20Z")  # another hour: the count starts again
        for _ in range(3):
            reply_receive(raw=reply(message, "nonsense"))

    told = [mail for mail in sent_mail.outbox[mails:] if mail.to == [player.email]]
    notices = [mail for mail in told if "than get an answer" in mail.body]
    # One answer and one notice an hour, and one notice for the other game.
    assert len(told) == 5 and len(notices) == 3
    games = [links.read_reply_address(mail.reply_to[0]).game_id for mail in notices]
    assert sorted(games) == sorted([table.id, table.id, other_game.id])


def test_a_reply_from_another_address_is_told_in_the_players_language(table):
    player, message = first_call(table)
    Profile.objects.filter(user=player).update(language="de")

    reply_receive(raw=reply(message, "1", sender="mallory@example.org"))

    told = last_mail_to(player)
    assert told.subject.startswith("Nicht gespielt: eine Antwort von einer anderen Adresse")
    assert "Deine Antwort konnte" not in told.body  # it was not theirs
    assert "Eine Antwort auf deine Mail kam von mallory@example.org" in told.body


def test_only_words_are_refused_and_a_long_letter_below_the_moves_is_not_echoed(table):
    player, message = first_call(table)
    before = fresh(table).seq

    words = reply_receive(raw=reply(message, "Pass my regards to everyone!"))
    letter = "\n".join(f"Line {n} of my letter" for n in range(1, 13))
    played = reply_receive(raw=reply(message, f"1\n{letter}"))

    assert words.startswith("refused: “Pass my regards to everyone!”: “Pass my regards")
    assert played == "played: 1" and fresh(table).seq == before + 1
    answer = last_mail_to(player).body
    assert "  Line 8 of my letter\n  …\n" in answer and "Line 9" not in answer


@pytest.mark.parametrize("html", [False, True])
def test_a_reply_of_megabytes_is_read_from_its_top_and_answered(table, html):
    player, message = first_call(table)
    before = fresh(table).seq
    # Megabytes below the move and the empty line that ends the moves: "plant 1", a line each.
    flood = "\n".join(["1", "", *["plant 1"] * 400_000])

    outcome = reply_receive(raw=reply(message, flood, html=html, quote=False))

    assert outcome == "played: 1" and fresh(table).seq == before + 1
    read = reading.reply_lines(
        AnymailInboundMessage.parse_raw_mime_bytes(reply(message, flood, html=html, quote=False))
    )
    assert len(read) <= reading.MAX_TEXT // len("plant 1")  # the top of it, not megabytes
    assert "You planted" in last_mail_to(player).body
