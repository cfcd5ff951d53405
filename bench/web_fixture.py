"""A started 3-player game for the web benchmark, seen by its first player."""

from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.presence import presence_token


def started_game() -> tuple[int, int, str, str]:
    """The game's id and seq, the first player's session and their page's presence token."""
    users = [
        get_user_model().objects.get_or_create(
            username=f"bench-{name}", defaults={"email": f"{name}@bench.invalid"}
        )[0]
        for name in ("alice", "bob", "carol")
    ]
    alice, *others = users
    game = services.game_create(user=alice, edition="rio-grande", players=3, options={})
    for user in others:
        services.seat_join(game_id=game.id, user=user)
    game = services.game_start(game_id=game.id, user=alice)
    client = Client()
    client.force_login(alice)
    seat = game.seats.get(user=alice)
    session = client.cookies["sessionid"].value
    return game.id, game.seq, session, presence_token(seat.id, session)
