"""Requests a token may make: so many in each window of so many seconds
(`BOTAPI_RATE_LIMIT`, "requests/seconds"), counted in the shared cache; and waits it may hold
at once (a long-poll holds a web thread while it waits): so many a token, counted in the shared
cache, and so many in a web process, whatever their tokens (`BOTAPI_WAITS`,
"per token/per process"). Past the process's, a long-poll answers at once: the threads the
site's pages need are never all waiting for games. Streams a token may hold in a stream
process: `BOTAPI_STREAMS`."""

import logging
import threading
import time
from contextlib import contextmanager

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

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


class TooManyHeld(Exception):
    """The token holds as many requests of a kind at once as it may."""

    retry_after = 1

    def __init__(self, most: int):
        self.most = most

    def sentence(self) -> str:
        raise NotImplementedError


class TooManyWaits(TooManyHeld):
    def sentence(self) -> str:
        return _("This token has {most} requests waiting already: wait for one to answer.").format(
            most=self.most
        )


def waits() -> tuple[int, int]:
    per_token, _, per_process = settings.BOTAPI_WAITS.partition("/")
    return int(per_token), int(per_process)


# The process's waits, by their bound (a setting changed while it runs gets its own).
_process_waits: dict[int, threading.BoundedSemaphore] = {}


@contextmanager
def waiting(*, token_id: int, wait: int):
    """Holds one of the token's waits, and of the process's, for a long-poll of `wait`
    seconds; gives the seconds it may wait: `wait`, or 0 when the process has none free.
    Raises TooManyWaits when the token has none free."""
    if wait <= 0:
        yield 0
        return
    per_token, per_process = waits()
    in_process = _process_waits.setdefault(per_process, threading.BoundedSemaphore(per_process))
    key = f"botapi:waits:{token_id}"
    counted = _counted_wait(key, wait)
    try:
        if counted is not None and counted > per_token:
            raise TooManyWaits(per_token)
        slot = in_process.acquire(blocking=False)
        try:
            yield wait if slot else 0
        finally:
            if slot:
                in_process.release()
    finally:
        if counted is not None:
            _uncounted_wait(key)


def _counted_wait(key: str, wait: int) -> int | None:
    """The token's waits with this one; None when the shared cache is away (the process's
    bound still holds). A count a killed process left expires with the longest wait."""
    try:
        return _counted(key, wait + 5)
    except Exception:  # noqa: BLE001
        log.warning("bot API: the shared cache is away; waits are not counted")
        return None


def _uncounted_wait(key: str) -> None:
    try:
        cache.decr(key)
    except Exception:  # noqa: BLE001 - expired meanwhile, or the cache is away: nothing to undo
        return


class TooManyStreams(TooManyHeld):
    """In this process."""

    retry_after = 10

    def sentence(self) -> str:
        return _(
            "This token holds {most} streams already: close one before opening another."
        ).format(most=self.most)


# The streams each token holds in this process (the stream processes hold them without a
# thread, so a process bounds them by token only).
_streams: dict[int, int] = {}


def stream_allowed(*, token_id: int) -> None:
    """Raises TooManyStreams when the token holds BOTAPI_STREAMS in this process already."""
    if _streams.get(token_id, 0) >= settings.BOTAPI_STREAMS:
        raise TooManyStreams(settings.BOTAPI_STREAMS)


@contextmanager
def streaming(*, token_id: int):
    """Counts one of the token's streams while it is held."""
    _streams[token_id] = _streams.get(token_id, 0) + 1
    try:
        yield
    finally:
        _streams[token_id] -= 1
        if not _streams[token_id]:
            del _streams[token_id]
