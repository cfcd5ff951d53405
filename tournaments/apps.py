from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: Swiss and knockout events of rounds of tables, built on the games."""

    name = "tournaments"

    def ready(self):
        # An event hears of its finished games in the transaction of their last move, and a
        # player's page shows their events; the receiver and the section need the models, so
        # they are connected once the app registry is loaded. The tasks register with Celery,
        # which needs them in every process that may run them.
        from games.signals import game_finished
        from leagues.selectors.players import add_profile_section
        from tournaments import tasks  # noqa: F401
        from tournaments.selectors.pages import player_results
        from tournaments.services import finished

        game_finished.connect(finished.game_finished_heard, dispatch_uid="tournaments.finished")
        add_profile_section(player_results)
