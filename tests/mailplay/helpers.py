"""Reading the mails a table got, and replying to them as a mail client does."""

from datetime import timedelta
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import make_msgid
from types import SimpleNamespace

from django.core import mail as sent_mail

from games import engine
from games.calls.mailing import outbox_flush
from games.mail import links
from tests.helpers import fresh


def awaited(game):
    game = fresh(game)
    position = engine.waiting_for(engine.from_dict(game.state))[0]
    return game.seats.get(position=position).user


def last_mail_to(user):
    return [m for m in sent_mail.outbox if m.to == [user.email]][-1]


def first_call(game):
    """The player the game waits for, and the mail that calls them."""
    outbox_flush(older_than=timedelta(0))
    player = awaited(game)
    return player, last_mail_to(player)


def reply(to_mail, body: str, *, sender=None, html=False, quote=True, **headers) -> bytes:
    """A reply as a mail client writes one: the moves on top, the mail quoted below."""
    message = EmailMessage()
    message["From"] = sender or to_mail.to[0]
    message["To"] = to_mail.reply_to[0]
    message["Subject"] = f"Re: {to_mail.subject}"
    message["Message-ID"] = make_msgid()
    for name, value in headers.items():
        for each in value if isinstance(value, list) else [value]:  # a list: the header repeated
            message[name.replace("_", "-")] = each
    quoted = "\n".join(f"> {line}" for line in to_mail.body.splitlines())
    text = f"{body}\n\nOn Mon, 23 Nov 2026 at 10:00, Bohnanza <x@example.org> wrote:\n{quoted}"
    if not quote:
        text = body
    if html:
        lines = "".join(f"<div>{line}</div>" for line in body.splitlines())
        message.set_content(
            f"<html><body>{lines}<div class='quote'>On Monday Bohnanza wrote:"
            f"<blockquote>{to_mail.body}</blockquote></div></body></html>",
            subtype="html",
        )
    else:
        message.set_content(text)
    return message.as_bytes(policy=SMTP)  # lines end in CRLF, as on the wire


def board_mail(game, user):
    """The last mail with the board a player got, as far as a reply reads it: its reply address
    (for the board as it is now) and its recipient. A player the game does not wait for writes
    their trade book in a reply to it."""
    game = fresh(game)
    address = links.reply_address(user_id=user.pk, game_id=game.id, seq=game.seq)
    return SimpleNamespace(to=[user.email], reply_to=[address], subject=game.title, body="")
