"""A table's open pages told at once that it changed (docs/pages.md, "Live updates").

A move, a chat line or anything else that marks a game changed publishes the game's id on Redis
once its transaction commits (`changed`); each open page's stream (`pages/stream.py`) waits for
its game's id (`wake_ups`) and then looks at the game's row itself. The message says only "look
again", never what changed: a lost or doubled message costs at most a look, and nothing a seat
may not see travels through Redis. A stream also looks every `LOOK_EVERY` seconds whatever it
hears, so a message lost while Redis was away is made up for; without Redis (the embedded
default) it looks every `LOOK_ALONE` seconds instead.

One subscription a process: the streams of one process share a single Redis connection, which
hands each message to the streams of that game. One thread a process makes the streams' looks
(`look`), so that they share one database connection: a held stream holds none of its own.
"""

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import redis
import redis.asyncio
from django.conf import settings
from django.db import transaction

log = logging.getLogger(__name__)
CHANNEL_PREFIX = "bohnanza:table:"
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
    return await asyncio.get_running_loop().run_in_executor(_LOOKS, partial(function, *args))


def changed(game_ids: Iterable[int]) -> None:
    """Tell the open pages of these games, once the current transaction commits."""
    ids = list(game_ids)
    if settings.REDIS_URL and ids:
        transaction.on_commit(partial(_publish, ids), robust=True)


_publisher: dict[str, redis.Redis] = {}


def _publish(ids: list[int]) -> None:
    client = _publisher.get(settings.REDIS_URL)
    if client is None:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=0.5, socket_timeout=0.5
        )
        _publisher[settings.REDIS_URL] = client
    try:
        for game_id in ids:
            client.publish(f"{CHANNEL_PREFIX}{game_id}", b"")
    except redis.RedisError as error:
        # The streams look again within LOOK_EVERY seconds anyway.
        log.warning("live: games %s changed, not told at once (%s)", ids, error)


class _Subscription:
    """The process's one subscription to every table's channel, for the streams of its event
    loop: each waiting stream has an event its game's messages set."""

    def __init__(self) -> None:
        self.waiting: defaultdict[int, set[asyncio.Event]] = defaultdict(set)
        self.listener: asyncio.Task | None = None
        self.subscribed = asyncio.Event()  # set while the subscription is held

    def add(self, game_id: int) -> asyncio.Event:
        if self.listener is None or self.listener.done():
            self.listener = asyncio.create_task(self._listen())
        event = asyncio.Event()
        self.waiting[game_id].add(event)
        return event

    def remove(self, game_id: int, event: asyncio.Event) -> None:
        events = self.waiting.get(game_id)
        if events is not None:
            events.discard(event)
            if not events:
                del self.waiting[game_id]
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
        game_id = channel[len(CHANNEL_PREFIX) :]
        if game_id.isdigit():
            for event in self.waiting.get(int(game_id), ()):
                event.set()


_subscriptions: dict[asyncio.AbstractEventLoop, _Subscription] = {}


async def wake_ups(game_id: int) -> AsyncIterator[None]:
    """Yields at once, then each time the game may have changed, and at least every
    LOOK_EVERY seconds (LOOK_ALONE without Redis)."""
    if not settings.REDIS_URL:
        while True:
            yield
            await asyncio.sleep(LOOK_ALONE)
    loop = asyncio.get_running_loop()
    subscription = _subscriptions.setdefault(loop, _Subscription())
    event = subscription.add(game_id)
    try:
        # A change made before the subscription is held would be heard only at the next look.
        await _wait(subscription.subscribed, RECONNECT_AFTER)
        while True:
            yield
            await _wait(event, LOOK_EVERY)
            event.clear()
    finally:
        subscription.remove(game_id, event)


async def _wait(event: asyncio.Event, seconds: float) -> None:
    """Until the event is set, or `seconds` have passed."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), seconds)
