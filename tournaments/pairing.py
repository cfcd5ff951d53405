"""Seating a round: a pure function of the standings and a seed, no Django.

Tables. A round seats its field at tables of the event's size. Where the field does not divide,
some tables are one seat smaller (when the edition is played by one player fewer), rather than
anyone sitting out: 10 players at tables of 4 play at a table of 4 and two of 3. Only a field too
small for that (5 at tables of 4), or an event of Duels, leaves players out with a bye.

Swiss. Players are taken in the order of the standings (players level on every tie-break in an
order the seed shuffles, so the first round is drawn by lot). Byes go to the lowest placed
players who have not had one. Then each table, from the top, seats the best placed player left
with the next best who have met none of the table before; where that leads nowhere the search
goes back and tries the next, so a field that can be seated without a repeated pair is. The
search looks at the next WINDOW players for each seat and gives up after BUDGET tables tried:
then each seat takes, of the next players, the one who met the table's players least.

Knockout. The field, in the order of the standings, is dealt to the tables snake-wise (the
first to the last table, then back), so that every table is as strong as the others. Byes go
to the best placed players. The best of each table go through (or the best of the whole round,
as many), byes too, until a field fits one table: the final.

In every table the seed draws who sits where (and so who starts).
"""

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

# How many players, in order, each seat of a Swiss table is chosen among.
WINDOW = 24
# Tables tried before the Swiss search settles for the fewest repeated pairs.
BUDGET = 20_000


@dataclass(frozen=True)
class Seating:
    tables: list[list[int]]
    byes: list[int]


class _OutOfBudget(Exception):
    pass


def table_sizes(players: int, size: int, smaller: bool) -> tuple[list[int], int]:
    """The sizes of a round's tables (full ones first) and how many players have a bye.
    `smaller`: a table one seat smaller may be played (the edition allows it)."""
    tables = -(-players // size)
    if smaller and size > 2 and players >= tables * (size - 1):
        full = players - tables * (size - 1)
        return [size] * full + [size - 1] * (tables - full), 0
    return [size] * (players // size), players % size


def ordered(ranked: Sequence[Sequence[int]], seed: str) -> list[int]:
    """The players in order of the standings: `ranked` is the standings' groups of players
    level on every tie-break, best first; the seed shuffles each group."""
    chance = random.Random(f"order/{seed}")
    order: list[int] = []
    for group in ranked:
        level = list(group)
        chance.shuffle(level)
        order += level
    return order


def swiss(
    ranked: Sequence[Sequence[int]],
    *,
    met: set[frozenset[int]],
    had_bye: Iterable[int],
    size: int,
    smaller: bool,
    seed: str,
) -> Seating:
    """A Swiss round's tables and byes. `met`: the pairs who sat at a table together before."""
    order = ordered(ranked, seed)
    sizes, bye_count = table_sizes(len(order), size, smaller)
    byes = _byes(order, bye_count, set(had_bye))
    field = [user for user in order if user not in byes]
    try:
        tables = _search(field, sizes, met)
    except _OutOfBudget:
        tables = _fewest_repeats(field, sizes, met)
    return Seating(tables=_seated(tables, seed), byes=byes)


def _byes(order: list[int], count: int, had_bye: set[int]) -> list[int]:
    """The lowest placed who have had no bye; everyone has had one: the lowest placed."""
    if not count:
        return []
    fresh = [user for user in reversed(order) if user not in had_bye]
    rest = [user for user in reversed(order) if user in had_bye]
    return (fresh + rest)[:count]


def _search(field: list[int], sizes: list[int], met: set[frozenset[int]]) -> list[list[int]]:
    tried = 0
    tables: list[list[int]] = []
    # Recursion goes one level a table: 250 tables of a thousand players stay well within
    # Python's limit.

    def fill(left: list[int], index: int) -> bool:
        nonlocal tried
        if index == len(sizes):
            return True
        first, rest = left[0], left[1:]
        for others in combinations(rest[:WINDOW], sizes[index] - 1):
            tried += 1
            if tried > BUDGET:
                raise _OutOfBudget
            table = (first, *others)
            if any(frozenset(pair) in met for pair in combinations(table, 2)):
                continue
            tables.append(list(table))
            chosen = set(others)
            if fill([user for user in rest if user not in chosen], index + 1):
                return True
            tables.pop()
        return False

    if fill(field, 0):
        return tables
    raise _OutOfBudget


def _fewest_repeats(
    field: list[int], sizes: list[int], met: set[frozenset[int]]
) -> list[list[int]]:
    left = list(field)
    tables = []
    for table_size in sizes:
        table = [left.pop(0)]
        while len(table) < table_size:
            window = left[:WINDOW]
            best = min(
                range(len(window)),
                key=lambda i: sum(frozenset((window[i], user)) in met for user in table),
            )
            table.append(left.pop(best))
        tables.append(table)
    return tables


def knockout(ranked: Sequence[Sequence[int]], *, size: int, smaller: bool, seed: str) -> Seating:
    """A knockout round's tables, dealt snake-wise, and its byes (to the best placed)."""
    order = ordered(ranked, seed)
    sizes, bye_count = table_sizes(len(order), size, smaller)
    byes, field = order[:bye_count], order[bye_count:]
    tables: list[list[int]] = [[] for _ in sizes]
    index, step = 0, 1
    for user in field:
        while len(tables[index]) == sizes[index]:
            index, step = _next_table(index, step, len(sizes))
        tables[index].append(user)
        index, step = _next_table(index, step, len(sizes))
    return Seating(tables=_seated(tables, seed), byes=byes)


def _next_table(index: int, step: int, count: int) -> tuple[int, int]:
    if 0 <= index + step < count:
        return index + step, step
    return index, -step


def knockout_through(
    tables: list[list[tuple[int, int, int, int]]], *, through: int, by_table: bool
) -> list[int]:
    """Who goes on from a knockout round's tables, each a list of (user, place, coins, rank in
    the standings): the best `through` of each table, or as many of the whole round's, by
    place, then coins, then the standings."""

    def best(seats):
        return sorted(seats, key=lambda seat: (seat[1], -seat[2], seat[3]))

    if by_table:
        return [seat[0] for table in tables for seat in best(table)[:through]]
    return [seat[0] for seat in best([seat for table in tables for seat in table])][
        : through * len(tables)
    ]


def knockout_rounds(players: int, size: int, smaller: bool, through: int) -> int:
    """How many rounds a knockout of this field plays, the final (one table, no bye)
    included."""
    rounds = 0
    while True:
        sizes, byes = table_sizes(players, size, smaller)
        if not sizes:
            return rounds
        rounds += 1
        if len(sizes) == 1 and not byes:
            return rounds
        left = through * len(sizes) + byes
        if left >= players:
            raise ValueError("A knockout must leave someone out of each table.")
        players = left


def _seated(tables: list[list[int]], seed: str) -> list[list[int]]:
    chance = random.Random(f"seats/{seed}")
    seated = []
    for table in tables:
        order = list(table)
        chance.shuffle(order)
        seated.append(order)
    return seated
