"""The mail asking a player to plant received beans is named after its prompt
("plant_received"), not after a phase of the engine's turn."""

from django.db import migrations


def forward(apps, schema_editor):
    apps.get_model("games", "Outbox").objects.filter(kind="plant_traded").update(
        kind="plant_received"
    )


def backward(apps, schema_editor):
    apps.get_model("games", "Outbox").objects.filter(kind="plant_received").update(
        kind="plant_traded"
    )


class Migration(migrations.Migration):
    dependencies = [("games", "0003_seat_resigned_at")]

    operations = [migrations.RunPython(forward, backward)]
