"""A small HTTP/1.1 load generator: N keep-alive connections, each sending GETs back to back
(a closed loop, which finds the server's capacity) or one every `interval` seconds (a paced
load, like players whose pages are open, which shows the latency they get).

Written on asyncio streams so that the client costs little next to the server it measures.
A request the server does not answer (refused, reset, closed half way, as while it restarts) is
counted as a connection error, and the client connects again at its next request.
"""

import asyncio
import html
import random
import statistics
import time
from dataclasses import dataclass, field


@dataclass
class LoadResult:
    requests: int
    seconds: float
    latencies_ms: list[float]
    statuses: dict[int, int]
    errors: int = 0  # requests without an answer: the connection refused, reset or closed
    sent_at: list[float] = field(default_factory=list)  # time.monotonic() of each answered one

    @property
    def rps(self) -> float:
        return self.requests / self.seconds

    def percentile(self, p: int) -> float:
        return statistics.quantiles(self.latencies_ms, n=100)[p - 1]


@dataclass(frozen=True)
class Paced:
    """Clients that each send `path` every `interval` seconds, counted under `label`. With
    `follows`, a client that finds in an answer a link starting with `follows` sends that link
    from then on, as a page's poll asks for what changed since the move it shows."""

    label: str
    port: int
    path: str
    cookie: str
    clients: int
    interval: float
    host: str = "127.0.0.1"
    follows: str = ""


def _request(host: str, port: int, path: str, cookie: str) -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookie}\r\n"
        "Connection: keep-alive\r\n\r\n"
    ).encode()


def _followed(body: bytes, follows: str) -> str | None:
    """The first link in `body` that starts with `follows`, as an HTML attribute gives it."""
    start = body.find(follows.encode())
    if start < 0:
        return None
    end = body.find(b'"', start)
    return html.unescape(body[start:end].decode()) if end > start else None


async def _client(
    host,
    port,
    request: bytes,
    deadline: float,
    result: LoadResult,
    interval: float | None,
    follows: tuple[str, str] | None = None,  # (the links' start, the cookie)
) -> None:
    if interval:
        # Spread the clients over the interval, as real pages are. A client connects when it
        # has its first request to send, as a browser does: a connection opened early and left
        # silent holds one of gunicorn's threads while it waits for the request.
        await asyncio.sleep(random.uniform(0, interval))
    writer = None
    try:
        while time.perf_counter() < deadline:
            started, sent = time.perf_counter(), time.monotonic()
            try:
                if writer is None:
                    reader, writer = await asyncio.open_connection(host, port)
                writer.write(request)
                status, body_length, closes = await _read_head(reader)
                body = await reader.readexactly(body_length)
            except (OSError, asyncio.IncompleteReadError):
                result.errors += 1
                if writer is not None:
                    writer.close()
                writer = None
                # Never faster than one try in a tenth of a second, paced or not.
                await asyncio.sleep(max(0.1, started + (interval or 0) - time.perf_counter()))
                continue
            result.latencies_ms.append((time.perf_counter() - started) * 1000)
            result.sent_at.append(sent)
            result.statuses[status] = result.statuses.get(status, 0) + 1
            result.requests += 1
            link = _followed(body, follows[0]) if follows and status == 200 else None
            if link:
                request = _request(host, port, link, follows[1])
            if closes:
                writer.close()
                writer = None
            if interval:
                await asyncio.sleep(max(0.0, started + interval - time.perf_counter()))
    finally:
        if writer is not None:
            writer.close()


async def _read_head(reader) -> tuple[int, int, bool]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length, closes = 0, False
    for line in lines[1:]:
        name, _, value = line.partition(":")
        name = name.strip().lower()
        if name == "content-length":
            length = int(value)
        elif name == "connection" and value.strip().lower() == "close":
            closes = True
    return status, length, closes


def run(
    host: str,
    port: int,
    path: str,
    cookie: str,
    clients: int,
    seconds: float,
    interval: float | None = None,
) -> LoadResult:
    request = _request(host, port, path, cookie)
    result = LoadResult(0, seconds, [], {})
    jobs = [(host, port, request, result, interval, None)] * clients
    started = time.perf_counter()
    asyncio.run(_all(jobs, seconds))
    result.seconds = time.perf_counter() - started
    return result


def run_paced(groups: list[Paced], seconds: float) -> dict[str, LoadResult]:
    """Every group's clients at once for `seconds`; the results by label (groups sharing a
    label, such as the same path on two servers, are counted together)."""
    results = {group.label: LoadResult(0, seconds, [], {}) for group in groups}
    jobs = [
        (
            group.host,
            group.port,
            _request(group.host, group.port, group.path, group.cookie),
            results[group.label],
            group.interval,
            (group.follows, group.cookie) if group.follows else None,
        )
        for group in groups
        for _ in range(group.clients)
    ]
    started = time.perf_counter()
    asyncio.run(_all(jobs, seconds))
    for result in results.values():
        result.seconds = time.perf_counter() - started
    return results


async def _all(jobs: list[tuple], seconds: float) -> None:
    deadline = time.perf_counter() + seconds
    await asyncio.gather(
        *(
            _client(host, port, request, deadline, result, interval, follows)
            for host, port, request, result, interval, follows in jobs
        )
    )
