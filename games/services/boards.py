"""Boards rendered ahead: after a move, a worker renders the board of each seat whose page is
open, in its player's language and zone, so that the poll that follows finds it kept
(games/selectors/kept_boards.py) and the web answers from the cache instead of rendering while
the player waits. The board rendered is the game's as it is when the task runs: a task that
comes late, after more moves, renders the board the seats' next poll will ask for, and the
tasks of the moves between find it kept (a read each)."""

from django.utils import timezone

from games import presence
from games.models import Game, Profile
from games.selectors import kept_boards
from games.wording import locales


def boards_render(*, game_id: int) -> int:
    """Renders the current boards of the game's seats whose page is open; how many seats."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.RUNNING).first()
    if game is None:
        return 0
    seats = list(game.seats.select_related("user__profile"))
    now = timezone.now()
    open_seats = [s for s in seats if s.user_id is not None and presence.page_open(s, now)]
    for seat in open_seats:
        with locales.reader(Profile.of(seat.user)):
            kept_boards.board(game, seats, seat.user)
    return len(open_seats)
