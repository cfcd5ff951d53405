"""Sending mail: each outbox row once, and the invitations.

Rows are written inside the transaction of what caused them (`calls.outbox`); these send them
after the commit. A row is marked sent in the transaction that holds it, so a second
send, or a concurrent one, finds it sent and does nothing.
"""

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.calls import routing
from games.calls.webhooks import TURNED_OFF
from games.mail import compose, invitations
from games.models import Game, Outbox, Profile, Seat
from games.time_budget import for_a_while

log = logging.getLogger(__name__)

# The flush leaves younger rows to the task queued with them.
FLUSH_AFTER = timedelta(seconds=5)


def outbox_send(*, outbox_id: int, skip_locked: bool = False, now: datetime | None = None) -> bool:
    """Send one row and mark it sent. Returns whether a mail went out."""
    with transaction.atomic():
        row = (
            Outbox.objects.select_for_update(skip_locked=skip_locked, of=("self",))
            .select_related("user", "game")
            .filter(id=outbox_id)
            .first()
        )
        now = now or timezone.now()
        if row is None or row.sent_at is not None or row.digest:
            return False
        if row.send_after is not None and row.send_after > now:
            return False  # the recipient's quiet hours have not ended
        reason = _reason_to_skip(row)
        if reason:
            row.sent_at, row.skipped = now, reason
            row.save(update_fields=["sent_at", "skipped"])
            return False
        compose.row_message(row, now=now).send()
        row.sent_at = now
        row.save(update_fields=["sent_at"])
    return True


def _reason_to_skip(row: Outbox) -> str:
    """Preferences may have changed since the row was written."""
    if not row.user.email:
        return "no address"
    seat = Seat.objects.filter(game_id=row.game_id, user_id=row.user_id).first()
    if seat is not None and seat.muted:
        return "game muted"
    # A player who chose no mail and gave a webhook is told when it stops: nothing else would.
    if row.kind != TURNED_OFF and not routing.route(row.user, seat, row.kind).mail:
        return "no mail wanted"
    if row.send_after is not None and _seen_since(row):
        return "seen meanwhile"
    return ""


def _seen_since(row: Outbox) -> bool:
    """The player looked at the game (or moved) while their call was held: it has nothing to
    tell them any more."""
    return Seat.objects.filter(
        game_id=row.game_id, user_id=row.user_id, last_seen_at__gt=row.created_at
    ).exists()


def outbox_flush(*, now: datetime | None = None, older_than: timedelta = FLUSH_AFTER) -> int:
    """Send rows whose task never ran (a broker restart, a lost message), and rows held through
    their recipient's quiet hours once those end. Rows being sent right now are locked and
    skipped."""
    now = now or timezone.now()
    lost = Q(send_after__isnull=True, created_at__lte=now - older_than)
    ids = list(
        Outbox.objects.filter(lost | Q(send_after__lte=now), sent_at__isnull=True, digest=False)
        .order_by("id")
        .values_list("id", flat=True)[:200]
    )
    sent = 0
    for outbox_id in for_a_while(ids):
        try:
            sent += outbox_send(outbox_id=outbox_id, skip_locked=True, now=now)
        except Exception:
            log.exception("outbox row %s could not be sent", outbox_id)
    return sent


def invitation_send(*, game_id: int, address: str) -> bool:
    """Mail one invitation, unless the game has started or been cancelled since it was asked
    for, or the address is a player's who wants no mail from us. Returns whether a mail went
    out. The inviter is not told which it was: that would tell whether an address plays here."""
    game = Game.objects.filter(id=game_id, status=Game.Status.OPEN).first()
    if game is None or _address_wants_no_mail(address):
        return False
    invitations.invitation_message(game, address).send()
    return True


def _address_wants_no_mail(address: str) -> bool:
    profile = Profile.objects.filter(user__email__iexact=address).first()
    return profile is not None and not routing.wants_mail(profile)
