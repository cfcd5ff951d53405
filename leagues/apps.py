from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Ratings, leaderboards, player profiles and leagues: built on finished games."""

    name = "leagues"

    def ready(self):
        # A finished game is rated in the transaction of its last move; the receiver needs the
        # models, so it is connected once the app registry is loaded. The tasks register with
        # Celery, which needs them in every process that may run them.
        from games.signals import game_finished
        from leagues import tasks  # noqa: F401
        from leagues.services import finished

        game_finished.connect(finished.game_finished_heard, dispatch_uid="leagues.finished")
