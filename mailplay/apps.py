from django.apps import AppConfig


class MailplayConfig(AppConfig):
    """Play by mail: a reply to a mail that asks for a move is that move."""

    name = "mailplay"

    def ready(self):
        # The tasks register with Celery, and replies a mail service posts to its inbound
        # webhook arrive through anymail's signal; both need the app registry loaded first.
        from anymail.signals import inbound

        from mailplay import checks, tasks, webhooks  # noqa: F401

        inbound.connect(webhooks.reply_posted, dispatch_uid="mailplay.reply_posted")
