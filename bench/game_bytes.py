"""What a game writes and keeps: rows written per move, and the bytes a finished game keeps in
each table, before and after the beat's housekeeping.

Whole 4-player Rio Grande games between bots (one seat a player's, a bot standing in), played
through the services as the site plays them, with the tasks run in the process, in a PostgreSQL
database of their own (BENCH_BYTES_DATABASE_URL, default `bohnanza_bench_bytes` on the local
PostgreSQL), emptied first. Rows written are PostgreSQL's own counts of the rows each table
inserted, updated and deleted while the games were played; bytes are the rows' sizes as stored
(`pg_column_size`, compressed values counted compressed).
"""

import sys
import time

from bench.in_site import measure_in_site

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bohnanza_bench_bytes"
GAMES = 10
TABLES = (
    "games_game",
    "games_seat",
    "games_move",
    "games_snapshot",
    "games_deadline",
    "games_outbox",
)


def main() -> None:
    measure_in_site(
        name="game bytes",
        url_variable="BENCH_BYTES_DATABASE_URL",
        default_url=DEFAULT_URL,
        module="bench.game_bytes",
        env={"CELERY_TASK_ALWAYS_EAGER": "1"},
    )


def measure() -> None:
    """Runs inside the configured site (the environment names the database)."""
    # Django's modules are imported here, once the settings named by the environment apply:
    # `make bench` imports this module before any site is configured.
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games.models import Game, Seat
    from games.services.housekeeping import housekeeping
    from games.services.lobby import game_add_bot, game_create, game_start

    with connection.cursor() as cursor:
        cursor.execute(f"truncate {', '.join(TABLES)} cascade")
    before = rows_written(connection)
    moves = 0
    for number in range(GAMES):
        user = get_user_model().objects.create_user(f"bytes-{number}-{time.time_ns()}")
        game = game_create(user=user, edition="rio-grande", players=4, options={})
        for _ in range(3):
            game_add_bot(game_id=game.id, user=user, bot="heuristic")
        Seat.objects.filter(game=game, user=user).update(bot_standing_in=True)
        game_start(game_id=game.id, user=user)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED, "a game of bots did not finish"
        moves += game.seq
    written = written_since(connection, before)

    print(f"game bytes: {GAMES} whole 4-player games of bots, {moves} moves")
    print_written(written, moves)
    print_kept("kept a finished game", kept(connection), GAMES, moves)
    housekeeping()
    print_kept("kept after the housekeeping", kept(connection), GAMES, moves)


def rows_written(connection) -> dict[str, int]:
    """PostgreSQL's counts of rows inserted, updated and deleted, per table, up to now."""
    with connection.cursor() as cursor:
        cursor.execute("select pg_stat_force_next_flush()")
        cursor.execute("select pg_stat_clear_snapshot()")
        cursor.execute(
            "select relname, n_tup_ins + n_tup_upd + n_tup_del from pg_stat_user_tables "
            "where relname = any(%s)",
            [list(TABLES)],
        )
        return dict(cursor.fetchall())


def written_since(connection, before: dict[str, int]) -> dict[str, int]:
    """Rows each table inserted, updated and deleted since `rows_written` gave `before`."""
    return {table: rows - before.get(table, 0) for table, rows in rows_written(connection).items()}


def dead_rows(connection) -> dict[str, tuple[int, int, int, int]]:
    """Per table, as PostgreSQL counts them now: dead row versions waiting for a vacuum, rows
    updated, of them HOT (rewritten on their page with no index touched), and the vacuums
    autovacuum has run."""
    with connection.cursor() as cursor:
        cursor.execute("select pg_stat_force_next_flush()")
        cursor.execute("select pg_stat_clear_snapshot()")
        cursor.execute(
            "select relname, n_dead_tup, n_tup_upd, n_tup_hot_upd, autovacuum_count "
            "from pg_stat_user_tables where relname = any(%s)",
            [list(TABLES)],
        )
        return {table: tuple(counts) for table, *counts in cursor.fetchall()}


def print_dead(dead: dict[str, tuple[int, int, int, int]], moves: int) -> None:
    moves = max(moves, 1)
    print(f"  dead rows at the end: {sum(d[0] for d in dead.values()) / moves:.3f} a move")
    for table in TABLES:
        waiting, updated, hot, vacuums = dead.get(table, (0, 0, 0, 0))
        print(
            f"    {table:16} {waiting:7} dead, {updated:7} updated ({hot / max(updated, 1):.0%} "
            f"HOT), {vacuums} autovacuums"
        )


def print_written(written: dict[str, int], moves: int) -> None:
    print(f"  rows written a move: {sum(written.values()) / max(moves, 1):.2f}")
    for table in TABLES:
        print(f"    {table:16} {written.get(table, 0) / max(moves, 1):6.2f}")


def kept(connection, games: list[int] | None = None) -> dict[str, tuple[int, int]]:
    """Rows and bytes each table keeps: of the `games` named, or of every game."""
    sizes = {}
    with connection.cursor() as cursor:
        for table in TABLES:
            column = "id" if table == "games_game" else "game_id"
            where = f" where t.{column} = any(%s)" if games is not None else ""
            cursor.execute(
                f"select count(*), coalesce(sum(pg_column_size(t.*)), 0) from {table} t{where}",
                [games] if games is not None else [],
            )
            sizes[table] = cursor.fetchone()
    return sizes


def print_kept(heading: str, sizes: dict[str, tuple[int, int]], games: int, moves: int) -> None:
    total = sum(size for _, size in sizes.values())
    games, moves = max(games, 1), max(moves, 1)
    print(f"  bytes {heading}: {total / games:,.0f} ({total / moves:,.0f} a move)")
    for table, (rows, size) in sizes.items():
        print(f"    {table:16} {rows / games:7.1f} rows {size / games:10,.0f} bytes")


if __name__ == "__main__":
    if sys.argv[1:] == ["--measure"]:
        measure()
    else:
        main()
