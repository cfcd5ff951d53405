"""Messages: a mail built from its row (or a digest of rows) when it is sent, in its recipient's
language. Links are signed when the mail is built, so they expire from then.
"""

import re
from collections.abc import Callable
from datetime import datetime
from functools import partial

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from games.mail import links
from games.models import Outbox, Profile
from games.wording import durations, kept, locales

# Worded when the mail is sent, in its recipient's language.
SUBJECTS = {
    "your_turn": gettext_noop("Your turn in {game}"),
    "offer": gettext_noop("{maker} made you an offer in {game}"),
    "offer_accepted": gettext_noop("{taker} accepted your offer in {game}"),
    "offer_declined": gettext_noop("{taker} declined your offer in {game}"),
    "plant_received": gettext_noop("Plant your traded beans in {game}"),
    "waiting": gettext_noop("{game} waits for you"),
    "reminder": gettext_noop("Time is running out in {game}"),
    "game_over": gettext_noop("{game} is over"),
    "bot_standing_in": gettext_noop("A bot is playing for you in {game}"),
}
# Mail about a game that has ended tells no turn.
NO_TURN = {"game_over"}
# Plain text is wrapped at this width, as format=flowed (RFC 3676).
WIDTH = 72
# Where a long line breaks best: after a list's comma or semicolon, or in the run of spaces
# between two items (a hand's cards), so that no item is broken across lines.
_BETWEEN_ITEMS = re.compile(r"(?<=[,;]) +| {2,}")
_ANY_SPACE = re.compile(r" +")
# The links a mail of an expansion's kind carries besides the usual ones: each is given the row
# and a function that makes a link for an action. Filled when the app is ready.
ROW_LINKS: dict[str, Callable[[Outbox, Callable[..., str]], dict]] = {}


def add_mail_kind(kind: str, subject: str, links_of=None) -> None:
    """A kind of mail an expansion writes: its subject (marked with gettext_noop) and the
    links its rows carry."""
    SUBJECTS[kind] = subject
    if links_of is not None:
        ROW_LINKS[kind] = links_of


class FlowedMail(EmailMultiAlternatives):
    """A mail whose plain text part is sent as format=flowed (RFC 3676): its body, as written,
    wrapped by `flowed`; a reader that knows the format joins the soft breaks again."""

    def message(self, **kwargs):
        message = super().message(**kwargs)
        message.get_body(("plain",)).set_content(
            flowed(self.body), charset="utf-8", params={"format": "flowed"}
        )
        return message


def compose(
    *, to: str, subject: str, template: str, context: dict, headers: dict, reply_to: str = ""
) -> EmailMultiAlternatives:
    """The one way a mail is made: a plain text body, sent as format=flowed, and an HTML
    alternative from the pair of templates `mail/<template>.txt` and `.html`. Every mail says
    it was sent by a machine, so that auto-responders do not answer it (RFC 3834)."""
    message = FlowedMail(
        subject=subject,
        body=render_to_string(f"mail/{template}.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[to],
        headers={"Auto-Submitted": "auto-generated", **headers},
        reply_to=[reply_to] if reply_to else None,
    )
    message.attach_alternative(render_to_string(f"mail/{template}.html", context), "text/html")
    return message


def flowed(text: str) -> str:
    """Plain text as format=flowed (RFC 3676): each line longer than `WIDTH` broken at spaces,
    between a list's items where it can be, each soft break ending in a space; a link is never
    broken; trailing spaces of a line's end are dropped (they would join it to the next), but
    the signature separator is "-- "; a line that begins with a space, ">" or "From " is
    stuffed with one space, which a reader of the format takes away again."""
    lines = []
    for line in text.split("\n"):
        line = line.rstrip()
        if line == "--":
            lines.append("-- ")
            continue
        lines += [_stuffed(part) for part in _broken(line)]
    return "\n".join(lines)


def _broken(line: str) -> list[str]:
    parts = []
    while len(line) > WIDTH:
        cut = _cut(line)
        if cut is None:
            break
        parts.append(line[:cut])
        line = line[cut:]
    return [*parts, line]


def _cut(line: str) -> int | None:
    """Where a long line breaks: after the last run of spaces that leaves its first part at
    most `WIDTH` long, preferring a break between items in the line's second half; where no
    space comes early enough, after the first one (a long link stays whole)."""
    indent = len(line) - len(line.lstrip(" "))
    fitting = [
        space
        for space in _ANY_SPACE.finditer(line, indent)
        if space.start() <= WIDTH and space.end() < len(line)
    ]
    between = [
        space
        for space in _BETWEEN_ITEMS.finditer(line, indent)
        if WIDTH // 2 <= space.start() <= WIDTH and space.end() < len(line)
    ]
    if between or fitting:
        return (between or fitting)[-1].end()
    later = _ANY_SPACE.search(line, indent)
    return later.end() if later and later.end() < len(line) else None


def _stuffed(line: str) -> str:
    return f" {line}" if line.startswith((" ", ">", "From ")) else line


def with_turn(subject: str, turn: int | None) -> str:
    """A subject about a running game tells its turn, so that a player's mails about a game
    read apart in the mailbox."""
    if not turn:
        return subject
    return gettext("{subject} (turn {turn})").format(subject=subject, turn=turn)


def subject_of(row: Outbox) -> str:
    """Worded in the language active for the recipient. A row about a game is worded here; a
    row without one (the end of a league's season) carries its own subject, marked for
    translation where it was written, with the context's fields for its placeholders."""
    if row.game_id is None:
        written = row.context["subject"]
        return gettext(written).format(**worded(row.context))
    subject = gettext(SUBJECTS[row.kind]).format(
        **{"maker": "", "taker": "", **worded(row.context)}
    )
    if row.kind in NO_TURN:
        return subject
    # A row written before its context carried the turn tells the game's.
    return with_turn(subject, row.context.get("turn") or row.game.state.get("turn"))


def worded(context: dict) -> dict:
    """The context with each value kept as words to be worded (a league game's name, a season
    named by its number) worded now, in the recipient's language."""
    return {key: kept.worded(value) for key, value in context.items()}


def row_message(row: Outbox, *, now: datetime | None = None) -> EmailMultiAlternatives:
    """The mail of one outbox row. One that carries the board can be answered with moves: its
    replies go to an address naming the player, the game and the move it showed."""
    reply_to = ""
    if row.context.get("commands") or row.context.get("book"):
        reply_to = links.reply_address(user_id=row.user_id, game_id=row.game_id, seq=row.seq)
    with locales.reader(Profile.of(row.user)):
        return _row_compose(row, now, reply_to)


def _row_compose(row: Outbox, now: datetime | None, reply_to: str) -> EmailMultiAlternatives:
    return compose(
        to=row.user.email,
        subject=subject_of(row),
        template=row.kind,
        context={
            **worded(row.context),
            **_time_left(row, now),
            **_row_links(row, now=now),
            "kind": row.kind,
        },
        headers={
            # The same for every attempt: a mail sent again after a worker died between the
            # mail server's answer and the row's commit is one mail to the reader's client.
            "Message-ID": f"<outbox-{row.id}.user-{row.user_id}@{_mail_domain()}>",
            "X-Bohnanza-Outbox": str(row.id),
            "X-Bohnanza-Kind": row.kind,
            "List-Unsubscribe": f"<{links.preferences_url()}>",
            **(thread_headers(game_id=row.game_id, user_id=row.user_id) if row.game_id else {}),
        },
        reply_to=reply_to,
    )


def _time_left(row: Outbox, now: datetime | None) -> dict:
    """The time left to a deadline the mail names, as it is when the mail goes out: a mail held
    through its reader's quiet hours goes hours after it was written."""
    if "due" not in row.context:
        return {}
    left = datetime.fromisoformat(row.context["due"]) - (now or timezone.now())
    return {"left": durations.humanize(left)}


def thread_headers(*, game_id: int, user_id: int, answering: str = "") -> dict:
    """One thread a game and player: every mail to the player about the game refers to the same
    root (RFC 5322 References and In-Reply-To), so mail clients keep them together; the answer
    to a reply of theirs (its Message-ID `answering`) sits under that reply."""
    root = f"<game-{game_id}.player-{user_id}@{_mail_domain()}>"
    if answering:
        return {"References": f"{root} {answering}", "In-Reply-To": answering}
    return {"References": root, "In-Reply-To": root}


def _mail_domain() -> str:
    return settings.DEFAULT_FROM_EMAIL.rpartition("@")[2].strip("> ") or "bohnanza.localhost"


def _row_links(row: Outbox, *, now: datetime | None = None) -> dict:
    if row.game_id is None:
        return {"open_url": row.context["open_url"], "preferences_url": links.preferences_url()}
    make = partial(links.link_url, user_id=row.user_id, game_id=row.game_id, now=now)
    urls = {
        "open_url": make(action="open"),
        "mute_url": make(action="mute"),
        "preferences_url": links.preferences_url(),
    }
    if row.kind == "offer":
        offer = row.context["offer"]
        if row.context.get("can_accept"):
            urls["accept_url"] = make(action="accept", offer=offer)
        urls["decline_url"] = make(action="decline", offer=offer)
    if row.context.get("trading"):
        urls["end_trading_url"] = make(action="end_trading")
    if row.context.get("usual"):
        urls["usual_url"] = make(action="usual")
    if row.kind in ROW_LINKS:
        urls.update(ROW_LINKS[row.kind](row, make))
    if row.kind == "bot_standing_in":
        urls["reclaim_url"] = make(action="reclaim")
    return urls


def digest_message(user, rows: list[Outbox], *, now: datetime) -> EmailMultiAlternatives:
    """Everything that waited for a user's daily digest, game by game."""
    with locales.reader(Profile.of(user)):
        return _digest_compose(user, rows, now)


def _digest_compose(user, rows: list[Outbox], now: datetime) -> EmailMultiAlternatives:
    games: dict[object, dict] = {}
    for row in rows:
        if row.game_id is None:  # a league's news: its subject says what, its link where
            entry = games.setdefault(
                (row.kind, row.seq),
                {"game": "", "open_url": row.context.get("open_url", ""), "items": []},
            )
        else:
            entry = games.setdefault(
                row.game_id,
                {
                    "game": kept.worded(row.context.get("game", "")),
                    "open_url": links.link_url(
                        action="open", user_id=user.id, game_id=row.game_id, now=now
                    ),
                    "items": [],
                },
            )
        entry["items"].append(subject_of(row))
    count = len(rows)
    return compose(
        to=user.email,
        subject=ngettext(
            "Your Bohnanza digest: {count} update", "Your Bohnanza digest: {count} updates", count
        ).format(count=count),
        template="digest",
        context={
            "games": list(games.values()),
            "count": count,
            "preferences_url": links.preferences_url(),
        },
        headers={"X-Bohnanza-Kind": "digest"},
    )
