"""The daily digest: the calls a player routes to it, gathered into one mail a day.

Rows routed to the digest are written as any call (`calls.outbox`, with `digest` set); the beat
asks once a day who has any, and each of them gets one mail, sent by a task of its own.
"""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.calls import routing
from games.mail import compose
from games.models import Outbox, Profile


def digest_readers() -> list[int]:
    """The users with something waiting for their daily digest: each gets one mail, sent by a
    task of its own (a day's digests take longer than any one task may run)."""
    waiting = Outbox.objects.filter(sent_at__isnull=True, digest=True)
    return list(waiting.order_by("user_id").values_list("user_id", flat=True).distinct())


def digest_send(*, user_id: int, now: datetime | None = None) -> int:
    """One mail with everything waiting for the user's daily digest. Returns mails sent."""
    now = now or timezone.now()
    with transaction.atomic():
        rows = list(
            Outbox.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("user", "game")
            .filter(user_id=user_id, sent_at__isnull=True, digest=True)
            .order_by("game_id", "seq")
        )
        if not rows:
            return 0
        user = rows[0].user
        skip = "" if routing.wants_mail(Profile.of(user)) else "no mail wanted"
        if not user.email:
            skip = "no address"
        if not skip:
            compose.digest_message(user, rows, now=now).send()
        Outbox.objects.filter(id__in=[row.id for row in rows]).update(sent_at=now, skipped=skip)
    return int(not skip)
