"""Reading a received mail: whether it is a person's reply at all, and the moves written in it.

Auto-replies, bounces and mail lists are never answered (RFC 3834), nor mail of our own come
back. A person's reply is read down to the first quoted part (mail-parser-reply knows how each
language's mail clients mark it) and its signature; HTML-only mail is read as its text.

Whatever a mail server delivers is read: a part in a charset nobody knows is read as UTF-8 as
far as it goes, NUL bytes are left out (a database keeps no text holding them), and a From that
does not hold exactly one address has no sender to answer.

A reply is the player's only if the receiving mail server found nothing wrong with its sender:
an `Authentication-Results` header (RFC 8601) with DMARC failing for the From domain, or, with
no DMARC result, both SPF and DKIM failing, or a spam filter's flag, voids it. Where the site
names its receiving server (`MAIL_AUTHSERV_ID`, the name it writes first in its header), only
that server's headers are read (a sender can write any other), and a reply needs a pass from it
for the From domain: DMARC, or without a DMARC result, DKIM signed by that domain or SPF for it.
Without the setting, a header can only make a message be refused, so it is read wherever it was
added.
"""

import html
import re
from email.utils import getaddresses

from anymail.inbound import AnymailInboundMessage
from django.conf import settings
from mailparser_reply import EmailReplyParser

from games.mail import links

_PARSER = EmailReplyParser(languages=["en", "de", "fr", "it", "nl"])
# How much of a reply is read, from its top: far more than any moves written there, and a bound
# on the work a reply of megabytes of text (or markup) makes.
MAX_TEXT = 20_000
MAX_MARKUP = 200_000
_BULK = {"bulk", "junk", "list", "auto_reply"}
_DAEMONS = re.compile(r"^(mailer-daemon|postmaster|no-?reply)@", re.IGNORECASE)


def not_a_persons_reply(message: AnymailInboundMessage) -> str:
    """Why a message is no person's reply (and must not be answered), or ""."""
    if header(message, "X-Bohnanza-Kind"):
        return "one of our own mails"
    submitted = (header(message, "Auto-Submitted") or "no").strip().lower()
    if submitted != "no":
        return f"sent by a machine (Auto-Submitted: {submitted})"
    if header(message, "Precedence").strip().lower() in _BULK:
        return "bulk or list mail"
    if any(header(message, name) for name in ("X-Autoreply", "X-Autorespond", "List-Id")):
        return "an auto-reply or list mail"
    if message.get_content_type() == "multipart/report" or header(message, "Return-Path") == "<>":
        return "a bounce"
    sender = sender_of(message)
    if not sender or _DAEMONS.match(sender):
        return "no sender to answer"
    return ""


def reply_lines(message: AnymailInboundMessage) -> list[str]:
    """The lines a player wrote above the quoted mail and their signature, stripped, the empty
    ones kept (they end the moves: mailplay.commands.read_out); read from the reply's first
    `MAX_TEXT` characters."""
    text = _body(message, "text/plain")[:MAX_TEXT] or _text_of_html(
        _body(message, "text/html")[:MAX_MARKUP]
    )[:MAX_TEXT]
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


def _text(value) -> str:
    return str(value or "").replace("\x00", "")


def header_values(message: AnymailInboundMessage, name: str) -> list[str]:
    """A header's values as the mail wrote them, unfolded: read without Python's header
    parser, which a malformed header can make raise."""
    wanted = name.lower()
    return [
        re.sub(r"\r?\n[ \t]", " ", _readable(value))
        for key, value in message.raw_items()
        if key.lower() == wanted
    ]


def _readable(value) -> str:
    """Text that can be stored: bytes the mail gave undecoded (kept as surrogates) read as
    UTF-8 where they are, replaced where not, and no NUL."""
    text = _text(value)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def header(message: AnymailInboundMessage, name: str) -> str:
    """A header's first value as the mail wrote it, or ""."""
    values = header_values(message, name)
    return values[0] if values else ""


def addresses(message: AnymailInboundMessage, header: str) -> list[str]:
    """The addresses a header names, as far as they are addresses."""
    found = getaddresses(header_values(message, header))
    return [address for _name, address in found if "@" in address]


def sender_of(message: AnymailInboundMessage) -> str:
    """The one address in From, or "" when it holds none or several."""
    found = addresses(message, "From")
    return found[0] if len(found) == 1 else ""


def message_id_of(message: AnymailInboundMessage) -> str:
    return header(message, "Message-ID").strip()


_WELL_FORMED_ID = re.compile(r"<[!-;=?-~]{1,250}>")


def answerable_id_of(message: AnymailInboundMessage) -> str:
    """The Message-ID an answer may refer to (In-Reply-To), if it is a well-formed one."""
    found = message_id_of(message)
    return found if _WELL_FORMED_ID.fullmatch(found) else ""


def reply_address_of(address: str) -> links.ReplyTo | None:
    """What a signed reply address names, if it is on our reply domain."""
    domain = settings.MAIL_REPLY_ADDRESS.rsplit("@", 1)[1].lower()
    if address.rsplit("@", 1)[-1].strip().rstrip(">").lower() != domain:
        return None
    return links.read_reply_address(address)


def _body(message: AnymailInboundMessage, content_type: str) -> str:
    part = next(
        (
            part
            for part in message.walk()
            if part.get_content_type() == content_type and not part.is_attachment()
        ),
        None,
    )
    if part is None:
        return ""
    try:
        text = part.get_content_text()
    except LookupError:  # a charset Python does not know
        text = part.get_content_text(charset="utf-8")
    return _text(text)


_RESULT = re.compile(r"(?P<method>[a-z]+)\s*=\s*(?P<result>[a-z]+)(?P<properties>[^;]*)", re.I)


def authentication_failed(message: AnymailInboundMessage, sender: str) -> str:
    """Why the receiving mail server doubts that the sender wrote the message, or ""."""
    if header(message, "X-Spam-Flag").strip().lower() == "yes":
        return "flagged as spam"
    domain = sender.rsplit("@", 1)[-1].lower()
    trusted = settings.MAIL_AUTHSERV_ID.strip().lower()
    results: dict[str, set[str]] = {}
    passed: set[str] = set()  # the methods that passed, naming the sender's domain
    for result in header_values(message, "Authentication-Results"):
        # The first item names the server that checked; the others are method=result ...
        server, *items = _uncommented(result).split(";")
        if trusted and server.split()[:1] != [trusted]:
            continue
        for item in items:
            found = _RESULT.match(item.strip())
            if found and _for_domain(found["properties"], domain):
                method, outcome = found["method"].lower(), found["result"].lower()
                results.setdefault(method, set()).add(outcome)
                if outcome == "pass" and _names(found["properties"]):
                    passed.add(method)
    if "fail" in results.get("dmarc", set()):
        return "DMARC"
    if "dmarc" in (passed if trusted else results):  # checked, and not failed
        return ""
    dkim = results.get("dkim", set())  # "none": not signed
    if "fail" in results.get("spf", set()) and dkim and dkim <= {"fail", "none"}:
        return "SPF and DKIM"
    if trusted and not passed & {"dkim", "spf"}:
        return f"no pass from {trusted}"
    return ""


def _uncommented(text: str) -> str:
    return re.sub(r"\([^)]*\)", "", text).lower()


def _names(properties: str) -> list[str]:
    """The domains a result names (of the From, the signer, the envelope sender)."""
    return re.findall(r"(?:header\.from|header\.d|smtp\.mailfrom)\s*=\s*(\S+)", properties)


def _for_domain(properties: str, domain: str) -> bool:
    """Whether a result is about the sender's domain (a result naming none is)."""
    return all(name.rsplit("@", 1)[-1].lower() == domain for name in _names(properties))
