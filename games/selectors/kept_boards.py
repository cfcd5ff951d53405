"""A game's board as one seat (or a watcher) sees it, rendered once for each version of the game
and kept in the shared cache (games/pages/board_cache.py puts a visitor's tokens in).

A board depends on the game's state, its log, chat, seats and deadlines, on whose seat it is and
on its reader's language and zone, and on nothing else but two tokens of the visitor's session
(the CSRF token of its forms, the presence token of its poll). It is rendered with placeholders
for those two and kept under the game's version: (seq, updated_at). Every move saves the game,
and every other write that changes what a board shows (a chat line, a seat taken back from a
bot, a vacation that moves deadlines) touches `updated_at` (`Game.touch`). A board is served
for its own version, with one exception: a poll, when the board of the game's version is not
rendered yet, gets the newest board kept for its seat and reader if that is newer than the board
its page has (its `since`). So in a game whose moves come faster than boards are rendered ahead
(bots playing each other), a poll does not render while the player waits: the page follows the
game as closely as the boards rendered ahead do, and once the game waits for someone, its next
poll (2 s on) brings the game as it is. The time a board was rendered for goes out of date, so
it is kept a short while only, and the page's script counts clocks down from the times it
carries.

The page asks for its board here; so does a worker after a move, for each seat whose page is
open (`services.boards_render`), so that the poll that follows finds it rendered.
"""

import hashlib
from functools import cache as cache_once
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games import engine
from games.models import Deadline, Game, Seat

from . import parts
from .boards import counter_offer, game_page, last_chat_id

CSRF = "csrf0board0placeholder"
PRESENCE = "presence0board0placeholder"
KEEP_SECONDS = 60


@cache_once
def template() -> str:
    """A new release renders pages anew: the templates' own text is part of every key, the
    expansions' parts included (known once the app is ready, so read on first use)."""
    names = ("base.html", "games/game.html", *parts.part_templates())
    return hashlib.sha256(
        b"".join((Path(settings.BASE_DIR) / "templates" / name).read_bytes() for name in names)
    ).hexdigest()[:12]


def reader() -> str:
    """The words and times of a page depend on its reader's language and zone."""
    return f"{translation.get_language()}:{timezone.get_current_timezone_name()}"


def _key(game: Game, mine: Seat | None) -> str:
    version = f"{game.seq}:{game.updated_at.timestamp()}"
    return f"board:{template()}:{game.id}:{version}:{_seat(mine)}:{reader()}"


def _newest_key(game: Game, mine: Seat | None) -> str:
    """Where the seq and key of the newest board kept for a seat and reader are noted."""
    return f"board-newest:{template()}:{game.id}:{_seat(mine)}:{reader()}"


def _seat(mine: Seat | None) -> str:
    return "watch" if mine is None else str(mine.position)


def _newer_kept(game: Game, mine: Seat | None, since: int) -> str | None:
    """The newest board kept for this seat and reader, if it is newer than move `since`."""
    newest = cache.get(_newest_key(game, mine))
    if newest is None or newest[0] <= since:
        return None
    return cache.get(newest[1])


def board(
    game: Game,
    seats: list[Seat],
    user,
    *,
    state: engine.State | None = None,
    deadlines: list[Deadline] | None = None,
    error: str = "",
    status: int = 200,
    counter=None,
    since: int | None = None,
) -> str:
    """The board `user` sees, in the active language and zone, with the placeholders CSRF and
    PRESENCE (a seat's board only) for the visitor's tokens. A board with a refusal or a
    counter-offer to prefill is one request's alone, and is not kept. The state and the open
    deadlines, when the caller has them, spare reading them again. `since`: a poll's, the move
    its page's board shows; a newer board kept may answer it (see above)."""
    mine = Seat.of_user(seats, user)
    own = bool(error) or counter is not None
    key = _key(game, mine)
    html = None if own else cache.get(key)
    if html is None and since is not None and not own:
        html = _newer_kept(game, mine, since)
    if html is None:
        page = game_page(
            game=game,
            user=user,
            seats=seats,
            state=state,
            deadlines=deadlines,
            poll_token=PRESENCE if mine else "",
        )
        page.update(csrf_token=CSRF, chat_last=last_chat_id(page["chat"]), error=error)
        page["error_kind"] = {409: "stale", 403: "refused"}.get(status, "error")
        if counter is not None:
            page["prefill"] = counter_offer(page, counter)
        html = render_to_string("games/game.html#board", page)
        if not own:
            cache.set_many({key: html, _newest_key(game, mine): (game.seq, key)}, KEEP_SECONDS)
    return html
