"""Log lines the local site does better without, and what no log line may hold."""

import logging
import logging.config
import re

# A signed link's token (/l/<payload>:<time>:<signature>/), a game's invitation token
# (/games/1/join/<token>/), and a credential after an auth scheme's name.
_SECRETS = (
    (re.compile(r"/l/[^/\s?\"']*:[^/\s?\"']*"), "/l/…"),
    (re.compile(r"(/games/\d+/join/)[^/\s?\"']+"), r"\1…"),
    (re.compile(r"\b(Bearer|Token|Basic)\s+\S+", re.IGNORECASE), r"\1 …"),
)


class QuietPolls(logging.Filter):
    """An open game page polls every two seconds: its answered polls would bury every other
    line of the development server's log (mails included). Failed polls still show."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args if isinstance(record.args, tuple) else ()
        request_line = str(args[0]) if args else ""
        status = str(args[1]) if len(args) > 1 else ""
        return not ("/poll/" in request_line and status[:1] in ("2", "3"))


def _hide(record: logging.LogRecord) -> None:
    """A record that would name a signed link, an invitation token or a credential names none:
    the request lines of a server, "Not Found: /l/<token>/", and the like."""
    try:
        message = record.getMessage()
    except Exception:  # noqa: BLE001 - arguments that do not fit: the handler reports it
        return
    shown = message
    for secret, hidden in _SECRETS:
        shown = secret.sub(hidden, shown)
    if shown != message:
        record.msg, record.args = shown, ()


def configure(config: dict) -> None:
    """Django's LOGGING_CONFIG: the site's handlers, and every record hidden as it is made, so
    that no handler whatever (a library's, a test's capture, gunicorn's access log if it is
    turned on) receives a credential in a record's message or arguments."""
    logging.config.dictConfig(config)
    made = logging.getLogRecordFactory()
    if getattr(made, "hides_credentials", False):
        return

    def record(*args, **kwargs) -> logging.LogRecord:
        new = made(*args, **kwargs)
        _hide(new)
        return new

    record.hides_credentials = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(record)
