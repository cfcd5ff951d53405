"""The board by mail, to play by replying."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_mail_once_while_away"),
    ]

    operations = [
        migrations.AlterField(
            model_name="profile",
            name="mail",
            field=models.CharField(
                choices=[
                    ("every", "A mail when a game waits for me"),
                    ("board", "The whole board in that mail, to play by replying"),
                    ("digest", "One mail a day"),
                    ("none", "No mail"),
                ],
                default="every",
                max_length=8,
            ),
        ),
    ]
