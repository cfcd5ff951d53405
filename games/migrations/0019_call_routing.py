"""Where calls go, per kind of call (Profile.calls, and per game Seat.calls): a player's mail
choice moves into it. "One mail a day" becomes the digest where mail was (a reminder by push,
the rest as before); "no mail" becomes push and webhook where they went, nothing else. Both
are left with plain mails (`mail` says only what a mail carries now)."""

from django.db import migrations, models

# Written out: the routing's names as they are at this migration.
FROM_MAIL = {
    "digest": {
        "move": ["digest", "push", "webhook"],
        "trades": ["digest", "push", "webhook"],
        "reminder": ["push"],
        "end": ["digest"],
        "league": ["digest"],
    },
    "none": {
        "move": ["push", "webhook"],
        "trades": ["push", "webhook"],
        "reminder": ["push"],
        "end": ["push", "webhook"],
        "league": [],
    },
}


def mail_into_calls(apps, schema_editor):
    Profile = apps.get_model("games", "Profile")
    for mail, calls in FROM_MAIL.items():
        Profile.objects.filter(mail=mail).update(mail="every", calls=calls)


def calls_into_mail(apps, schema_editor):
    Profile = apps.get_model("games", "Profile")
    for profile in Profile.objects.exclude(calls={}).filter(mail="every"):
        move = profile.calls.get("move", ["mail"])
        if "digest" in move:
            profile.mail = "digest"
        elif "mail" not in move:
            profile.mail = "none"
        profile.save(update_fields=["mail"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0018_deadline_started_seq"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="calls",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="seat",
            name="calls",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(mail_into_calls, calls_into_mail),
        migrations.AlterField(
            model_name="profile",
            name="mail",
            field=models.CharField(
                choices=[
                    ("every", "What the game waits for, and its link"),
                    ("board", "The whole board in that mail, to play by replying"),
                ],
                default="every",
                max_length=8,
            ),
        ),
    ]
