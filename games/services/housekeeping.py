"""What a closed wait or a sent mail leaves behind, cleared by the beat every hour, so that the
tables keep what is read again and no more (DESIGN.md, "What a game keeps").

- A deadline row closed (its seat moved, or its timeout was made) is never read again.
- A mail row sent (or skipped) a month ago, with its webhook and push deliveries: by then its
  game has moved on, so no move can write the same call again, and no held call is superseded
  by it.
"""

import itertools
from datetime import datetime, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from games.models import Deadline, Outbox
from games.time_budget import for_a_while

KEEP_SENT_MAIL = timedelta(days=30)
# Rows a statement deletes: short transactions beside the moves.
CHUNK = 1000


def housekeeping(*, now: datetime | None = None) -> dict[str, int]:
    """Deletes what is no longer read; returns how many rows of each kind (a run that meets a
    backlog works for a few seconds and leaves the rest to the next)."""
    now = now or timezone.now()
    return {
        "deadlines": _deleted(Deadline.objects.filter(done=True)),
        "mails": _deleted(Outbox.objects.filter(sent_at__lt=now - KEEP_SENT_MAIL)),
    }


def _deleted(rows: QuerySet) -> int:
    model = rows.model
    deleted = 0
    for _ in for_a_while(itertools.count()):  # chunk after chunk, until none is left or time is up
        ids = list(rows.values_list("id", flat=True)[:CHUNK])
        if not ids:
            break
        model.objects.filter(id__in=ids).delete()
        deleted += len(ids)
    return deleted
