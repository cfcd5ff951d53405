"""Real moving parts for the integration tests and the benchmarks: an SMTP server that keeps
what it receives, a Celery worker (with beat, or without it) and a beat alone, each in its own
process group, and the Redis server's stop and restart with the settings it runs with.

Nothing here imports Django: the caller passes the environment the worker runs with.
"""

import asyncio
import contextlib
import email
import email.policy
import os
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from aiosmtpd.controller import Controller

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(predicate, timeout: float, interval: float = 0.05, what: str = "a condition"):
    """The predicate's first truthy value, or AssertionError after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def shown(part: email.message.EmailMessage) -> str:
    """A plain text part as a mail client shows it: a format=flowed part (RFC 3676) with its
    stuffing taken away and its soft breaks, the lines ending in a space, joined."""
    text = part.get_content()
    if part.get_param("format") != "flowed":
        return text
    lines = [line[1:] if line.startswith(" ") else line for line in text.splitlines()]
    return "".join(line if line.endswith(" ") and line != "-- " else f"{line}\n" for line in lines)


@dataclass(frozen=True, slots=True)
class Received:
    at: float  # time.time() when the server had the whole message
    recipients: tuple[str, ...]
    message: email.message.EmailMessage

    @property
    def kind(self) -> str:
        return self.message.get("X-Bohnanza-Kind", "")

    @property
    def outbox_id(self) -> int | None:
        value = self.message.get("X-Bohnanza-Outbox")
        return int(value) if value else None

    def text(self) -> str:
        return shown(self.message.get_body(("plain",)))

    def html(self) -> str:
        return self.message.get_body(("html",)).get_content()


class SmtpSink:
    """An aiosmtpd server on 127.0.0.1 that accepts every mail and keeps it."""

    def __init__(self):
        self.received: list[Received] = []
        self._lock = threading.Lock()
        self.port = free_port()
        self._controller = None
        # While set, a sender that has had its mail accepted waits for the answer to its QUIT:
        # it stays between the server's answer and whatever it does after the send.
        self.hold_quit = False

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self._lock:
            self.received.append(Received(time.time(), tuple(envelope.rcpt_tos), message))
        return "250 Message accepted for delivery"

    async def handle_QUIT(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        while self.hold_quit:
            await asyncio.sleep(0.05)
        return "221 Bye"

    def start(self) -> "SmtpSink":
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def messages(self, kind: str | None = None, to: str | None = None) -> list[Received]:
        with self._lock:
            found = list(self.received)
        return [
            m
            for m in found
            if (kind is None or m.kind == kind) and (to is None or to in m.recipients)
        ]

    def clear(self) -> None:
        with self._lock:
            self.received.clear()

    def wait_for(self, kind: str | None = None, to: str | None = None, timeout: float = 10.0):
        return wait_until(
            lambda: self.messages(kind, to), timeout, what=f"a {kind or 'any'} mail to {to}"
        )


class Worker:
    """`celery -A bohnanza_site worker` in a session of its own, with the beat embedded
    unless `beat` is false, at the CPU priority `nice` gives (0: the caller's), or only on CPU
    time nothing else wants (`idle`: Linux's SCHED_IDLE)."""

    READY = b" ready."
    ROLE = "worker"

    def __init__(
        self,
        env: dict,
        *,
        concurrency: int = 2,
        log_dir: str | None = None,
        beat: bool = True,
        nice: int = 0,
        idle: bool = False,
    ):
        self.env = {**os.environ, **env}
        self.concurrency = concurrency
        self.beat = beat
        self.nice = nice
        self.idle = idle
        self.hostname = f"it-{uuid.uuid4().hex[:8]}@{socket.gethostname()}"
        self._dir = Path(log_dir or tempfile.mkdtemp(prefix="bohnanza-worker-"))
        name = self.hostname.split("@")[0]
        self.log_path = self._dir / f"{name}.log"
        # A beat's own: a file two beats shared could fail them both (only one runs in the site)
        self.schedule_path = self._dir / f"{name}.celerybeat-schedule"
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:
        return [
            "worker",
            *(["--beat"] if self.beat else []),
            "-l",
            "info",
            "-c",
            str(self.concurrency),
            "-n",
            self.hostname,
            "-s",
            str(self.schedule_path),
            "--without-gossip",
            "--without-mingle",
        ]

    def argv(self) -> list[str]:
        return [str(Path(sys.executable).parent / "celery"), "-A", "bohnanza_site", *self.command()]

    def start(self, timeout: float = 40.0) -> "Worker":
        command = self.argv()
        if self.nice:
            command = ["nice", "-n", str(self.nice), *command]
        if self.idle:
            command = ["chrt", "--idle", "0", *command]
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop)
        self._started_at = self.log_path.stat().st_size
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            wait_until(
                self._ready, timeout, interval=0.1, what=f"the Celery {self.ROLE} to be ready"
            )
        except AssertionError:
            log = self.log_tail()
            self.stop()
            raise AssertionError(f"The Celery {self.ROLE} did not start:\n{log}") from None
        return self

    def _ready(self) -> bool:
        if self.process.poll() is not None:
            raise AssertionError(f"The Celery {self.ROLE} exited at once:\n{self.log_tail()}")
        # Only what this start wrote: a worker started again appends to the same log.
        with open(self.log_path, "rb") as log:
            log.seek(self._started_at)
            return self.READY in log.read()

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def kill(self) -> None:
        """SIGKILL to the worker and all its processes at once: no warm shutdown, no acks."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self._close_log()

    def stop(self) -> None:
        """A warm shutdown, as systemd or the Makefile asks for one: SIGTERM to the main
        process only (the same signal to the whole group can leave the embedded beat hanging)."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        if self.process:
            # Whatever of the group outlived its parent.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self._close_log()

    def _close_log(self) -> None:
        log = getattr(self, "_log", None)
        if log is not None and not log.closed:
            log.close()


class Beat(Worker):
    """`celery -A bohnanza_site beat` alone, beside workers started without it."""

    # The banner's last line: the site's logging keeps celery.beat's own "Starting..." quiet.
    READY = b"maxinterval"
    ROLE = "beat"

    def command(self) -> list[str]:
        return ["beat", "-l", "info", "-s", str(self.schedule_path)]


class SupervisedWorker(Worker):
    """The worker as `make run` starts it: through `bohnanza_site.supervised_worker`, which
    starts it again when it dies (its beat with it)."""

    def argv(self) -> list[str]:
        options = [part for part in self.command() if part not in ("worker", "--beat")]
        return [sys.executable, "-m", "bohnanza_site.supervised_worker", *options]

    def celery_pid(self) -> int | None:
        """The Celery worker's main process now running under the supervisor."""
        found = subprocess.run(
            ["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True, check=False
        ).stdout.split()
        return int(found[0]) if found else None


class RedisServer:
    """The Redis named by a URL: stop it and start it again as it was configured."""

    _KEEP = ("port", "bind", "dir", "logfile", "save", "appendonly")

    def __init__(self, url: str):
        parts = urlsplit(url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 6379

    def cli(self, *args: str, check: bool = True) -> str:
        result = subprocess.run(
            ["redis-cli", "-h", self.host, "-p", str(self.port), *args],
            capture_output=True,
            text=True,
            timeout=10,
        )
        if check and result.returncode != 0:
            raise RuntimeError(f"redis-cli {' '.join(args)}: {result.stderr or result.stdout}")
        return result.stdout.strip()

    def ping(self) -> bool:
        try:
            return self.cli("ping", check=False) == "PONG"
        except (OSError, subprocess.TimeoutExpired):
            return False

    def start_command(self) -> list[str]:
        """The running server's settings as a command line, as .ci/run starts it."""
        config = {}
        for name in self._KEEP:
            lines = self.cli("config", "get", name).splitlines()
            config[name] = lines[1] if len(lines) > 1 else ""
        command = ["redis-server", "--daemonize", "yes", "--port", config["port"]]
        if config["bind"]:
            command += ["--bind", *config["bind"].split()]
        command += ["--save", config["save"], "--appendonly", config["appendonly"] or "no"]
        if config["dir"]:
            command += ["--dir", config["dir"]]
        if config["logfile"]:
            command += ["--logfile", config["logfile"]]
        return command

    def shutdown(self) -> None:
        self.cli("shutdown", "nosave", check=False)
        wait_until(lambda: not self.ping(), 10, what="Redis to stop")

    def start(self, command: list[str]) -> None:
        subprocess.run(command, check=True, timeout=10)
        wait_until(self.ping, 10, what=f"Redis to start again ({shlex.join(command)})")


def database_url(settings_dict: dict) -> str:
    """A DATABASE_URL for the database a Django connection uses (the test database, say)."""
    engine = settings_dict["ENGINE"]
    if "sqlite" in engine:
        return f"sqlite:///{settings_dict['NAME']}"
    user = settings_dict.get("USER") or ""
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
    return f"postgres://{auth}{host}{port}/{settings_dict['NAME']}"
