"""Malformed mail and forged replies: each is answered or dropped with a log line, never lost to
an exception, and a reply whose sender failed the receiving server's checks plays nothing."""

import logging
import re

import pytest
from django.core import mail as sent_mail

from mailplay.models import InboundReply
from mailplay.tasks import queue_reply
from tests.helpers import fresh

from .helpers import awaited, board_mail, last_mail_to, reply

pytestmark = pytest.mark.django_db


def unchanged(game):
    game = fresh(game)
    return game.seq, game.state


def call(game):
    player = awaited(game)
    return player, board_mail(game, player)


def receive(raw: bytes, caplog, recipients=()) -> str:
    """Through the worker's entry point, as the receiver and the webhook hand a message on."""
    with caplog.at_level(logging.INFO, logger="mailplay"):
        queue_reply(raw, list(recipients))
    [record] = InboundReply.objects.order_by("-pk")[:1]
    assert any(record.outcome in line.getMessage() for line in caplog.records)
    return record.outcome


def test_a_from_with_two_addresses_is_dropped_with_a_log_line(table, caplog):
    player, message = call(table)
    before = unchanged(table)
    raw = reply(message, "1", sender=f"{player.email}, mallory@example.org")

    outcome = receive(raw, caplog)

    assert outcome.startswith("ignored:")
    assert unchanged(table) == before


def test_a_reply_in_a_charset_nobody_knows_is_read_as_well_as_it_can_be(table, caplog):
    player, message = call(table)
    before = fresh(table).seq
    raw = reply(message, "1").replace(b'charset="utf-8"', b'charset="x-no-such-charset"')
    assert b"x-no-such-charset" in raw

    outcome = receive(raw, caplog)

    assert outcome == "played: 1"
    assert fresh(table).seq == before + 1


def test_a_nul_in_the_body_or_the_message_id_is_left_out(table, caplog):
    player, message = call(table)
    before = fresh(table).seq
    raw = re.sub(
        rb"Message-ID: [^\r]*", b"Message-ID: <a\x00b@example.org>", reply(message, "1\x00")
    )
    assert raw.count(b"\x00") == 2

    outcome = receive(raw, caplog)

    assert outcome == "played: 1"
    assert fresh(table).seq == before + 1
    assert InboundReply.objects.get(outcome=outcome).message_id == "<ab@example.org>"
    assert "\x00" not in last_mail_to(player).body


def test_a_signed_reply_address_on_another_domain_is_not_ours(table, caplog):
    player, message = call(table)
    before = unchanged(table)
    address = message.reply_to[0].replace("@bohnanza.localhost", "@elsewhere.example")
    message.reply_to = [address]

    outcome = receive(reply(message, "1"), caplog)

    assert outcome == "ignored: not sent to a reply address of ours"
    assert unchanged(table) == before


@pytest.mark.parametrize(
    "results",
    [
        "mx.bohnanza.localhost; dmarc=fail (p=none) header.from={domain}",
        "mx.bohnanza.localhost; spf=fail smtp.mailfrom={domain}; dkim=fail header.d={domain}",
        "mx.bohnanza.localhost; spf=fail (not permitted) smtp.mailfrom=x@{domain}; dkim=none",
    ],
)
def test_a_reply_whose_sender_failed_authentication_plays_nothing_and_gets_no_mail(
    table, caplog, results
):
    player, message = call(table)
    before, mails = unchanged(table), len(sent_mail.outbox)
    domain = player.email.rsplit("@", 1)[1]

    outcome = receive(
        reply(message, "1", Authentication_Results=results.format(domain=domain)), caplog
    )

    assert outcome.startswith("refused: the sender failed")
    assert unchanged(table) == before
    assert len(sent_mail.outbox) == mails


@pytest.mark.parametrize(
    "results",
    [
        "mx.bohnanza.localhost; dmarc=pass header.from={domain}; spf=fail",
        "mx.bohnanza.localhost; spf=fail smtp.mailfrom={domain}; dkim=pass header.d={domain}",
        "mx.bohnanza.localhost; dmarc=fail header.from=other.example",
    ],
)
def test_a_reply_whose_sender_passed_or_was_not_checked_is_played(table, caplog, results):
    player, message = call(table)
    before = fresh(table).seq
    domain = player.email.rsplit("@", 1)[1]

    outcome = receive(
        reply(message, "1", Authentication_Results=results.format(domain=domain)), caplog
    )

    assert outcome == "played: 1"
    assert fresh(table).seq == before + 1


@pytest.mark.parametrize(
    "results",
    [
        None,  # no header at all
        "evil.example; dmarc=pass header.from={domain}",  # the sender wrote it
        "mx.bohnanza.localhost; spf=none; dkim=none",
        "mx.bohnanza.localhost; dmarc=none header.from={domain}; dkim=pass header.d=other.example",
        "mx.bohnanza.localhost; dkim=pass",  # a pass naming no domain
    ],
)
def test_where_the_receiving_server_is_named_a_reply_without_its_pass_plays_nothing(
    table, caplog, settings, results
):
    settings.MAIL_AUTHSERV_ID = "mx.bohnanza.localhost"
    player, message = call(table)
    before, mails = unchanged(table), len(sent_mail.outbox)
    domain = player.email.rsplit("@", 1)[1]
    headers = {} if results is None else {"Authentication_Results": results.format(domain=domain)}

    outcome = receive(reply(message, "1", **headers), caplog)

    assert outcome.startswith("refused: the sender failed the receiving server's check")
    assert unchanged(table) == before
    assert len(sent_mail.outbox) == mails


@pytest.mark.parametrize(
    "results",
    [
        "mx.bohnanza.localhost; dmarc=pass (p=none) header.from={domain}",
        "MX.bohnanza.localhost 1; dmarc=none header.from={domain}; dkim=pass header.d={domain}",
        "mx.bohnanza.localhost; spf=pass smtp.mailfrom=bounce@{domain}",
    ],
)
def test_where_the_receiving_server_is_named_its_pass_plays_the_reply(
    table, caplog, settings, results
):
    settings.MAIL_AUTHSERV_ID = "mx.bohnanza.localhost"
    player, message = call(table)
    before = fresh(table).seq
    domain = player.email.rsplit("@", 1)[1]
    forged = "evil.example; dmarc=fail header.from={domain}"  # a header of the sender's own

    outcome = receive(
        reply(
            message,
            "1",
            Authentication_Results=[results.format(domain=domain), forged.format(domain=domain)],
        ),
        caplog,
    )

    assert outcome == "played: 1"
    assert fresh(table).seq == before + 1


def test_a_reply_a_spam_filter_flagged_plays_nothing(table, caplog):
    player, message = call(table)
    before = unchanged(table)

    outcome = receive(reply(message, "1", X_Spam_Flag="YES"), caplog)

    assert outcome.startswith("refused:")
    assert unchanged(table) == before


def test_a_header_pythons_parser_stumbles_on_and_undecodable_bytes_leave_an_outcome(
    table, caplog
):
    # Found by the fuzz test: an unclosed quote in Cc made the header parser raise IndexError,
    # and raw bytes in Message-ID could not be stored.
    raw = (
        b'Message-ID: \x80c\xd2\x8f\r\nFrom: "Player" <nobody@example.com>\r\nCc: "\r\n'
        b"To: play@bohnanza.localhost\r\n\r\nharvest 9\r\n"
    )

    assert receive(raw, caplog) == "ignored: not sent to a reply address of ours"
