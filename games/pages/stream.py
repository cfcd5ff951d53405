"""A game page's stream: server-sent events that tell the open page its table changed, so that
it asks for its board at once instead of every two seconds (docs/pages.md, "Live updates").

An event says only the game's move number, latest chat message and when its row last changed
(`id: <seq>.<chat>.<stamp>`, `live.version`), which any page of the game may know; the page then
fetches its own board (or lobby, or log), filtered for its seat as always. A reconnecting
browser sends the last id it had (`Last-Event-ID`), or the page the one it was made at
(`since`, `chat`, `stamp`): nothing between is missed, as the id names the game as it is.

A stream holds its connection for as long as HOLD; only an ASGI server holds it without a
thread (`make run`, the stream processes of deploy/). A WSGI server answers 204, which tells
the browser not to try again: the page then polls.
"""

import re
import time
from collections.abc import AsyncIterator
from functools import partial

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from games import live, presence
from games.pages.watching import watched_changes
from games.selectors.boards import game_changes
from games.selectors.lobby import open_games_version

HOLD = 30 * 60  # seconds a stream is held before the browser is asked to connect again
RETRY_MS = 2000  # how soon a browser connects again after a stream ends or breaks
_ID = re.compile(r"[0-9]{1,18}\.[0-9]{1,18}\.[0-9]{1,20}")


@require_GET
def game_stream(request, game_id: int):
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    watched_changes(request, game_id, watcher=request.user)  # 404 for no such game, or not theirs
    last = request.headers.get("Last-Event-ID", "")
    if not _ID.fullmatch(last):
        asked = request.GET
        last = f"{asked.get('since', '')}.{asked.get('chat', '0')}.{asked.get('stamp', '')}"
    token = request.GET.get("seen", "")
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    look = partial(_look, game_id, token, session_key)
    return _streamed(_changes((live.table(game_id),), look, last))


def _streamed(events: AsyncIterator[str]) -> StreamingHttpResponse:
    # The request's thread holds no database connection while the stream is held: the stream
    # reads through the process's one thread for that (live.look).
    connection.close()
    response = StreamingHttpResponse(events, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy in front passes each event on at once
    return response


async def _changes(keys: tuple[str, ...], look, last: str) -> AsyncIterator[str]:
    """An event each time `look()` (in the streams' thread for reads) gives another version
    than the last one said, as soon as what `keys` name may have changed; a comment when it
    gives the same (the connection is alive, through any proxy); none once it gives None."""
    yield f"retry: {RETRY_MS}\n\n"
    ends = time.monotonic() + HOLD
    async for _ in live.wake_ups(*keys):
        now = await live.look(look)
        if now is None:
            return  # the game is gone
        if now != last:
            last = now
            yield f"id: {now}\nevent: change\ndata: {now}\n\n"
        else:
            yield ":\n\n"
        if time.monotonic() > ends:
            return


@require_GET
def lobby_stream(request):
    """The home page's stream: it speaks when the open games change (one made, joined, left,
    started or cancelled), so that the page's list of them is asked for again."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    last = request.headers.get("Last-Event-ID") or request.GET.get("v", "")
    return _streamed(_changes((live.LOBBY,), open_games_version, last[:40]))


def _look(game_id: int, token: str, session_key: str) -> str | None:
    """The game's `live.version` as it is now; the seat's page marked open."""
    changes = game_changes(game_id=game_id)
    if changes is None:
        return None
    if token:
        presence.seat_seen(token=token, session_key=session_key)
    seq, last_chat, _, changed_at = changes
    return live.version(seq, last_chat, changed_at)
