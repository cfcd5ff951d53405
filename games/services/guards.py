"""Lookups and checks the services share; each raises the error a player reads."""

from collections.abc import Iterable

from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.refusals import GameNotFound, NotAllowed, NotYourSeat


def get_game(game_id: int) -> Game:
    try:
        return Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound() from None


def locked_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends: one writer per game at a time."""
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound() from None


def table_of(game: Game) -> list[Seat]:
    """The game's seats with their users and profiles, in one query: what a move's follow-ups
    (deadlines, mail) need."""
    return list(Seat.objects.filter(game=game).select_related("user__profile"))


def user_seat(game: Game, user) -> Seat:
    return held_seat(game.seats.all(), user)


def held_seat(seats: Iterable[Seat], user) -> Seat:
    """The seat `user` holds among `seats`, or the refusal a player reads."""
    seat = Seat.of_user(seats, user)
    if seat is None:
        raise NotYourSeat()
    return seat


def require_creator(game: Game, user) -> None:
    if game.created_by_id != user.pk:
        raise NotAllowed(_("Only the player who created the game can do that."))


def require_open(game: Game) -> None:
    if game.status != Game.Status.OPEN:
        raise NotAllowed(_("The game has already started or was cancelled."))


def require_free_seat(game: Game) -> None:
    if game.seats.count() >= game.players:
        raise NotAllowed(_("Every seat is taken."))
