"""The unchanged poll, answered early.

Every open game page polls every two seconds, and almost every answer is "nothing changed".
That answer needs none of the session, the user, CSRF, messages or allauth, so this middleware,
placed right after the security middleware, gives it with one query; every other request, and
a poll whose board must go out, goes on to the view as usual (see `views.game_poll`).
"""

import re
from functools import cache

from django.urls import reverse

from . import views

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
