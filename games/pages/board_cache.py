"""The game page for a visitor: the kept board (games/selectors/kept_boards.py) with the
visitor's own tokens put in, and the whole page once for each session that loaded it.

A whole page (with its session's tokens in it) is kept for its session, so that a page loaded
again costs one small query and a cache read: no user, no seats, no template. A request with
messages to show, a counter-offer to prefill or no signed-in session is rendered afresh.
"""

from urllib.parse import quote

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.messages import get_messages
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.safestring import mark_safe

from games import presence
from games.models import Game, Seat
from games.selectors import kept_boards
from games.selectors.boards import game_changes


def board_html(request, game: Game, seats: list[Seat], **given):
    """The board for this visitor, with their own tokens in it (`given`: as
    `kept_boards.board` takes them)."""
    html = kept_boards.board(game, seats, request.user, **given)
    html = html.replace(kept_boards.CSRF, get_token(request))
    mine = Seat.of_user(seats, request.user)
    if mine:
        token = presence.presence_token(mine.id, game.id, request.session.session_key)
        html = html.replace(kept_boards.PRESENCE, quote(token, safe=""))
    return mark_safe(html)  # noqa: S308 - rendered by our template, tokens are URL-safe


def page_key(request, game_id: int) -> str | None:
    """The key of the whole page this request would get, or None when it must be rendered
    afresh (no signed-in session, parameters or messages to show)."""
    session = getattr(request, "session", None)
    user = session.get(SESSION_KEY) if session is not None else None
    if not user or request.GET or request.htmx or len(get_messages(request)):
        return None
    changes = game_changes(game_id=game_id)
    if changes is None:
        return None
    seq, _, _, updated_at = changes
    return (
        f"page:{kept_boards.template()}:{game_id}:{seq}:{updated_at.timestamp()}:{user}:"
        f"{session.session_key}:{kept_boards.reader()}"
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
        caches["pages"].set(key, response.content.decode(), kept_boards.KEEP_SECONDS)
