"""A game only for people with the link is for its seats alone: nobody else can watch it,
poll it or read its log, and to them it does not exist."""

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games.services.lobby import game_create, game_start, seat_join
from tests.games.helpers import on_the_last_pass, play_until
from tests.helpers import make_user, user_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_game(alice, bob, carol):
    created = game_create(
        user=alice, edition="amigo-classic", players=3, options={}, is_open=False
    )
    for user in (bob, carol):
        seat_join(game_id=created.id, user=user, token=created.invite_token)
    return game_start(game_id=created.id, user=alice)


def pages(game) -> list[str]:
    return [
        reverse("games:game", args=[game.id]),
        reverse("games:poll", args=[game.id]) + f"?since={game.seq}&chat=0",
        reverse("games:poll", args=[game.id]) + "?since=-1",
        reverse("games:log", args=[game.id]),
    ]


def test_nobody_but_its_seats_sees_a_private_game(client, private_game, dave):
    for visitor in (Client(), client):
        if visitor is client:
            client.force_login(dave)
        for path in pages(private_game):
            assert visitor.get(path).status_code == 404, path
        response = visitor.post(
            reverse("games:move", args=[private_game.id]),
            {"action": '{"kind": "stop_planting"}', "expected_seq": 0},
        )
        assert response.status_code == 403
        assert "board" not in response.content.decode()


def test_its_seats_see_and_poll_a_private_game(client, private_game):
    client.force_login(user_at(private_game, 1))
    page = client.get(reverse("games:game", args=[private_game.id]))
    assert page.status_code == 200
    [poll] = re.findall(r'hx-get="([^"]*/poll/[^"]*)"', page.content.decode())

    assert client.get(unescape(poll), HTTP_HX_REQUEST="true").status_code == 204
    assert Client().get(unescape(poll)).status_code == 404  # the URL without its session


def test_a_finished_private_game_keeps_its_replay_and_seed_to_its_seats(client, private_game, dave):
    game = play_until(on_the_last_pass(private_game), lambda state: state.over)
    client.force_login(dave)
    for name in ("history", "seed"):
        assert client.get(reverse(f"games:{name}", args=[game.id])).status_code == 404
    client.force_login(user_at(game, 0))
    for name in ("history", "seed"):
        assert client.get(reverse(f"games:{name}", args=[game.id])).status_code == 200


def test_the_invitation_link_still_shows_a_private_game_to_join(client, alice, bob):
    game = game_create(
        user=alice, edition="amigo-classic", players=3, options={}, is_open=False
    )
    client.force_login(bob)

    invite = client.get(reverse("games:invite", args=[game.id, game.invite_token]))

    assert invite.status_code == 200
    assert "Take a seat" in invite.content.decode()
    assert client.get(reverse("games:game", args=[game.id])).status_code == 404
    assert unescape(invite.content.decode()).count(game.name) >= 1


def test_a_wrong_invitation_link_or_an_invitation_mail_shows_a_private_game_to_nobody(
    client, alice, bob
):
    game = game_create(
        user=alice,
        edition="amigo-classic",
        players=3,
        options={},
        is_open=False,
        name="Alice secret table",
    )
    seat_join(game_id=game.id, user=bob, token=game.invite_token)
    client.force_login(make_user("eve"))

    wrong = client.get(reverse("games:invite", args=[game.id, "anything"]))
    mailed = client.post(reverse("games:invite_mail", args=[game.id]), {"addresses": ""})

    assert (wrong.status_code, mailed.status_code) == (404, 404)
    for response in (wrong, mailed):
        assert "Alice secret table" not in response.content.decode()
    client.force_login(bob)  # a seat of it sees its lobby through any link
    assert client.get(reverse("games:invite", args=[game.id, "anything"])).status_code == 200
