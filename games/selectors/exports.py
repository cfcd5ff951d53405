"""A game to take home: its record as JSON, and as a plain-text record worded for its reader.

A finished game's record holds everything (`records`: the seed and every move). A running
game's holds only what the reader's seat may see, as its page does: the public log as that seat
reads it and the seat's own view, never a move's payload (it may name cards of a hand), the
seed or the deck; an onlooker gets the public part alone.
"""

from datetime import UTC, datetime

from django.template.loader import render_to_string
from django.utils import timezone

from games import engine, records
from games.models import Game, Seat

from .boards import game_log, result_table, seat_lines
from .lobby import BOT_LEVELS


def game_record(*, game: Game, user) -> dict:
    """The record of a started game as `user` may take it home."""
    seats = list(game.seats.all())
    state = engine.from_dict(game.state)
    if game.status == Game.Status.FINISHED:
        return _finished(game, seats, state)
    mine = Seat.of_user(seats, user)
    return _as_seen(game, seats, state, mine.position if mine else None)


def game_record_text(*, game: Game, user) -> str:
    """The game as a plain-text record: its table and result, then every line of its log with
    its time, in the reader's language and zone (the log as the reader's seat reads it)."""
    seats = list(game.seats.all())
    mine = Seat.of_user(seats, user)
    position = mine.position if mine else None
    view = engine.view(engine.from_dict(game.state), position)
    names = [player["name"] for player in view["players"]]
    context = {
        "game": game,
        "edition_title": engine.EDITIONS[game.edition].title(game.players),
        "seats": [
            {"name": names[seat.position], "level": BOT_LEVELS.get(seat.bot, "")}
            for seat in sorted(seats, key=lambda seat: seat.position)
        ],
        "result": result_table(view),
        "seed": game.seed if game.status == Game.Status.FINISHED else "",
        "log": game_log(game=game, seat=position, names=names),
        "zone": timezone.get_current_timezone_name(),
    }
    return render_to_string("games/record.txt", context)


def _about(game: Game) -> dict:
    return {
        "name": game.title,
        "edition": game.edition,
        "options": game.options,
        "players": game.players,
        "status": game.status,
        "started_at": _utc(game.started_at),
        "finished_at": _utc(game.finished_at),
        "open": game.is_open,
    }


def _seats(seats: list[Seat], state: engine.State) -> list[dict]:
    return [
        {"position": seat.position, "name": state.names[seat.position], "bot": seat.bot or None}
        for seat in sorted(seats, key=lambda seat: seat.position)
    ]


def _finished(game: Game, seats: list[Seat], state: engine.State) -> dict:
    moves = game.moves.filter(seq__gt=0).order_by("seq")
    return records.finished_record(
        game=_about(game),
        seats=_seats(seats, state),
        seed=game.seed,
        moves=[
            {"seq": seq, "seat": seat, "actor": actor, "action": action, "at": _utc(at)}
            for seq, seat, actor, action, at in moves.values_list(
                "seq", "seat__position", "actor", "payload", "created_at"
            )
        ],
        result=engine.outcome(state),
    )


def _as_seen(game: Game, seats: list[Seat], state: engine.State, position: int | None) -> dict:
    view = engine.view(state, position)
    names = [player["name"] for player in view["players"]]
    rows = game.moves.order_by("seq").values_list("seq", "events", "created_at")
    return {
        "format": records.FORMAT,
        "game": _about(game),
        "seats": _seats(seats, state),
        "seed_hash": game.seed_hash,
        "seen_by": position,
        "log": [
            {
                "seq": seq,
                "at": _utc(at),
                "events": [
                    {**event, "text": text} for event, text in seat_lines(events, position, names)
                ],
            }
            for seq, events, at in rows
        ],
        "view": view,
    }


def _utc(moment: datetime | None) -> str | None:
    return moment.astimezone(UTC).isoformat() if moment else None
