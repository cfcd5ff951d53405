"""A program challenges a person by name: the person finds it on their home page, with the
game and its clocks, and accepts (taking the seat kept for them) or declines; nobody else can
answer it for them."""

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse

from botapi.models import Challenge
from games.models import Seat
from games.services.profiles import profile_get_or_create
from tests.botapi.helpers import bearer

pytestmark = pytest.mark.django_db


def challenge(client, token: str, name: str) -> dict:
    for user in User.objects.exclude(profile__isnull=False):
        profile_get_or_create(user=user)  # as signing up makes it
    asked = {"name": name, "edition": "rio-grande", "players": 2, "time_control": "daily"}
    made = client.post(
        "/api/v2/challenges", asked, content_type="application/json", **bearer(token)
    )
    assert made.status_code == 201, made.json()
    return made.json()


def test_a_person_challenged_by_a_program_accepts_it_from_the_home_page(
    client, robo, alice, django_capture_on_commit_callbacks
):
    _, token = robo
    with django_capture_on_commit_callbacks(execute=True):
        made = challenge(client, token, "Alice")
    [called] = [sent for sent in mail.outbox if sent.to == [alice.email]]
    assert called.subject.endswith("robo challenges you to a game")
    assert "robo challenges you to a game for 2 players." in called.body
    assert "/l/" in called.body or reverse("games:home") in called.body
    client.force_login(alice)

    home = client.get(reverse("games:home")).content.decode()

    assert "Challenges to you" in home
    assert "robo challenges you to The Bean Duel (Rio Grande, 2 players)" in home
    assert "Daily" in home
    accepted = client.post(reverse("botapi:challenge_accept", args=[made["challenge"]]))
    assert accepted.status_code == 302
    assert accepted["Location"] == reverse("games:game", args=[made["game"]])
    assert Seat.objects.filter(game_id=made["game"], user=alice).exists()
    assert "Challenges to you" not in client.get(reverse("games:home")).content.decode()


def test_a_person_declines_and_nobody_else_answers_for_them(client, robo, alice, bob):
    _, token = robo
    made = challenge(client, token, "alice")
    client.force_login(bob)
    client.post(reverse("botapi:challenge_accept", args=[made["challenge"]]))
    assert Challenge.objects.get(pk=made["challenge"]).status == Challenge.Status.PENDING
    assert not Seat.objects.filter(game_id=made["game"], user=bob).exists()

    client.force_login(alice)
    declined = client.post(
        reverse("botapi:challenge_decline", args=[made["challenge"]]), follow=True
    )

    assert "You said no to the challenge." in declined.content.decode()
    assert Challenge.objects.get(pk=made["challenge"]).status == Challenge.Status.DECLINED
    assert (
        client.get(reverse("botapi:challenge_accept", args=[made["challenge"]])).status_code == 405
    )
