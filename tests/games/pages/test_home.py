"""The home page: an invitation to sign up, and a player's games with why they wait."""

import pytest
from django.urls import reverse

from games.services.lobby import game_create
from tests.games.helpers import awaited
from tests.helpers import user_at


@pytest.mark.django_db
def test_home_page_invites_an_anonymous_visitor_to_sign_up(anonymous_client):
    response = anonymous_client.get(reverse("games:home"))

    assert response.status_code == 200
    assert f'href="{reverse("account_signup")}"' in response.content.decode()


@pytest.mark.django_db
def test_my_games_says_why_a_game_waits_for_me(client, started_game):
    position, user, _ = awaited(started_game)
    client.force_login(user)
    html = client.get(reverse("games:home")).content.decode()
    assert "your turn" in html
    client.force_login(user_at(started_game, (position + 1) % 3))
    html = client.get(reverse("games:home")).content.decode()
    assert "your turn" not in html
    assert "waiting for" in html


@pytest.mark.django_db
def test_the_lobby_keeps_a_pinned_number_of_queries(
    client, alice, bob, started_game, django_assert_max_num_queries
):
    for _ in range(3):
        game_create(user=bob, edition="amigo-classic", players=4, options={})
    client.force_login(alice)
    # session, user, my games and their seats, the open games and their seats, what the open
    # games are now (the version the lobby's stream starts from), and the challenges made to
    # her (the bot API's part of the page)
    with django_assert_max_num_queries(8):
        response = client.get(reverse("games:home"))
    assert response.status_code == 200
