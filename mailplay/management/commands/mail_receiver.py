"""Receive replies to the site's mails by SMTP or LMTP, for a self-hosted site."""

import signal

from django.conf import settings
from django.core.management.base import BaseCommand

from mailplay.receiver import ReplyReceiver


class Command(BaseCommand):
    help = "Receives replies to the site's mails (SMTP, or LMTP with --lmtp) until stopped."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=settings.MAIL_RECEIVER_PORT)
        parser.add_argument("--lmtp", action="store_true", help="speak LMTP, not SMTP")

    def handle(self, *args, host: str, port: int, lmtp: bool, **options):
        # Blocked before the receiver's thread starts, which keeps them blocked: a stop comes to
        # this thread's sigwait, never to the receiver's loop, where its handler would wait for
        # this thread to wake up of itself (`make run` would wait for it until killed).
        stops = {signal.SIGINT, signal.SIGTERM}
        signal.pthread_sigmask(signal.SIG_BLOCK, stops)
        receiver = ReplyReceiver(
            host=host,
            port=port,
            lmtp=lmtp,
            cert=settings.MAIL_RECEIVER_TLS_CERT,
            key=settings.MAIL_RECEIVER_TLS_KEY,
        )
        receiver.start()
        encryption = (
            "with STARTTLS"
            if receiver.tls
            else "without encryption (set MAIL_RECEIVER_TLS_CERT and _KEY for STARTTLS; a mail"
            " client must be told to send without it)"
        )
        self.stdout.write(
            f"Replies to mails are received by {'LMTP' if lmtp else 'SMTP'} on {host}:{port},"
            f" {encryption}"
        )
        signal.sigwait(stops)
        receiver.stop()
