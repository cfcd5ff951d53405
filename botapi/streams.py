"""The bot API's streams (docs/bot-api.md, "Streams"): a seat's, whose each line is the events
since the last line and the seat as it is then, and the account's, whose lines say which seat a
game waits for (with its events and state), which game started or ended, which challenge came
or went, and when the open games changed. A program plays with the account's stream and one
POST a move.

Served as NDJSON (a JSON object a line, an empty line every LOOK_EVERY seconds to keep the
connection alive, as the Lichess Bot API does) or, asked for with `Accept: text/event-stream`,
as server-sent events (`event:` the line's type, `id:` the seat's move number on a seat's
stream, so that `Last-Event-ID` resumes it). Fed as the page streams are (`games.live`): a
stream wakes when what it follows changes, and reads through the process's one thread for
reads, each line built by the v2 selectors, so that it holds exactly what the seat's page and
the waits show and nothing more. Only an ASGI server holds them; a WSGI server answers 204.
"""

import contextlib
import json
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from functools import partial

from django.core.handlers.asgi import ASGIRequest
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.db.models import Max
from django.http import HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils import translation

from botapi import ratelimit, selectors
from botapi.models import Challenge
from games import live
from games.models import Game, Move, Seat
from games.selectors.boards import game_changes

HOLD = 30 * 60  # seconds a stream is held before the program is asked to connect again
_OVER = (Game.Status.FINISHED, Game.Status.CANCELLED)


@dataclass
class SeatFollowed:
    """What a seat's stream last sent: the move number and when the game's row changed."""

    seat_id: int
    game_id: int
    user: object
    seq: int
    changed_at: object = None
    over: bool = False


def seat_lines(followed: SeatFollowed) -> list[dict]:
    """The seat's update if its game changed since the last line (none else); the stream
    ends after the update that shows the game over."""
    changes = game_changes(game_id=followed.game_id)
    if changes is None:
        followed.over = True
        return []
    seq, _, _, changed_at = changes
    if seq == followed.seq and changed_at == followed.changed_at:
        return []
    seat = selectors.seat_held(user=followed.user, seat_id=followed.seat_id)
    update = selectors.seat_update(seat=seat, after=followed.seq)
    followed.seq, followed.changed_at = seat.game.seq, changed_at
    followed.over = seat.game.status in _OVER
    return [{"type": "update", **update}]


@dataclass
class AccountFollowed:
    """What an account's stream last sent, to send only what changed."""

    user: object
    seats: dict[int, tuple] = field(default_factory=dict)  # seat id: (status, seq, awaited)
    told_seq: dict[int, int] = field(default_factory=dict)  # seat id: the last seq told
    challenges: set[int] = field(default_factory=set)
    open_games: list[int] | None = None
    keys: tuple[str, ...] = ()


def account_lines(followed: AccountFollowed) -> list[dict]:
    """The lines of what changed for the account since the last look (all of it at the
    first): each seat the game now waits for, each game started or over, each challenge made
    or answered, and the open games when they changed."""
    user = followed.user
    rows = selectors.seats_live(user=user)
    ended = followed.seats.keys() - {row["seat_id"] for row in rows}
    lines: list[dict] = [
        {"type": "over", "seat": row} for row in selectors.seats_by_id(user=user, ids=ended)
    ]
    for seat_id in ended:
        del followed.seats[seat_id]
        followed.told_seq.pop(seat_id, None)
    for row in rows:
        now = (row["status"], row["seq"], row["awaited"])
        before = followed.seats.get(row["seat_id"])
        followed.seats[row["seat_id"]] = now
        running = row["status"] == Game.Status.RUNNING
        if running and (before is None or before[0] != row["status"]):
            lines.append({"type": "started", "seat": row})  # at the first look: each going on
        if row["awaited"] and before != now:
            lines.append({"type": "awaited", **_awaited(followed, row["seat_id"])})
    lines += _challenges(followed, user)
    games = selectors.games_open(user=user)
    if [game["game"] for game in games] != followed.open_games:
        if followed.open_games is not None or games:
            lines.append({"type": "open_games", "games": games})
        followed.open_games = [game["game"] for game in games]
    followed.keys = _keys(rows)
    return lines


def _keys(rows: list[dict]) -> tuple[str, ...]:
    """What the account's stream follows: the open games and its games not over."""
    return (live.LOBBY, *sorted({live.table(row["game"]) for row in rows}))


def _awaited(followed: AccountFollowed, seat_id: int) -> dict:
    """The seat the game waits for: its events since the stream last told of it (at the first,
    since the seat's own last move) and its state."""
    seat = Seat.objects.select_related("game").get(pk=seat_id)
    after = followed.told_seq.get(seat_id)
    if after is None:
        own = Move.objects.filter(game_id=seat.game_id, seat=seat).aggregate(last=Max("seq"))
        after = own["last"] if own["last"] is not None else -1
    update = selectors.seat_update(seat=seat, after=after)
    followed.told_seq[seat_id] = seat.game.seq
    return update


def _challenges(followed: AccountFollowed, user) -> list[dict]:
    shown = {row["challenge"]: row for row in selectors.challenges_open(user=user)}
    lines = [
        {"type": "challenge", "challenge": shown[pk]}
        for pk in sorted(shown.keys() - followed.challenges)
    ]
    gone = followed.challenges - shown.keys()
    statuses = dict(Challenge.objects.filter(pk__in=gone).values_list("pk", "status"))
    lines += [
        {"type": "challenge_gone", "challenge": pk, "status": statuses.get(pk, "cancelled")}
        for pk in sorted(gone)
    ]
    followed.challenges = set(shown)
    return lines


class Format:
    """How lines are written: NDJSON, or server-sent events."""

    def __init__(self, accept: str):
        self.sse = "text/event-stream" in accept
        self.media_type = "text/event-stream" if self.sse else "application/x-ndjson"

    def line(self, line: dict, event_id: int | None = None) -> str:
        data = json.dumps(line, cls=DjangoJSONEncoder, ensure_ascii=False)
        if not self.sse:
            return data + "\n"
        named = f"id: {event_id}\n" if event_id is not None else ""
        return f"{named}event: {line['type']}\ndata: {data}\n\n"

    def alive(self) -> str:
        return ":\n\n" if self.sse else "\n"


async def seat_stream(followed: SeatFollowed, form: Format, language: str) -> AsyncIterator[str]:
    """A seat's lines as its game changes, until the game is over or HOLD has passed."""
    keys = (live.table(followed.game_id),)
    ends = time.monotonic() + HOLD
    async for lines in _looks(keys, partial(_read, language, seat_lines, followed), ends):
        yield "".join(form.line(line, line["seat"]["seq"]) for line in lines) or form.alive()
        if followed.over:
            return


async def account_stream(
    followed: AccountFollowed, form: Format, language: str
) -> AsyncIterator[str]:
    """An account's lines as its games, its challenges and the open games change, until HOLD
    has passed. A game new to the account is followed from the look that finds it."""
    ends = time.monotonic() + HOLD
    read = partial(_read, language, account_lines, followed)
    keys = await live.look(_keys_of, followed)
    while time.monotonic() < ends:
        async with contextlib.aclosing(_looks(keys, read, ends)) as looks:
            async for lines in looks:
                yield "".join(form.line(line) for line in lines) or form.alive()
                if followed.keys != keys:
                    keys = followed.keys  # followed anew, from a look at once
                    break


async def _looks(
    keys: tuple[str, ...], read: Callable[[], list[dict]], ends: float
) -> AsyncIterator[list[dict]]:
    """The lines `read` gives at once and each time what `keys` name may have changed, until
    the time `ends`; none (the stream then keeps its connection alive) after LOOK_EVERY
    seconds without a line (without Redis a stream looks every second: most looks say
    nothing)."""
    said = time.monotonic()
    async for _ in live.wake_ups(*keys):
        lines = await live.look(read)
        if lines or time.monotonic() - said >= live.LOOK_EVERY:
            said = time.monotonic()
            yield lines
        if time.monotonic() > ends:
            return


def _read(language: str, lines_of: Callable, followed) -> list[dict]:
    with translation.override(language):
        return lines_of(followed)


def _keys_of(followed: AccountFollowed) -> tuple[str, ...]:
    return _keys(selectors.seats_live(user=followed.user))


def response(request, stream: Callable, followed) -> HttpResponseBase:
    """The stream `stream(followed, …)` as this request asked for it (NDJSON or server-sent
    events, in its language), counted among its token's; 204 from a server that holds no
    streams (WSGI)."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    token_id = request.auth.pk
    ratelimit.stream_allowed(token_id=token_id)
    form = Format(request.headers.get("Accept", ""))

    async def held() -> AsyncIterator[str]:
        with ratelimit.streaming(token_id=token_id):
            async for chunk in stream(followed, form, translation.get_language()):
                yield chunk

    # The request's thread holds no database connection while the stream is held: the stream
    # reads through the process's one thread for that (live.look).
    connection.close()
    answer = StreamingHttpResponse(held(), content_type=form.media_type)
    answer["Cache-Control"] = "no-cache"
    answer["X-Accel-Buffering"] = "no"  # a proxy in front passes each line on at once
    return answer
