"""Work that follows a move, queued in the move's transaction (see DESIGN.md).

`after_move` runs inside the transaction that wrote the move, so whatever it writes is part of
the move; tasks go out with `transaction.on_commit`, so they never see an uncommitted move.
"""

from functools import partial

from django.db import transaction

# games.tasks imports the services, which import this module: import the module, not the
# task, so that either may be imported first.
from games import deadlines, engine, mail, tasks
from games.models import Game, Move


def after_move(*, game: Game, state: engine.State, events: list[engine.Event], seq: int) -> None:
    _queue_bot_move(game=game, state=state, seq=seq)
    _deadlines_and_mail(game=game, state=state, events=events, seq=seq)


def _deadlines_and_mail(
    *, game: Game, state: engine.State, events: list[engine.Event], seq: int
) -> None:
    """Who must act by when, and the mails about it, written with the move."""
    mover, actor = (
        Move.objects.filter(game=game, seq=seq).values_list("seat__position", "actor").first()
        or (None, Move.Actor.SYSTEM)
    )
    rows = deadlines.deadlines_write(game=game, state=state, seq=seq, mover=mover, actor=actor)
    mail.mail_after_move(
        game=game, state=state, events=events, seq=seq, deadlines=rows, mover=mover, actor=actor
    )


def _queue_bot_move(*, game: Game, state: engine.State, seq: int) -> None:
    """One task per move, not per bot: only one move can follow this one. The bot move's own
    follow-ups queue the next, so several bots waited on at once each get their move in turn.
    Bots move when the game waits for them, and may offer something to a player who trades."""
    bots = {seat.position for seat in game.seats.all() if seat.plays_as_bot}
    waiting = set(engine.waiting_for(state))
    player_trades = bool(waiting) and state.phase == "trade" and state.active not in bots
    if bots and (waiting & bots or player_trades):
        # robust: a failing bot must not turn the player's committed move into an error page.
        transaction.on_commit(partial(tasks.bot_move_task.delay, game.id, seq), robust=True)
