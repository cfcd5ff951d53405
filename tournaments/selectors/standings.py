"""An event's standings after any round, read in two queries and put in order by the pure
`tournaments.standings`."""

from collections import defaultdict

from tournaments.models import Entry, Placing, Tournament
from tournaments.standings import Line, Result, standings


def seeded(tournament: Tournament) -> list[tuple[int, str]]:
    """Everyone who was ever in the field, as (user id, status), in the seeded order: rating
    at the start, then sign-up. Players who never got a place (the waiting list) are left
    out. Ids, not rows: a thousand players' rows cost more than the rest of a page."""
    rows = tournament.entries.exclude(status=Entry.Status.WAITING).values_list(
        "user_id", "status", "rating", "created_at", "id"
    )
    return [
        (user_id, status)
        for user_id, status, *_order in sorted(rows, key=lambda row: (-row[2], row[3], row[4]))
    ]


def results(tournament: Tournament, upto: int | None = None) -> list[Result]:
    """The results of the finished tables and the byes of the rounds up to `upto`."""
    rows = Placing.objects.filter(round__tournament=tournament)
    if upto is not None:
        rows = rows.filter(round__number__lte=upto)
    rows = list(
        rows.values_list("round__number", "user_id", "table_id", "place", "coins", "ahead_on_coins")
    )
    at_table = defaultdict(list)
    for _number, user_id, table_id, place, _coins, _ahead in rows:
        if table_id is not None and place is not None:
            at_table[table_id].append(user_id)
    return [
        Result(user=user_id, round=number, bye=True)
        if table_id is None
        else Result(
            user=user_id,
            round=number,
            place=place,
            coins=coins,
            ahead_on_coins=ahead,
            opponents=tuple(other for other in at_table[table_id] if other != user_id),
        )
        for number, user_id, table_id, place, coins, ahead in rows
        if table_id is None or place is not None
    ]


def event_standings(
    tournament: Tournament, upto: int | None = None, order: list[tuple[int, str]] | None = None
) -> list[Line]:
    """The standings after round `upto` (after every round played so far: none); `order`:
    the event's `seeded`, when the caller has it."""
    order = seeded(tournament) if order is None else order
    return standings(
        [user_id for user_id, _status in order],
        results(tournament, upto),
        tournament.table_size,
        knockout=tournament.is_knockout,
    )


def ranked_groups(lines: list[Line], users: set[int]) -> list[list[int]]:
    """The standings' players of `users` in groups level on every tie-break, best first."""
    groups: list[list[int]] = []
    last = None
    for line in lines:
        if line.user not in users:
            continue
        if groups and line.place == last:
            groups[-1].append(line.user)
        else:
            groups.append([line.user])
        last = line.place
    return groups
