"""Bohnaparte is played by six at most: its pool of the largest tables, kept as "bohnaparte-6-7",
is "bohnaparte-6" now. Ratings and their changes move over as they are."""

from django.db import migrations

OLD, NEW = "bohnaparte-6-7", "bohnaparte-6"


def renamed(old: str, new: str):
    def rename(apps, schema_editor):
        for model in ("Rating", "RatingChange"):
            apps.get_model("leagues", model).objects.filter(pool=old).update(pool=new)

    return rename


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0003_bot_pools_and_leagues"),
    ]

    operations = [migrations.RunPython(renamed(OLD, NEW), renamed(NEW, OLD))]
