"""A league's games are watched by the league's players, and a public league's by anyone, as
an onlooker sees a game: no hand, no button to move."""

import pytest
from django.urls import reverse

from games.models import Game
from leagues.services import leagues as services

pytestmark = pytest.mark.django_db


def league_of_five(organiser, players, *, is_public=False):
    """A season of five players at tables of four started: each game leaves one of them out."""
    league = services.league_create(
        user=organiser,
        name="Bean Counters",
        edition="amigo-1997",
        players=4,
        group_size=5,
        is_public=is_public,
    )
    season = league.seasons.get()
    for user in players:
        services.season_sign_up(season_id=season.id, user=user, token=league.invite_token)
    services.season_start(season_id=season.id, user=organiser)
    return Game.objects.filter(league_game__group__season=season)


def game_without(games, user) -> Game:
    return next(game for game in games if not game.seats.filter(user=user).exists())


@pytest.fixture
def erin(django_user_model):
    return django_user_model.objects.create_user(username="erin", email="erin@example.com")


@pytest.fixture
def frank(django_user_model):
    return django_user_model.objects.create_user(username="frank", email="frank@example.com")


def test_a_league_player_watches_a_game_of_the_league_they_have_no_seat_at(
    client, alice, bob, carol, dave, erin
):
    games = league_of_five(alice, [alice, bob, carol, dave, erin])
    game = game_without(games, erin)
    client.force_login(erin)

    page = client.get(reverse("games:game", args=[game.id]))
    poll = client.get(reverse("games:poll", args=[game.id]), {"since": game.seq})
    log = client.get(reverse("games:log", args=[game.id]))

    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="hand"' not in html and "Your hand" not in html
    assert poll.status_code == 204
    assert log.status_code == 200


def test_a_private_leagues_game_stays_hidden_from_a_stranger(
    client, alice, bob, carol, dave, erin, frank
):
    games = league_of_five(alice, [alice, bob, carol, dave, erin])
    client.force_login(frank)

    assert client.get(reverse("games:game", args=[games[0].id])).status_code == 404
    poll = client.get(reverse("games:poll", args=[games[0].id]), {"since": games[0].seq})
    assert poll.status_code == 404


def test_a_public_leagues_game_is_watched_by_anyone(
    client, admin_user, alice, bob, carol, dave, erin
):
    games = league_of_five(admin_user, [alice, bob, carol, dave, erin], is_public=True)

    assert client.get(reverse("games:game", args=[games[0].id])).status_code == 200
