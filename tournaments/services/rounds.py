"""An event's rounds: the start (the field checked in, round 1 seated), each next round once
the one before is over, the end of a round at its deadline (its games brought to their end by
their clocks), and the event's end with its final standings.

The beat's `tournaments_advance` looks at every event that may move on; the last game of a
round queues `tournament_advance` for its event at once (`finished.py`)."""

import logging
from datetime import datetime, timedelta
from itertools import combinations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from games.models import Game
from games.services.lobby import game_create_seated
from games.services.timeouts import deadlines_bring_forward
from games.time_budget import for_a_while
from games.wording.kept import worded
from leagues.models import Rating
from leagues.pools import pool_of
from tournaments import pairing
from tournaments.models import Entry, Placing, Round, Table, Tournament
from tournaments.selectors.standings import event_standings, ranked_groups, seeded

from .calls import event_over_write, round_over_write, table_ready_write
from .events import locked_tournament

log = logging.getLogger(__name__)
# How long a round runs at each time control before its unfinished games are brought to
# their end by their clocks.
ROUND_TIME = {
    "fast": timedelta(hours=2),
    "daily": timedelta(days=14),
    "relaxed": timedelta(days=28),
}
GAME_NAME = gettext_noop("%(event)s, round %(round)d, table %(table)d")


def tournaments_advance(*, now: datetime | None = None) -> int:
    """Move on every event that may: the beat's, a minute apart. Returns the events looked
    at."""
    now = now or timezone.now()
    due = Tournament.objects.filter(
        status=Tournament.Status.SIGNUP, starts_at__lte=now
    ) | Tournament.objects.filter(status=Tournament.Status.RUNNING)
    looked = 0
    for tournament_id in for_a_while(list(due.values_list("id", flat=True))):
        looked += 1
        try:
            tournament_advance(tournament_id=tournament_id, now=now)
        except Exception:
            # One broken event must not stop the others; the next beat tries it again.
            log.exception("tournament %s could not move on", tournament_id)
    return looked


@transaction.atomic
def tournament_advance(*, tournament_id: int, now: datetime | None = None) -> Tournament:
    """The event's next step, if it has come: the start, the end of the round (its games all
    over), the clocks of its games called in (its deadline passed), the next round or the
    end. Idempotent: run twice, the second finds nothing to do."""
    now = now or timezone.now()
    tournament = locked_tournament(tournament_id)
    if tournament.status == Tournament.Status.SIGNUP and now >= tournament.starts_at:
        _start(tournament, now)
    elif tournament.status == Tournament.Status.RUNNING:
        current = tournament.round_set.order_by("-number").first()
        running = list(
            Game.objects.filter(tournament_table__round=current)
            .exclude(status=Game.Status.FINISHED)
            .values_list("id", flat=True)
        )
        if not running:
            _round_over(tournament, current, now)
        elif now >= current.ends_at:
            deadlines_bring_forward(game_ids=running, now=now)
    return tournament


def _start(tournament: Tournament, now: datetime) -> None:
    """The field: the players who checked in, then those of the waiting list who did, up to
    the limit; the others drop out. Too few for a table: the event is cancelled."""
    entries = list(
        tournament.entries.filter(status__in=[Entry.Status.PLAYING, Entry.Status.WAITING])
    )
    playing = [e for e in entries if e.status == Entry.Status.PLAYING and e.checked_in_at]
    waiting = [e for e in entries if e.status == Entry.Status.WAITING and e.checked_in_at]
    field = (playing + waiting)[: tournament.limit]
    chosen = {entry.pk for entry in field}
    pool = pool_of(tournament.edition, tournament.table_size)
    ratings = dict(
        Rating.objects.filter(
            pool=pool.key if pool else "", user_id__in=[entry.user_id for entry in field]
        ).values_list("user_id", "value")
    )
    for entry in entries:
        if entry.pk in chosen:
            entry.status, entry.rating = Entry.Status.PLAYING, ratings.get(entry.user_id, 0)
        elif entry.status == Entry.Status.PLAYING:
            entry.status = Entry.Status.DROPPED
    Entry.objects.bulk_update(entries, ["status", "rating"])
    if len(field) < tournament.table_size:
        tournament.status = Tournament.Status.CANCELLED
        tournament.finished_at = now
        tournament.save(update_fields=["status", "finished_at"])
        return
    if tournament.is_knockout:
        tournament.rounds = pairing.knockout_rounds(
            len(field), tournament.table_size, tournament.smaller_tables, tournament.through
        )
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status", "rounds"])
    _round_start(tournament, 1, now)


def _round_start(tournament: Tournament, number: int, now: datetime) -> Round | None:
    """Seat the players still in at tables, each a game created through the games' own
    service; None when too few are left for a table."""
    order = seeded(tournament)
    lines = event_standings(tournament, order=order)
    field = {user_id for user_id, status in order if status == Entry.Status.PLAYING}
    sizes, _byes = pairing.table_sizes(len(field), tournament.table_size, tournament.smaller_tables)
    if not sizes:
        return None
    ranked = ranked_groups(lines, field)
    seed = f"{tournament.seed}/{number}"
    if tournament.is_knockout:
        seating = pairing.knockout(
            ranked, size=tournament.table_size, smaller=tournament.smaller_tables, seed=seed
        )
    else:
        met, had_bye = _history(tournament)
        seating = pairing.swiss(
            ranked,
            met=met,
            had_bye=had_bye,
            size=tournament.table_size,
            smaller=tournament.smaller_tables,
            seed=seed,
        )
    users = get_user_model().objects.in_bulk(list(field))
    current = Round.objects.create(
        tournament=tournament,
        number=number,
        started_at=now,
        ends_at=now + ROUND_TIME[tournament.time_control],
    )
    placings = [Placing(round=current, user_id=user_id) for user_id in seating.byes]
    for index, seats in enumerate(seating.tables, start=1):
        name = {
            "msgid": GAME_NAME,
            "event": tournament.name,
            "round": number,
            "table": index,
        }
        game = game_create_seated(
            users=[users[user_id] for user_id in seats],
            edition=tournament.edition,
            name=worded(name)[:80],
            name_words=name,
            time_control=tournament.time_control,
            vacation_days=0,
            rated=tournament.rated,
        )
        table = Table.objects.create(round=current, number=index, game=game)
        placings += [
            Placing(round=current, user_id=user_id, table=table, position=position)
            for position, user_id in enumerate(seats)
        ]
    Placing.objects.bulk_create(placings)
    table_ready_write(tournament=tournament, round=current, now=now)
    return current


def _history(tournament: Tournament) -> tuple[set[frozenset[int]], set[int]]:
    """The pairs who sat at a table together, and the players who had a bye."""
    at_tables: dict[int, list[int]] = {}
    had_bye = set()
    rows = Placing.objects.filter(round__tournament=tournament).values_list("user_id", "table_id")
    for user_id, table_id in rows:
        if table_id is None:
            had_bye.add(user_id)
        else:
            at_tables.setdefault(table_id, []).append(user_id)
    met = {frozenset(pair) for seats in at_tables.values() for pair in combinations(seats, 2)}
    return met, had_bye


def _round_over(tournament: Tournament, current: Round, now: datetime) -> None:
    """Players who timed out drop; a knockout's players not going through are out. Then the
    next round, or the end."""
    if current.finished_at is None:
        current.finished_at = now
        current.save(update_fields=["finished_at"])
    placings = list(current.placings.all())
    timed_out = {placing.user_id for placing in placings if placing.timed_out}
    tournament.entries.filter(user_id__in=timed_out, status=Entry.Status.PLAYING).update(
        status=Entry.Status.DROPPED
    )
    final = tournament.is_knockout and _was_final(placings)
    if tournament.is_knockout and not final:
        _knock_out(tournament, current, placings)
    lines = event_standings(tournament)
    last = final or (not tournament.is_knockout and current.number >= tournament.rounds)
    if not last and _round_start(tournament, current.number + 1, now) is not None:
        round_over_write(tournament=tournament, round=current, lines=lines, now=now)
        return
    _finish(tournament, lines, now)


def _was_final(placings: list[Placing]) -> bool:
    tables = {placing.table_id for placing in placings}
    return len(tables) == 1 and None not in tables


def _knock_out(tournament: Tournament, current: Round, placings: list[Placing]) -> None:
    order = {line.user: line.place for line in event_standings(tournament)}
    tables: dict[int, list[tuple[int, int, int, int]]] = {}
    for placing in placings:
        if placing.table_id is not None:
            tables.setdefault(placing.table_id, []).append(
                (placing.user_id, placing.place, placing.coins, order[placing.user_id])
            )
    through = set(
        pairing.knockout_through(
            list(tables.values()),
            through=tournament.through,
            by_table=tournament.through_by == Tournament.Through.TABLE,
        )
    )
    seated = {placing.user_id for placing in placings if placing.table_id is not None}
    tournament.entries.filter(user_id__in=seated - through, status=Entry.Status.PLAYING).update(
        status=Entry.Status.OUT
    )


def _finish(tournament: Tournament, lines, now: datetime) -> None:
    places = {line.user: line.place for line in lines}
    entries = list(tournament.entries.exclude(status=Entry.Status.WAITING))
    for entry in entries:
        entry.place = places.get(entry.user_id)
    Entry.objects.bulk_update(entries, ["place"])
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    event_over_write(tournament=tournament, lines=lines, now=now)
