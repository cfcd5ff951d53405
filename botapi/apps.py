from django.apps import AppConfig


class BotapiConfig(AppConfig):
    """The bot API: a program plays a bot account's seats over HTTP with JSON."""

    name = "botapi"
    verbose_name = "Bot API"

    def ready(self):
        # The home page shows a player the challenges made to them; the section reads the
        # models, so it registers once the app registry is loaded.
        from botapi.selectors import challenges_section
        from games.selectors.lobby import add_home_section

        add_home_section(challenges_section)
