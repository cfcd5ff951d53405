"""A group's table: points by finishing place in each game, then total score, then the games
between the players still level (head-to-head), then the rating. Players level on all four
share a place."""

from dataclasses import dataclass
from itertools import groupby


@dataclass
class Line:
    user_id: int
    name: str
    rating: int
    played: int = 0
    points: int = 0
    score: int = 0
    head_to_head: int = 0
    place: int = 0
    tied: bool = False


def points_for(place: int, table: int) -> int:
    """A game's points: one for every seat finished behind (a shared place scores alike)."""
    return table - place


def standings(lines: list[Line], games: list[list[tuple[int, int, int]]], table: int) -> list[Line]:
    """The lines ordered and placed, from the finished games' results, each a list of
    (user id, place, score)."""
    by_user = {line.user_id: line for line in lines}
    for results in games:
        for user_id, place, score in results:
            line = by_user[user_id]
            line.played += 1
            line.points += points_for(place, table)
            line.score += score
    ordered: list[Line] = []
    level = sorted(lines, key=lambda line: (-line.points, -line.score))
    for _, cluster in groupby(level, key=lambda line: (line.points, line.score)):
        ordered += _between(list(cluster), games)
    for index, line in enumerate(ordered):
        before = ordered[index - 1] if index else None
        if before and _key(before) == _key(line):
            line.place, line.tied, before.tied = before.place, True, True
        else:
            line.place = index + 1
    return ordered


def _between(cluster: list[Line], games: list[list[tuple[int, int, int]]]) -> list[Line]:
    """Players level on points and score, ordered by the games among them (a point for each
    of them finished ahead of in a game they both played), then by rating."""
    ids = {line.user_id for line in cluster}
    for line in cluster:
        line.head_to_head = 0
    if len(cluster) > 1:
        for results in games:
            places = {user_id: place for user_id, place, _ in results if user_id in ids}
            for line in cluster:
                if line.user_id in places:
                    mine = places[line.user_id]
                    line.head_to_head += sum(1 for other in places.values() if other > mine)
    return sorted(cluster, key=lambda line: (-line.head_to_head, -line.rating, line.name))


def _key(line: Line) -> tuple:
    return (line.points, line.score, line.head_to_head, line.rating)
