"""Whether a player has the game page open right now: then a move needs no mail.

The page's poll carries a token naming its seat and game, signed by the server, so the poll
learns whose page it is without loading the session and the user (two queries on every poll).
The token only ever appears on that seat's own page; it is signed for the page's session (whose
cookie every poll sends), so a token copied from a URL in a log is no use without that cookie,
and it expires. It is also what lets the poll of a private game answer: only its seats hold one.
"""

import logging
import re
from datetime import datetime, timedelta

from django.core import signing
from django.core.cache import cache, caches
from django.db.models import Q
from django.utils import timezone

from games.models import Seat

# A seat polled this recently has its page open: it sees the move there, no mail needed.
PAGE_OPEN = timedelta(seconds=30)
# A seat's last_seen_at is written at most this often, so most polls cost no write.
SEEN_EVERY = timedelta(seconds=10)
# A page left open this long without any change stops counting as open (it then gets mail).
TOKEN_AGE = timedelta(days=1)
log = logging.getLogger(__name__)
# Ours: a seat id and a game id, a timestamp and the signature (SHA-256, 43 characters of
# URL-safe base64).
_TOKEN = re.compile(r"[0-9]{1,18}-[0-9]{1,18}:[0-9A-Za-z]{1,10}:[A-Za-z0-9_-]{43}")


def _signer(session_key: str) -> signing.TimestampSigner:
    return signing.TimestampSigner(salt=f"games.presence:{session_key}")


def presence_token(seat_id: int, game_id: int, session_key: str | None) -> str:
    """The token for the page of this seat, as this session shows it; none without a session."""
    return _signer(session_key).sign(f"{seat_id}-{game_id}") if session_key else ""


def page_open(seat: Seat, now: datetime) -> bool:
    return seat.last_seen_at is not None and now - seat.last_seen_at < PAGE_OPEN


def seat_seen(*, token: str, session_key: str, now: datetime | None = None) -> int | None:
    """The poll of an open game page calls this, with the session cookie it sent. Returns the
    game of a good token; a missing, forged or expired token, or one from another session, is
    ignored (None)."""
    # Most polls end here: this process handled the token lately, so neither the signature
    # nor the shared cache needs asking. Only good tokens are remembered.
    if not _TOKEN.fullmatch(token):  # not one of ours: not worth a cache key
        return None
    here = caches["process"]
    # Keyed by the session too: the token is good only with the session it was signed for.
    remembered = f"presence:{session_key}:{token}"
    game_id = here.get(remembered)
    if game_id is not None:
        return game_id
    try:
        signed = _signer(session_key).unsign(token, max_age=TOKEN_AGE)
    except signing.BadSignature:
        return None
    seat_id, game_id = (int(part) for part in signed.split("-"))
    here.set(remembered, game_id, SEEN_EVERY.total_seconds())
    # The cache spares the database most writes; the filter keeps processes from going back.
    try:
        first = cache.add(f"presence:{seat_id}", True, SEEN_EVERY.total_seconds())
    except Exception:  # noqa: BLE001 - a shared cache that is down must not fail the poll
        log.warning("presence: the shared cache is unavailable; writing to the database")
        first = True
    if first:
        now = now or timezone.now()
        Seat.objects.filter(id=seat_id).filter(
            Q(last_seen_at__isnull=True) | Q(last_seen_at__lt=now - SEEN_EVERY)
        ).update(last_seen_at=now)
    return game_id
