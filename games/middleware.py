"""The unchanged poll, answered early.

Every open game page polls every two seconds, and almost every answer is "nothing changed".
That answer needs none of the session, the user, CSRF, messages or allauth, so this middleware,
placed right after the security middleware, gives it with one query; every other request, and
a poll whose board must go out, goes on to the view as usual (see `views.game_poll`).
"""

import re
import zoneinfo
from functools import cache

from django.contrib.auth import SESSION_KEY
from django.urls import reverse
from django.utils import timezone, translation

from games.pages import views
from games.selectors.profiles import locale_of
from games.wording import locales

_SAMPLE_ID = 2_147_483_647  # a game id that stands for any in the poll's path


@cache
def _poll_path() -> re.Pattern:
    sample = reverse("games:poll", args=[_SAMPLE_ID])
    return re.compile(re.escape(sample).replace(str(_SAMPLE_ID), "([0-9]{1,18})"))


class UnchangedPoll:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "GET":
            match = _poll_path().fullmatch(request.path_info)
            if match:
                answer = views.poll_unchanged(request, int(match[1]))
                if answer is not None:
                    return answer
        return self.get_response(request)


class PlayerLocale:
    """A signed-in player's own language and time zone for the request; a visitor keeps the
    language LocaleMiddleware read from Accept-Language, and the zone their browser's script
    left in a cookie (UTC without one)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        zone = locales.zone_or_none(request.COOKIES.get(locales.ZONE_COOKIE))
        # From the session, not request.user: a page that needs no user loads none.
        user_id = request.session.get(SESSION_KEY)
        if user_id is not None:
            chosen = request.session.get(locales.SESSION_KEY)
            if chosen is None:  # a session from before the player chose
                chosen = list(locale_of(user_id=user_id))
                request.session[locales.SESSION_KEY] = chosen
            language, zone = chosen
            translation.activate(language)
            request.LANGUAGE_CODE = language
        if zone:
            timezone.activate(zoneinfo.ZoneInfo(zone))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
