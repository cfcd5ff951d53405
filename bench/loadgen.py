"""A small HTTP/1.1 load generator: N keep-alive connections, each sending GETs back to back
(a closed loop, which finds the server's capacity) or one every `interval` seconds (a paced
load, like players whose pages are open, which shows the latency they get).

Written on asyncio streams so that the client costs little next to the server it measures.
"""

import asyncio
import random
import statistics
import time
from dataclasses import dataclass


@dataclass
class LoadResult:
    requests: int
    seconds: float
    latencies_ms: list[float]
    statuses: dict[int, int]

    @property
    def rps(self) -> float:
        return self.requests / self.seconds

    def percentile(self, p: int) -> float:
        return statistics.quantiles(self.latencies_ms, n=100)[p - 1]


async def _client(
    host, port, request: bytes, deadline: float, result: LoadResult, interval: float | None
) -> None:
    if interval:
        # Spread the clients over the interval, as real pages are. A client connects when it
        # has its first request to send, as a browser does: a connection opened early and left
        # silent holds one of gunicorn's threads while it waits for the request.
        await asyncio.sleep(random.uniform(0, interval))
    reader, writer = await asyncio.open_connection(host, port)
    try:
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            writer.write(request)
            status, body_length, closes = await _read_head(reader)
            await reader.readexactly(body_length)
            result.latencies_ms.append((time.perf_counter() - started) * 1000)
            result.statuses[status] = result.statuses.get(status, 0) + 1
            result.requests += 1
            if closes:
                writer.close()
                reader, writer = await asyncio.open_connection(host, port)
            if interval:
                await asyncio.sleep(max(0.0, started + interval - time.perf_counter()))
    finally:
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
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookie}\r\n"
        "Connection: keep-alive\r\n\r\n"
    ).encode()
    result = LoadResult(0, seconds, [], {})

    async def main():
        deadline = time.perf_counter() + seconds
        await asyncio.gather(
            *(_client(host, port, request, deadline, result, interval) for _ in range(clients))
        )

    started = time.perf_counter()
    asyncio.run(main())
    result.seconds = time.perf_counter() - started
    return result
