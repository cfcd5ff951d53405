"""One-click links for mails: signed, expiring, and harmless to open.

A link names one action for one user in one game. Opening it (GET) shows what would happen
and a button (selectors/link_previews.link_preview); only the button's POST acts
(services/link_actions.link_act), because mail scanners open every link they see. The link
itself is the permission, as for an unsubscribe link: the mail went to that user's address.
Someone signed in as another user is turned away.
"""

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

SALT = "games.links"
LIFETIMES = {
    "open": timedelta(days=30),
    "mute": timedelta(days=30),
    "accept": timedelta(days=3),
    "decline": timedelta(days=3),
    "end_trading": timedelta(days=3),
    "usual": timedelta(days=30),
    # A bot may stand in for days before the player reads the mail.
    "reclaim": timedelta(days=30),
}


def add_link_kind(action: str, lifetime: timedelta) -> None:
    """A one-click action an expansion's mails carry (its preview and its move are registered
    with `selectors.link_previews` and `services.link_actions`)."""
    LIFETIMES[action] = lifetime


class LinkInvalid(Exception):
    """Tampered with, cut short, or not one of ours."""


class LinkExpired(Exception):
    def __init__(self, link: "Link"):
        super().__init__("This link has expired.")
        self.link = link


@dataclass(frozen=True, slots=True)
class Link:
    action: str
    user_id: int
    game_id: int
    offer: int | None
    expires_at: datetime


def make_token(
    *, action: str, user_id: int, game_id: int, offer: int | None = None, now=None
) -> str:
    now = now or timezone.now()
    expires = int((now + LIFETIMES[action]).timestamp())
    payload = {"a": action, "u": user_id, "g": game_id, "x": expires}
    if offer is not None:
        payload["o"] = offer
    return signing.dumps(payload, salt=SALT, compress=True)


def read_token(token: str, *, now=None) -> Link:
    try:
        payload = signing.loads(token, salt=SALT)
        link = Link(
            action=payload["a"],
            user_id=int(payload["u"]),
            game_id=int(payload["g"]),
            offer=payload.get("o"),
            expires_at=datetime.fromtimestamp(payload["x"], tz=UTC),
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError, OverflowError) as error:
        raise LinkInvalid() from error
    if link.action not in LIFETIMES:
        raise LinkInvalid()
    if (now or timezone.now()) >= link.expires_at:
        raise LinkExpired(link)
    return link


def link_url(*, action: str, user_id: int, game_id: int, offer: int | None = None, now=None) -> str:
    token = make_token(action=action, user_id=user_id, game_id=game_id, offer=offer, now=now)
    return settings.SITE_URL + reverse("links:confirm", kwargs={"token": token})


def preferences_url() -> str:
    return settings.SITE_URL + reverse("links:preferences")


def invitation_url(game) -> str:
    """Not signed: the game's own invitation token is the permission to join."""
    path = reverse("games:invite", kwargs={"game_id": game.id, "token": game.invite_token})
    return settings.SITE_URL + path


def game_path(game_id: int) -> str:
    return reverse("games:game", kwargs={"game_id": game_id})


# Reply addresses: a mail that asks a player to move carries one, and the player's reply to it
# is their move (see mailplay). The address names the user, the game and the move number the
# mail showed, signed; the user part takes the site's address with a "+" tag, so that any mail
# server delivering that address delivers these.


@dataclass(frozen=True, slots=True)
class ReplyTo:
    user_id: int
    game_id: int
    seq: int


def _reply_signature(tag: str) -> str:
    return salted_hmac("games.reply", tag, algorithm="sha256").hexdigest()[:20]


def reply_address(*, user_id: int, game_id: int, seq: int) -> str:
    tag = f"{user_id}-{game_id}-{seq}"
    user, domain = settings.MAIL_REPLY_ADDRESS.rsplit("@", 1)
    return f"{user}+{tag}-{_reply_signature(tag)}@{domain}"


_REPLY_TAG = re.compile(r"\+(?P<tag>[0-9]{1,12}-[0-9]{1,12}-[0-9]{1,9})-(?P<sig>[0-9a-f]{20})@")


def read_reply_address(address: str) -> ReplyTo | None:
    """What a reply address names, if it is one of ours and its signature holds."""
    found = _REPLY_TAG.search(address or "")
    if not found or not constant_time_compare(found["sig"], _reply_signature(found["tag"])):
        return None
    user_id, game_id, seq = (int(part) for part in found["tag"].split("-"))
    return ReplyTo(user_id=user_id, game_id=game_id, seq=seq)
