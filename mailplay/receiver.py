"""A small SMTP (or LMTP) server for replies, which a mail server can forward the reply
address to: it takes mail for our reply addresses only and hands each to the worker."""

import asyncio
import logging
import ssl

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP
from django.conf import settings

from .reading import reply_address_of
from .tasks import queue_reply

log = logging.getLogger(__name__)


class ReplyHandler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if reply_address_of(address) is None:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        try:
            await asyncio.to_thread(queue_reply, envelope.original_content, envelope.rcpt_tos)
        except Exception:  # the queue is down: the sending server keeps the mail and retries
            log.exception("could not queue a reply")
            return "451 4.3.0 Cannot take mail just now; try again later"
        return "250 Message accepted"


class ReplyReceiver(Controller):
    """SMTP, or LMTP when the mail server delivers that way (Postfix's lmtp transport). With a
    certificate and its key it offers STARTTLS, which mail clients try by default; without, it
    answers STARTTLS with 454 and the client must be set to send without encryption. A message
    over `MAIL_RECEIVER_MAX_BYTES` is refused while it comes in (552, which its sender's server
    turns into a bounce its writer reads), before anything parses it."""

    def __init__(self, *, host: str, port: int, lmtp: bool = False, cert: str = "", key: str = ""):
        tls = tls_context(cert, key)
        options = {"tls_context": tls} if tls else {}
        super().__init__(
            ReplyHandler(),
            hostname=host,
            port=port,
            data_size_limit=settings.MAIL_RECEIVER_MAX_BYTES,
            **options,
        )
        self.lmtp = lmtp
        self.tls = tls is not None

    def factory(self):
        return (LMTP if self.lmtp else SMTP)(self.handler, **self.SMTP_kwargs)


def tls_context(cert: str, key: str) -> ssl.SSLContext | None:
    """The server's TLS context from a certificate file and its key; None without them."""
    if not cert:
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key or None)
    return context
