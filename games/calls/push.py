"""Web Push: a player's devices that take it, and each call pushed to each of them.

A delivery row is written with each outbox row a device gets (games.calls.outbox); its first
attempt is queued when that transaction commits, later ones (after a back-off, or the player's
quiet hours) are the sweep's. As with webhooks (games.calls.webhooks), an attempt is claimed
in a short transaction before the push and settled after it. The payload is encrypted for the
device's keys and signed with the site's VAPID key by pywebpush. A push service that answers
404 or 410 no longer knows the subscription: it is removed. Only https:// push services on the
public internet are pushed to (`PUSH_ALLOW_LOCAL` lets tests use one on this machine), and
redirects are not followed.
"""

import base64
import binascii
import logging
from datetime import datetime
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush

from games.calls import deliveries, payloads, public_http, vapid
from games.models import PushDelivery, PushSubscription, Seat
from games.refusals import ServiceError

log = logging.getLogger(__name__)

# Seconds a push service has to answer.
TIMEOUT = 5
# How long a push service keeps a message for a device that is off: a day.
TTL = 24 * 60 * 60
# The answers that say the subscription is gone for good (RFC 8030).
GONE = {404, 410}
SEEN = "seen meanwhile"


def _checked(endpoint: str) -> public_http.Target:
    """Where the push goes; AddressRefused unless the push service is an https:// server on
    the public internet; OSError when its name does not resolve."""
    return public_http.checked_target(endpoint, allow_local=settings.PUSH_ALLOW_LOCAL)


@transaction.atomic
def push_subscribe(*, user, endpoint: str, p256dh: str, auth: str, device: str) -> PushSubscription:
    """Push on for one of the player's browsers. A subscription the browser gives again (a
    second click, or another player signing in on it) is the same device: it goes to the
    player signed in now."""
    try:
        _checked(endpoint)
    except (OSError, public_http.AddressRefused) as error:
        raise ServiceError(_("This browser's push service cannot be reached from here.")) from error
    if not (p256dh and auth):
        raise ServiceError(_("This browser gave no keys for push."))
    if not _keys_sound(p256dh, auth):
        raise ServiceError(_("This browser's keys for push are not keys push can use."))
    found = PushSubscription.objects.select_for_update().filter(endpoint=endpoint).first()
    if (
        found is not None
        and found.user_id != user.pk
        and (found.p256dh, found.auth)
        != (
            p256dh,
            auth,
        )
    ):
        # The same browser gives the same keys; an address alone is not the device.
        raise ServiceError(_("This browser's push service cannot be reached from here."))
    found, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={"user": user, "p256dh": p256dh, "auth": auth, "device": device[:60]},
    )
    return found


def _keys_sound(p256dh: str, auth: str) -> bool:
    """Whether the keys are a browser's (RFC 8291): a P-256 public key, uncompressed (65 bytes
    from 0x04), and a 16-byte secret, both in base64url."""
    try:
        key = base64.urlsafe_b64decode(p256dh + "=" * (-len(p256dh) % 4))
        secret = base64.urlsafe_b64decode(auth + "=" * (-len(auth) % 4))
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), key)
    except (ValueError, TypeError, binascii.Error):
        return False
    return len(key) == 65 and key[0] == 4 and len(secret) == 16


@transaction.atomic
def push_unsubscribe(*, user, subscription_id: int) -> bool:
    """Push off for one device. Returns whether the player had it."""
    deleted, _kinds = PushSubscription.objects.filter(user=user, id=subscription_id).delete()
    return bool(deleted)


def push_deliver(*, delivery_id: int, now: datetime | None = None) -> bool:
    """Make one attempt at a push, if one is due. Returns whether the push service took it."""
    now = now or timezone.now()
    return deliveries.attempted(_claimed, _pushed, _settled, delivery_id, now)


def pushes_retry(*, now: datetime | None = None) -> int:
    """Attempts that are due: a retry after its back-off, a push held through quiet hours, or a
    first one whose task was lost. Returns how many the push services took."""
    return deliveries.due_sent(PushDelivery.objects, push_deliver, now or timezone.now())


def _claimed(delivery_id: int, now: datetime) -> PushDelivery | None:
    with_device = PushDelivery.objects.select_related("subscription", "outbox__user__profile")
    return deliveries.claimed(with_device, delivery_id, now)


def _pushed(delivery: PushDelivery, now: datetime) -> deliveries.Outcome:
    device, row = delivery.subscription, delivery.outbox
    if Seat.objects.filter(
        game_id=row.game_id, user_id=row.user_id, last_seen_at__gt=row.created_at
    ).exists():
        # Held through quiet hours, or retried, while the player looked at the game: it has
        # nothing to tell them any more.
        return deliveries.Outcome(sent=False, error=SEEN)
    try:
        target = _checked(device.endpoint)
    except public_http.AddressRefused as refusal:
        return deliveries.Outcome(sent=False, error=refusal.message)
    except OSError as error:
        return deliveries.Outcome(sent=False, again=True, error=repr(error))
    parts = urlsplit(device.endpoint)
    session = requests.Session()
    session.max_redirects = 0
    # To the address checked, not to whatever the name resolves to a moment later.
    session.mount(f"{parts.scheme}://", public_http.PinnedAdapter(target))
    try:
        webpush(
            {"endpoint": device.endpoint, "keys": {"p256dh": device.p256dh, "auth": device.auth}},
            data=payloads.push_payload(row, now=now),
            vapid_private_key=vapid.private_key(),
            vapid_claims={"sub": settings.VAPID_SUBJECT, "aud": f"{parts.scheme}://{parts.netloc}"},
            ttl=TTL,
            timeout=TIMEOUT,
            requests_session=session,
        )
    except WebPushException as refusal:
        status = refusal.response.status_code if refusal.response is not None else None
        if status in GONE:
            return deliveries.Outcome(sent=False, gone=True, error=f"HTTP {status}")
        again = status is None or status >= 500 or status == 429
        return deliveries.Outcome(sent=False, again=again, error=f"HTTP {status}")
    except requests.RequestException as error:
        return deliveries.Outcome(sent=False, again=True, error=repr(error))
    finally:
        session.close()
    return deliveries.Outcome(sent=True)


@transaction.atomic
def _settled(delivery: PushDelivery, outcome: deliveries.Outcome, now: datetime) -> None:
    if outcome.gone:
        # The browser unsubscribed, or its subscription expired: nothing will reach it again.
        PushSubscription.objects.filter(id=delivery.subscription_id).delete()
        return
    deliveries.recorded(PushDelivery.objects, delivery, outcome, now)
    if outcome.sent:
        PushSubscription.objects.filter(id=delivery.subscription_id).update(last_used_at=now)
