"""Each operation of the bot API v2 as a method: JSON in, JSON out, the token in the
Authorization header, a 429 waited out for its Retry-After."""

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any, cast

from .models import (
    AccountLine,
    AccountUpdate,
    Action,
    Lobby,
    OpenGame,
    SeatRow,
    SeatState,
    SeatUpdate,
)

WAIT = 30
STREAM_QUIET = 60  # seconds of silence (it sends an empty line every 10) taken for a break


class Refused(Exception):
    """A refusal: its status, and `detail`, the sentence a player would read (for a 422, each
    field and its problem; a stale move's 409 also has `seq` and `seat`, the seat now)."""

    def __init__(self, status: int, body: dict):
        super().__init__(f"{status}: {body.get('detail')}")
        self.status, self.body = status, body


class Client:
    def __init__(self, site: str, token: str, language: str = "en"):
        self.base = site.rstrip("/") + "/api/v2"
        self.headers = {
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Accept-Language": language,
        }

    def call(self, method: str, path: str, body: dict | None = None, timeout: float = 60) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data, self.headers, method=method)
        while True:
            try:
                with urllib.request.urlopen(request, timeout=timeout) as response:
                    return json.loads(response.read() or b"null")
            except urllib.error.HTTPError as error:
                if error.code == 429:
                    time.sleep(int(error.headers.get("Retry-After", "1")))
                    continue
                raise Refused(error.code, json.load(error)) from None

    def wait(self, wait: int = WAIT) -> AccountUpdate:
        """Every seat of the account: answers as soon as a game waits for one of them."""
        return cast(AccountUpdate, self.call("GET", f"/wait?wait={wait}", timeout=wait + 30))

    def lines(self) -> Iterator[AccountLine]:
        """The account's stream, a line at a time, opened again when it ends (every 30
        minutes) or breaks; where the site holds no streams (it answers 204), the same lines
        made from waits: `started`, `awaited` (with no events) and `over`."""
        request = urllib.request.Request(self.base + "/stream", headers=self.headers)
        while True:
            try:
                with urllib.request.urlopen(request, timeout=STREAM_QUIET) as response:
                    if response.status == 204:
                        break
                    for line in response:
                        if line.strip():
                            yield cast(AccountLine, json.loads(line))
            except (OSError, urllib.error.URLError):  # a break: open it again
                time.sleep(1)
        yield from self._lines_waited()

    def _lines_waited(self) -> Iterator[AccountLine]:
        running: dict[int, SeatRow] = {}
        while True:
            update = self.wait()
            now = {row["seat_id"]: row for row in update["seats"] if row["status"] == "running"}
            for seat_id in now.keys() - running.keys():
                yield {"type": "started", "seat": now[seat_id]}
            for seat in update["awaited"]:
                yield {"type": "awaited", "events": [], "seat": seat}
            for seat_id in running.keys() - now.keys():
                yield {"type": "over", "seat": running[seat_id]}
            running = now

    def seats(self) -> list[SeatRow]:
        return cast(list[SeatRow], self.call("GET", "/seats"))

    def seat(self, seat_id: int) -> SeatState:
        return cast(SeatState, self.call("GET", f"/seats/{seat_id}"))

    def seat_wait(self, seat_id: int, after: int, wait: int = WAIT) -> SeatUpdate:
        path = f"/seats/{seat_id}/wait?after={after}&wait={wait}"
        return cast(SeatUpdate, self.call("GET", path, timeout=wait + 30))

    def move(self, seat_id: int, action: Action, expected_seq: int) -> SeatUpdate:
        body = {"action": action, "expected_seq": expected_seq}
        return cast(SeatUpdate, self.call("POST", f"/seats/{seat_id}/moves", body))

    def games(self) -> list[OpenGame]:
        return cast(list[OpenGame], self.call("GET", "/games"))

    def create_game(self, edition: str, players: int, **settings: Any) -> Lobby:
        """settings: options, time_control, is_open, name, sits (as the schema's GameIn)."""
        body = {"edition": edition, "players": players, **settings}
        return cast(Lobby, self.call("POST", "/games", body))

    def add_bot(self, game: int, level: str = "normal") -> Lobby:
        return cast(Lobby, self.call("POST", f"/games/{game}/bots", {"level": level}))

    def join(self, game: int, token: str | None = None) -> SeatState:
        return cast(SeatState, self.call("POST", f"/games/{game}/join", {"token": token}))

    def start(self, game: int) -> Lobby:
        return cast(Lobby, self.call("POST", f"/games/{game}/start"))

    def leave(self, game: int) -> None:
        self.call("POST", f"/games/{game}/leave")

    def cancel(self, game: int) -> None:
        self.call("POST", f"/games/{game}/cancel")
