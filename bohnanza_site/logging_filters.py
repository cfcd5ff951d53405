"""Log lines the local site does better without."""

import logging


class QuietPolls(logging.Filter):
    """An open game page polls every two seconds: its answered polls would bury every other
    line of the development server's log (mails included). Failed polls still show."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args if isinstance(record.args, tuple) else ()
        request_line = str(args[0]) if args else ""
        status = str(args[1]) if len(args) > 1 else ""
        return not ("/poll/" in request_line and status[:1] in ("2", "3"))
