from django.core.management.base import BaseCommand

from leagues.services.ratings import ratings_rebuild


class Command(BaseCommand):
    help = "Rebuild every rating by replaying the rated games in the order they ended."

    def handle(self, *args, **options):
        rated = ratings_rebuild()
        self.stdout.write(f"Rebuilt the ratings from {rated} rated games.")
