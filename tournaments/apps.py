from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: Swiss and knockout events of rounds of tables, built on the games."""

    name = "tournaments"

    def ready(self):
        # An event hears of its finished games in the transaction of their last move; the
        # receiver needs the models, so it is connected once the app registry is loaded. The
        # tasks register with Celery, which needs them in every process that may run them.
        from games.signals import game_finished
        from tournaments import tasks  # noqa: F401
        from tournaments.services import finished

        game_finished.connect(finished.game_finished_heard, dispatch_uid="tournaments.finished")
