"""A season's tables: each group's standings, its games with their results or what they wait
for, in a fixed number of queries whatever the season's size."""

from collections import defaultdict
from dataclasses import dataclass

from games.models import Deadline, Game, Seat
from leagues.models import Entry, LeagueGame, Rating, Season, SeatResult
from leagues.pools import pool_of
from leagues.standings import Line, standings


@dataclass(frozen=True)
class Result:
    user_id: int
    name: str
    place: int
    score: int


@dataclass
class ScheduledGame:
    game_id: int
    number: int
    finished: bool
    seats: list[str]
    results: list[Result]
    waiting_for: list[str]


@dataclass
class GroupTable:
    division: int
    lines: list[Line]
    games: list[ScheduledGame]


def season_tables(*, season: Season) -> list[GroupTable]:
    """Every group of the season, top division first."""
    pool = pool_of(season.edition, season.players)
    ratings = dict(
        Rating.objects.filter(
            pool=pool.key if pool else "", user__entry__season=season
        ).values_list("user_id", "value")
    )
    names: dict[int, str] = {}
    lines: dict[int, list[Line]] = defaultdict(list)
    entries = (
        Entry.objects.filter(season=season, group__isnull=False)
        .order_by("group__division", "user_id")
        .values_list("group__division", "user_id", "user__profile__display_name")
    )
    for division, user_id, name in entries:
        names[user_id] = name or ""
        lines[division].append(Line(user_id, names[user_id], ratings.get(user_id, 0)))
    scheduled = _scheduled(season, names)
    return [
        GroupTable(
            division,
            standings(
                group_lines,
                [
                    [(result.user_id, result.place, result.score) for result in game.results]
                    for game in scheduled[division]
                    if game.finished
                ],
                season.players,
            ),
            scheduled[division],
        )
        for division, group_lines in lines.items()
    ]


def _scheduled(season: Season, names: dict[int, str]) -> dict[int, list[ScheduledGame]]:
    """The season's games by division: who sits where, the results of those that ended, and
    whom each running game waits for (the seats with an open deadline)."""
    rows = list(
        LeagueGame.objects.filter(group__season=season)
        .order_by("group__division", "number")
        .values_list("game_id", "number", "group__division", "game__status")
    )
    ids = [row[0] for row in rows]
    seats = defaultdict(list)
    for game_id, user_id in (
        Seat.objects.filter(game_id__in=ids)
        .order_by("game_id", "position")
        .values_list("game_id", "user_id")
    ):
        seats[game_id].append(names.get(user_id, ""))
    results = defaultdict(list)
    for game_id, user_id, place, score in (
        SeatResult.objects.filter(game_id__in=ids)
        .order_by("game_id", "place", "position")
        .values_list("game_id", "user_id", "place", "score")
    ):
        results[game_id].append(Result(user_id, names.get(user_id, ""), place, score))
    waiting = defaultdict(list)
    for game_id, name in (
        Deadline.objects.filter(game_id__in=ids, done=False)
        .order_by("game_id", "seat__position")
        .values_list("game_id", "seat__name")
        .distinct()
    ):
        waiting[game_id].append(name)
    by_division: dict[int, list[ScheduledGame]] = defaultdict(list)
    for game_id, number, division, status in rows:
        by_division[division].append(
            ScheduledGame(
                game_id=game_id,
                number=number,
                finished=status == Game.Status.FINISHED,
                seats=seats[game_id],
                results=results[game_id],
                waiting_for=waiting[game_id],
            )
        )
    return by_division
