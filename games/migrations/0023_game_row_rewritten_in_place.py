"""The hot tables' storage on PostgreSQL: every move rewrites its game row, and opens and closes
deadline rows.

- The game's index no longer holds `updated_at`, and its pages are kept half free: a move's new
  row version goes on the same page with no index touched (a HOT update), and the old one is
  pruned when the page is next read, vacuum or not.
- Autovacuum looks at the game, seat and deadline tables after a fixed number of dead rows, not
  a fifth of the table: a table of a few hundred running games is vacuumed every few hundred
  moves, not every few thousand.
"""

from django.db import migrations, models

HOT_TABLES = {
    "games_game": "fillfactor = 50, autovacuum_vacuum_scale_factor = 0, "
    "autovacuum_vacuum_threshold = 1000",
    "games_seat": "fillfactor = 80, autovacuum_vacuum_scale_factor = 0, "
    "autovacuum_vacuum_threshold = 1000",
    "games_deadline": "autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000",
}


def _stored(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table, options in HOT_TABLES.items():
        schema_editor.execute(f"ALTER TABLE {table} SET ({options})")


def _as_before(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table, options in HOT_TABLES.items():
        names = ", ".join(option.split("=")[0].strip() for option in options.split(","))
        schema_editor.execute(f"ALTER TABLE {table} RESET ({names})")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0022_heartbeat"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="game",
            name="games_game_status_9c5036_idx",
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(fields=["status"], name="games_game_status_idx"),
        ),
        migrations.RunPython(_stored, _as_before),
    ]
