"""Who may follow a game's changes without loading a page: the poll and the stream.

Both look at the game's row only (one query, `selectors.boards.game_changes`): a seat's page
names itself by its presence token (which also marks the page open, so its player gets no mail
meanwhile); an open game may be followed by anyone; a private one by a seat, or a watcher a rule
lets watch (a league's player), known only once the session and the user are loaded.
"""

from django.conf import settings
from django.http import Http404

from games import presence
from games.selectors.boards import game_changes, may_watch_closed


def watched_changes(request, game_id: int, watcher=None) -> tuple[int, int | None] | None:
    """The game's seq and its latest chat message id if this request may follow it; None when
    that depends on the `watcher`, not given yet. 404 for no such game, or one closed to them."""
    changes = game_changes(game_id=game_id)
    if changes is None:
        raise Http404
    seq, last_chat, is_open, _ = changes
    # The cookie, not the session: reading it costs no query.
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    seen = presence.seat_seen(token=request.GET.get("seen", ""), session_key=session_key)
    if not is_open and seen != game_id:
        if watcher is None:
            return None
        if not may_watch_closed(game_id=game_id, user=watcher):
            raise Http404  # a seat's own page, or one a rule lets watch (a league's player)
    return seq, last_chat
