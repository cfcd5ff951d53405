"""Playing by replying to mail: what is played, and what is refused with nothing changed."""

from datetime import timedelta

import pytest
from anymail.inbound import AnymailInboundMessage
from anymail.signals import AnymailInboundEvent, inbound
from django.core import mail as sent_mail

from games import engine
from games.calls.mailing import outbox_flush
from games.mail import links
from mailplay.models import InboundReply
from mailplay.services import reply_receive
from tests.games.helpers import play_until
from tests.helpers import fresh, started, state_of

from .helpers import awaited, first_call, last_mail_to, reply

pytestmark = pytest.mark.django_db


def unchanged(game):
    game = fresh(game)
    return game.seq, game.state


def test_the_mail_asking_for_a_move_carries_the_board_the_moves_and_a_reply_address(table):
    player = awaited(table)
    outbox_flush(older_than=timedelta(0))

    message = last_mail_to(player)

    assert "Play by replying to this mail" in message.body
    assert "Your hand, front first: 1) " in message.body
    assert "   1  plant " in message.body
    assert links.read_reply_address(message.reply_to[0]).seq == fresh(table).seq
    assert message.extra_headers["Auto-Submitted"] == "auto-generated"


def test_a_reply_to_a_finished_game_is_told_it_is_over_and_how_it_ended(table):
    player, message = first_call(table)
    game = play_until(table, lambda state: state.over)
    summary = engine.prompt(state_of(game), None).params["summary"]

    outcome = reply_receive(raw=reply(message, "end"))

    assert outcome == f"refused: “end”: {summary} Nothing was changed."
    assert summary.startswith("Game over. ") and summary in last_mail_to(player).body
    assert fresh(table).seq == game.seq


def test_a_reply_with_moves_plays_them_in_order_and_sends_the_next_board(table):
    player, message = first_call(table)
    before = fresh(table).seq

    outcome = reply_receive(raw=reply(message, "1\nstop"))

    assert outcome == "played: 1, stop"
    # Then, as trading begins, the passes assumed for the players away from the table.
    made = fresh(table).moves.filter(seq__gt=before).order_by("seq")
    kinds = [move.kind for move in made if not move.payload.get("assumed")]
    assert kinds == ["plant", "stop_planting"]
    answer = last_mail_to(player)
    assert answer.subject.startswith("Played: your reply")
    # The moves made, in words, not the numbers they were written as.
    assert "Your moves were made:\n  You planted a " in answer.body
    assert "in field 1.\n  You stopped planting.\n" in answer.body and "   1  " in answer.body
    assert links.read_reply_address(answer.reply_to[0]).seq == fresh(table).seq


def test_a_reply_whose_second_move_cannot_be_made_changes_nothing_and_says_why(table):
    player, message = first_call(table)
    before = unchanged(table)

    outcome = reply_receive(raw=reply(message, "1\nharvest 9"))

    assert outcome.startswith("refused: “harvest 9”: You have no field 9.")
    assert unchanged(table) == before
    answer = last_mail_to(player)
    assert answer.subject.startswith("Not played")
    assert "“harvest 9”: You have no field 9. Nothing was changed." in answer.body
    assert "   1  " in answer.body  # the board as it is, to try again


def test_a_reply_from_another_address_is_refused_and_the_player_told_once(table, dave):
    player, message = first_call(table)
    before, mails = unchanged(table), len(sent_mail.outbox)

    outcomes = [
        reply_receive(raw=reply(message, "1", sender=sender))
        for sender in ("mallory@example.org", "Mallory@example.org", "eve@example.org")
    ]

    assert outcomes == ["refused: the sender is not the player the address is for"] * 3
    assert unchanged(table) == before
    told = sent_mail.outbox[mails:]
    assert [mail.to for mail in told] == [[player.email], [player.email]]  # never the sender
    assert "came from mallory@example.org, not from" in told[0].body
    assert "came from eve@example.org, not from" in told[1].body
    assert "   1  " in told[0].body  # the board, to play from their own address


def test_a_reply_read_twice_is_played_once(table):
    player, message = first_call(table)
    raw = reply(message, "1")
    reply_receive(raw=raw)
    after = unchanged(table)

    assert reply_receive(raw=raw) == "ignored: a message already read"
    assert unchanged(table) == after


def test_the_same_moves_sent_again_in_a_new_mail_are_not_made_twice(table):
    player, message = first_call(table)
    reply_receive(raw=reply(message, "1"))
    after = unchanged(table)

    outcome = reply_receive(raw=reply(message, "1"))

    assert outcome.startswith("refused:")
    assert unchanged(table) == after


def test_a_reply_to_a_mail_of_an_earlier_turn_is_refused_with_the_board_as_it_is(table):
    player, message = first_call(table)
    reply_receive(raw=reply(message, "1\nstop"))
    answer = last_mail_to(player)
    reply_receive(raw=reply(answer, "end"))  # trading ended: the turn moves on
    before = unchanged(table)

    outcome = reply_receive(raw=reply(message, "1"))

    assert outcome.startswith("refused:")
    assert unchanged(table) == before
    assert last_mail_to(player).subject.startswith("Not played")


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto_Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"X_Autoreply": "yes"},
        {"X_Bohnanza_Kind": "your_turn"},
    ],
)
def test_auto_replies_bounces_and_our_own_mail_are_ignored_and_not_answered(table, headers):
    player, message = first_call(table)
    before, mails = unchanged(table), len(sent_mail.outbox)

    outcome = reply_receive(raw=reply(message, "1", **headers))

    assert outcome.startswith("ignored: ")
    assert unchanged(table) == before
    assert len(sent_mail.outbox) == mails


def test_a_reply_quoting_the_whole_mail_is_read_down_to_the_quote(table):
    player, message = first_call(table)

    outcome = reply_receive(raw=reply(message, "1\n\nThanks!\nAnn\n\nSent from my phone"))

    assert outcome == "played: 1"


@pytest.mark.parametrize(
    "below",
    [
        "-----Original Message-----\nFrom: Bohnanza\nSent: Monday\nSubject: Your move\n\n",
        "From: Bohnanza <play@bohnanza.localhost>\nSent: Monday, 23 November 2026 10:00\n",
        "Sent from my iPhone\n\nOn 23 Nov 2026, at 10:00, Bohnanza wrote:\n\n",
        "Am 23.11.2026 um 10:00 schrieb Bohnanza <play@bohnanza.localhost>:\n\n",
        "-- \nAnn Example\nBean Street 1\n",
    ],
    ids=["outlook", "outlook-headers", "phone", "german-client", "signature"],
)
def test_replies_as_common_mail_clients_write_them_are_read_down_to_the_moves(table, below):
    player, message = first_call(table)
    quoted = "\n".join(f"  {line}" for line in message.body.splitlines())

    outcome = reply_receive(raw=reply(message, f"1\nstop\n{below}{quoted}", quote=False))

    assert outcome == "played: 1, stop"


def test_an_html_only_reply_is_read_as_its_text(table):
    player, message = first_call(table)

    assert reply_receive(raw=reply(message, "1\nstop", html=True)) == "played: 1, stop"


def test_a_move_in_another_seats_name_is_refused(table):
    player, message = first_call(table)
    others = [seat.user for seat in fresh(table).seats.exclude(user=player)]
    before = unchanged(table)

    # Another player's reply to this player's address: not the player.
    outcome = reply_receive(raw=reply(message, "1", sender=others[0].email))

    assert outcome == "refused: the sender is not the player the address is for"
    assert unchanged(table) == before


def test_a_reply_with_no_move_or_only_words_says_what_to_write(table):
    player, message = first_call(table)
    before = unchanged(table)

    words = reply_receive(raw=reply(message, "Sounds good to me!"))
    empty = reply_receive(raw=reply(message, ""))

    assert "is not one of the moves the mail lists" in words
    assert "holds no move" in empty
    assert unchanged(table) == before


def test_a_sender_gets_a_few_answers_an_hour_at_most_and_is_told_so_once(table, settings):
    settings.MAIL_REPLY_ANSWERS_PER_HOUR = 2
    player, message = first_call(table)
    answers = len(sent_mail.outbox)

    for _ in range(5):
        reply_receive(raw=reply(message, "nonsense"))

    told = sent_mail.outbox[answers:]
    assert [mail.to for mail in told] == [[player.email]] * 3
    assert "were refused within the hour than get an answer" in told[2].body
    assert "“nonsense”" in told[2].body  # why the reply that went over was refused
    assert "than get an answer" not in told[1].body
    assert InboundReply.objects.filter(outcome__startswith="refused").count() == 5


def test_a_reply_posted_to_a_mail_services_webhook_is_played(table):
    player, message = first_call(table)
    before = fresh(table).seq
    parsed = AnymailInboundMessage.parse_raw_mime_bytes(reply(message, "1"))

    event = AnymailInboundEvent(event_type="inbound", message=parsed)
    inbound.send(sender=object, event=event, esp_name="Test")

    assert fresh(table).seq == before + 1


def test_a_player_who_wants_the_short_mail_gets_no_board_and_no_reply_address(alice, bob, carol):
    started([alice, bob, carol])
    outbox_flush(older_than=timedelta(0))

    [message] = sent_mail.outbox
    assert message.reply_to == []
    assert "Play by replying" not in message.body
