"""Time running out: the sweep of due deadlines, the moves made for absent seats, reminders.

A timeout becomes ordinary moves made by the system: the engine's default move for the seat,
until the step of the game it was awaited in is over. After too many missed turns a bot stands
in for the player until they take the seat back.
"""

import logging
from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games import engine, task_queue
from games.calls import outbox
from games.clocks import timecontrol
from games.models import Deadline, Game, Heartbeat, Move, Profile, Seat
from games.time_budget import for_a_while

from .bot_moves import bot_move
from .moves import move_submit_as

log = logging.getLogger(__name__)

# Due rows one sweep takes on; the next sweep, a few seconds later, takes the rest.
SWEEP_BATCH = 50
# A runaway guard: no timeout needs more system moves than this (declining every open offer).
MAX_AUTOMATIC_MOVES = 40


def deadlines_sweep(*, now: datetime | None = None) -> int:
    """Expire the due deadlines; returns how many made automatic moves. Sweeps may run at the
    same time (beat fires again while one is slow, or two workers take it) and read the same
    due rows: `deadline_expire` claims each row in the transaction that expires it, so the
    second sweep to reach a row finds it claimed and leaves it. A sweep that leaves due rows
    (more than a batch, or more than its time) queues the next at once: under load the rows
    are worked off back to back, not a batch each period."""
    now = now or timezone.now()
    due = list(
        Deadline.objects.filter(done=False, due_at__lte=now)
        .order_by("due_at")
        .values_list("id", flat=True)[:SWEEP_BATCH]
    )
    expired = looked = failed = 0
    for deadline_id in for_a_while(due):
        looked += 1
        try:
            expired += bool(deadline_expire(deadline_id=deadline_id, now=now))
        except Exception:
            # One broken game must not stop the others' timeouts; the next sweep tries again.
            failed += 1
            log.exception("deadline %s could not be expired", deadline_id)
    _swept(now)
    if (looked < len(due) or len(due) == SWEEP_BATCH) and looked > failed:
        task_queue.after_commit(task_queue.DEADLINES_SWEEP)
    return expired


def deadlines_bring_forward(*, game_ids: list[int], now: datetime | None = None) -> int:
    """The open deadlines of these games fall due now (their tournament's round is over while
    they run): the sweep expires them as any other, with the default moves, the timeouts
    counted and a bot standing in after the game's limit, so the clocks bring each game to
    its end. Returns the rows brought forward."""
    now = now or timezone.now()
    moved = Deadline.objects.filter(game_id__in=game_ids, done=False, due_at__gt=now).update(
        due_at=now
    )
    if moved:
        Game.touch(game_ids)
        task_queue.after_commit(task_queue.DEADLINES_SWEEP)
    return moved


def _swept(now: datetime) -> None:
    """The sweep ran: what `/health` and the staff's pages look at."""
    if not Heartbeat.objects.filter(name=Heartbeat.SWEEP).update(at=now):
        Heartbeat.objects.get_or_create(name=Heartbeat.SWEEP, defaults={"at": now})


def deadline_expire(*, deadline_id: int, now: datetime | None = None) -> int:
    """Make the default moves for a seat whose deadline has passed, or let its bot move on.
    Does nothing if the game has moved on since the row was written, or another handler got
    there first. Returns the number of moves made.

    The row is claimed, after the game row is locked (a move locks it before it touches
    deadlines), by a conditional UPDATE that finds it still open and due (as `reminders_send`
    claims a reminder). The UPDATE changes no value: it only holds the row for this transaction,
    because the moves below must still find it open, to charge the seat's bank and close it.
    The claim ends with the transaction: a second sweep reaching the row waits, then finds it
    closed and leaves it; a sweep killed mid-work rolls back its moves and its claim, and the
    next sweep takes the row at once."""
    now = now or timezone.now()
    game_id = (
        Deadline.objects.filter(id=deadline_id, done=False)
        .values_list("game_id", flat=True)
        .first()
    )
    if game_id is None:
        return 0
    with transaction.atomic():
        game = Game.objects.select_for_update().get(id=game_id)
        # Not claimed: expired by another sweep, closed by a move made since the sweep read it,
        # or stretched since (a vacation began). Open, it is the game's wait as it is now.
        claim = Deadline.objects.filter(id=deadline_id, done=False, due_at__lte=now)
        if not claim.update(due_at=F("due_at")):
            return 0
        deadline = Deadline.objects.select_related("seat").get(id=deadline_id)
        if game.status != Game.Status.RUNNING:
            Deadline.objects.filter(id=deadline.id).update(done=True)
            return 0
        seat = deadline.seat
        step = _step(game)
        moves = _bots_move_on(game, step) if seat.plays_as_bot else 0
        # Also after the bots: one that failed must not leave the game waiting for ever.
        moves += _default_moves(game, seat.position, step)
        Deadline.objects.filter(id=deadline.id).update(done=True)
        # A bot that waited out its patience has not missed a turn.
        if moves and not seat.plays_as_bot:
            _count_timeout(game, seat, step[0], now)
        return moves


def _step(game: Game) -> tuple:
    return engine.step(engine.from_dict(game.state))


def _bots_move_on(game: Game, step: tuple) -> int:
    """The bots move without waiting any longer for answers (withdrawing their offers and
    ending trading) until the step is over or none has a move; returns how many they made."""
    moves = 0
    while moves < MAX_AUTOMATIC_MOVES and _step(game) == step:
        try:
            result = bot_move(game_id=game.id, expected_seq=game.seq, patient=False)
        except Exception:
            log.exception("a bot of game %s could not move; the system moves for it", game.id)
            break
        if result is None:
            break
        moves += 1
        game.refresh_from_db(fields=["seq", "state", "status"])
    return moves


def _default_moves(game: Game, position: int, step: tuple) -> int:
    """The engine's default moves for the seat until the step is over; returns how many."""
    moves = 0
    while moves < MAX_AUTOMATIC_MOVES:
        state = engine.from_dict(game.state)
        action = engine.default_move(state, position) if engine.step(state) == step else None
        if action is None:
            break
        move_submit_as(
            game_id=game.id,
            position=position,
            action=action,
            expected_seq=game.seq,
            actor=Move.Actor.SYSTEM,
        )
        moves += 1
        game.refresh_from_db(fields=["seq", "state", "status"])
    return moves


def _count_timeout(game: Game, seat: Seat, turn: int, now: datetime) -> None:
    """Count one timeout per turn; after the game's limit a bot stands in for the seat."""
    seat.refresh_from_db(fields=["timeouts", "last_timeout_turn", "bot_standing_in"])
    if seat.last_timeout_turn == turn:
        return
    seat.timeouts += 1
    seat.last_timeout_turn = turn
    fields = ["timeouts", "last_timeout_turn"]
    took_over = (
        seat.user_id is not None
        and not seat.bot_standing_in
        and seat.timeouts >= game.timeouts_before_bot
    )
    if took_over:
        seat.bot_standing_in = True
        fields.append("bot_standing_in")
    seat.save(update_fields=fields)
    if took_over:
        Game.touch([game.id])
        outbox.bot_standing_in_write(game=game, seat=seat, now=now)
        # The moves just made found no bot to queue; now one stands in, wake it.
        task_queue.after_commit(task_queue.BOT_MOVE, game.id, game.seq)


def reminders_send(*, now: datetime | None = None) -> int:
    """Write the reminders of the open deadlines that reached a step of their player's ladder
    (a share of the deadline's clock left). Each step goes out at most once per wait; when a
    later step is reached already, the earlier ones pass unsent (one mail, not a burst); a step
    reached while the player has the game's page open passes too."""
    now = now or timezone.now()
    sent = 0
    candidates = (
        Deadline.objects.filter(
            done=False,
            rungs_passed__lt=timecontrol.LONGEST_LADDER,
            due_at__gt=now,
            seat__user__isnull=False,
            seat__bot_standing_in=False,
            seat__resigned_at__isnull=True,
        )
        .select_related("seat__user__profile")
        .order_by("due_at")
    )
    for deadline in for_a_while(candidates):
        profile = Profile.of(deadline.seat.user)
        ladder = profile.reminders if profile else timecontrol.DEFAULT_LADDER
        reached = timecontrol.rungs_reached(ladder, deadline.started_at, deadline.due_at, now)
        if reached <= deadline.rungs_passed:
            continue
        if deadline.seat.position not in engine.to_call(engine.from_dict(deadline.game.state)):
            # Its turn plan carries the step (the clock runs on): left unclaimed, so that a
            # plan dropped or stopped before the deadline still gets its reminder.
            continue
        with transaction.atomic():
            claimed = Deadline.objects.filter(
                id=deadline.id, rungs_passed=deadline.rungs_passed, done=False
            ).update(rungs_passed=reached)
            if claimed:
                sent += outbox.reminder_write(deadline=deadline, rung=reached, now=now)
    return sent
