"""The channels a call can go by, one declaration each: the table the routing, the outbox, the
tasks and the preferences' page read, so that none of them names a channel it does not treat
apart (see docs/calls.md, "Channels").

Mail and the daily digest send the outbox row itself (games.calls.mailing, games.calls.digest).
The other channels are delivered: each call a player's address gets is a delivery row of the
channel's model (a `models.Delivery`), written with the outbox row, first tried when that
transaction commits and then again after a back-off (games.calls.deliveries). A delivered
channel's module has two functions the tasks call by their names: `deliver(delivery_id=...)`,
one attempt if one is due, and `retry()`, the attempts due.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from django.db.models import QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.models import Delivery, PushDelivery, PushSubscription, Webhook, WebhookDelivery

MAIL: Final = "mail"
PUSH: Final = "push"
WEBHOOK: Final = "webhook"
DIGEST: Final = "digest"


@dataclass(frozen=True)
class Channel:
    """A way a call reaches a player: its name (stored in their choices) and its label."""

    name: str
    label: Promise


@dataclass(frozen=True)
class Delivered(Channel):
    """A channel whose calls are delivery rows: their model and the field naming the address,
    the player's addresses a call goes to (a query of ids, by user id), and the dotted names
    of its module's `deliver` and `retry`."""

    deliveries: type[Delivery]
    address: str
    addresses: Callable[[int], QuerySet]
    deliver: str
    retry: str


ALL: Final = (
    Channel(MAIL, _("Mail")),
    Delivered(
        PUSH,
        _("Push"),
        deliveries=PushDelivery,
        address="subscription",
        addresses=lambda user_id: PushSubscription.objects.filter(user_id=user_id),
        deliver="games.calls.push.push_deliver",
        retry="games.calls.push.pushes_retry",
    ),
    Delivered(
        WEBHOOK,
        _("Webhook"),
        deliveries=WebhookDelivery,
        address="webhook",
        addresses=lambda user_id: Webhook.objects.filter(user_id=user_id, active=True),
        deliver="games.calls.webhooks.webhook_deliver",
        retry="games.calls.webhooks.webhooks_retry",
    ),
    Channel(DIGEST, _("Daily digest")),
)
NAMES: Final = tuple(channel.name for channel in ALL)
DELIVERED: Final = tuple(channel for channel in ALL if isinstance(channel, Delivered))
_BY_NAME: Final = {channel.name: channel for channel in DELIVERED}


def delivered(name: str) -> Delivered:
    """The delivered channel of this name (KeyError for another)."""
    return _BY_NAME[name]
