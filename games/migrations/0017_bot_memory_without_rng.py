"""A bot's random generator is no longer kept between its moves (services/bot_moves._bot_of):
the state kept by earlier moves, some 7 kB a bot seat, is taken out of each row."""

from django.db import migrations


def without_rng(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    for seat in Seat.objects.filter(bot_memory__has_key="rng").only("id", "bot_memory"):
        memory = {key: value for key, value in seat.bot_memory.items() if key != "rng"}
        Seat.objects.filter(id=seat.id).update(bot_memory=memory)


class Migration(migrations.Migration):
    dependencies = [("games", "0016_web_push")]

    operations = [migrations.RunPython(without_rng, migrations.RunPython.noop)]
