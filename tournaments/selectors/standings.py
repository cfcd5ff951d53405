"""An event's standings after any round, read in two queries and put in order by the pure
`tournaments.standings`."""

from collections import defaultdict

from tournaments.models import Entry, Placing, Tournament
from tournaments.standings import Line, Result, standings


def seeded(tournament: Tournament) -> list[Entry]:
    """Everyone who was ever in the field, in the seeded order: rating at the start, then
    sign-up. Players who never got a place (the waiting list) are left out."""
    entries = tournament.entries.exclude(status=Entry.Status.WAITING).select_related(
        "user__profile"
    )
    return sorted(entries, key=lambda entry: (-entry.rating, entry.created_at, entry.id))


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
    tournament: Tournament, upto: int | None = None, entries: list[Entry] | None = None
) -> list[Line]:
    """The standings after round `upto` (after every round played so far: none)."""
    entries = seeded(tournament) if entries is None else entries
    return standings(
        [entry.user_id for entry in entries],
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
