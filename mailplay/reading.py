"""Reading a received mail: whether it is a person's reply at all, and the moves written in it.

Auto-replies, bounces and mail lists are never answered (RFC 3834), nor mail of our own come
back. A person's reply is read down to the first quoted part (mail-parser-reply knows how each
language's mail clients mark it) and its signature; HTML-only mail is read as its text.
"""

import html
import re

from anymail.inbound import AnymailInboundMessage
from mailparser_reply import EmailReplyParser

_PARSER = EmailReplyParser(languages=["en", "de", "fr", "it", "nl"])
_BULK = {"bulk", "junk", "list", "auto_reply"}
_DAEMONS = re.compile(r"^(mailer-daemon|postmaster|no-?reply)@", re.IGNORECASE)


def not_a_persons_reply(message: AnymailInboundMessage) -> str:
    """Why a message is no person's reply (and must not be answered), or ""."""
    if message.get("X-Bohnanza-Kind"):
        return "one of our own mails"
    submitted = (message.get("Auto-Submitted") or "no").strip().lower()
    if submitted != "no":
        return f"sent by a machine (Auto-Submitted: {submitted})"
    if (message.get("Precedence") or "").strip().lower() in _BULK:
        return "bulk or list mail"
    if message.get("X-Autoreply") or message.get("X-Autorespond") or message.get("List-Id"):
        return "an auto-reply or list mail"
    if message.get_content_type() == "multipart/report" or message.get("Return-Path") == "<>":
        return "a bounce"
    sender = message.from_email.addr_spec if message.from_email else ""
    if not sender or _DAEMONS.match(sender):
        return "no sender to answer"
    return ""


def reply_lines(message: AnymailInboundMessage) -> list[str]:
    """The lines a player wrote above the quoted mail and their signature, stripped, the empty
    ones kept (they end the moves: games.mail.commands.read_out)."""
    text = message.text or _text_of_html(message.html or "")
    written = _PARSER.read(text=text.replace("\r\n", "\n")).replies
    body = written[0].body if written else ""
    lines: list[str] = []
    for line in body.splitlines():
        line = line.strip()
        if line.startswith(">"):
            break
        lines.append(line)
    return lines


def _text_of_html(markup: str) -> str:
    markup = re.sub(r"(?is)<(script|style|blockquote).*?</\1>", "", markup)
    markup = re.sub(r"(?i)<br\s*/?>|</(p|div|li|tr|h\d)>", "\n", markup)
    return html.unescape(re.sub(r"<[^>]+>", "", markup))
