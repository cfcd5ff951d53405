"""Lengths of time in words: exactly, as a time control states them ("2 days"), and roughly,
as a mail or a page says what is left ("about 2 hours")."""

from datetime import timedelta

from django.utils.translation import gettext, ngettext


def _units() -> tuple:
    return (
        (86400, lambda n: ngettext("{n} day", "{n} days", n)),
        (3600, lambda n: ngettext("{n} hour", "{n} hours", n)),
        (60, lambda n: ngettext("{n} minute", "{n} minutes", n)),
        (1, lambda n: ngettext("{n} second", "{n} seconds", n)),
    )


def exact(delta: timedelta) -> str:
    """'2 days', '90 minutes': in the largest unit that divides it."""
    seconds = int(delta.total_seconds())
    for size, worded in _units():
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return worded(count).format(n=count)
    return gettext("0 seconds")


def humanize(delta: timedelta) -> str:
    """'about 2 hours', 'about 40 minutes', 'under a minute': for mails and pages."""
    seconds = max(0, int(delta.total_seconds()))
    if seconds >= 60:
        for size, worded in _units()[:3]:
            if seconds >= size:
                count = round(seconds / size)
                return gettext("about {span}").format(span=worded(count).format(n=count))
    return gettext("under a minute")
