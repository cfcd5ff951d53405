"""The SMTP and LMTP receiver: it takes mail for reply addresses only, and the reply is played."""

import smtplib
import ssl
import subprocess
from contextlib import contextmanager

import pytest

from bench.async_infra import free_port, wait_until
from games.models import Game
from mailplay.models import InboundReply
from mailplay.receiver import ReplyReceiver

from .helpers import awaited, last_mail_to, reply

# The receiver's thread reads what the test wrote: real commits.
pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def receiving(**options):
    """The receiver on a free port of this machine while the block runs; its port."""
    port = free_port()
    receiver = ReplyReceiver(host="127.0.0.1", port=port, **options)
    receiver.start()
    try:
        yield port
    finally:
        receiver.stop()


@pytest.mark.parametrize("lmtp", [False, True])
def test_the_receiver_takes_a_reply_for_our_address_only_and_it_is_played(table, lmtp):
    with receiving(lmtp=lmtp) as port:
        player = awaited(table)
        message = last_mail_to(player)
        before = Game.objects.get(pk=table.pk).seq
        client = (smtplib.LMTP if lmtp else smtplib.SMTP)("127.0.0.1", port)
        with pytest.raises(smtplib.SMTPRecipientsRefused):
            client.sendmail(player.email, ["someone@bohnanza.localhost"], b"Subject: hi\r\n\r\n1")
        elsewhere = message.reply_to[0].replace("@bohnanza.localhost", "@elsewhere.example")
        with pytest.raises(smtplib.SMTPRecipientsRefused):  # signed, but not on our domain
            client.sendmail(player.email, [elsewhere], reply(message, "1"))
        client.sendmail(player.email, [message.reply_to[0]], reply(message, "1"))
        client.quit()

        wait_until(lambda: Game.objects.get(pk=table.pk).seq == before + 1, 10, what="the move")
        assert InboundReply.objects.get().outcome == "played: 1"
        assert last_mail_to(player).subject.startswith("Played")  # still its move: the board


def test_a_reply_that_cannot_be_queued_is_left_with_the_sender_to_try_again(table, monkeypatch):
    def queue_down(raw, recipients):
        raise ConnectionError("Error 111 connecting to the broker")

    monkeypatch.setattr("mailplay.receiver.queue_reply", queue_down)
    with receiving() as port:
        player = awaited(table)
        message = last_mail_to(player)
        with (
            smtplib.SMTP("127.0.0.1", port) as client,
            pytest.raises(smtplib.SMTPDataError) as refused,
        ):
            client.sendmail(player.email, [message.reply_to[0]], reply(message, "1"))
        assert refused.value.smtp_code == 451  # temporary: the sending server retries later
        assert Game.objects.get(pk=table.pk).seq == table.seq


def test_a_reply_over_the_size_limit_is_refused_as_it_comes_and_nothing_is_read(table, settings):
    settings.MAIL_RECEIVER_MAX_BYTES = 1024 * 1024
    with receiving() as port:
        player = awaited(table)
        message = last_mail_to(player)
        huge = reply(message, "1\n" + "beans " * 300_000)  # some 1.8 MB
        with smtplib.SMTP("127.0.0.1", port) as client:
            client.ehlo()
            assert client.esmtp_features["size"] == str(1024 * 1024)  # said before any is sent
            with pytest.raises(smtplib.SMTPException) as refused:
                client.sendmail(player.email, [message.reply_to[0]], huge)
        assert "552" in str(refused.value)  # for good: its sender's server bounces it
        assert not InboundReply.objects.exists()
        assert Game.objects.get(pk=table.pk).seq == table.seq


def test_with_a_certificate_the_receiver_offers_starttls_and_a_reply_sent_over_it_is_played(
    table, tmp_path
):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    with receiving(cert=str(cert), key=str(key)) as port:
        player = awaited(table)
        message = last_mail_to(player)
        before = Game.objects.get(pk=table.pk).seq
        with smtplib.SMTP("127.0.0.1", port) as client:
            client.ehlo()
            assert client.has_extn("starttls")
            trusting = ssl.create_default_context(cafile=str(cert))  # the test's own certificate
            trusting.check_hostname = False
            client.starttls(context=trusting)
            client.sendmail(player.email, [message.reply_to[0]], reply(message, "1"))

        wait_until(lambda: Game.objects.get(pk=table.pk).seq == before + 1, 10, what="the move")


def test_without_a_certificate_the_receiver_offers_no_starttls():
    with receiving() as port, smtplib.SMTP("127.0.0.1", port) as client:
        client.ehlo()
        assert not client.has_extn("starttls")
