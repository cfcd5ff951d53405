"""A reader's language and time zone: the ones a page or a mail is worded and timed in."""

import zoneinfo
from contextlib import contextmanager
from functools import cache

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import pgettext_lazy

# A date's month in French is `N` (`gettext("D j M, H:i T")`), which Django's French catalogue
# words "jan." and "fév."; French writes "janv." and "févr.". The site's catalogues word these
# two, and marking them here keeps them there.
MONTHS_THE_SITE_WORDS = (
    pgettext_lazy("abbrev. month", "Jan."),
    pgettext_lazy("abbrev. month", "Feb."),
)

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)
# Where the browser's script leaves its zone for a visitor without a profile.
ZONE_COOKIE = "tz"
# A signed-in player's (language, zone), kept in their session so that a page costs no query.
SESSION_KEY = "locale"
# ... and their name at the table, which the header of every page shows (base.html).
NAME_KEY = "display_name"


# The areas of the time-zone database's own names (Europe/Rome, America/New_York, Etc/GMT-2),
# which browsers report; its old aliases and oddities ("localtime", "Factory", "US/Pacific",
# "posix/...") are left out of the choice.
ZONE_AREAS = frozenset(
    (
        "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Etc",
        "Europe", "Indian", "Pacific",
    )
)


@cache
def zone_names() -> tuple[str, ...]:
    zones = zoneinfo.available_timezones()
    return tuple(sorted(z for z in zones if z == "UTC" or z.split("/")[0] in ZONE_AREAS))


def zone_or_none(name: str | None) -> str | None:
    """The zone's name if it is one the site knows (cookies and forms may say anything)."""
    return name if name in _zone_set() else None


@cache
def _zone_set() -> frozenset[str]:
    return frozenset(zone_names())


def language_or_default(code: str | None) -> str:
    return code if code in LANGUAGE_CODES else settings.LANGUAGE_CODE


@contextmanager
def reader(profile):
    """Words and times for this player, whoever's request or task is running: every mail is
    written in its recipient's language and zone."""
    language = language_or_default(getattr(profile, "language", None))
    zone = zone_or_none(getattr(profile, "time_zone", None)) or "UTC"
    with translation.override(language), timezone.override(zoneinfo.ZoneInfo(zone)):
        yield
