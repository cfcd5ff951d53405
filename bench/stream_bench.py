"""What open game pages cost the web while nothing happens: polling every two seconds (gunicorn,
as the pages did) against holding a stream each (uvicorn, docs/pages.md "Live updates"), in one
run on PostgreSQL and Redis.

The figure is the server's CPU (its processes, PostgreSQL's and Redis's, from /proc) per open
page-minute, and from it how many open pages one core holds at rest. Each page is one of a
player's pages of a game in its middle; the stream clients read what they are sent and nothing
else (no move is made: at rest).
"""

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

from bench import loadgen, server_cpu
from bench.web_bench import ROOT, _free_port, _prepare, _serve, bench_environment, listening

PAGES = 200
SECONDS = 30.0
REDIS_URL = "redis://127.0.0.1:6379/3"


def _serve_streams(env: dict, port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "uvicorn"),
            "bohnanza_site.asgi:application",
            "--host", "127.0.0.1",
            "--port", str(port),
            "--log-level", "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    return listening(server, port)


async def _hold(port: int, path: str, cookie: str, seconds: float) -> int:
    """Hold a stream for `seconds`; the bytes it was sent."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    received = 0
    ends = time.monotonic() + seconds
    try:
        while (left := ends - time.monotonic()) > 0:
            chunk = await asyncio.wait_for(reader.read(4096), left)
            if not chunk:
                break
            received += len(chunk)
    except TimeoutError:
        pass
    writer.close()
    return received


async def _hold_all(
    port: int, path: str, cookie: str, pages: int, seconds: float, database: str
) -> tuple[list[int], int]:
    """The bytes each stream was sent, and the database's connections while they were held."""
    holds = [asyncio.create_task(_hold(port, path, cookie, seconds)) for _ in range(pages)]
    await asyncio.sleep(seconds / 2)
    connections = await asyncio.to_thread(_connections, database)
    return list(await asyncio.gather(*holds)), connections


def _connections(database: str) -> int:
    import psycopg

    name = database.rsplit("/", 1)[1]
    with psycopg.connect(database.rsplit("/", 1)[0] + "/postgres") as conn:
        row = conn.execute("select count(*) from pg_stat_activity where datname = %s", (name,))
        return row.fetchone()[0]


def _per_page_minute(cpu_seconds: float, pages: int, seconds: float) -> float:
    return cpu_seconds / (pages * seconds / 60)


def main() -> None:
    env = bench_environment("streams")
    if env is None:
        return
    env = {**env, "REDIS_URL": os.environ.get("BENCH_REDIS_URL", REDIS_URL)}
    page, poll, cookie = _prepare(env)
    stream = poll.replace("/poll/", "/stream/")

    port = _free_port()
    server = _serve(env, port)
    try:
        loadgen.run("127.0.0.1", port, poll, cookie, 10, 2.0)  # warm: imports, connections
        before = server_cpu.cpu_seconds(server.pid)
        polled = loadgen.run("127.0.0.1", port, poll, cookie, PAGES, SECONDS, 2.0)
        poll_cpu = server_cpu.cpu_seconds(server.pid) - before
    finally:
        server.terminate()
        server.wait()

    port = _free_port()
    server = _serve_streams(env, port)
    try:
        asyncio.run(_hold_all(port, stream, cookie, 10, 2.0, env["DATABASE_URL"]))  # warm
        before = server_cpu.cpu_seconds(server.pid)
        held, connections = asyncio.run(
            _hold_all(port, stream, cookie, PAGES, SECONDS, env["DATABASE_URL"])
        )
        stream_cpu = server_cpu.cpu_seconds(server.pid) - before
    finally:
        server.terminate()
        server.wait()

    poll_ms = _per_page_minute(poll_cpu, PAGES, SECONDS) * 1000
    stream_ms = _per_page_minute(stream_cpu, PAGES, SECONDS) * 1000
    print(f"open game pages at rest ({PAGES} pages, {SECONDS:.0f} s, PostgreSQL and Redis)")
    print(
        f"  polling every 2 s (gunicorn): {polled.requests} polls, {poll_ms:.1f} ms of server CPU"
        f" a page-minute, some {60_000 / poll_ms:,.0f} open pages a core"
    )
    print(
        f"  a stream each (uvicorn): {sum(1 for sent in held if sent)} of {PAGES} held,"
        f" {stream_ms:.1f} ms of server CPU a page-minute, some {60_000 / stream_ms:,.0f}"
        f" open pages a core; {connections} database connections while they were held"
    )
    print(f"  poll / stream: {poll_ms / stream_ms:.1f}x")


if __name__ == "__main__":
    main()
