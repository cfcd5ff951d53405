"""The soak's streams: programs that hold the bot API's seat streams and pages that hold the game
pages' streams, through a stream process (uvicorn), from the soak's start to its end, each
opening its stream again after a break (the stream process restarted) from where it was
(`after`, `Last-Event-ID`), as a program and a browser do.

At the end, `check` compares what each seat stream brought with the move log: every event the
seat's page shows after the move it started at, up to the last move it heard, exactly once and
in order (`botapi.selectors.events_after`), and that it heard the game's last move; a page's
stream must name each move it names once, in order, and end at the game's last move. It also
says how late a line came after its move was written (`at` of its newest event).
"""

import asyncio
import json
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from itertools import pairwise

import httpx

RECONNECT_AFTER = 0.5  # seconds before a broken stream is opened again
CATCH_UP = 15.0  # seconds the streams may take to hear the last moves once the soak ends


@dataclass
class SeatWatch:
    """A program holding a seat's stream."""

    seat_id: int
    game_id: int
    token: str
    after: int  # the move number it last heard of
    start: int = 0  # the move number it began after
    events: list[tuple[int, str, str]] = field(default_factory=list)
    lines: int = 0
    opened: int = 0
    late_ms: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    over: bool = False

    def __post_init__(self) -> None:
        self.start = self.after


@dataclass
class PageWatch:
    """A browser holding a game page's stream."""

    game_id: int
    last: str  # the version it last heard of (live.version)
    ids: list[str] = field(default_factory=list)
    opened: int = 0
    statuses: dict[int, int] = field(default_factory=dict)


class Watchers:
    def __init__(self, port: int, seats: list[SeatWatch], pages: list[PageWatch]):
        self.base = f"http://127.0.0.1:{port}"
        self.seats, self.pages = seats, pages
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._all()), daemon=True)

    def start(self) -> "Watchers":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(30)

    async def _all(self) -> None:
        limits = httpx.Limits(max_connections=None, max_keepalive_connections=0)
        async with httpx.AsyncClient(base_url=self.base, timeout=None, limits=limits) as client:
            tasks = [asyncio.create_task(self._seat(client, watch)) for watch in self.seats]
            tasks += [asyncio.create_task(self._page(client, watch)) for watch in self.pages]
            while not self.stopping.is_set():
                await asyncio.sleep(0.2)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _seat(self, client: httpx.AsyncClient, watch: SeatWatch) -> None:
        auth = {"Authorization": f"Bearer {watch.token}"}

        def heard(text: str) -> None:
            if text.strip():
                self._heard(watch, json.loads(text))

        path = f"/api/v2/seats/{watch.seat_id}/stream?after="
        opening = lambda: (f"{path}{watch.after}", auth)  # noqa: E731 - asked anew each time
        await _held(client, watch, opening, heard, lambda: watch.over)

    def _heard(self, watch: SeatWatch, line: dict) -> None:
        watch.lines += 1
        watch.events += [(e["seq"], e["kind"], e["text"]) for e in line["events"]]
        if line["events"]:
            newest = max(_seconds(e["at"]) for e in line["events"])
            watch.late_ms.append((time.time() - newest) * 1000)
        watch.after = line["seat"]["seq"]
        watch.over = line["seat"]["status"] in ("finished", "cancelled")

    async def _page(self, client: httpx.AsyncClient, watch: PageWatch) -> None:
        def opening() -> tuple[str, dict]:
            since, chat, stamp = watch.last.split(".")
            path = f"/games/{watch.game_id}/stream/?since={since}&chat={chat}&stamp={stamp}"
            return path, {"Accept": "text/event-stream", "Last-Event-ID": watch.last}

        def heard(text: str) -> None:
            if text.startswith("id: "):
                watch.last = text[4:]
                watch.ids.append(watch.last)

        await _held(client, watch, opening, heard, lambda: False)


async def _held(client: httpx.AsyncClient, watch, opening, heard, done) -> None:
    """Holds a stream (`opening()`: its path and headers, asked anew each time), handing each
    line to `heard`, and opens it again after a break, until `done()`."""
    while not done():
        try:
            path, headers = opening()
            async with client.stream("GET", path, headers=headers) as answer:
                _count(watch.statuses, answer.status_code)
                watch.opened += 1
                if answer.status_code != 200:
                    await asyncio.sleep(RECONNECT_AFTER)
                    continue
                async for text in answer.aiter_lines():
                    heard(text)
        except (httpx.HTTPError, OSError):
            _count(watch.statuses, 0)
            await asyncio.sleep(RECONNECT_AFTER)


def _count(statuses: dict[int, int], status: int) -> None:
    statuses[status] = statuses.get(status, 0) + 1


def _seconds(at: str) -> float:
    return datetime.fromisoformat(at).timestamp()


def caught_up(watchers: Watchers) -> None:
    """Waits until every stream heard its game's last move, or CATCH_UP seconds."""
    from games.models import Game

    ends = time.monotonic() + CATCH_UP
    while time.monotonic() < ends:
        seqs = dict(Game.objects.values_list("id", "seq"))
        if all(w.after >= seqs[w.game_id] for w in watchers.seats) and all(
            int(w.last.split(".")[0]) >= seqs[w.game_id] for w in watchers.pages
        ):
            return
        time.sleep(0.5)


def report(watchers: Watchers) -> None:
    """What the streams brought, checked against the move log."""
    from botapi.selectors import events_after
    from games.models import Game, Seat

    seqs = dict(Game.objects.values_list("id", "seq"))
    lost = doubled = misordered = behind = events = 0
    for watch in watchers.seats:
        seat = Seat.objects.select_related("game").get(pk=watch.seat_id)
        shown = [
            (e["seq"], e["kind"], e["text"])
            for e in events_after(seat=seat, after=watch.start)
            if e["seq"] <= watch.after
        ]
        got = watch.events
        events += len(got)
        lost += (Counter(shown) - Counter(got)).total()
        doubled += (Counter(got) - Counter(shown)).total()
        misordered += got != shown and Counter(got) == Counter(shown)
        behind += watch.after < seqs[watch.game_id]
    page_doubled = page_behind = 0
    for watch in watchers.pages:
        seen = [int(id.split(".")[0]) for id in watch.ids]
        page_doubled += sum(1 for a, b in pairwise(watch.ids) if a == b)
        page_doubled += sum(1 for a, b in pairwise(seen) if b < a)
        page_behind += int(watch.last.split(".")[0]) < seqs[watch.game_id]
    late = sorted(ms for watch in watchers.seats for ms in watch.late_ms)
    statuses: dict[int, int] = {}
    for watch in [*watchers.seats, *watchers.pages]:
        for status, count in watch.statuses.items():
            statuses[status] = statuses.get(status, 0) + count
    server_errors = sum(count for status, count in statuses.items() if status >= 500)
    print(
        f"  streams: {len(watchers.seats)} bot API seat streams, "
        f"{sum(w.lines for w in watchers.seats)} lines, {events} events; "
        f"lost {lost}, doubled or not the log's {doubled}, out of order {misordered}, behind "
        f"the last move {behind} (each checked against the move log)"
    )
    print(
        f"    {len(watchers.pages)} page streams, {sum(len(w.ids) for w in watchers.pages)} "
        f"changes heard; out of order or twice {page_doubled}, behind the last move "
        f"{page_behind}"
    )
    if late:
        print(
            f"    a line after its move was written: p50 {_at(late, 0.5):.0f} ms, "
            f"p99 {_at(late, 0.99):.0f} ms, max {late[-1]:.0f} ms"
        )
    print(
        f"    opened {sum(w.opened for w in [*watchers.seats, *watchers.pages])} times; "
        f"5xx {server_errors}, statuses {dict(sorted(statuses.items()))} (0: a broken "
        "connection, opened again)"
    )


def _at(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
