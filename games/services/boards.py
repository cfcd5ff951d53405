"""Boards rendered ahead: after a move, a worker renders the board of each seat whose page is
open, in its player's language and zone, so that the poll that follows finds it kept
(games/selectors/kept_boards.py) and the web answers from the cache instead of rendering while
the player waits. A board already kept costs a read; a game that has moved on since costs one
query, as the later move's own task renders the later board."""

from django.utils import timezone

from games.models import Game, Profile
from games.readers import locales, presence
from games.selectors import kept_boards


def boards_render(*, game_id: int, seq: int) -> int:
    """Renders the boards after move `seq` of the game's seats whose page is open; how many."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.RUNNING, seq=seq).first()
    if game is None:
        return 0
    seats = list(game.seats.select_related("user__profile"))
    now = timezone.now()
    open_seats = [s for s in seats if s.user_id is not None and presence.page_open(s, now)]
    for seat in open_seats:
        with locales.reader(Profile.of(seat.user)):
            kept_boards.board(game, seats, seat.user)
    return len(open_seats)
