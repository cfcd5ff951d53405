"""Display names are unique, whatever their case: a player is known by one."""

from django.conf import settings
from django.db import migrations, models
from django.db.models.functions import Lower


def _dedupe(apps, schema_editor):
    """Names were the start of each address and could repeat: later ones get a number."""
    seen: set[str] = set()
    for profile in apps.get_model("games", "Profile").objects.order_by("id"):
        name, number = profile.display_name, 2
        while name.lower() in seen:
            name = f"{profile.display_name[:35]} {number}"
            number += 1
        seen.add(name.lower())
        if name != profile.display_name:
            profile.display_name = name
            profile.save(update_fields=["display_name"])


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0004_outbox_kind_plant_received'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(_dedupe, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='profile',
            constraint=models.UniqueConstraint(
                Lower("display_name"), name="one_player_per_display_name"
            ),
        ),
    ]
