"""Inviting players by e-mail from the lobby: one mail per address, from the creator only."""

import re

import pytest
from django.conf import settings
from django.core import mail as sent_mail
from django.urls import reverse

from games.calls import routing
from games.calls.mailing import invitation_send
from games.models import Game, Profile, Seat
from games.services import lobby
from games.services.lobby import game_cancel, game_create, seat_join
from tests.games.helpers import CacheDown

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_game(alice):
    """Alice's 4-player Amigo game, for invited players only."""
    return game_create(
        user=alice, edition="amigo-classic", players=4, options={}, is_open=False, name="Beans"
    )


@pytest.fixture
def invite(client, django_capture_on_commit_callbacks):
    """Post addresses to a game's invite form as whoever is logged in; the mail goes out."""

    def post(game: Game, addresses: str):
        url = reverse("games:invite_mail", args=[game.id])
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(url, {"addresses": addresses})

    return post


def assert_refused(response, status: int, reason: str) -> None:
    assert response.status_code == status
    assert reason in response.content.decode()
    assert not sent_mail.outbox


def invitation_url(game: Game) -> str:
    return settings.SITE_URL + reverse("games:invite", args=[game.id, game.invite_token])


def test_the_creator_mails_each_address_the_invitation_link(client, alice, private_game, invite):
    client.force_login(alice)

    response = invite(private_game, "bob@example.com,\nzoe@elsewhere.org")

    assert response.status_code == 302
    assert sorted(message.to[0] for message in sent_mail.outbox) == [
        "bob@example.com",
        "zoe@elsewhere.org",
    ]
    for message in sent_mail.outbox:
        [(html, mimetype)] = message.alternatives
        assert mimetype == "text/html"
        assert message.subject == "alice invites you to play Bohnanza in Beans"
        for body in (message.body, html):
            assert invitation_url(private_game) in body
            assert "Amigo" in body and "4 players" in body and "alice" in body
    page = client.get(response["Location"]).content.decode()
    assert "Invitation sent to bob@example.com, zoe@elsewhere.org." in page


def test_the_invitation_holds_nothing_secret_but_the_link(client, alice, private_game, invite):
    client.force_login(alice)
    invite(private_game, "bob@example.com")

    [message] = sent_mail.outbox
    for body in (message.body, message.alternatives[0][0]):
        assert private_game.seed not in body
        assert alice.email not in body
        assert "zoe" not in body


def test_the_invited_player_follows_the_link_and_takes_a_seat(
    client, alice, bob, private_game, invite
):
    client.force_login(alice)
    invite(private_game, "bob@example.com")
    [url] = re.findall(r"Take a seat: (\S+)", sent_mail.outbox[0].body)
    path = url.removeprefix(settings.SITE_URL)

    client.force_login(bob)
    assert "Join Beans?" in client.get(path).content.decode()
    client.post(path)

    assert Seat.objects.filter(game=private_game, user=bob).exists()


def test_only_the_creator_may_invite_and_no_mail_goes_out(client, bob, private_game, invite):
    seat_join(game_id=private_game.id, user=bob, token=private_game.invite_token)
    client.force_login(bob)

    response = invite(private_game, "zoe@elsewhere.org")

    assert_refused(response, 403, "Only the player who created the game")


def test_an_anonymous_visitor_is_sent_to_log_in_and_no_mail_goes_out(private_game, invite):
    response = invite(private_game, "zoe@elsewhere.org")

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
    assert not sent_mail.outbox


@pytest.mark.parametrize(
    ("addresses", "reason"),
    [
        ("bob@example.com, not-an-address", "Not an e-mail address: not-an-address."),
        ("bob@example.com zoe@", "Not an e-mail address: zoe@."),
        (" , ; ", "Type at least one e-mail address."),
        ("", "Type at least one e-mail address."),
        (" ".join(f"player{n}@example.com" for n in range(11)), "At most 10 addresses"),
        ("x" * 4001, "at most 4000 characters"),
    ],
)
def test_bad_input_is_refused_as_a_whole_with_the_reason_and_kept_for_correction(
    client, alice, private_game, invite, addresses, reason
):
    client.force_login(alice)

    response = invite(private_game, addresses)

    assert_refused(response, 400, reason)
    if addresses.strip():
        # The text comes back to be corrected.
        assert addresses.split()[0] in response.content.decode()
    # Nothing was remembered either: a corrected list goes out in full.
    invite(private_game, "bob@example.com")
    assert [message.to for message in sent_mail.outbox] == [["bob@example.com"]]


def test_an_address_invited_a_moment_ago_is_not_mailed_again(client, alice, private_game, invite):
    client.force_login(alice)
    invite(private_game, "bob@example.com")

    response = invite(private_game, "BOB@example.com, carol@example.com, carol@example.com")

    assert [message.to for message in sent_mail.outbox] == [
        ["bob@example.com"],
        ["carol@example.com"],
    ]
    page = client.get(response["Location"]).content.decode()
    assert "Invitation sent to carol@example.com." in page
    assert "not mailed again: BOB@example.com." in page


def test_the_same_address_may_be_invited_to_another_game(client, alice, private_game, invite):
    other = game_create(user=alice, edition="rio-grande", players=3, options={})
    client.force_login(alice)

    invite(private_game, "bob@example.com")
    invite(other, "bob@example.com")

    assert len(sent_mail.outbox) == 2


def test_no_invitations_once_the_game_has_started(client, alice, started_game, invite):
    client.force_login(alice)

    response = invite(started_game, "dave@example.com")

    assert_refused(response, 403, "already started")


def test_an_invitation_for_a_game_cancelled_before_it_went_out_is_dropped(private_game, alice):
    game_cancel(game_id=private_game.id, user=alice)

    assert not invitation_send(game_id=private_game.id, address="bob@example.com")
    assert not sent_mail.outbox


def test_the_lobby_shows_the_invite_form_to_the_creator_only(client, alice, bob, open_game):
    form = reverse("games:invite_mail", args=[open_game.id])
    client.force_login(alice)
    assert form in client.get(reverse("games:game", args=[open_game.id])).content.decode()

    seat_join(game_id=open_game.id, user=bob)
    client.force_login(bob)
    assert form not in client.get(reverse("games:game", args=[open_game.id])).content.decode()


def test_a_player_who_wants_no_mail_gets_no_invitation(client, alice, bob, private_game, invite):
    Profile.objects.update_or_create(user=bob, defaults={"calls": routing.NOWHERE})
    client.force_login(alice)

    response = invite(private_game, "BOB@example.com, zoe@elsewhere.org")

    assert response.status_code == 302
    assert [message.to for message in sent_mail.outbox] == [["zoe@elsewhere.org"]]


def test_with_the_shared_cache_down_the_creator_is_told_and_nobody_is_mailed(
    client, alice, private_game, invite, monkeypatch
):
    monkeypatch.setattr(lobby, "cache", CacheDown())
    client.force_login(alice)

    response = invite(private_game, "bob@example.com")

    assert_refused(response, 400, "Invitations cannot be sent right now")


def test_a_full_game_sends_no_invitation(client, alice, private_game, invite, django_user_model):
    for name in ("bob", "carol", "dave"):
        user = django_user_model.objects.create_user(username=name, email=f"{name}@example.com")
        Seat.objects.create(game=private_game, user=user, name=name)
    client.force_login(alice)

    assert_refused(invite(private_game, "zoe@elsewhere.org"), 403, "Every seat is taken")


def test_a_user_invites_a_limited_number_of_addresses_a_day(
    client, alice, private_game, invite, monkeypatch
):
    monkeypatch.setattr(lobby, "INVITES_PER_DAY", 3)
    client.force_login(alice)
    assert invite(private_game, "a@example.org, b@example.org").status_code == 302
    sent_mail.outbox.clear()

    response = invite(private_game, "c@example.org, d@example.org")

    assert_refused(response, 400, "at most 3 addresses a day")
    assert invite(private_game, "c@example.org").status_code == 302
    assert [message.to for message in sent_mail.outbox] == [["c@example.org"]]
