"""A player's seat in a running game: taking it back from a bot, leaving the game, muting it."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.clocks import deadlines
from games.models import Deadline, Game, Move, Seat
from games.refusals import NO_BOT_STANDING_IN, GameNotRunning, NotAllowed, NotYourSeat
from games.services.guards import get_game, locked_game, user_seat

from .moves import MoveResult, submit

# What the player reads once the seat is theirs again, on the game page or from the mail's link.
RECLAIMED = gettext_lazy("Welcome back: your seat is yours again, and the bot has stepped aside.")


def seat_reclaim(*, game_id: int, user) -> Seat:
    """The player is back: the bot standing in steps aside and the timeout count starts over.
    Refused, with the reason, for a seat that is not the user's, a seat no bot stands in for,
    a seat its player resigned, or a game that is no longer running."""
    with transaction.atomic():
        game = locked_game(game_id)
        seat = Seat.objects.select_for_update().filter(game=game, user=user).first()
        if seat is None:
            raise NotYourSeat()
        if game.status == Game.Status.FINISHED:
            raise GameNotRunning(_("The game is over: there is no seat to take back."))
        if game.status != Game.Status.RUNNING:
            raise GameNotRunning(_("There is no seat to take back: the game is not running."))
        if seat.resigned_at is not None:
            raise NotAllowed(_("You resigned from this game: a bot plays your seat to the end."))
        if not seat.bot_standing_in:
            raise NotAllowed(str(NO_BOT_STANDING_IN))
        seat.bot_standing_in = False
        seat.timeouts = 0
        seat.save(update_fields=["bot_standing_in", "timeouts"])
        # The bot's deadlines were cut to its patience: the player's own come back.
        now = timezone.now()
        for row in Deadline.objects.filter(seat=seat, done=False):
            deadlines.refit(game, seat, row, now)
        Game.touch([game.id])
    return seat


def seat_resign(*, game_id: int, user) -> MoveResult:
    """The player leaves a running game for good: the resignation is a move of the log, a bot
    plays the seat to the end, and the seat ranks last whatever it scores."""
    with transaction.atomic():
        game = locked_game(game_id)
        seat = user_seat(game, user)
        if game.status != Game.Status.RUNNING:
            raise GameNotRunning(_("The game is not running: there is nothing to resign from."))
        if seat.resigned_at is not None:
            raise NotAllowed(_("You have resigned from this game already."))
        Seat.objects.filter(pk=seat.pk).update(resigned_at=timezone.now())
        return submit(
            game_id=game.id,
            seat_of=lambda seats: next(s for s in seats if s.pk == seat.pk),
            action={"kind": "resign"},
            expected_seq=game.seq,
            actor=Move.Actor.PLAYER,
        )


@transaction.atomic
def seat_mute(*, game_id: int, user) -> Game:
    """No more mail about this game to this player."""
    game = get_game(game_id)
    if not Seat.objects.filter(game=game, user=user).update(muted=True):
        raise NotYourSeat()
    return game
