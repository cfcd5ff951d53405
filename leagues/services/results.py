"""Each finished game's places and scores, kept per seat for tables, profiles and ratings."""

from django.db.models import Count, Q

from games.models import Game, Move
from leagues.models import SeatResult
from leagues.places import final_places


def results_record(*, game: Game, outcome: dict) -> list[SeatResult]:
    """The seats' results, by position. A player who resigned, or whose seat a bot still played
    at the end, finishes last. A timeout is a move the site made for the seat (the system's);
    a bot's moves are not the player's."""
    seats = sorted(game.seats.all(), key=lambda seat: seat.position)
    taken_over = [seat.position for seat in seats if seat.bot_standing_in]
    places = final_places(outcome["places"], [*outcome["resigned"], *taken_over])
    counts = {
        row["seat_id"]: row
        for row in Move.objects.filter(game=game, seat__isnull=False)
        .values("seat_id")
        .annotate(
            moves=Count("id", filter=~Q(actor=Move.Actor.BOT)),
            timeouts=Count("id", filter=Q(actor=Move.Actor.SYSTEM)),
        )
    }
    return SeatResult.objects.bulk_create(
        SeatResult(
            game=game,
            position=seat.position,
            user_id=seat.user_id,
            place=place,
            score=score,
            moves=counts.get(seat.id, {}).get("moves", 0),
            timeouts=counts.get(seat.id, {}).get("timeouts", 0),
            finished_at=game.finished_at,
        )
        for seat, place, score in zip(seats, places, outcome["scores"], strict=True)
    )
