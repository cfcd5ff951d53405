"""Events brought through their life by the services, their games played to the end by bots
through the games' move service (from the deck's last pass, the fastest way there, with coins
harvested before it drawn by lot, so that the standings have something to order)."""

import random
from datetime import timedelta

from django.utils import timezone

from games import engine
from games.models import Game
from tests.helpers import make_user
from tests.leagues.helpers import played_to_the_end
from tournaments.models import Tournament
from tournaments.services.events import tournament_check_in, tournament_create, tournament_sign_up
from tournaments.services.rounds import tournament_advance


def players(count: int, prefix: str = "player") -> list:
    return [make_user(f"{prefix}{number:02d}") for number in range(1, count + 1)]


def event(organiser, **chosen) -> Tournament:
    now = timezone.now()
    settings = {
        "name": "Winter Swiss",
        "format": Tournament.Format.SWISS,
        "edition": "amigo-1997",
        "table_size": 4,
        "time_control": "fast",
        "rounds": 3,
        "limit": 64,
        "starts_at": now + timedelta(hours=1),
        "now": now,
    }
    return tournament_create(user=organiser, **{**settings, **chosen})


def started(tournament: Tournament, users: list) -> Tournament:
    """Everyone signed up and checked in, and the start come."""
    for user in users:
        tournament_sign_up(tournament_id=tournament.id, user=user)
        tournament_check_in(tournament_id=tournament.id, user=user)
    return tournament_advance(tournament_id=tournament.id, now=tournament.starts_at)


def round_games(tournament: Tournament, number: int) -> list[Game]:
    return list(
        Game.objects.filter(
            tournament_table__round__tournament=tournament, tournament_table__round__number=number
        ).order_by("tournament_table__number")
    )


def round_played(tournament: Tournament, number: int) -> Tournament:
    """Every game of the round played to its end by bots, then the event's next step."""
    chance = random.Random(f"{tournament.id}/{number}")
    for game in round_games(tournament, number):
        state = engine.from_dict(game.state)
        # Coins are cards: taken from the deck, so that every card stays in one place.
        state.coins = [
            [state.deck.pop() for _ in range(chance.randrange(0, 10))] for _ in range(game.players)
        ]
        Game.objects.filter(pk=game.pk).update(state=engine.to_dict(state))
        played_to_the_end(game)
    return tournament_advance(tournament_id=tournament.id, now=timezone.now())
