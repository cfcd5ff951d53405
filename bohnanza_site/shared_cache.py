"""The shared cache in Redis, for a site that keeps answering while Redis is away.

What the site keeps in the shared cache may be lost (DESIGN.md, "Redis away"): sessions are
written through to the database, pages are rendered again. So while Redis does not answer, a
call that reads or writes a value answers as a cache that has lost everything would: `get` finds
nothing, `set` keeps nothing. The counters (`add`, `incr`) still raise, as a count nobody kept
is not a count: each caller says what it does without one (presence writes to the database,
invitations are refused, the bot API's and the mail replies' limits let the request through).
Redis failing to answer is logged, and then left alone for RETRY_AFTER seconds, so that a page
asks no server that is down (or slow, given the socket timeouts in the settings) more than once
in that time.
"""

import logging
import time

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as Unreachable
from redis.exceptions import TimeoutError as TooSlow

log = logging.getLogger(__name__)
RETRY_AFTER = 2.0  # seconds without asking Redis after it failed to answer
RAISE = object()  # what a counter answers while Redis is away: the error


class _ClientThatMayFindRedisAway(RedisCacheClient):
    _away_until = 0.0

    def _ask(self, if_away, method, *args):
        """`method(*args)`, or `if_away` while Redis is away (`RAISE`: raise)."""
        try:
            if time.monotonic() < self._away_until:
                raise Unreachable("Redis did not answer a moment ago")
            return method(*args)
        except (Unreachable, TooSlow) as error:
            if time.monotonic() >= self._away_until:
                self._away_until = time.monotonic() + RETRY_AFTER
                log.warning("shared cache: Redis does not answer (%s); working without it", error)
            if if_away is RAISE:
                raise
            return if_away

    def add(self, key, value, timeout):
        return self._ask(RAISE, super().add, key, value, timeout)

    def incr(self, key, delta):
        return self._ask(RAISE, super().incr, key, delta)

    def get(self, key, default):
        return self._ask(default, super().get, key, default)

    def set(self, key, value, timeout):
        return self._ask(None, super().set, key, value, timeout)

    def touch(self, key, timeout):
        return self._ask(False, super().touch, key, timeout)

    def delete(self, key):
        return self._ask(False, super().delete, key)

    def get_many(self, keys):
        return self._ask({}, super().get_many, keys)

    def has_key(self, key):
        return self._ask(False, super().has_key, key)

    def set_many(self, data, timeout):
        return self._ask([], super().set_many, data, timeout)

    def delete_many(self, keys):
        return self._ask(None, super().delete_many, keys)

    def clear(self):
        return self._ask(False, super().clear)


class SharedCache(RedisCache):
    """Django's Redis cache, answering as an empty cache while Redis is away."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _ClientThatMayFindRedisAway
