from django.core.management.base import BaseCommand

from leagues.services.demo import demo_build


class Command(BaseCommand):
    help = (
        "Build demo data: players, a year of finished rated games and a public league with a "
        "running season. Does nothing when demo players exist already."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=200)
        parser.add_argument("--games", type=int, default=1000)

    def handle(self, *args, players: int, games: int, **options):
        built = demo_build(players=players, games=games)
        if not built:
            self.stdout.write("The demo data is there already.")
            return
        self.stdout.write(
            f"Built {built['players']} players, {built['games']} finished games and the "
            f"league at /leagues/{built['league']}/."
        )
