"""Deadlines: who must act by when, written inside each move's transaction.

Every seat the engine waits for has one open Deadline row, on the clock the engine names for it
(`engine.clocks`): the trading window (kind "trading") or the seat's bank (kind "move"); but a
player awaited only to answer a bot's offers has none (the bot's patience bounds the wait). A row
stays open, its clock running, while the same seat is still awaited in the same way after
other seats' moves; the seat's own move closes it and starts a fresh one from the bank.

A bot's row falls due after the bot's patience, counted from its last move: a bot moves at once,
so its row expires only when, trading as the active player, it waits for the people at the table
to answer its offers or to offer it something (or its task was lost).
Then the bot itself moves on; no timeout is counted against it (services.deadline_expire).

Lock order is always the game row first, then its deadline rows (as `move_submit` does), so a
sweep and a player's move never deadlock.
"""

from datetime import datetime

from django.utils import timezone

from games import engine
from games.clocks import timecontrol
from games.models import Deadline, Game, Move, Profile, Seat

_KINDS = {engine.BANK: Deadline.Kind.MOVE, engine.TRADING_WINDOW: Deadline.Kind.TRADING}


def awaited_kinds(state) -> dict[int, str]:
    """Each awaited position and the kind of deadline it runs on."""
    return {position: _KINDS[clock] for position, clock in engine.clocks(state).items()}


def deadlines_write(
    *,
    game: Game,
    seats: list[Seat],
    state,
    seq: int,
    mover: int | None = None,
    actor: str = Move.Actor.PLAYER,
    now: datetime | None = None,
) -> list[Deadline]:
    """Bring the game's open deadlines up to date after move `seq`. Runs inside the move's
    transaction, with the game row locked. Returns the open rows, one per awaited seat."""
    now = now or timezone.now()
    by_position = {seat.position: seat for seat in seats if seat.position is not None}
    open_rows = list(Deadline.objects.filter(game=game, done=False))
    came_back = False
    if mover is not None and mover in by_position:
        came_back = _charge_mover(game, by_position[mover], open_rows, actor, now)

    if state.over or game.status != Game.Status.RUNNING:
        if open_rows:
            Deadline.objects.filter(id__in=[row.id for row in open_rows]).update(done=True)
        return []

    keep: list[Deadline] = []
    new: list[Deadline] = []
    bots = {position for position, seat in by_position.items() if seat.plays_as_bot}
    for position, kind in awaited_kinds(state).items():
        if _answers_bots_only(state, position, bots):
            continue
        seat = by_position[position]
        row = next((r for r in open_rows if r.seat_id == seat.id and r.kind == kind), None)
        # The trading window runs from the start of trading, whatever the active player does
        # meanwhile; a bank deadline restarts when its own seat moves.
        if row is not None and (position != mover or kind == Deadline.Kind.TRADING):
            keep.append(row)
            if position == mover and (seat.plays_as_bot or came_back):
                refit(game, seat, row, now)
        else:
            new.append(_new_deadline(game, seat, kind, seq, now))
    kept = {row.id for row in keep}
    closed = [row for row in open_rows if row.id not in kept]
    if closed:
        Deadline.objects.filter(id__in=[row.id for row in closed]).update(done=True)
        _trading_hours_spent(by_position.values(), closed)
    _stretch_for_vacations(game, new, now)
    Deadline.objects.bulk_create(new)
    return keep + new


def _answers_bots_only(state, position: int, bots: set[int]) -> bool:
    """Whether the seat is awaited only to answer offers bots made it: a bot trading as the
    active player offers unasked, and ends trading after its patience whatever the answer (the
    offers lapse then), so no clock of the seat's own runs for them; its bank and its timeouts
    are for what the game cannot go on without. The rules are the engine's as ever: the seat
    may answer, and the game waits on the bot's clock."""
    if position == state.active or position in bots:
        return False
    makers = {offer.maker for offer in state.offers.values() if offer.to == position}
    return bool(makers) and makers <= bots


def _trading_hours_spent(seats, closed: list[Deadline]) -> None:
    """The hour a player set for the end of their trading is over with the window it ended."""
    ended = {row.seat_id for row in closed if row.kind == Deadline.Kind.TRADING}
    spent = [seat.id for seat in seats if seat.id in ended and seat.trading_ends_at_time]
    if spent:
        Seat.objects.filter(id__in=spent).update(trading_ends_at_time=None)


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
    back = actor == Move.Actor.PLAYER and seat.resigned_at is None
    if back and (seat.timeouts or seat.bot_standing_in):
        # A player who moves is back: the count starts over and no bot plays for them.
        came_back = seat.bot_standing_in
        seat.timeouts, seat.bot_standing_in = 0, False
        fields += ["timeouts", "bot_standing_in"]
    if back and seat.mailed_at:
        # ... and may be called once more when they are away again.
        seat.mailed_at = None
        fields.append("mailed_at")
    if fields:
        seat.save(update_fields=fields)
    return came_back


def _new_deadline(game: Game, seat: Seat, kind: str, seq: int, now) -> Deadline:
    due_at = _due(game, seat, kind, now, now)
    return Deadline(
        game=game, seat=seat, kind=kind, started_at=now, due_at=due_at, started_seq=seq
    )


def _due(game: Game, seat: Seat, kind: str, started_at, now):
    """A row's due time: the trading window's end (or the player's hour, if earlier), or the
    seat's bank, from `started_at`; a bot's no later than its patience from now."""
    if kind == Deadline.Kind.TRADING:
        hour = seat.trading_ends_at_time
        # The zone the player's pages show times in (checked when the profile took it).
        profile = Profile.of(seat.user) if hour and seat.user_id else None
        zone = profile.time_zone if profile else "UTC"
        due_at = timecontrol.trading_ends(game, started_at, hour, zone)
    else:
        due_at = started_at + timecontrol.bank_left(game, seat)
    return _patience_due(game, seat, due_at, now)


def refit(game: Game, seat: Seat, row: Deadline, now) -> None:
    """An open row's due time for whoever plays the seat now, and by the hour its player set for
    the end of trading. A bot trading as the active player waits its patience from its own last
    move (an offer, or its answer to one), within what is left of the trading window; a player
    back from a bot's stand-in gets the whole window, or bank, from the row's start again."""
    due_at = _due(game, seat, row.kind, row.started_at, now)
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
    a bot plays the seat: the bot is not away, and waits its patience only. The seats come
    with their users' profiles."""
    if not game.vacation_allowed:
        return
    for row in rows:
        seat = row.seat
        if seat.user_id is None or seat.plays_as_bot:
            continue
        profile = Profile.of(seat.user)
        away_until = profile.away_until if profile else None
        if away_until is not None and away_until > now:
            row.due_at += away_until - now
