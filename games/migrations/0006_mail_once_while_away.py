"""Mail once while a player is away: when the last call and the last reminder went out."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_display_names_unique"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="mailed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="reminded_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="profile",
            name="mail",
            field=models.CharField(
                choices=[
                    ("every", "A mail when a game waits for me"),
                    ("digest", "One mail a day"),
                    ("none", "No mail"),
                ],
                default="every",
                max_length=8,
            ),
        ),
    ]
