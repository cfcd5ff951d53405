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
# Other apps' parts of a player's page (a tournament's results), each a callable of the
# player's id giving the template that shows it and that template's context, or None: they
# register here, as the leagues do with the games' watch rules, so that the leagues never
# import them.
_SECTIONS: list = []
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
    is_bot: bool
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
    profile = Profile.objects.filter(user_id=user_id).only("display_name", "is_bot").first()
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
    recent = (
        SeatResult.objects.filter(user_id=user_id)
        .select_related("game")
        .annotate(shown=_shown_to(viewer))
        .order_by("-finished_at", "-game_id")[:RECENT_GAMES]
    )
    return PlayerPage(
        user_id=user_id,
        name=profile.display_name,
        is_bot=profile.is_bot,
        pools=_histories(user_id, viewer),
        recent=list(recent),
        played=results["played"],
        wins=results["wins"],
        average_coins=results["average_coins"],
        average_points=results["average_points"],
        moves=results["moves"],
        timeouts=results["timeouts"],
    )


def _shown_to(viewer) -> ExpressionWrapper:
    """Whether `viewer` may see the row's game by name: one open to anyone, one they sat at,
    or one of a league they may see (a game only for people with its link is named to its seats
    and to those who may see its league alone)."""
    viewer_seat = Seat.objects.filter(
        game=OuterRef("game_id"), user_id=viewer.pk if viewer.is_authenticated else None
    )
    viewer_league = League.objects.filter(
        seen_by(viewer), seasons__groups__games__game_id=OuterRef("game_id")
    )
    return ExpressionWrapper(
        Q(game__is_open=True) | Exists(viewer_seat) | Exists(viewer_league),
        output_field=BooleanField(),
    )


def _histories(user_id: int, viewer) -> list[PoolHistory]:
    """Each pool the player is rated in, with the rated games that made its values (each
    with `shown` for `viewer`), from the value before the first."""
    changes: dict[str, list[RatingChange]] = {}
    rows = (
        RatingChange.objects.filter(user_id=user_id)
        .select_related("game")
        .annotate(shown=_shown_to(viewer))
        .order_by("rated_at", "game_id")
    )
    for change in rows:
        changes.setdefault(change.pool, []).append(change)
    ratings = Rating.objects.filter(user_id=user_id, pool__in=changes).order_by("-games")
    return [
        PoolHistory(
            POOLS[rating.pool],
            rating,
            line_chart(changes[rating.pool][0].value_before, changes[rating.pool]),
        )
        for rating in ratings
    ]


def add_profile_section(section) -> None:
    _SECTIONS.append(section)


def profile_sections(*, user_id: int) -> list[tuple[str, dict]]:
    """The other apps' parts of the player's page, as (template, context)."""
    return [shown for section in _SECTIONS if (shown := section(user_id)) is not None]
