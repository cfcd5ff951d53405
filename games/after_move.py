"""Work that follows a move, done in the move's transaction (see DESIGN.md).

Whatever `after_move` writes (deadlines, mail rows) is part of the move; the tasks it wants run
(the next bot move, the mails) are queued to start once the move has committed.
"""

from datetime import datetime

from django.conf import settings

from games import engine, live, presence, task_queue
from games.calls import outbox
from games.clocks import deadlines
from games.models import Deadline, Game, Move, Seat


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
) -> list[Deadline]:
    """`seats`: the game's seats with their users and profiles, as the move read them. Returns
    the game's open deadlines after the move."""
    live.changed([game.id])
    _queue_bot_move(game=game, seats=seats, state=state, seq=seq)
    _queue_boards(game=game, seats=seats, mover=mover, actor=actor, now=now)
    rows = deadlines.deadlines_write(
        game=game, seats=seats, state=state, seq=seq, mover=mover, actor=actor, now=now
    )
    outbox.mail_after_move(
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
    return rows


def _queue_bot_move(*, game: Game, seats: list[Seat], state: engine.State, seq: int) -> None:
    """One task per move, not per bot: only one move can follow this one. The bot move's own
    follow-ups queue the next, so several bots waited on at once each get their move in turn."""
    if bots_to_ask(state, {seat.position: seat for seat in seats}):
        task_queue.after_commit(task_queue.BOT_MOVE, game.id, seq)


def _queue_boards(*, game: Game, seats: list[Seat], mover: int | None, actor: str, now) -> None:
    """The boards of the other seats whose page is open are rendered by a worker, ahead of
    their next poll (services.boards_render). A player's own move answers with their board."""
    if settings.BOARDS_RENDER_AHEAD and any(
        seat.user_id is not None
        and presence.page_open(seat, now)
        and not (actor == Move.Actor.PLAYER and seat.position == mover)
        for seat in seats
    ):
        task_queue.after_commit(task_queue.BOARDS_RENDER, game.id)


def bots_to_ask(
    state: engine.State, seats: dict[int, Seat], *, patient: bool = True
) -> list[tuple[int, bool]]:
    """The bot seats to ask for a move now, in order, each with whether the game waits for it:
    the bots the game waits for, and while a player trades as the active player, the bots
    beside that may offer something. `patient`: a bot trading as the active player still
    waits for the answers to its offers."""
    waiting = engine.waiting_for(state)
    asked = [
        (position, True)
        for position in waiting
        if seats[position].plays_as_bot and not (patient and _awaits_answers(state, position))
    ]
    if not seats[state.active].plays_as_bot:
        # A player trades: every bot beside may offer something (its memory keeps it to its
        # own limit a turn, such as one offer).
        asked += [
            (position, False)
            for position, seat in sorted(seats.items())
            if seat.plays_as_bot and position not in waiting and engine.may_offer(state, position)
        ]
    return asked


def _awaits_answers(state: engine.State, position: int) -> bool:
    """The active player waits for the answers to its offers before it ends trading; asked
    now, a bot would withdraw them before anyone could answer. It still answers offers made to
    it meanwhile. (Offers are open only while the active player trades.)"""
    if position != state.active:
        return False
    offers = state.offers.values()
    return any(offer.maker == position for offer in offers) and not any(
        offer.to == position for offer in offers
    )
