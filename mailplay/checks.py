"""What `manage.py check --deploy` says about play by mail."""

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def receiving_server_named(app_configs, **kwargs) -> list[Warning]:
    """Without the receiving server's name, a reply is refused only when a header says its
    sender failed: a forged reply that carries no such header is played."""
    if settings.MAIL_AUTHSERV_ID:
        return []
    return [
        Warning(
            "MAIL_AUTHSERV_ID is not set: a forged reply to a mail, without an "
            "Authentication-Results header that fails it, is played.",
            hint="Set it to the name your receiving mail server writes first in its "
            "Authentication-Results header.",
            id="mailplay.W001",
        )
    ]
