"""The leagues a visitor may see, and one league's page: its current season (sign-up or
tables and schedule) and its past seasons."""

import secrets
from dataclasses import dataclass

from django.db.models import Q

from games import engine
from games.clocks import timecontrol
from leagues.models import Entry, League, Season
from leagues.standings import Line

from .seasons import GroupTable, season_tables

SORTS = {
    "place": lambda line: (line.place, line.name),
    "name": lambda line: line.name.casefold(),
    "points": lambda line: (-line.points, line.place),
    "score": lambda line: (-line.score, line.place),
    "rating": lambda line: (-line.rating, line.place),
    "played": lambda line: (-line.played, line.place),
}


@dataclass
class LeaguePage:
    league: League
    edition: str
    time_control: str
    season: Season
    seasons: list[Season]
    entries: list[str]
    tables: list[GroupTable]
    signed_up: bool
    organiser: bool
    sort: str


def seen_by(user) -> Q:
    """Leagues a visitor may see: public ones, and the private ones they organise or play in."""
    seen = Q(is_public=True)
    if user.is_authenticated:
        seen |= Q(organiser=user) | Q(seasons__entries__user=user)
    return seen


def visible_leagues(*, user) -> list[League]:
    """Public leagues, and the private ones the user organises or plays in."""
    return list(League.objects.filter(seen_by(user)).distinct().order_by("-is_public", "name"))


def may_watch_game(game_id: int, user) -> bool:
    """A league's game is watched by whoever may see the league (anyone, for a public one),
    as an onlooker: the games' rule for games only for people with the link."""
    league = League.objects.filter(seasons__groups__games__game_id=game_id)
    return league.filter(seen_by(user)).exists()


def user_leagues(*, user_id: int, viewer) -> list[League]:
    """Leagues with a season the player signed up for that has not ended, as far as the
    viewer may see them: a private league is named only to its own players and organiser."""
    return list(
        League.objects.filter(
            seasons__entries__user_id=user_id,
            seasons__status__in=[Season.Status.SIGNUP, Season.Status.RUNNING],
        )
        .filter(id__in=League.objects.filter(seen_by(viewer)).values("id"))
        .distinct()
        .order_by("name")
    )


def may_see(league: League, user, token: str | None) -> bool:
    if league.is_public or (user.is_authenticated and league.organiser_id == user.pk):
        return True
    if isinstance(token, str) and secrets.compare_digest(
        token.encode(), league.invite_token.encode()
    ):
        return True
    return user.is_authenticated and Entry.objects.filter(season__league=league, user=user).exists()


def league_page(
    *, league: League, user, number: int | None = None, sort: str = "place"
) -> LeaguePage | None:
    """The league with the season numbered `number` (the latest if none), or None when there
    is no such season."""
    seasons = list(league.seasons.order_by("-number"))
    season = next((s for s in seasons if number in (None, s.number)), None)
    if season is None:
        return None
    sort = sort if sort in SORTS else "place"
    tables = season_tables(season=season) if season.status != Season.Status.SIGNUP else []
    for table in tables:
        table.lines.sort(key=SORTS[sort])
    entries = list(
        season.entries.order_by("created_at", "id").values_list(
            "user_id", "user__profile__display_name"
        )
    )
    me = user.pk if user.is_authenticated else None
    return LeaguePage(
        league=league,
        edition=engine.EDITIONS[league.edition].title(league.players),
        time_control=timecontrol.PRESETS[league.time_control].label,
        season=season,
        seasons=seasons,
        entries=[name or "" for _, name in entries],
        tables=tables,
        signed_up=any(user_id == me for user_id, _ in entries),
        organiser=me == league.organiser_id,
        sort=sort,
    )


def standings_rows(*, tables: list[GroupTable]) -> list[dict]:
    """Every group's table in rows for the exports."""
    return [_row(table.division, line) for table in tables for line in table.lines]


def _row(division: int, line: Line) -> dict:
    return {
        "division": division,
        "place": line.place,
        "tied": line.tied,
        "player": line.name,
        "played": line.played,
        "points": line.points,
        "score": line.score,
        "head_to_head": line.head_to_head,
        "rating": line.rating,
    }
