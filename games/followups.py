"""Work that follows a move, done in the move's transaction (see DESIGN.md).

Whatever `after_move` writes (deadlines, mail rows) is part of the move; the tasks it wants run
(the next bot move, the mails) are queued to start once the move has committed.
"""

from datetime import datetime

from games import deadlines, effects, engine, mail
from games.models import Game, Seat


def after_move(
    *,
    game: Game,
    seats: list[Seat],
    state: engine.State,
    events: list[engine.Event],
    seq: int,
    mover: int | None,
    actor: str,
    now: datetime,
) -> None:
    """`seats`: the game's seats with their users and profiles, as the move read them."""
    _queue_bot_move(game=game, seats=seats, state=state, seq=seq)
    rows = deadlines.deadlines_write(
        game=game, seats=seats, state=state, seq=seq, mover=mover, actor=actor, now=now
    )
    mail.mail_after_move(
        game=game,
        seats=seats,
        state=state,
        events=events,
        seq=seq,
        deadlines=rows,
        mover=mover,
        actor=actor,
        now=now,
    )


def _queue_bot_move(*, game: Game, seats: list[Seat], state: engine.State, seq: int) -> None:
    """One task per move, not per bot: only one move can follow this one. The bot move's own
    follow-ups queue the next, so several bots waited on at once each get their move in turn.
    Bots move when the game waits for them, and may offer something to a player who trades."""
    bots = {seat.position for seat in seats if seat.plays_as_bot}
    if not bots:
        return
    waiting = set(engine.waiting_for(state))
    player_trades = state.active not in bots and any(
        engine.may_offer(state, position) for position in bots
    )
    if waiting & bots or (waiting and player_trades):
        effects.after_commit(effects.BOT_MOVE, game.id, seq)
