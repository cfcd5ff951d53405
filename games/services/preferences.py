"""The preferences page saved as one: whatever the player changed in any of its sections, in one
transaction, all of it or none. A refusal names the value it is about (`ValueRefused`), so that
the page says why beside its box and keeps every edit."""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import time

from django.db import transaction
from django.utils.translation import gettext as _

from games.calls import push, webhooks
from games.models import Webhook
from games.refusals import ServiceError, ValueRefused
from games.services import profiles, vacations


@dataclass(frozen=True)
class PushOn:
    """A browser's push subscription, as its push service gave it, and the device's name."""

    endpoint: str
    p256dh: str
    auth: str
    device: str


@dataclass(frozen=True)
class Saved:
    """What was done besides saving the settings, for the page to say."""

    renamed: bool = False
    # The webhook: "saved" (with its new secret, shown once), "removed", "on" again, or "".
    webhook: str = ""
    secret: str = ""
    push_on: bool = False
    push_off: int = 0
    away: int = 0  # days of vacation granted
    back: int | None = None  # days given back by coming back early; None: not back


@contextmanager
def _about(field: str) -> Iterator[None]:
    """A refusal of what the block saves, told as a refusal of `field`."""
    try:
        yield
    except ValueRefused:
        raise
    except ServiceError as refusal:
        raise ValueRefused(refusal.message, field) from refusal


@transaction.atomic
def preferences_save(
    *,
    user,
    display_name: str,
    language: str,
    time_zone: str,
    mail: str,
    calls: dict,
    muted: list[int],
    reminders: str,
    quiet_from: time | None,
    quiet_until: time | None,
    answer_rules: dict | None,
    webhook_url: str,
    webhook_on: bool,
    push_on: PushOn | None,
    push_off: list[int],
    away_days: int | None,
    back: bool,
) -> Saved:
    """Everything the preferences page holds: the name, language and zone, where calls go, the
    reminders and quiet hours, the answer rules, the webhook, push on this browser or off on
    a device, and a vacation begun or ended. The webhook comes first: its address is looked up
    before any row is locked."""
    webhook, secret = _webhook_saved(user, webhook_url.strip(), webhook_on)
    renamed = profiles.profile_get_or_create(user=user, lock=True).display_name != display_name
    if renamed:
        with _about("display_name"):
            profiles.profile_rename(user=user, display_name=display_name)
    profiles.locale_save(user=user, language=language, time_zone=time_zone)
    profiles.calls_save(user=user, mail=mail, calls=calls, muted=muted)
    with _about("quiet_from"):
        profiles.reminders_save(
            user=user, reminders=reminders, quiet_from=quiet_from, quiet_until=quiet_until
        )
    profiles.answer_rules_save(user=user, rules=answer_rules)
    if push_on is not None:
        with _about("endpoint"):
            push.push_subscribe(
                user=user,
                endpoint=push_on.endpoint,
                p256dh=push_on.p256dh,
                auth=push_on.auth,
                device=push_on.device,
            )
    turned_off = sum(
        push.push_unsubscribe(user=user, subscription_id=device) for device in push_off
    )
    back_days = vacations.vacation_end(user=user) if back else None
    granted = vacations.vacation_start(user=user, days=away_days) if away_days else 0
    if away_days and not granted:
        raise ValueRefused(_("No vacation days are left this year."), "away_days")
    return Saved(
        renamed=renamed,
        webhook=webhook,
        secret=secret,
        push_on=push_on is not None,
        push_off=turned_off,
        away=granted,
        back=back_days,
    )


def _webhook_saved(user, url: str, turn_on: bool) -> tuple[str, str]:
    """The webhook as the page left it: a new address saved (with its new secret), no address
    (removed), or the same one, turned on again if asked."""
    current = Webhook.objects.filter(user=user).first()
    if not url:
        if current is None:
            return "", ""
        webhooks.webhook_remove(user=user)
        return "removed", ""
    if current is None or current.url != url:
        with _about("webhook_url"):
            return "saved", webhooks.webhook_save(user=user, url=url).secret
    if turn_on and webhooks.webhook_turn_on(user=user):
        return "on", ""
    return "", ""
