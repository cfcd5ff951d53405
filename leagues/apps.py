from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Ratings, leaderboards, player profiles and leagues: built on finished games."""

    name = "leagues"

    def ready(self):
        # A finished game is rated in the transaction of its last move, and a league's players
        # watch its games; the receiver and the rule need the models, so they are connected
        # once the app registry is loaded. The tasks register with Celery, which needs them in
        # every process that may run them.
        from games.selectors.watchers import add_watch_rule
        from games.signals import game_finished
        from leagues import tasks  # noqa: F401
        from leagues.selectors.leagues import may_watch_game
        from leagues.services import finished

        game_finished.connect(finished.game_finished_heard, dispatch_uid="leagues.finished")
        add_watch_rule(may_watch_game)
