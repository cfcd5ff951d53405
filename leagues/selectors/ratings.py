"""Leaderboards: a pool's ratings, best first, for players with enough games in it."""

from dataclasses import dataclass

from leagues.models import Rating
from leagues.pools import LEADERBOARD_MIN_GAMES

# A leaderboard shows this many players at most; the exports give everyone.
LEADERBOARD_SIZE = 100


@dataclass(frozen=True)
class Standing:
    place: int
    user_id: int
    name: str
    value: int
    mu: float
    sigma: float
    games: int
    wins: int
    is_bot: bool = False


def leaderboard(*, pool: str, limit: int | None = LEADERBOARD_SIZE) -> list[Standing]:
    """Players with at least LEADERBOARD_MIN_GAMES games in the pool, by displayed rating;
    equal ratings share a place."""
    rows = (
        Rating.objects.filter(pool=pool, games__gte=LEADERBOARD_MIN_GAMES)
        .order_by("-value", "user__profile__display_name", "user_id")
        .values_list(
            "user_id",
            "user__profile__display_name",
            "value",
            "mu",
            "sigma",
            "games",
            "wins",
            "user__profile__is_bot",
        )
    )
    standings: list[Standing] = []
    for index, (user_id, name, value, mu, sigma, games, wins, is_bot) in enumerate(rows[:limit]):
        tied = standings and standings[-1].value == value
        place = standings[-1].place if tied else index + 1
        standings.append(
            Standing(place, user_id, name or "", value, mu, sigma, games, wins, bool(is_bot))
        )
    return standings
