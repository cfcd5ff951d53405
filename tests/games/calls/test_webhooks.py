import hashlib
import hmac
import json
import socket
import time
from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.core import mail as sent_mail
from django.urls import reverse
from django.utils import timezone

from games.calls import channels, deliveries, outbox, payloads, routing
from games.calls.webhooks import webhook_save, webhooks_retry
from games.mail import compose
from games.mail.context import common_context
from games.models import Outbox, Profile, Webhook, WebhookDelivery
from games.services.profiles import locale_save
from games.wording import locales
from tests.games.helpers import (
    DIGEST,
    MORNING_IN_NEW_YORK,
    MORNING_IN_TOKYO,
    NO_MAIL,
    a_whole_game,
    calls_routed,
    hidden_words_in,
    opens,
    quiet_at_night,
)
from tests.games.local_server import LocalServer, serving
from tests.helpers import preferences_saved, started, state_of

pytestmark = pytest.mark.django_db


class Receiver(LocalServer):
    """A webhook's server on this machine: it answers 200 unless given other statuses."""

    def __init__(self):
        super().__init__(usual=200)

    def url(self, path: str) -> str:
        return f"{self.origin}/{path}"

    def bodies(self, path: str | None = None) -> list[dict]:
        return [json.loads(r["body"]) for r in self.received if path in (None, r["path"])]


@pytest.fixture
def receiver(settings):
    settings.WEBHOOK_ALLOW_LOCAL = True
    with serving(Receiver()) as found:
        yield found


def signed_rightly(request: dict, secret: str) -> bool:
    headers = request["headers"]
    timestamp = headers["X-Bohnanza-Timestamp"]
    expected = hmac.new(
        secret.encode(), f"{timestamp}.".encode() + request["body"], hashlib.sha256
    ).hexdigest()
    return hmac.compare_digest(headers["X-Bohnanza-Signature"], f"sha256={expected}")


def hooked(receiver, *users) -> dict:
    return {
        user.username: webhook_save(user=user, url=receiver.url(user.username)) for user in users
    }


def subject_for(delivery_id: str) -> str:
    row = WebhookDelivery.objects.get(id=int(delivery_id)).outbox
    with locales.reader(Profile.of(row.user)):
        return compose.subject_of(row)


def test_a_call_to_move_reaches_the_webhook_signed_and_goes_by_mail_too(
    receiver, alice, bob, carol, django_capture_on_commit_callbacks
):
    saved = hooked(receiver, alice, bob, carol)
    with django_capture_on_commit_callbacks(execute=True):
        game = started([alice, bob, carol])

    [request] = receiver.received
    starter = game.seats.get(position=state_of(game).active).user
    assert request["path"] == starter.username
    assert signed_rightly(request, saved[starter.username].secret)
    assert not signed_rightly(request, saved["alice" if starter != alice else "bob"].secret)
    body = json.loads(request["body"])
    assert set(body) == {"id", "kind", "game", "game_id", "turn", "text", "url"}
    assert body["kind"] == "your_turn"
    assert body["text"] == f"Your turn in {game.name} (turn 1)"
    assert (body["game"], body["game_id"], body["turn"]) == (game.name, game.id, 1)
    assert opens(body["url"], starter, game)
    [message] = sent_mail.outbox
    assert message.subject == body["text"] and message.to == [starter.email]


def test_the_webhook_speaks_its_players_language_and_needs_no_mail(
    receiver, alice, bob, django_capture_on_commit_callbacks
):
    for user in (alice, bob):
        locale_save(user=user, language="de", time_zone="Europe/Berlin")
        calls_routed(user, NO_MAIL)
    hooked(receiver, alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        game = started([alice, bob])

    [body] = receiver.bodies()
    assert body["text"].startswith("Du bist am Zug in ") and body["text"].endswith("(Zug 1)")
    assert body["text"] == subject_for(receiver.received[0]["headers"]["X-Bohnanza-Delivery"])
    assert sent_mail.outbox == []
    assert Outbox.objects.get(game=game).skipped == outbox.ONLY.format("webhook")


@pytest.mark.parametrize(
    ("url", "shape", "key"),
    [
        ("https://discord.com/api/webhooks/123/abc", "discord", "content"),
        ("https://hooks.slack.com/services/T0/B0/xyz", "slack", "text"),
    ],
)
def test_discord_and_slack_addresses_get_their_own_shapes(started_game, url, shape, key):
    row = Outbox.objects.get(game=started_game)

    body = json.loads(payloads.body(row, url=url, delivery_id=1, now=timezone.now()))

    assert payloads.shape(url) == shape
    assert set(body) <= {key, "allowed_mentions"}
    subject, link = body[key].split("\n")
    assert subject == f"Your turn in {started_game.name} (turn 1)"
    assert opens(link, started_game.seats.get(position=0).user, started_game)


def test_a_failing_webhook_is_tried_again_after_a_minute_then_five_then_receives(
    receiver, alice, bob, django_capture_on_commit_callbacks
):
    hooked(receiver, alice, bob)
    receiver.statuses = [503, 429]
    with django_capture_on_commit_callbacks(execute=True):
        started([alice, bob])
    [delivery] = WebhookDelivery.objects.all()
    first = delivery.next_at - timedelta(minutes=1)
    assert (delivery.attempts, delivery.sent_at) == (1, None)

    assert webhooks_retry(now=first + timedelta(seconds=59)) == 0
    assert len(receiver.received) == 1
    assert webhooks_retry(now=first + timedelta(minutes=1)) == 0
    assert len(receiver.received) == 2
    second = first + timedelta(minutes=1)
    assert webhooks_retry(now=second + timedelta(minutes=4)) == 0
    assert len(receiver.received) == 2
    assert webhooks_retry(now=second + timedelta(minutes=5)) == 1

    assert len(receiver.received) == 3
    assert len({r["headers"]["X-Bohnanza-Delivery"] for r in receiver.received}) == 1
    delivery.refresh_from_db()
    assert delivery.sent_at is not None and delivery.attempts == 3
    assert webhooks_retry(now=second + timedelta(hours=5)) == 0
    assert len(receiver.received) == 3


def test_a_server_trickling_its_answer_is_given_up_on_within_the_tasks_time(
    receiver, alice, bob, django_capture_on_commit_callbacks
):
    hooked(receiver, alice, bob)
    receiver.trickle = 0.2  # each byte within the read timeout, the answer over 20 s
    started_at = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        started([alice, bob])
    took = time.monotonic() - started_at

    [delivery] = WebhookDelivery.objects.all()
    assert delivery.sent_at is None and delivery.failed_at is None  # to be tried again
    assert delivery.attempts == 1 and delivery.error
    assert took < settings.TASK_TIME_LIMIT  # settled, not killed with the task


def test_a_delivery_whose_last_attempt_was_lost_fails_and_counts_against_its_webhook(
    receiver, alice, bob, django_capture_on_commit_callbacks
):
    hooks = hooked(receiver, alice, bob)
    receiver.statuses = [503] * 4
    with django_capture_on_commit_callbacks(execute=True):
        started([alice, bob])
    now = timezone.now()
    for retry in range(1, 4):
        webhooks_retry(now=now + timedelta(hours=3 * retry))
    [delivery] = WebhookDelivery.objects.all()
    assert delivery.attempts == 4
    # The last attempt is claimed, and its worker is killed mid-post: nothing settles it.
    last = now + timedelta(hours=12)
    assert deliveries.claimed(WebhookDelivery.objects, delivery.id, last) is not None

    assert webhooks_retry(now=last + timedelta(seconds=30)) == 0  # it may still answer
    assert webhooks_retry(now=last + timedelta(minutes=2)) == 0
    assert webhooks_retry(now=last + timedelta(minutes=3)) == 0

    delivery.refresh_from_db()
    assert delivery.failed_at is not None and delivery.attempts == deliveries.ATTEMPTS
    assert delivery.error == deliveries.LOST
    assert len(receiver.received) == 4  # never posted again after the lost attempt
    assert Webhook.objects.get(id=delivery.webhook_id).failures == 1
    assert {hook.id for hook in hooks.values()} >= {delivery.webhook_id}


def calls_to(seat, game, count, start=100):
    state = state_of(game)
    now = timezone.now()
    for seq in range(start, start + count):
        outbox.outbox_write(
            seat=seat,
            game=game,
            seq=seq,
            kind="waiting",
            context=common_context(game, state, seat.position),
            now=now,
        )


def test_a_webhook_failing_five_deliveries_in_a_row_is_turned_off_with_one_mail(
    receiver, alice, bob, client, django_capture_on_commit_callbacks
):
    calls_routed(alice, NO_MAIL)
    game = started([alice, bob])
    seat = game.seats.get(user=alice)
    hooked(receiver, alice)
    receiver.statuses = [404] * 4 + [500] * 5
    with django_capture_on_commit_callbacks(execute=True):
        calls_to(seat, game, 4)  # each refused for good at once
    assert Webhook.objects.get(user=alice).failures == 4

    with django_capture_on_commit_callbacks(execute=True):
        calls_to(seat, game, 1, start=200)  # tried five times in vain
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        for retry in range(1, 5):
            assert Webhook.objects.get(user=alice).active and sent_mail.outbox == []
            webhooks_retry(now=now + timedelta(hours=3 * retry))

    webhook = Webhook.objects.get(user=alice)
    assert not webhook.active and webhook.failures == 5
    assert len(receiver.received) == 4 + 5
    [message] = sent_mail.outbox
    assert message.to == [alice.email]
    assert message.subject == "Your webhook is turned off"
    assert webhook.url in message.body and reverse("links:preferences") in message.body

    with django_capture_on_commit_callbacks(execute=True):
        calls_to(seat, game, 1, start=300)
    assert len(receiver.received) == 9 and len(sent_mail.outbox) == 1

    client.force_login(alice)
    preferences_saved(client, webhook_on="on")
    with django_capture_on_commit_callbacks(execute=True):
        calls_to(seat, game, 1, start=400)
    assert len(receiver.received) == 10
    assert Webhook.objects.get(user=alice).failures == 0


def resolving_to_loopback(monkeypatch):
    real = socket.getaddrinfo

    def fake(host, *args, **kwargs):
        return real("127.0.0.1" if host == "beans.example" else host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake)


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("http://hooks.example.com/x", "starts with https://"),
        ("https://localhost/hook", "leads into a private network"),
        ("https://10.1.2.3/hook", "leads into a private network (10.1.2.3)"),
        ("https://169.254.169.254/latest", "leads into a private network"),
        ("https://[::1]/hook", "leads into a private network"),
        ("https://beans.example/hook", "beans.example leads into a private network (127.0.0.1)"),
        ("https://user:pw@8.8.8.8/hook", "names no user or password"),
    ],
)
def test_addresses_off_the_public_internet_are_refused_and_not_saved(
    alice, client, monkeypatch, url, says
):
    resolving_to_loopback(monkeypatch)
    client.force_login(alice)

    page = preferences_saved(client, webhook_url=url)

    assert says in page.content.decode()
    assert not Webhook.objects.exists()


@pytest.mark.parametrize("url", ["https://a..b/", "https://.x/", f"https://{'a' * 64}.example/"])
def test_a_name_no_resolver_takes_is_refused_as_no_web_address(alice, client, url):
    client.force_login(alice)

    page = preferences_saved(client, webhook_url=url)

    assert page.status_code == 200
    assert "That is not a web address." in page.content.decode()
    assert not Webhook.objects.exists()


def test_a_local_receiver_is_refused_unless_the_setting_allows_it(alice, client, settings):
    client.force_login(alice)
    assert settings.WEBHOOK_ALLOW_LOCAL is False

    page = preferences_saved(client, webhook_url="http://127.0.0.1:8000/")

    assert "starts with https://" in page.content.decode()
    assert not Webhook.objects.exists()


def test_an_address_is_checked_again_when_a_call_is_sent(
    receiver, alice, bob, settings, django_capture_on_commit_callbacks
):
    hooked(receiver, alice, bob)
    settings.WEBHOOK_ALLOW_LOCAL = False
    with django_capture_on_commit_callbacks(execute=True):
        started([alice, bob])

    assert receiver.received == []
    [delivery] = WebhookDelivery.objects.all()
    assert delivery.failed_at is not None and "starts with https://" in delivery.error


def test_the_secret_is_shown_once_on_the_preferences_page(receiver, alice, client):
    client.force_login(alice)

    saved = preferences_saved(client, webhook_url=receiver.url("alice"))
    again = client.get(reverse("links:preferences"))

    secret = Webhook.objects.get(user=alice).secret
    assert secret in saved.content.decode()
    assert secret not in again.content.decode()
    assert receiver.url("alice") in again.content.decode()


def test_a_whole_game_posts_no_card_no_deck_and_no_seed(
    receiver, alice, bob, carol, django_capture_on_commit_callbacks
):
    hooked(receiver, alice, bob, carol)
    for user in (alice, bob, carol):
        calls_routed(user, {routing.END: [channels.MAIL, channels.WEBHOOK]})
    with django_capture_on_commit_callbacks(execute=True):
        game = a_whole_game([alice, bob, carol])

    state = state_of(game)
    kinds = set()
    for request in receiver.received:
        body = json.loads(request["body"])
        kinds.add(body["kind"])
        assert set(body) == {"id", "kind", "game", "game_id", "turn", "text", "url"}
        assert not any(isinstance(value, list | dict) for value in body.values())
        assert body["text"] == subject_for(request["headers"]["X-Bohnanza-Delivery"])
        raw = request["body"].decode()
        assert game.seed not in raw
        assert not hidden_words_in(body["text"])
    assert len(receiver.bodies()) > 10, len(receiver.bodies())
    assert {"your_turn", "game_over"} <= kinds
    assert len([b for b in receiver.bodies() if b["kind"] == "game_over"]) == state.players


@pytest.mark.parametrize("calls", [{}, DIGEST])
def test_a_post_in_tokyos_night_waits_for_its_morning(
    receiver, alice, bob, calls, django_capture_on_commit_callbacks
):
    for user in (alice, bob):
        quiet_at_night(user, "Asia/Tokyo")
        calls_routed(user, calls)
    hooked(receiver, alice, bob)
    with time_machine.travel(MORNING_IN_NEW_YORK, tick=False) as clock:
        with django_capture_on_commit_callbacks(execute=True):
            started([alice, bob])
        assert receiver.received == []

        clock.move_to(MORNING_IN_TOKYO - timedelta(seconds=1))
        assert webhooks_retry() == 0
        clock.move_to(MORNING_IN_TOKYO)
        assert webhooks_retry() == 1
    assert len(receiver.received) == 1
