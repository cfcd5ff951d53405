"""An event's standings, from its tables' results: a pure function, no Django.

Points come from placings: a seat scores one point for every seat of the event's table size
finished behind it, so an empty seat at a table one smaller counts as finishing last (at tables
of 4, the places give 3, 2, 1 and 0 points, and a table of 3 gives 3, 2 and 1). A bye scores half
a win's points, rounded up, and no coins. Players level on points are ordered by their coins
(the score of every game, added up), then by the rules' own tie-break (how many table-mates
level on coins they finished ahead of, as the edition breaks a tie), then by a Buchholz-like sum
(the points of every opponent met, once for every table shared). Players level on all four
share a place. A knockout's standings put first how far a player came, then their place at the
last table they played, then the same four.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Result:
    """One player's result in one round: their seat at a table, or a bye."""

    user: int
    round: int
    place: int = 0
    coins: int = 0
    # Table-mates level on coins this player finished ahead of: the rules' tie-break.
    ahead_on_coins: int = 0
    opponents: tuple[int, ...] = ()
    bye: bool = False


@dataclass
class Line:
    user: int
    points: int = 0
    coins: int = 0
    rules: int = 0
    buchholz: int = 0
    played: int = 0
    byes: int = 0
    # The last round the player played or had a bye in, and their place at that table.
    reached: int = 0
    last_place: int = 0
    opponents: list[int] = field(default_factory=list)
    place: int = 0
    tied: bool = False


def points_for(place: int, size: int) -> int:
    """A seat's points: one for every seat of a full table finished behind it."""
    return size - place


def bye_points(size: int) -> int:
    """Half a win's points (size - 1), rounded up."""
    return size // 2


def table_results(round_number: int, seats: list[tuple[int, int, int]]) -> list[Result]:
    """The results of one finished table, from its seats' (user, place, coins)."""
    users = [user for user, _place, _coins in seats]
    return [
        Result(
            user=user,
            round=round_number,
            place=place,
            coins=coins,
            ahead_on_coins=sum(
                1 for _u, other, theirs in seats if theirs == coins and other > place
            ),
            opponents=tuple(other for other in users if other != user),
        )
        for user, place, coins in seats
    ]


def standings(
    players: list[int], results: Iterable[Result], size: int, knockout: bool = False
) -> list[Line]:
    """The lines, best first and placed. `players` in their seeded order, which orders the
    lines that share a place."""
    lines = {user: Line(user=user) for user in players}
    for result in results:
        line = lines[result.user]
        if result.bye:
            line.points += bye_points(size)
            line.byes += 1
        else:
            line.points += points_for(result.place, size)
            line.coins += result.coins
            line.rules += result.ahead_on_coins
            line.played += 1
            line.opponents += result.opponents
        if result.round >= line.reached:
            line.reached, line.last_place = result.round, 0 if result.bye else result.place
    for line in lines.values():
        line.buchholz = sum(lines[other].points for other in line.opponents if other in lines)
    seeded = {user: index for index, user in enumerate(players)}
    key = knockout_key if knockout else swiss_key
    ordered = sorted(lines.values(), key=lambda line: (key(line), seeded[line.user]))
    for index, line in enumerate(ordered):
        before = ordered[index - 1] if index else None
        if before is not None and key(before) == key(line):
            line.place, line.tied, before.tied = before.place, True, True
        else:
            line.place = index + 1
    return ordered


def swiss_key(line: Line) -> tuple:
    return (-line.points, -line.coins, -line.rules, -line.buchholz)


def knockout_key(line: Line) -> tuple:
    return (-line.reached, line.last_place, *swiss_key(line))
