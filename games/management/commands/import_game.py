"""Check a game record (the JSON a finished game's page offers) by replaying it, and keep it as
an imported game when it replays to the result it states."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.refusals import ServiceError
from games.services.imports import game_import


class Command(BaseCommand):
    help = (
        "Replays a game record through the rules and says whether it reaches the scores it "
        "states; with --owner, keeps it as an imported game that user created."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="the record, a JSON file")
        parser.add_argument("--owner", help="keep the game, created by the user of this name")

    def handle(self, *args, file: Path, owner: str | None = None, **options):
        user = None
        if owner is not None:
            user = get_user_model().objects.filter(username=owner).first()
            if user is None:
                raise CommandError(f"There is no user called {owner!r}.")
        try:
            text = file.read_bytes()
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}") from None
        try:
            imported = game_import(user=user, text=text)
        except ServiceError as error:
            raise CommandError(f"{file}: {error.message}") from None
        for name, recorded, replayed in imported.scores:
            self.stdout.write(f"{name}: recorded {recorded}, replayed {replayed}")
        if not imported.verdict.same:
            raise CommandError(f"{file}: the record does not replay to the result it states")
        self.stdout.write(f"{file}: replays to the same result")
        if imported.game is not None:
            self.stdout.write(f"kept as imported game {imported.game.pk}")
