from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_in
from django.utils import translation

from games.engine import language


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        # Imported here, not at the top: each of these loads the models, which cannot be
        # imported before the app registry is ready (Django's AppConfig.ready). This module is
        # the top layer, so no layer is dodged. The tasks register themselves with Celery
        # under the names the lower layers queue them by (games.task_queue); every process
        # that may queue one must have them.
        from games import tasks  # noqa: F401
        from games.expansions import bohnaparte  # loads models: only once the registry is ready
        from games.pages import account_adapter  # loads models: only once the registry is ready

        # Each expansion's web side: its part of the page, its mails, links and form fields.
        bohnaparte.install()

        # A player's language and zone are kept in the session from log-in on.
        user_logged_in.connect(
            account_adapter.remember_locale, dispatch_uid="games.remember_locale"
        )
        # The engine's messages are worded in the language active where they are read.
        language.install(
            gettext=translation.gettext,
            ngettext=translation.ngettext,
            pgettext=translation.pgettext,
        )
