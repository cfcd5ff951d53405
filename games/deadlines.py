"""Deadlines: who must act by when, written with each move; expired ones become system moves.

Every seat the engine waits for has one open Deadline row. The active player in the trade
phase has the trading window (kind "trading"); everyone else runs on their bank (kind "move").
A row stays open, its clock running, while the same seat is still awaited in the same way
after other seats' moves; the seat's own move closes it and starts a fresh one from the bank.

A bot's row falls due after the bot's patience, counted from its last move: a bot moves at once,
so its row expires only when it waits for a player to answer its offers (or its task was lost).
Then the bot itself moves on; no timeout is counted against it.

Lock order is always the game row first, then its deadline rows (as `move_submit` does), so a
sweep and a player's move never deadlock.
"""

import logging
from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from . import engine, timecontrol
from .engine.bots import make_bot
from .errors import GameNotFound, GameNotRunning, NotAllowed, NotYourSeat
from .models import Deadline, Game, Profile, Seat

log = logging.getLogger(__name__)

# Due rows one sweep takes on; the next sweep, a few seconds later, takes the rest.
SWEEP_BATCH = 50
# A runaway guard: no timeout needs more system moves than this (declining every open offer).
MAX_AUTOMATIC_MOVES = 40
# Moves a timeout may make for the seat: never an offer, a trade or a purchase.
_TIMEOUT_KINDS = {"plant", "harvest", "discard", "stop_planting", "end_turn"}
# What the player reads once the seat is theirs again, on the game page or from the mail's link.
RECLAIMED = "Welcome back: your seat is yours again, and the bot has stepped aside."
NO_BOT_STANDING_IN = "No bot is playing for you: your seat is already yours."


def awaited_kinds(state) -> dict[int, str]:
    """Each awaited position and the kind of deadline it runs on."""
    return {
        position: (
            Deadline.Kind.TRADING
            if state.phase == "trade" and position == state.active
            else Deadline.Kind.MOVE
        )
        for position in engine.waiting_for(state)
    }


def deadlines_write(
    *,
    game: Game,
    state,
    seq: int,
    mover: int | None = None,
    actor: str = "player",
    now: datetime | None = None,
) -> list[Deadline]:
    """Bring the game's open deadlines up to date after move `seq`. Runs inside the move's
    transaction, with the game row locked. Returns the open rows, one per awaited seat."""
    now = now or timezone.now()
    seats = {seat.position: seat for seat in game.seats.all() if seat.position is not None}
    open_rows = list(Deadline.objects.filter(game=game, done=False))
    came_back = False
    if mover is not None and mover in seats:
        came_back = _charge_mover(game, seats[mover], open_rows, actor, now)

    if state.over or game.status != Game.Status.RUNNING:
        Deadline.objects.filter(game=game, done=False).update(done=True)
        return []

    wanted = awaited_kinds(state)
    keep: list[Deadline] = []
    new: list[Deadline] = []
    for position, kind in wanted.items():
        row = next(
            (r for r in open_rows if r.seat_id == seats[position].id and r.kind == kind), None
        )
        # The trading window runs from the start of trading, whatever the active player does
        # meanwhile; a bank deadline restarts when its own seat moves.
        if row is not None and (position != mover or kind == Deadline.Kind.TRADING):
            row.expected_seq = seq
            keep.append(row)
            if position == mover and (seats[position].plays_as_bot or came_back):
                _refit(game, seats[position], row, now)
        else:
            new.append(_new_deadline(game, seats[position], kind, seq, now))
    kept = {row.id for row in keep}
    Deadline.objects.filter(game=game, done=False).exclude(id__in=kept).update(done=True)
    Deadline.objects.filter(id__in=kept).update(expected_seq=seq)
    _stretch_for_vacations(game, new, now)
    Deadline.objects.bulk_create(new)
    return keep + new


def _charge_mover(game: Game, seat: Seat, open_rows: list[Deadline], actor: str, now) -> bool:
    """The mover's bank pays for the time its move took and earns the increment. Returns
    whether a bot stood in for the player, who is now back."""
    came_back = False
    fields = []
    row = next(
        (r for r in open_rows if r.seat_id == seat.id and r.kind == Deadline.Kind.MOVE), None
    )
    if row is not None:
        seat.bank = timecontrol.bank_after_move(game, seat, now - row.started_at)
        fields.append("bank")
    if actor == "player" and (seat.timeouts or seat.bot_standing_in):
        # A player who moves is back: the count starts over and no bot plays for them.
        came_back = seat.bot_standing_in
        seat.timeouts, seat.bot_standing_in = 0, False
        fields += ["timeouts", "bot_standing_in"]
    if fields:
        seat.save(update_fields=fields)
    return came_back


def _new_deadline(game: Game, seat: Seat, kind: str, seq: int, now) -> Deadline:
    if kind == Deadline.Kind.TRADING:
        span = timecontrol.trading_window(game)
    else:
        span = timecontrol.bank_left(game, seat)
    due_at = _patience_due(game, seat, now + span, now)
    return Deadline(
        game=game, seat=seat, kind=kind, started_at=now, due_at=due_at, expected_seq=seq
    )


def _refit(game: Game, seat: Seat, row: Deadline, now) -> None:
    """An open row's due time for whoever plays the seat now. A bot trading as the active
    player waits its patience from its own last move (an offer, or its answer to one), within
    what is left of the trading window; a player back from a bot's stand-in gets the whole
    window, or bank, from the row's start again."""
    if row.kind == Deadline.Kind.TRADING:
        span = timecontrol.trading_window(game)
    else:
        span = timecontrol.bank_left(game, seat)
    due_at = _patience_due(game, seat, row.started_at + span, now)
    if due_at != row.due_at:
        row.due_at = due_at
        Deadline.objects.filter(id=row.id).update(due_at=due_at)


def _patience_due(game: Game, seat: Seat, due_at, now):
    """A player's deadline as it is; a bot's no later than its patience from now."""
    if not seat.plays_as_bot:
        return due_at
    return min(due_at, now + timecontrol.bot_patience(game))


def _stretch_for_vacations(game: Game, rows: list[Deadline], now) -> None:
    """A seat whose player is away gets the rest of the vacation added to its deadline, unless
    a bot plays the seat: the bot is not away, and waits its patience only."""
    if not game.vacation_allowed or not rows:
        return
    players = {
        row.seat.user_id: row for row in rows if row.seat.user_id and not row.seat.plays_as_bot
    }
    if not players:
        return
    away = Profile.objects.filter(user_id__in=players, away_until__gt=now).values_list(
        "user_id", "away_until"
    )
    for user_id, away_until in away:
        players[user_id].due_at += away_until - now


def seat_deadlines(*, game_id: int) -> dict[int, Deadline]:
    """The open deadline of every awaited seat, by position, for the game page (one query)."""
    rows = Deadline.objects.filter(game_id=game_id, done=False).select_related("seat")
    return {row.seat.position: row for row in rows}


# Expiry: the sweep and its handler.


def deadlines_sweep(*, now: datetime | None = None) -> int:
    """Expire the due deadlines; returns how many made automatic moves. Rows another sweep is
    working on right now are locked by it, and skipped here."""
    now = now or timezone.now()
    with transaction.atomic():
        due = list(
            Deadline.objects.select_for_update(skip_locked=True)
            .filter(done=False, due_at__lte=now)
            .order_by("due_at")
            .values_list("id", flat=True)[:SWEEP_BATCH]
        )
    expired = 0
    for deadline_id in due:
        try:
            expired += bool(deadline_expire(deadline_id=deadline_id, now=now))
        except Exception:
            # One broken game must not stop the others' timeouts; the next sweep tries again.
            log.exception("deadline %s could not be expired", deadline_id)
    return expired


def deadline_expire(*, deadline_id: int, now: datetime | None = None) -> int:
    """Make the default moves for a seat whose deadline has passed, or let its bot move on.
    Does nothing if the game has moved on since the row was written, or another handler got
    there first. Returns the number of moves made."""
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
        deadline = (
            Deadline.objects.select_for_update().select_related("seat").filter(id=deadline_id).first()
        )
        if deadline is None or deadline.done:
            return 0
        if deadline.due_at > now:
            return 0  # stretched since the sweep read it (a vacation began)
        if deadline.expected_seq != game.seq or game.status != Game.Status.RUNNING:
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
            _count_timeout(game, seat, step[0])
        return moves


def _step(game: Game) -> tuple[int, str]:
    state = engine.from_dict(game.state)
    return state.turn, state.phase


def _bots_move_on(game: Game, step: tuple[int, str]) -> int:
    """The bots move without waiting any longer for answers (withdrawing their offers and
    ending trading) until the step is over or none has a move; returns how many they made."""
    from .services import bot_move

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


def _default_moves(game: Game, position: int, step: tuple[int, str]) -> int:
    """The system's moves for the seat until the step is over; returns how many it made."""
    from .services import move_submit_as

    bot = make_bot("heuristic", f"{game.seed}:timeout:{game.seq}")
    moves = 0
    while moves < MAX_AUTOMATIC_MOVES:
        state = engine.from_dict(game.state)
        action = timeout_action(state, position, bot) if (state.turn, state.phase) == step else None
        if action is None:
            break
        move_submit_as(
            game_id=game.id,
            position=position,
            action=action,
            expected_seq=game.seq,
            actor="system",
        )
        moves += 1
        game.refresh_from_db(fields=["seq", "state", "status"])
    return moves


def timeout_action(state, position: int, bot) -> dict | None:
    """The move the system makes for an absent seat: the least that lets the game go on."""
    if position not in engine.waiting_for(state):
        return None
    phase = state.phase
    if phase == "trade":
        if position == state.active:
            return {"kind": "end_trading"}
        for offer in state.offers.values():
            if offer.to == position:
                return {"kind": "decline", "offer": offer.id}
        return None
    if phase in ("plant", "duel_plant") and position == state.active and state.planted >= 1:
        return {"kind": "stop_planting"}
    if phase == "duel_reveal":
        return {"kind": "end_turn"}
    choice = bot.choose(state, position)
    if choice and choice.get("kind") in _TIMEOUT_KINDS:
        return choice
    return _first_forced(state, position)


def _first_forced(state, position: int) -> dict | None:
    """Plant the first card that fits a field, or else harvest the field that pays most."""
    legal = engine.legal_actions(state, position)
    for action in legal:
        if action["kind"] == "plant":
            return {"kind": "plant", "card": action["card"], "field": action["fields"][0]}
    fields = state.fields[position]
    harvests = [action["field"] for action in legal if action["kind"] == "harvest"]
    if harvests:
        best = max(
            harvests,
            key=lambda f: (
                engine.payout(state.card_beans[fields[f][0]], len(fields[f])),
                -len(fields[f]),
            ),
        )
        return {"kind": "harvest", "field": best}
    for action in legal:
        if action["kind"] in _TIMEOUT_KINDS:
            return {"kind": action["kind"]}
    return None


def _count_timeout(game: Game, seat: Seat, turn: int) -> None:
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
        from .mail import mail_bot_standing_in

        mail_bot_standing_in(game=game, seat=seat)
        # The moves just made found no bot to queue; now one stands in, wake it.
        transaction.on_commit(partial(_wake_bot, game.id, game.seq), robust=True)


def _wake_bot(game_id: int, seq: int) -> None:
    from .tasks import bot_move_task

    bot_move_task.delay(game_id, seq)


def seat_reclaim(*, game_id: int, user) -> Seat:
    """The player is back: the bot standing in steps aside and the timeout count starts over.
    Refused, with the reason, for a seat that is not the user's, a seat no bot stands in for,
    or a game that is no longer running."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(id=game_id).first()
        if game is None:
            raise GameNotFound()
        seat = Seat.objects.select_for_update().filter(game=game, user=user).first()
        if seat is None:
            raise NotYourSeat()
        if game.status == Game.Status.FINISHED:
            raise GameNotRunning("The game is over: there is no seat to take back.")
        if game.status != Game.Status.RUNNING:
            raise GameNotRunning("There is no seat to take back: the game is not running.")
        if not seat.bot_standing_in:
            raise NotAllowed(NO_BOT_STANDING_IN)
        seat.bot_standing_in = False
        seat.timeouts = 0
        seat.save(update_fields=["bot_standing_in", "timeouts"])
        # The bot's deadlines were cut to its patience: the player's own come back.
        now = timezone.now()
        for row in Deadline.objects.filter(seat=seat, done=False):
            _refit(game, seat, row, now)
    return seat


# Reminders.


def reminders_send(*, now: datetime | None = None) -> int:
    """Write a reminder for each open deadline that comes within its lead time."""
    from .mail import mail_reminder

    now = now or timezone.now()
    sent = 0
    candidates = (
        Deadline.objects.filter(
            done=False,
            reminded=False,
            due_at__gt=now,
            due_at__lte=now + timecontrol.REMINDER_LEAD,
            seat__user__isnull=False,
            seat__bot_standing_in=False,
        )
        .select_related("game", "seat")
        .order_by("due_at")
    )
    for deadline in candidates:
        if deadline.due_at - timecontrol.reminder_lead(deadline.started_at, deadline.due_at) > now:
            continue
        with transaction.atomic():
            claimed = Deadline.objects.filter(id=deadline.id, reminded=False, done=False).update(
                reminded=True
            )
            if claimed:
                sent += mail_reminder(deadline=deadline, now=now)
    return sent


# Vacations.


def vacation_start(*, user, days: int, now: datetime | None = None) -> int:
    """Go away for `days` days (added to a vacation already running). Deadlines in games that
    allow it stretch by the days granted; the yearly allowance caps them. Returns the days
    granted."""
    now = now or timezone.now()
    with transaction.atomic():
        profile = profile_for(user, lock=True)
        if profile.vacation_year != now.year:
            profile.vacation_year = now.year
            profile.vacation_days_used = 0
        granted = max(0, min(days, vacation_days_left(profile, now)))
        if not granted:
            profile.save(update_fields=["vacation_year", "vacation_days_used"])
            return 0
        start = max(now, profile.away_until or now)
        profile.away_until = start + timedelta(days=granted)
        profile.vacation_days_used += granted
        profile.save(update_fields=["away_until", "vacation_days_used", "vacation_year"])
        _vacation_rows(user).update(due_at=F("due_at") + timedelta(days=granted))
    return granted


def vacation_end(*, user, now: datetime | None = None) -> int:
    """Back early: the whole days not yet used go back to the yearly allowance, and the
    deadlines they stretched shrink by as much (never below what they were before the
    vacation). Returns the days given back."""
    now = now or timezone.now()
    with transaction.atomic():
        profile = profile_for(user, lock=True)
        if not profile.away_until or profile.away_until <= now:
            return 0
        unused = (profile.away_until - now).days
        profile.away_until = now
        if profile.vacation_year == now.year:
            profile.vacation_days_used = max(0, profile.vacation_days_used - unused)
        profile.save(update_fields=["away_until", "vacation_days_used"])
        if unused:
            _vacation_rows(user).update(due_at=F("due_at") - timedelta(days=unused))
    return unused


def _vacation_rows(user):
    """The open deadlines a vacation moves: the user's own, not those of a bot standing in."""
    return Deadline.objects.filter(
        done=False, seat__user=user, seat__bot_standing_in=False, game__vacation_allowed=True
    )


def vacation_days_left(profile: Profile, now: datetime) -> int:
    used = profile.vacation_days_used if profile.vacation_year == now.year else 0
    return max(0, timecontrol.VACATION_DAYS_PER_YEAR - used)


def profile_for(user, *, lock: bool = False) -> Profile:
    profiles = Profile.objects.select_for_update() if lock else Profile.objects
    profile = profiles.filter(user=user).first()
    if profile is None:
        name = (user.email or user.get_username()).split("@")[0][:40] or "player"
        profile, _ = Profile.objects.get_or_create(user=user, defaults={"display_name": name})
    return profile
