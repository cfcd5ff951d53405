"""The game page, kept by the version of its game: the board once for each seat, and the whole
page once for each session that loaded it.

A board depends on the game's state, its log, chat, seats and deadlines, and on whose seat it
is, and on nothing else but two tokens of the visitor's session (the CSRF token of its forms,
the presence token of its poll). It is rendered with placeholders for those two, kept in the
cache under the game's version, and the visitor's own tokens are put in on the way out.

The version is (seq, updated_at): every move saves the game, and every other write that
changes what a board shows (a chat line, a seat taken back from a bot, a vacation that moves
deadlines) touches `updated_at` (`Game.touch`). Nothing is ever served for a version other
than its own; the time it was rendered for goes out of date, so it is kept a short while only,
and the page's script counts clocks down from the times it carries anyway.

A whole page (with its session's tokens in it) is kept for its session, so that a page loaded
again costs one small query and a cache read: no user, no seats, no template. A request with
messages to show, a counter-offer to prefill or no signed-in session is rendered afresh.
"""

import hashlib
from functools import cache as cache_once
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.messages import get_messages
from django.core.cache import cache, caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import mark_safe

from games import engine, selectors
from games.models import Deadline, Game, Seat
from games.readers import presence
from games.selectors import parts

CSRF = "csrf0board0placeholder"
PRESENCE = "presence0board0placeholder"
KEEP_SECONDS = 60


@cache_once
def _template() -> str:
    """A new release renders pages anew: the templates' own text is part of every key, the
    expansions' parts included (known once the app is ready, so read on first use)."""
    names = ("base.html", "games/game.html", *parts.part_templates())
    return hashlib.sha256(
        b"".join((Path(settings.BASE_DIR) / "templates" / name).read_bytes() for name in names)
    ).hexdigest()[:12]


def board_html(
    request,
    game: Game,
    seats: list[Seat],
    *,
    state: engine.State | None = None,
    deadlines: list[Deadline] | None = None,
    error: str = "",
    status: int = 200,
    counter=None,
):
    """The board for this visitor, with their own tokens in it. A board with a refusal or a
    counter-offer to prefill is this request's alone, and is not kept. The state and the
    open deadlines, when the caller has them, spare the page reading them again."""
    mine = Seat.of_user(seats, request.user)
    own = bool(error) or counter is not None
    key = _key(game, mine)
    html = None if own else cache.get(key)
    if html is None:
        page = selectors.game_page(
            game=game,
            user=request.user,
            seats=seats,
            state=state,
            deadlines=deadlines,
            poll_token=PRESENCE if mine else "",
        )
        page.update(csrf_token=CSRF, chat_last=selectors.last_chat_id(page["chat"]), error=error)
        page["error_kind"] = {409: "stale", 403: "refused"}.get(status, "error")
        if counter is not None:
            page["prefill"] = selectors.counter_offer(page, counter)
        html = render_to_string("games/game.html#board", page)
        if not own:
            cache.set(key, html, KEEP_SECONDS)
    html = html.replace(CSRF, get_token(request))
    if mine:
        token = presence.presence_token(mine.id, game.id, request.session.session_key)
        html = html.replace(PRESENCE, quote(token, safe=""))
    return mark_safe(html)  # noqa: S308 - rendered by our template, tokens are URL-safe


def _key(game: Game, mine: Seat | None) -> str:
    seat = "watch" if mine is None else mine.position
    return (
        f"board:{_template()}:{game.id}:{game.seq}:{game.updated_at.timestamp()}:{seat}:{_reader()}"
    )


def _reader() -> str:
    """The words and times of a page depend on its reader's language and zone."""
    return f"{translation.get_language()}:{timezone.get_current_timezone_name()}"


def page_key(request, game_id: int) -> str | None:
    """The key of the whole page this request would get, or None when it must be rendered
    afresh (no signed-in session, parameters or messages to show)."""
    session = getattr(request, "session", None)
    user = session.get(SESSION_KEY) if session is not None else None
    if not user or request.GET or request.htmx or len(get_messages(request)):
        return None
    changes = selectors.game_changes(game_id=game_id)
    if changes is None:
        return None
    seq, _, _, updated_at = changes
    return (
        f"page:{_template()}:{game_id}:{seq}:{updated_at.timestamp()}:{user}:"
        f"{session.session_key}:{_reader()}"
    )


def kept_page(request, key: str | None) -> HttpResponse | None:
    """The whole page as this session last loaded it, if the game has not changed since.
    Pages are kept in the process that rendered them (a session's page is no use to another
    session, and the shared cache would cost more to ask); another process renders its own
    from the shared boards. A browser without the CSRF cookie the page's forms need gets a
    page rendered afresh, which sets it."""
    if key is None or settings.CSRF_COOKIE_NAME not in request.COOKIES:
        return None
    html = caches["pages"].get(key)
    return HttpResponse(html) if html is not None else None


def keep_page(key: str | None, response: HttpResponse) -> None:
    if key and response.status_code == 200:
        caches["pages"].set(key, response.content.decode(), KEEP_SECONDS)
