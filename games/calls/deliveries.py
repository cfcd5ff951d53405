"""What the deliveries by webhook and by push share (`models.Delivery`): an attempt claimed
with the next one scheduled by the back-off, the attempts due sent by the beat, and what an
attempt came to. Each channel says how it sends and what an outcome does to its address."""

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import QuerySet

from games.models import Delivery
from games.time_budget import for_a_while

log = logging.getLogger(__name__)

# The waits before each attempt after the first: a delivery is tried five times in some 2½ hours.
BACKOFF = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30), timedelta(hours=2))
ATTEMPTS = len(BACKOFF) + 1
# After the last attempt: long past any attempt's time, its delivery still unsettled was lost
# with its worker (killed mid-post), and fails.
SETTLED_WITHIN = timedelta(minutes=1)
LOST = "no outcome: the attempt was lost"
# How many due attempts one run of the beat makes at most.
_BATCH = 100


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an attempt came to: sent; or not, and worth another attempt (`again`); or the
    address is gone for good (`gone`); with what went wrong."""

    sent: bool
    again: bool = False
    gone: bool = False
    error: str = ""


def claimed(deliveries: QuerySet, delivery_id: int, now: datetime) -> Delivery | None:
    """The delivery with this attempt counted and the next one scheduled, or None when no
    attempt is due: sent, given up, not due yet, or another attempt under way. After the last
    attempt, what is due is its settling: the delivery comes back with `lost` set."""
    with transaction.atomic():
        delivery = (
            deliveries.select_for_update(skip_locked=True, of=("self",))
            .filter(id=delivery_id, sent_at__isnull=True, failed_at__isnull=True)
            .first()
        )
        if delivery is None or delivery.next_at > now:
            return None
        delivery.lost = delivery.attempts >= ATTEMPTS
        if delivery.lost:
            return delivery
        delivery.attempts += 1
        wait = BACKOFF[delivery.attempts - 1] if delivery.attempts < ATTEMPTS else SETTLED_WITHIN
        delivery.next_at = now + wait
        delivery.save(update_fields=["attempts", "next_at"])
    return delivery


def recorded(deliveries: QuerySet, delivery: Delivery, outcome: Outcome, now: datetime) -> bool:
    """The attempt's outcome kept on its delivery. Returns whether the delivery failed for
    good (its channel may count that against the address)."""
    if outcome.sent:
        deliveries.filter(id=delivery.id).update(sent_at=now, error="")
        return False
    if outcome.again and delivery.attempts < ATTEMPTS:
        deliveries.filter(id=delivery.id).update(error=outcome.error[:200])
        return False
    deliveries.filter(id=delivery.id).update(failed_at=now, error=outcome.error[:200])
    return True


def attempted(claim, send, settle, delivery_id: int, now: datetime) -> bool:
    """One attempt, if one is due: `claim` it (None when not due), `send` it with no lock held,
    `settle` its outcome. Returns whether the channel took it."""
    delivery = claim(delivery_id, now)
    if delivery is None:
        return False
    if delivery.lost:  # its last attempt never came back: it fails, as an attempt in vain
        settle(delivery, Outcome(sent=False, error=LOST), now)
        return False
    outcome = send(delivery, now)
    settle(delivery, outcome, now)
    return outcome.sent


def due_sent(deliveries: QuerySet, deliver: Callable[..., bool], now: datetime) -> int:
    """The attempts due (a retry after its back-off, a delivery held through quiet hours, a
    first one whose task was lost), each made by `deliver`. Returns how many were taken."""
    ids = list(
        deliveries.filter(sent_at__isnull=True, failed_at__isnull=True, next_at__lte=now)
        .order_by("next_at")
        .values_list("id", flat=True)[:_BATCH]
    )
    taken = 0
    for delivery_id in for_a_while(ids):
        try:
            taken += deliver(delivery_id=delivery_id, now=now)
        except Exception:
            log.exception("%s %s could not be attempted", deliveries.model.__name__, delivery_id)
    return taken
