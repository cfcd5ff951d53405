"""Turn plans: the engine's plan of a seat's turn, and the hour of the player's day by which the
trading of that turn ends at the latest.

The hour is the site's, not the engine's: the engine has no clock, and the end of a trading
window is a deadline row (`clocks.deadlines`). It is kept on the seat, read when the seat's
trading window row is written, and over once that window is, as the engine's plan is over
once its turn is.
"""

from datetime import time

from django.db import transaction
from django.utils import timezone

from games.clocks import deadlines
from games.models import Deadline, Seat
from games.services.guards import locked_game, user_seat

from .moves import MoveResult, move_submit


def plan_submit(
    *, game_id: int, user, action: dict, expected_seq: int, trading_ends_at: time | None
) -> MoveResult:
    """The player's "plan" move with the hour their trading ends by (None: no hour), in one
    transaction: the hour is stored before the move, so that a trading window the move opens
    is written by it; a window already running is refitted to it. A plan the engine refuses
    keeps the hour as it was."""
    with transaction.atomic():
        game = locked_game(game_id)
        seat = user_seat(game, user)
        Seat.objects.filter(id=seat.id).update(trading_ends_at_time=trading_ends_at)
        result = move_submit(game_id=game_id, user=user, action=action, expected_seq=expected_seq)
        mine = next(held for held in result.seats if held.id == seat.id)
        for row in result.deadlines:
            if row.seat_id == seat.id and row.kind == Deadline.Kind.TRADING:
                deadlines.refit(game, mine, row, timezone.now())
    return result
