"""A table's open pages and streams told at once that it changed (docs/pages.md, "Live
updates").

A move, a chat line or anything else that marks a game changed publishes the game's id on Redis
once its transaction commits (`changed`); a change to the games open to join (one made, joined,
left, started or cancelled, a challenge made or answered) publishes "lobby" (`lobby_changed`).
Each open page's stream (`pages/stream.py`, and the bot API's streams) waits for what it
follows (`wake_ups`: `table(game_id)`, `LOBBY`) and then looks at the rows itself. The
message says only "look again", never what changed: a lost or doubled message costs at most a
look, and nothing a seat may not see travels through Redis. A stream also looks every
`LOOK_EVERY` seconds whatever it hears, so a message lost while Redis was away is made up for;
without Redis (the embedded default) it looks every `LOOK_ALONE` seconds instead.

One subscription a process: the streams of one process share a single Redis connection, which
hands each message to the streams that follow what it names. One thread a process makes the
streams' looks (`look`), so that they share one database connection: a held stream holds none
of its own.
"""

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import partial

import redis
import redis.asyncio
from django.conf import settings
from django.db import DatabaseError, connection, transaction

log = logging.getLogger(__name__)
CHANNEL_PREFIX = "bohnanza:"
LOBBY = "lobby"  # the games open to join, and challenges
# A stream looks at its game this often even if it heard nothing (a message lost while Redis
# was away), and as often marks its page open (presence.PAGE_OPEN is 30 s).
LOOK_EVERY = 10.0
# Without Redis, a stream looks this often: one query a second, where a poll cost a request
# every two.
LOOK_ALONE = 1.0
RECONNECT_AFTER = 2.0  # seconds before the subscription tries Redis again


_LOOKS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="stream-looks")


async def look[T](function: Callable[..., T], *args) -> T:
    """`function(*args)` in the streams' one thread for what they read."""
    return await asyncio.get_running_loop().run_in_executor(_LOOKS, partial(_read, function, args))


def _read[T](function: Callable[..., T], args: tuple) -> T:
    """The thread's connection lives as long as the process: one that broke meanwhile (the
    database restarted) is replaced, and the look made once more."""
    try:
        return function(*args)
    except DatabaseError:
        if connection.in_atomic_block or connection.is_usable():
            raise
        connection.close()
        return function(*args)


def table(game_id: int) -> str:
    """What a stream of this game's follows."""
    return f"table:{game_id}"


def version(seq: int, last_chat: int | None, changed_at: datetime) -> str:
    """What a stream says of a game: `<move>.<latest chat id>.<when its row last changed, in
    microseconds>`; a page's stream speaks when it is no longer the one the page was made at."""
    return f"{seq}.{last_chat or 0}.{stamp(changed_at)}"


def stamp(moment: datetime) -> int:
    return round(moment.timestamp() * 1_000_000)


def changed(game_ids: Iterable[int]) -> None:
    """Tell the open pages of these games, once the current transaction commits."""
    _told([table(game_id) for game_id in game_ids])


def lobby_changed() -> None:
    """Tell the streams that follow the games open to join, once the transaction commits."""
    _told([LOBBY])


def _told(keys: list[str]) -> None:
    if settings.REDIS_URL and keys:
        transaction.on_commit(partial(_publish, keys), robust=True)


_publisher: dict[str, redis.Redis] = {}


def _publish(keys: list[str]) -> None:
    client = _publisher.get(settings.REDIS_URL)
    if client is None:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=0.5, socket_timeout=0.5
        )
        _publisher[settings.REDIS_URL] = client
    try:
        for key in keys:
            client.publish(f"{CHANNEL_PREFIX}{key}", b"")
    except redis.RedisError as error:
        # The streams look again within LOOK_EVERY seconds anyway.
        log.warning("live: %s changed, not told at once (%s)", " ".join(keys), error)


# A program's long-poll (the bot API's waits, a thread each) without Redis looks this often.
LOOK_POLL = 0.25
# With Redis, it still looks this often whatever it heard (a word lost while Redis was away).
LOOK_HEARD = 5.0
_listener: dict[str, redis.Redis] = {}


@contextlib.contextmanager
def listening(keys: Iterable[str]) -> Iterator[Callable[[float], None]]:
    """For a thread that waits on what `keys` name (a program's long-poll): gives `heard`,
    which returns as soon as one of them is told changed, or after at most `seconds` (without
    Redis, or while it is away, after LOOK_POLL: the caller looks again). Subscribed before the
    caller's first look, so no change made after that look is missed."""
    if not settings.REDIS_URL:
        yield _nap
        return
    client = _listener.get(settings.REDIS_URL)
    if client is None:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=0.5)
        _listener[settings.REDIS_URL] = client
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    try:
        pubsub.subscribe(*(f"{CHANNEL_PREFIX}{key}" for key in keys))
    except redis.RedisError:
        pubsub.close()
        yield _nap
        return

    def heard(seconds: float) -> None:
        ends = time.monotonic() + min(seconds, LOOK_HEARD)
        while (left := ends - time.monotonic()) > 0:
            try:
                if pubsub.get_message(timeout=left) is not None:
                    return
            except redis.RedisError:
                _nap(left)
                return

    try:
        yield heard
    finally:
        pubsub.close()


def _nap(seconds: float) -> None:
    time.sleep(max(0.0, min(seconds, LOOK_POLL)))


class _Subscription:
    """The process's one subscription to every table's channel, for the streams of its event
    loop: each waiting stream has an event the messages of what it follows set."""

    def __init__(self) -> None:
        self.waiting: defaultdict[str, set[asyncio.Event]] = defaultdict(set)
        self.listener: asyncio.Task | None = None
        self.subscribed = asyncio.Event()  # set while the subscription is held

    def add(self, keys: tuple[str, ...]) -> asyncio.Event:
        if self.listener is None or self.listener.done():
            self.listener = asyncio.create_task(self._listen())
        event = asyncio.Event()
        for key in keys:
            self.waiting[key].add(event)
        return event

    def remove(self, keys: tuple[str, ...], event: asyncio.Event) -> None:
        for key in keys:
            events = self.waiting.get(key)
            if events is not None:
                events.discard(event)
                if not events:
                    del self.waiting[key]
        if not self.waiting and self.listener is not None:
            self.listener.cancel()  # the last stream of this loop ended
            self.listener = None
            self.subscribed.clear()

    async def _listen(self) -> None:
        while self.waiting:
            try:
                client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
                async with client.pubsub() as pubsub:
                    await pubsub.psubscribe(CHANNEL_PREFIX + "*")
                    self.subscribed.set()
                    while self.waiting:
                        message = await pubsub.get_message(
                            ignore_subscribe_messages=True, timeout=LOOK_EVERY
                        )
                        if message is not None:
                            self._tell(message["channel"])
                await client.aclose()
            except (redis.RedisError, OSError) as error:
                self.subscribed.clear()
                log.warning("live: no subscription to Redis (%s); streams look on their own", error)
                await asyncio.sleep(RECONNECT_AFTER)
        self.subscribed.clear()
        self.listener = None

    def _tell(self, channel: bytes) -> None:
        key = channel[len(CHANNEL_PREFIX) :].decode(errors="replace")
        for event in self.waiting.get(key, ()):
            event.set()


_subscriptions: dict[asyncio.AbstractEventLoop, _Subscription] = {}


async def wake_ups(*keys: str) -> AsyncIterator[None]:
    """Yields at once, then each time what `keys` name (`table(game_id)`, `LOBBY`) may have
    changed, and at least every LOOK_EVERY seconds (LOOK_ALONE without Redis)."""
    if not settings.REDIS_URL:
        while True:
            yield
            await asyncio.sleep(LOOK_ALONE)
    loop = asyncio.get_running_loop()
    subscription = _subscriptions.setdefault(loop, _Subscription())
    event = subscription.add(keys)
    try:
        # A change made before the subscription is held would be heard only at the next look.
        await _wait(subscription.subscribed, RECONNECT_AFTER)
        while True:
            yield
            await _wait(event, LOOK_EVERY)
            event.clear()
    finally:
        subscription.remove(keys, event)


async def _wait(event: asyncio.Event, seconds: float) -> None:
    """Until the event is set, or `seconds` have passed."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), seconds)
