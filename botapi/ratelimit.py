"""Requests a token may make: so many in each window of so many seconds
(`BOTAPI_RATE_LIMIT`, "requests/seconds"), counted in the shared cache."""

import logging
import time

from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)


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
    try:
        made = _counted(key, seconds)
    except Exception:  # noqa: BLE001 - the shared cache is away: nothing counts, let it through
        log.warning("bot API: the shared cache is away; token %s is not counted", token_id)
        return None
    if made <= count:
        return None
    return (window + 1) * seconds - now or 1


def _counted(key: str, seconds: int) -> int:
    cache.add(key, 0, timeout=seconds + 1)
    try:
        return cache.incr(key)
    except ValueError:  # the window's key expired between add and incr: a fresh window
        cache.set(key, 1, timeout=seconds + 1)
        return 1
