"""Requests a token may make: so many in each window of so many seconds
(`BOTAPI_RATE_LIMIT`, "requests/seconds"), counted in the shared cache."""

import time

from django.conf import settings
from django.core.cache import cache


def limit() -> tuple[int, int]:
    count, _, seconds = settings.BOTAPI_RATE_LIMIT.partition("/")
    return int(count), int(seconds)


def retry_after(*, token_id: int) -> int | None:
    """Counts a request of the token; the seconds until it may ask again when it is over its
    limit, None while it is within it."""
    count, seconds = limit()
    now = int(time.time())
    window = now // seconds
    key = f"botapi:rate:{token_id}:{window}"
    cache.add(key, 0, timeout=seconds + 1)
    try:
        made = cache.incr(key)
    except ValueError:  # the window's key expired between add and incr: a fresh window
        cache.set(key, 1, timeout=seconds + 1)
        made = 1
    if made <= count:
        return None
    return (window + 1) * seconds - now or 1
