"""What a bot account reads: its seats, each seat as its page shows it, the events since a
move, the games it may join, and its tokens. Nothing here writes."""

import time

from django.utils.translation import gettext as _

from botapi.models import ApiToken
from games import engine
from games.models import Game, Seat
from games.refusals import NotYourSeat
from games.selectors.boards import game_changes, game_log, seat_view
from games.selectors.lobby import open_games

# A long-poll looks at the game this often (one plain query: the page poll's own check).
LOOK_EVERY = 0.25
WAIT_MAX = 30


def seats_held(*, user) -> list[dict]:
    """The bot account's seats in games not cancelled, with whether each waits for it."""
    seats = (
        Seat.objects.filter(user=user)
        .exclude(game__status=Game.Status.CANCELLED)
        .select_related("game")
        .order_by("-game__updated_at")
    )
    return [_seat_row(seat) for seat in seats]


def _seat_row(seat: Seat) -> dict:
    game = seat.game
    awaited = False
    if game.status == Game.Status.RUNNING and game.state:
        awaited = seat.position in engine.to_call(engine.from_dict(game.state))
    return {
        "seat": seat.id,
        "game": game.id,
        "name": game.title,
        "edition": game.edition,
        "options": game.options,
        "players": game.players,
        "status": game.status,
        "position": seat.position,
        "seq": game.seq,
        "awaited": awaited,
    }


def seat_held(*, user, seat_id: int) -> Seat:
    """The seat, if `user` holds it; another's seat is refused as no seat of theirs."""
    seat = Seat.objects.select_related("game").filter(pk=seat_id, user=user).first()
    if seat is None:
        raise NotYourSeat(_("You hold no seat with this number."))
    return seat


def seat_page(*, seat: Seat) -> dict:
    """The seat as its page shows it: the game's public facts and, once it has begun, the
    seat's view, clocks and log (`selectors.seat_view`)."""
    page = {**_seat_row(seat), "view": None, "clocks": [], "log": []}
    if seat.game.state:
        page.update(seat_view(game=seat.game, seat=seat))
    return page


def seat_events(*, seat: Seat, after: int, wait: int) -> dict:
    """The log lines the seat reads of the moves after `after`, as soon as there are any, or
    after `wait` seconds (a long-poll: the program needs no loop of its own); at once for a
    game that is over, and as soon as the game changes otherwise (it starts, say). While
    nothing happens, each look is the page poll's one plain query."""
    deadline = time.monotonic() + min(max(wait, 0), WAIT_MAX)
    if seat.game.status in (Game.Status.FINISHED, Game.Status.CANCELLED):
        deadline = 0
    first = None
    while True:
        changes = game_changes(game_id=seat.game_id)
        seq = changes[0] if changes else 0
        changed_at = changes[3] if changes else None
        first = first or changed_at
        if seq > after or changed_at != first or time.monotonic() >= deadline:
            break
        time.sleep(LOOK_EVERY)
    seat.game.refresh_from_db()
    row = _seat_row(seat)
    lines = []
    if seat.game.state and seq > after:
        names = engine.from_dict(seat.game.state).names
        lines = game_log(game=seat.game, seat=seat.position, names=names, after=after)
    return {**row, "events": lines}


def games_to_join(*, user) -> list[dict]:
    """The open games with a free seat that the bot account holds no seat in."""
    return [
        {
            "game": game.id,
            "name": game.title,
            "edition": game.edition,
            "options": game.options,
            "players": game.players,
            "seats_taken": game.taken,
        }
        for game in open_games()
        if all(seat.user_id != user.pk for seat in game.seats.all())
    ]


def tokens_of(*, user) -> list[ApiToken]:
    return list(ApiToken.objects.filter(user=user))
