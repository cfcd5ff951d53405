"""How a moment is shown to its reader: one set of formats, each a message, so that each
language writes its own (the month as it abbreviates it, the day's name), in twenty-four hours,
in the reader's zone. Every page, mail and record shows its dates and times in these, and in no
other (a test reads the templates for it): Django's own formats (`DATETIME_FORMAT`, "Dec. 13,
2026, 9:54 p.m.") are not the site's."""

from datetime import date, datetime

from django.utils import formats, timezone
from django.utils.translation import gettext, gettext_noop

# A moment with its day and year: a league's sign-up, a vacation's end, a token's last use.
WHEN = gettext_noop("D j M Y, H:i T")
# A moment of the coming days: a deadline.
SOON = gettext_noop("D j M, H:i T")
# A line of a game's log or record, whose zone the record states once.
LINE = gettext_noop("D j M, H:i")
# A day: a result, a device's first day.
DAY = gettext_noop("j M Y")
# An hour of each day: when the digest goes out.
HOUR = gettext_noop("H:i T")

# By the name templates give them (`{{ at|moment:"when" }}`, games/templatetags/moments.py).
FORMATS = {"when": WHEN, "soon": SOON, "line": LINE, "day": DAY, "hour": HOUR}


def shown(moment: date | datetime, format_id: str) -> str:
    """The moment in the reader's language and zone (the active ones), in one of the formats;
    a day as it is."""
    if isinstance(moment, datetime) and timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return formats.date_format(moment, gettext(format_id))
