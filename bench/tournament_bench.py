"""A tournament of 1,000 players at tables of 4 (250 tables a round): the time to seat a round
(the pure pairing, after three rounds), and the server time of its event page, which shows the
standings after the last round with every tie-break, a hundred lines a page.

The pairing is measured here, in this process. The page is measured inside the site, as the
league pages are (`bench.league_bench`): one process with Django's test client and DEBUG off,
in its own PostgreSQL database (BENCH_TOURNAMENTS_DATABASE_URL, default a
`bohnanza_bench_tournaments` database on the local PostgreSQL), where the event is written
once, its rows made directly (three finished rounds), not played.
"""

import random
import statistics
import sys
import time
from itertools import combinations

from bench.in_site import measure_in_site, pages_timed
from tournaments import pairing
from tournaments.standings import standings, table_results

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bohnanza_bench_tournaments"
PLAYERS = 1000
SIZE = 4
ROUNDS = 3
REPEATS = 10
REQUESTS = 40
NAME = "Bench Swiss"


def played_rounds(chance: random.Random) -> list[list[list[tuple[int, int, int]]]]:
    """Three rounds of a Swiss of PLAYERS, each its tables' (player, place, coins), seated as
    the event seats them."""
    users = list(range(PLAYERS))
    met: set[frozenset[int]] = set()
    results = []
    rounds = []
    for number in range(1, ROUNDS + 1):
        lines = standings(users, results, SIZE)
        seating = pairing.swiss(
            _groups(lines), met=met, had_bye=(), size=SIZE, smaller=True, seed=str(number)
        )
        tables = []
        for table in seating.tables:
            coins = [chance.randrange(4, 16) for _ in table]
            order = sorted(range(len(table)), key=lambda i: -coins[i])
            places = {table[i]: place for place, i in enumerate(order, start=1)}
            seats = [(user, places[user], coins[i]) for i, user in enumerate(table)]
            tables.append(seats)
            results += table_results(number, seats)
            met |= {frozenset(pair) for pair in combinations(table, 2)}
        rounds.append(tables)
    return rounds


def _groups(lines) -> list[list[int]]:
    groups: list[list[int]] = []
    for line in lines:
        if groups and line.tied and line.place == groups[-1][1]:
            groups[-1][0].append(line.user)
        else:
            groups.append(([line.user], line.place))
    return [users for users, _place in groups]


def main() -> None:
    chance = random.Random(41)
    rounds = played_rounds(chance)
    results = [
        result
        for number, tables in enumerate(rounds, start=1)
        for seats in tables
        for result in table_results(number, seats)
    ]
    met = {
        frozenset(pair)
        for tables in rounds
        for seats in tables
        for pair in combinations([user for user, _place, _coins in seats], 2)
    }
    times = []
    for repeat in range(REPEATS):
        start = time.perf_counter()
        lines = standings(list(range(PLAYERS)), results, SIZE)
        seating = pairing.swiss(
            _groups(lines), met=met, had_bye=(), size=SIZE, smaller=True, seed=f"r{repeat}"
        )
        times.append((time.perf_counter() - start) * 1000)
    repeated = sum(
        frozenset(pair) in met for table in seating.tables for pair in combinations(table, 2)
    )
    times.sort()
    print(f"tournaments ({PLAYERS} players at tables of {SIZE}, round {ROUNDS + 1})")
    print(
        f"  standings and pairing       median {statistics.median(times):6.1f} ms, "
        f"worst {times[-1]:6.1f} ms, {len(seating.tables)} tables, {repeated} pairs met again"
    )
    measure_in_site(
        name="tournaments",
        url_variable="BENCH_TOURNAMENTS_DATABASE_URL",
        default_url=DEFAULT_URL,
        module="bench.tournament_bench",
    )


def measure() -> None:
    """Runs inside the configured site: the event written once, then its page requested
    REQUESTS times after a warm-up."""
    import django

    django.setup()
    from django.test import Client
    from django.urls import reverse

    from tournaments.models import Tournament

    tournament = Tournament.objects.filter(name=NAME).first() or _written()
    client = Client()
    client.force_login(tournament.entries.first().user)
    pages = (
        ("event page, standings", reverse("tournaments:event", args=[tournament.id])),
        ("a round's tables", reverse("tournaments:round", args=[tournament.id, ROUNDS])),
    )
    pages_timed(client, pages, REQUESTS)


def _written():
    """The event's rows, made directly: its players, three finished rounds of 250 tables,
    each table's game a finished one."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from games.models import Game, Profile
    from tournaments.models import Entry, Placing, Round, Table, Tournament

    now = timezone.now()
    with transaction.atomic():
        users = get_user_model().objects.bulk_create(
            get_user_model()(username=f"bench-t{n}", email=f"bench-t{n}@example.com")
            for n in range(PLAYERS)
        )
        Profile.objects.bulk_create(
            Profile(user=user, display_name=f"Bench player {n}") for n, user in enumerate(users)
        )
        tournament = Tournament.objects.create(
            name=NAME,
            organiser=users[0],
            format=Tournament.Format.SWISS,
            edition="amigo-classic",
            table_size=SIZE,
            time_control="daily",
            rounds=ROUNDS + 1,
            limit=PLAYERS,
            starts_at=now - timedelta(days=60),
            status=Tournament.Status.RUNNING,
            seed="bench",
        )
        Entry.objects.bulk_create(Entry(tournament=tournament, user=user) for user in users)
        for number, tables in enumerate(played_rounds(random.Random(41)), start=1):
            played = Round.objects.create(
                tournament=tournament,
                number=number,
                started_at=now - timedelta(days=60 - 14 * number),
                ends_at=now - timedelta(days=46 - 14 * number),
                finished_at=now - timedelta(days=47 - 14 * number),
            )
            games = Game.objects.bulk_create(
                Game(
                    name=f"{NAME}, round {number}, table {index}",
                    edition="amigo-classic",
                    players=SIZE,
                    status=Game.Status.FINISHED,
                    invite_token=f"bench-t-{number}-{index}",
                    created_by=users[0],
                    seed="bench",
                    seed_hash="bench",
                )
                for index in range(1, len(tables) + 1)
            )
            rows = Table.objects.bulk_create(
                Table(round=played, number=index, game=game)
                for index, game in enumerate(games, start=1)
            )
            Placing.objects.bulk_create(
                Placing(
                    round=played,
                    user=users[result.user],
                    table=table,
                    position=position,
                    place=result.place,
                    coins=result.coins,
                    ahead_on_coins=result.ahead_on_coins,
                )
                for table, seats in zip(rows, tables, strict=True)
                for position, result in enumerate(table_results(number, seats))
            )
    return tournament


if __name__ == "__main__":
    if "--measure" in sys.argv:
        measure()
    else:
        main()
