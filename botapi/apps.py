from django.apps import AppConfig


class BotapiConfig(AppConfig):
    """The bot API: a program plays a bot account's seats over HTTP with JSON."""

    name = "botapi"
    verbose_name = "Bot API"
