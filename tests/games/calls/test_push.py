"""Web Push: each call to move and each game's end is pushed to every device a player turned
push on in, through pywebpush, to a push service on this machine that decrypts each message with
the device's keys (as the browser behind that service would) and checks its VAPID signature."""

import base64
import json
import os
import socket
from datetime import timedelta

import http_ece
import pytest
import time_machine
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.core import mail as sent_mail
from django.urls import reverse

from games import tasks
from games.calls import channels, outbox, routing
from games.calls.push import push_subscribe, pushes_retry
from games.calls.vapid import public_key as vapid_public_key
from games.models import Outbox, PushDelivery, PushSubscription, Seat
from games.refusals import ServiceError
from games.services.profiles import locale_save
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
from tests.helpers import preferences_saved, started, state_of, user_at

pytestmark = pytest.mark.django_db


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Device:
    """A browser's side of a subscription: its P-256 key pair and auth secret."""

    def __init__(self, endpoint: str):
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.p256dh = b64url(public)

    def subscribe(self, user, name: str = "Firefox on Android") -> PushSubscription:
        return push_subscribe(
            user=user,
            endpoint=self.endpoint,
            p256dh=self.p256dh,
            auth=b64url(self.auth),
            device=name,
        )

    def read(self, content: bytes) -> dict:
        plain = http_ece.decrypt(
            content, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


class PushService(LocalServer):
    """A push service on this machine: it answers 201 unless given other statuses."""

    def __init__(self):
        super().__init__(usual=201)

    def device(self, name: str) -> Device:
        return Device(f"{self.origin}/{name}")

    def to(self, device: Device) -> list[dict]:
        """What reached the device, decrypted, each after its VAPID signature was checked."""
        path = device.endpoint.rsplit("/", 1)[1]
        found = []
        for request in self.received:
            if request["path"] == path:
                assert request["headers"]["Content-Encoding"] == "aes128gcm"
                assert vapid_claims(request["headers"]["Authorization"])["aud"] == self.origin
                found.append(device.read(request["body"]))
        return found


def vapid_claims(authorization: str) -> dict:
    """The claims of a VAPID Authorization header (RFC 8292), its signature checked against the
    site's public key, which the header names."""
    scheme, _, params = authorization.partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == vapid_public_key()
    header, claims, signature = fields["t"].split(".")
    raw = unb64url(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(fields["k"]))
    public.verify(
        encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:])),
        f"{header}.{claims}".encode(),
        ec.ECDSA(hashes.SHA256()),
    )
    decoded = json.loads(unb64url(claims))
    assert decoded["sub"].startswith("mailto:")
    return decoded


@pytest.fixture
def push_service(settings):
    settings.PUSH_ALLOW_LOCAL = True
    with serving(PushService()) as found:
        yield found


def devices_for(push_service, *users) -> dict:
    found = {}
    for user in users:
        device = push_service.device(user.username)
        device.subscribe(user)
        found[user.username] = device
    return found


def test_a_call_to_move_is_pushed_encrypted_for_the_device_and_goes_by_mail_too(
    push_service, alice, bob, carol, django_capture_on_commit_callbacks
):
    devices = devices_for(push_service, alice, bob, carol)
    with django_capture_on_commit_callbacks(execute=True):
        game = started([alice, bob, carol])

    starter = user_at(game, state_of(game).active)
    [message] = push_service.to(devices[starter.username])
    assert set(message) == {"title", "body", "url", "tag", "actions"}
    assert message["title"] == f"Your turn in {game.name} (turn 1)"
    # A button under it takes up the usual way of the trade book (a starter who set nothing).
    [usual] = message["actions"]
    assert usual["title"] == "Play my obvious moves" and usual["url"] != message["url"]
    assert message["body"] == "It is your turn."
    assert opens(message["url"], starter, game)
    assert len(push_service.received) == 1
    [mail] = sent_mail.outbox
    assert mail.subject == message["title"] and mail.to == [starter.email]
    assert PushSubscription.objects.get(user=starter).last_used_at is not None


def test_a_push_goes_to_the_address_checked_though_the_name_resolves_elsewhere_after(
    push_service, alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    port = push_service.server.server_address[1]
    answers = ["127.0.0.1"] * 3  # the name at the two subscriptions, and at the push's check
    real = socket.getaddrinfo

    def rebinding(host, *args, **kwargs):
        if host == "push.example":  # then a name that leads elsewhere (here: nowhere)
            host = answers.pop(0) if answers else "192.0.2.1"
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    for user in (alice, bob):
        Device(f"http://push.example:{port}/{user.username}").subscribe(user)
    with django_capture_on_commit_callbacks(execute=True):
        started([alice, bob])

    [request] = push_service.received
    assert request["headers"]["Host"] == f"push.example:{port}"
    assert PushDelivery.objects.get().sent_at is not None


def test_push_speaks_the_players_language_and_needs_no_mail(
    push_service, alice, bob, django_capture_on_commit_callbacks
):
    for user in (alice, bob):
        locale_save(user=user, language="de", time_zone="Europe/Berlin")
        calls_routed(user, NO_MAIL)
    devices = devices_for(push_service, alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        game = started([alice, bob])

    starter = user_at(game, state_of(game).active)
    [message] = push_service.to(devices[starter.username])
    assert message["title"].startswith("Du bist am Zug in ")
    assert message["title"].endswith("(Zug 1)")
    assert message["body"] == "Du bist am Zug."
    assert sent_mail.outbox == []
    assert Outbox.objects.get(game=game).skipped == outbox.ONLY.format("push")


def test_each_device_of_a_player_gets_the_push_under_its_own_keys(
    push_service, alice, bob, django_capture_on_commit_callbacks
):
    phones = {user: push_service.device(f"{user.username}-phone") for user in (alice, bob)}
    laptops = {user: push_service.device(f"{user.username}-laptop") for user in (alice, bob)}
    for user in (alice, bob):
        phones[user].subscribe(user)
        laptops[user].subscribe(user, "Chrome on Linux")
    with django_capture_on_commit_callbacks(execute=True):
        game = started([alice, bob])

    starter = user_at(game, state_of(game).active)
    phone, laptop = push_service.to(phones[starter]), push_service.to(laptops[starter])
    # The same call on each; its link is signed as each push is sent (a second apart, the
    # links differ in their timestamps).
    assert [{**message, "url": None} for message in phone] == [
        {**message, "url": None} for message in laptop
    ]
    assert len(phone) == 1 and "/l/" in phone[0]["url"] and "/l/" in laptop[0]["url"]
    with pytest.raises(http_ece.ECEException):  # not readable under another device's keys
        laptops[starter].read(push_service.received[0]["body"])


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_no_longer_knows_is_removed(
    push_service, alice, bob, status, django_capture_on_commit_callbacks
):
    devices_for(push_service, alice, bob)
    push_service.statuses = [status]
    with django_capture_on_commit_callbacks(execute=True):
        game = started([alice, bob])

    starter = user_at(game, state_of(game).active)
    assert len(push_service.received) == 1
    assert not PushSubscription.objects.filter(user=starter).exists()
    assert PushSubscription.objects.filter(user=user_at(game, 1 - state_of(game).active)).exists()
    assert PushDelivery.objects.count() == 0


def test_a_failing_push_service_is_tried_again_after_a_minute(
    push_service, alice, bob, django_capture_on_commit_callbacks
):
    devices_for(push_service, alice, bob)
    push_service.statuses = [503]
    with django_capture_on_commit_callbacks(execute=True):
        started([alice, bob])
    [delivery] = PushDelivery.objects.all()
    assert (delivery.attempts, delivery.sent_at, delivery.error) == (1, None, "HTTP 503")
    first = delivery.next_at - timedelta(minutes=1)

    assert pushes_retry(now=first + timedelta(seconds=59)) == 0
    assert pushes_retry(now=first + timedelta(minutes=1)) == 1

    assert len(push_service.received) == 2
    delivery.refresh_from_db()
    assert delivery.sent_at is not None and delivery.attempts == 2
    assert pushes_retry(now=first + timedelta(hours=5)) == 0
    assert len(push_service.received) == 2


@pytest.mark.parametrize("calls", [{}, DIGEST])
def test_a_push_in_tokyos_night_waits_for_its_morning(
    push_service, alice, bob, calls, django_capture_on_commit_callbacks
):
    for user in (alice, bob):
        quiet_at_night(user, "Asia/Tokyo")
        calls_routed(user, calls)
    devices = devices_for(push_service, alice, bob)
    with time_machine.travel(MORNING_IN_NEW_YORK, tick=False) as clock:
        with django_capture_on_commit_callbacks(execute=True):
            game = started([alice, bob])
        assert push_service.received == []

        clock.move_to(MORNING_IN_TOKYO - timedelta(seconds=1))
        assert pushes_retry() == 0
        clock.move_to(MORNING_IN_TOKYO)
        tasks.deliveries_retry_task()  # the beat's, a retry a delivered channel
        assert pushes_retry() == 0
    starter = user_at(game, state_of(game).active)
    [message] = push_service.to(devices[starter.username])
    assert message["title"] == f"Your turn in {game.name} (turn 1)"


def test_a_push_held_is_dropped_when_the_player_looked_at_the_game_meanwhile(
    push_service, alice, bob, django_capture_on_commit_callbacks
):
    for user in (alice, bob):
        quiet_at_night(user, "Asia/Tokyo")
    devices_for(push_service, alice, bob)
    with time_machine.travel(MORNING_IN_NEW_YORK, tick=False) as clock:
        with django_capture_on_commit_callbacks(execute=True):
            game = started([alice, bob])
        Seat.objects.filter(game=game).update(last_seen_at=MORNING_IN_NEW_YORK + timedelta(hours=1))

        clock.move_to(MORNING_IN_TOKYO)
        assert pushes_retry() == 0
    assert push_service.received == []
    [delivery] = PushDelivery.objects.all()
    assert (delivery.failed_at, delivery.error) == (MORNING_IN_TOKYO, "seen meanwhile")


def test_only_https_push_services_on_the_public_internet_are_taken(alice, settings):
    device = Device("http://127.0.0.1:9/alice")
    for endpoint in ("http://127.0.0.1:9/alice", "https://127.0.0.1/alice", "https://10.0.0.1/a"):
        device.endpoint = endpoint
        with pytest.raises(ServiceError):
            device.subscribe(alice)
    settings.PUSH_ALLOW_LOCAL = True
    device.endpoint = "http://127.0.0.1:9/alice"
    device.subscribe(alice)
    assert PushSubscription.objects.filter(user=alice).count() == 1


@pytest.mark.parametrize(
    ("p256dh", "auth"),
    [("!!!", None), (b64url(b"\x04" + b"1" * 64), None), (None, "c2hvcnQ"), (None, "!!!")],
)
def test_keys_no_browser_would_give_are_refused(push_service, alice, p256dh, auth):
    device = push_service.device("alice")
    with pytest.raises(ServiceError, match="not keys push can use"):
        push_subscribe(
            user=alice,
            endpoint=device.endpoint,
            p256dh=p256dh or device.p256dh,
            auth=auth or b64url(device.auth),
            device="Firefox",
        )
    assert not PushSubscription.objects.exists()


def test_a_subscription_moves_to_another_player_only_with_its_browsers_keys(
    push_service, alice, bob
):
    device = push_service.device("alice")
    subscription = device.subscribe(alice)
    stranger = push_service.device("stranger")  # other keys, for alice's address
    stranger.endpoint = device.endpoint
    with pytest.raises(ServiceError):
        stranger.subscribe(bob)
    assert PushSubscription.objects.get().user == alice
    assert PushSubscription.objects.get().p256dh == subscription.p256dh

    device.subscribe(bob)  # bob signs in on alice's browser and turns push on there
    assert PushSubscription.objects.get().user == bob


def test_a_whole_game_pushed_to_everyone_carries_no_card_no_deck_and_no_seed(
    push_service, alice, bob, carol, django_capture_on_commit_callbacks
):
    devices = devices_for(push_service, alice, bob, carol)
    for user in (alice, bob, carol):
        calls_routed(user, {routing.END: [channels.MAIL, channels.PUSH]})
    with django_capture_on_commit_callbacks(execute=True):
        game = a_whole_game([alice, bob, carol])

    state = state_of(game)
    messages = [message for device in devices.values() for message in push_service.to(device)]
    assert len(messages) == len(push_service.received) > 10
    for message in messages:
        assert set(message) == {"title", "body", "url", "tag", "actions"}
        assert game.seed not in json.dumps(message)
        assert not hidden_words_in(f"{message['title']} {message['body']}")
    ends = [message for message in messages if message["body"] == "See how the game ended."]
    assert len(ends) == state.players


def test_push_is_turned_on_and_off_for_a_device_on_the_preferences_page(
    push_service, alice, bob, client
):
    device = push_service.device("alice")
    client.force_login(alice)
    page = client.get(reverse("links:preferences")).content.decode()
    assert f'data-key="{vapid_public_key()}"' in page

    preferences_saved(
        client,
        endpoint=device.endpoint,
        p256dh=device.p256dh,
        auth=b64url(device.auth),
        headers={
            "User-Agent": "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"
        },
    )

    [subscription] = PushSubscription.objects.filter(user=alice)
    page = client.get(reverse("links:preferences")).content.decode()
    assert "Firefox on Android, on since" in page
    client.force_login(bob)
    refused = preferences_saved(client, push_off=str(subscription.id)).content.decode()
    assert "is not one of the available choices" in refused  # not bob's device
    assert PushSubscription.objects.filter(id=subscription.id).exists()
    client.force_login(alice)
    said = preferences_saved(client, push_off=str(subscription.id)).content.decode()
    assert "Push is off for that device." in said
    assert not PushSubscription.objects.exists()
    assert "Firefox on Android" not in client.get(reverse("links:preferences")).content.decode()


def test_the_service_worker_is_served_at_the_sites_root(client):
    answer = client.get("/sw.js")
    assert answer["Content-Type"].startswith("text/javascript")
    assert "showNotification" in answer.content.decode()
