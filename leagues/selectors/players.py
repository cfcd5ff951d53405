"""A player's public profile: ratings with their history, recent games and reliability (over
finished games).

Only what anyone may see: the display name, finished games' results, counts of moves. No
address, no running game's cards."""

from dataclasses import dataclass

from django.db.models import (
    Avg,
    BooleanField,
    Count,
    Exists,
    ExpressionWrapper,
    OuterRef,
    Q,
    Sum,
)

from games.models import Profile, Seat
from leagues.charts import LineChart, line_chart
from leagues.models import League, Rating, RatingChange, SeatResult
from leagues.pools import FAMILIES, POOLS, Pool

from .leagues import seen_by

RECENT_GAMES = 10
# The editions scored in victory points rather than coins.
CONQUESTS = [edition for edition, family in FAMILIES.items() if family == "bohnaparte"]


@dataclass(frozen=True)
class PoolHistory:
    pool: Pool
    rating: Rating
    chart: LineChart


@dataclass
class PlayerPage:
    user_id: int
    name: str
    pools: list[PoolHistory]
    recent: list[SeatResult]
    played: int
    wins: int
    # Coins in Bohnanza, victory points in Bohnaparte: two averages, never one of both.
    average_coins: float | None
    average_points: float | None
    moves: int
    timeouts: int

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.played if self.played else None

    @property
    def timeouts_per_100_moves(self) -> float | None:
        return 100 * self.timeouts / self.moves if self.moves else None


def player_page(*, user_id: int, viewer) -> PlayerPage | None:
    """The profile of the player with that id, or None if there is no such player. A game of
    the recent ones that `viewer` may not watch (one only for people with its link, where
    they had no seat, outside a league they may see) is listed without its name (`shown` False)."""
    profile = Profile.objects.filter(user_id=user_id).only("display_name").first()
    if profile is None:
        return None
    conquest = Q(game__edition__in=CONQUESTS)
    results = SeatResult.objects.filter(user_id=user_id).aggregate(
        played=Count("id"),
        wins=Count("id", filter=Q(place=1)),
        average_coins=Avg("score", filter=~conquest),
        average_points=Avg("score", filter=conquest),
        moves=Sum("moves", default=0),
        timeouts=Sum("timeouts", default=0),
    )
    viewer_seat = Seat.objects.filter(
        game=OuterRef("game_id"), user_id=viewer.pk if viewer.is_authenticated else None
    )
    viewer_league = League.objects.filter(
        seen_by(viewer), seasons__groups__games__game_id=OuterRef("game_id")
    )
    recent = (
        SeatResult.objects.filter(user_id=user_id)
        .select_related("game")
        .annotate(
            shown=ExpressionWrapper(
                Q(game__is_open=True) | Exists(viewer_seat) | Exists(viewer_league),
                output_field=BooleanField(),
            )
        )
        .order_by("-finished_at", "-game_id")[:RECENT_GAMES]
    )
    return PlayerPage(
        user_id=user_id,
        name=profile.display_name,
        pools=_histories(user_id),
        recent=list(recent),
        played=results["played"],
        wins=results["wins"],
        average_coins=results["average_coins"],
        average_points=results["average_points"],
        moves=results["moves"],
        timeouts=results["timeouts"],
    )


def _histories(user_id: int) -> list[PoolHistory]:
    """Each pool the player is rated in, with the values their rated games gave, from the
    value before the first."""
    values: dict[str, list[int]] = {}
    changes = RatingChange.objects.filter(user_id=user_id).order_by("rated_at", "game_id")
    for pool, before, after in changes.values_list("pool", "value_before", "value"):
        values.setdefault(pool, [before]).append(after)
    ratings = Rating.objects.filter(user_id=user_id, pool__in=values).order_by("-games")
    return [
        PoolHistory(POOLS[rating.pool], rating, line_chart(values[rating.pool]))
        for rating in ratings
    ]
