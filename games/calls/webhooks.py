"""A player's webhook: saving its address, turning it on again, and posting the calls to it.

A delivery row is written with each outbox row the webhook gets (games.calls.outbox). Its first
attempt is queued when that transaction commits; later ones are due after a back-off, and a
sweep sends what is due. An attempt is claimed (counted, the next one scheduled) in a short
transaction before the post and settled after it, so no lock is held while a slow receiver
answers, and an attempt lost with its worker is made again when the next is due: a receiver
may see a delivery twice, under one `X-Bohnanza-Delivery` id. Network errors and answers 5xx
and 429 are tried again; any other refusal ends the delivery. So many deliveries failing in a
row turn the webhook off, and its player gets one mail saying so.
"""

import http.client
import logging
import secrets
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import task_queue
from games.calls import deliveries, payloads, public_http
from games.mail import links
from games.models import Outbox, Profile, Webhook, WebhookDelivery
from games.refusals import ServiceError

log = logging.getLogger(__name__)

# Deliveries failed for good in a row that turn a webhook off.
FAILURES_TO_TURN_OFF = 5
TURNED_OFF = "webhook_off"


@transaction.atomic
def webhook_save(*, user, url: str) -> Webhook:
    """The address the player's calls go to besides mail, with a new secret to sign them (the
    page shows it once). A new address starts afresh: what waited for the old one is dropped."""
    url = url.strip()
    try:
        public_http.checked_target(url)
    except OSError as error:
        raise ServiceError(
            _("No server answers to that address's name; check it and try again.")
        ) from error
    Webhook.objects.filter(user=user).delete()
    return Webhook.objects.create(user=user, url=url, secret=secrets.token_hex(32))


@transaction.atomic
def webhook_turn_on(*, user) -> bool:
    """On again after it was turned off for failing. Returns whether it was off."""
    return bool(
        Webhook.objects.filter(user=user, active=False).update(
            active=True, failures=0, turned_off_at=None
        )
    )


@transaction.atomic
def webhook_remove(*, user) -> None:
    Webhook.objects.filter(user=user).delete()


def webhook_deliver(*, delivery_id: int, now: datetime | None = None) -> bool:
    """Make one attempt at a delivery, if one is due. Returns whether it was received."""
    now = now or timezone.now()
    return deliveries.attempted(_claimed, _posted, _settled, delivery_id, now)


def webhooks_retry(*, now: datetime | None = None) -> int:
    """Attempts that are due: a retry after its back-off, a delivery held through quiet hours,
    or a first one whose task was lost. Returns how many were received."""
    due = WebhookDelivery.objects.filter(webhook__active=True)
    return deliveries.due_sent(due, webhook_deliver, now or timezone.now())


def _claimed(delivery_id: int, now: datetime) -> WebhookDelivery | None:
    """The delivery with this attempt counted, unless none is due or its webhook is off."""
    on = WebhookDelivery.objects.select_related("webhook", "outbox__user__profile").filter(
        webhook__active=True
    )
    return deliveries.claimed(on, delivery_id, now)


def _posted(delivery: WebhookDelivery, now: datetime) -> deliveries.Outcome:
    webhook = delivery.webhook
    content = payloads.body(delivery.outbox, url=webhook.url, delivery_id=delivery.id, now=now)
    headers = payloads.signed_headers(webhook.secret, content, now=now, delivery_id=delivery.id)
    try:
        status = public_http.post(public_http.checked_target(webhook.url), content, headers)
    except public_http.AddressRefused as refusal:
        return deliveries.Outcome(sent=False, error=refusal.message)
    except (OSError, http.client.HTTPException) as error:
        return deliveries.Outcome(sent=False, again=True, error=repr(error))
    if 200 <= status < 300:
        return deliveries.Outcome(sent=True)
    return deliveries.Outcome(
        sent=False, again=status >= 500 or status == 429, error=f"HTTP {status}"
    )


@transaction.atomic
def _settled(delivery: WebhookDelivery, outcome: deliveries.Outcome, now: datetime) -> None:
    webhook = Webhook.objects.select_for_update().get(id=delivery.webhook_id)
    if not deliveries.recorded(WebhookDelivery.objects, delivery, outcome, now):
        if outcome.sent:
            Webhook.objects.filter(id=webhook.id).update(failures=0)
        return
    webhook.failures += 1
    webhook.save(update_fields=["failures"])
    if webhook.active and webhook.failures >= FAILURES_TO_TURN_OFF:
        _turned_off(webhook, now)


def _turned_off(webhook: Webhook, now: datetime) -> None:
    """Off, with what still waited for it dropped, and one mail to its player."""
    webhook.active, webhook.turned_off_at = False, now
    webhook.save(update_fields=["active", "turned_off_at"])
    webhook.deliveries.filter(sent_at__isnull=True, failed_at__isnull=True).update(
        failed_at=now, error="turned off"
    )
    profile = Profile.objects.filter(user_id=webhook.user_id).first()
    row = Outbox.objects.create(
        user_id=webhook.user_id,
        seq=webhook.id,
        kind=TURNED_OFF,
        context={
            # Worded when the mail is sent, in its recipient's language (compose.subject_of).
            "subject": gettext_noop("Your webhook is turned off"),
            "open_url": links.preferences_url(),
            "you": profile.display_name if profile else "",
            "url": webhook.url,
            "failures": webhook.failures,
        },
    )
    task_queue.after_commit(task_queue.OUTBOX_SEND, row.id)
