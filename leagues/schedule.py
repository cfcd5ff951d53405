"""A group's schedule: tables of the season's size on which everyone meets everyone, with the
seats and the start player rotated.

Tables are chosen greedily: each next table is the one that seats the most pairs of players
who have not met yet, and of those the one whose players have played least (then the first in
order, so that a schedule is the same every time). The seats of each table are then given so
that every player sits in each position as evenly as the schedule allows, the start position
(0) weighing most: nobody starts a second game before everyone who can has started one.

A group of as many players as a table plays that table once per seat, each player starting
once and sitting once in every position. A group of 8 at tables of 4 plays 6 games of 3
rounds: {0,1,2,3} {4,5,6,7}, then {0,1,4,5} {2,3,6,7}, then {0,1,6,7} {2,3,4,5}. Every player
plays 3 games, meets every other player, and meets one partner (0 and 1, 2 and 3, ...) in all
3: 28 pairs need at least 5 tables of 4, and 6 tables is the fewest that give everyone the
same number of games. 6 games have 6 start players, so 2 of the 8 start none, and nobody
starts twice; every player's 3 games put them in 3 different positions.
"""

from itertools import combinations, permutations

# Weight of one more start over one more game in another position: starting matters most.
START_WEIGHT = 100


def schedule(players: int, table: int) -> list[list[int]]:
    """Games for players 0..players-1, each a list of players by position (0 starts)."""
    if not 2 <= table <= players:
        raise ValueError(f"A group of {players} cannot play at tables of {table}.")
    if players == table:
        return _seated([list(range(table))] * table, players)
    unmet = {pair for pair in combinations(range(players), 2)}
    games_of = [0] * players
    tables: list[tuple[int, ...]] = []
    while unmet:
        best = max(
            combinations(range(players), table),
            key=lambda seats: (
                sum(pair in unmet for pair in combinations(seats, 2)),
                -sum(games_of[player] for player in seats),
            ),
        )
        tables.append(best)
        unmet -= set(combinations(best, 2))
        for player in best:
            games_of[player] += 1
    return _seated([list(seats) for seats in tables], players)


def _seated(tables: list[list[int]], players: int) -> list[list[int]]:
    """Each table's players put in the order that spreads positions and starts most evenly."""
    size = len(tables[0])
    sat = [[0] * size for _ in range(players)]
    games = []
    for players_at_table in tables:
        order = min(
            permutations(players_at_table),
            key=lambda order: sum(
                sat[player][position] * (START_WEIGHT if position == 0 else 1)
                for position, player in enumerate(order)
            ),
        )
        for position, player in enumerate(order):
            sat[player][position] += 1
        games.append(list(order))
    return games
