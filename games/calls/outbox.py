"""Mail rows: an outbox row per mail, written inside the transaction of what caused it.

A row is one mail to one user about one move of one game: (user, game, seq, kind) is unique, so
writing it again does nothing. Its context (`games.mail.context`) holds only what the recipient
may know. The sending, once the transaction has committed, is `calls.mailing.outbox_send`,
which builds the message (`games.mail.compose`).
"""

import logging
import secrets
from collections.abc import Callable
from datetime import datetime
from functools import partial

from django.core.cache import cache

from games import engine, presence, task_queue
from games.calls import quiet, routing
from games.calls.channels import DELIVERED
from games.mail.context import (
    board_context,
    bot_patience_context,
    common_context,
    due_context,
    kind_context,
    offer_context,
    reader_worded,
    recent_lines,
)
from games.models import (
    Deadline,
    Game,
    Move,
    Outbox,
    Profile,
    Seat,
)
from games.wording import locales

log = logging.getLogger(__name__)

# Mail about a seat a bot plays for is noise, except these.
_TO_ABSENT = {"game_over", "bot_standing_in"}
# Why a row that only delivered channels wanted (the webhook, push) was sent no mail.
ONLY = "{} only"
# Why a held call was not sent: a later call held with it shows a newer board.
SUPERSEDED = "superseded"
# Calls to move: a player away from the game gets one, then none until they come back (a move
# of theirs, or a look at the game's page); what happens meanwhile waits on the page. A player
# who plays by replying to mail gets one for each step the game waits on them at instead
# (`_calls_by_step`), as a mail is their page.
CALLS = {"your_turn", "offer", "offer_accepted", "offer_declined", "plant_received", "waiting"}
# When a call held back for an open page looks again: once the page, unpolled, would no longer
# count as open.
LOOK_AGAIN = presence.PAGE_OPEN.total_seconds() + 5
LOOK_LOST_AFTER = LOOK_AGAIN + 300
# The mails an expansion's events cause, by event kind: each gives (seat, mail kind, context)
# for the mails it wants (a value of a context may be a function that words it, called in the
# recipient's language: see `reader_worded`). Filled by each expansion's web side when the app
# is ready.
EVENT_MAILS: dict[str, list[Callable[[object, object], list[tuple[int, str, dict]]]]] = {}


def add_event_mail(event_kind: str, wanted, *, calls: tuple[str, ...] = ()) -> None:
    """Mail on an event of this kind; `calls` are the mail kinds among them that call the
    player to move (one while they are away)."""
    EVENT_MAILS.setdefault(event_kind, []).append(wanted)
    CALLS.update(calls)


def mail_after_move(
    *,
    game: Game,
    seats: list[Seat],
    state,
    events: list,
    seq: int,
    deadlines: list[Deadline] = (),
    mover: int | None = None,
    actor: str = Move.Actor.PLAYER,
    now: datetime,
) -> list[Outbox]:
    """The mails a move causes: whose turn it is, offers made and answered, traded beans to
    plant, the end of the game. `seats` come with their users and profiles."""
    names = state.names
    due = {row.seat_id: row.due_at for row in deadlines}
    called = engine.to_call(state)
    # Awaited, but carried by their own turn plan: the game goes on without them.
    carried = set(engine.waiting_for(state)) - set(called)
    wanted: list[tuple[int, str, dict]] = []
    for event in events:
        data = event.data
        if event.kind in ("turn_started", "plan_stopped") and event.seat in called:
            # A turn a plan plays, or carries, is not called; a plan that stops hands it back.
            wanted.append((event.seat, "your_turn", {}))
        elif event.kind == "offered" and data["offer"] in state.offers:
            # An offer the receiver's rules answered at once asks nothing of them.
            wanted.append((data["to"], "offer", offer_context(state, event, data["to"])))
        elif event.kind == "traded" and data["maker"] not in carried:
            accepted = {"taker": names[event.seat], "received": bool(data["received"])}
            wanted.append((data["maker"], "offer_accepted", accepted))
        elif event.kind == "declined" and data["maker"] not in (event.seat, *carried):
            wanted.append((data["maker"], "offer_declined", {"taker": names[event.seat]}))
        elif event.kind == "game_over":
            wanted += [(position, "game_over", {}) for position in range(state.players)]
        elif event.kind == "trading_ended":
            wanted += [
                (position, "plant_received", {})
                for position in called
                if engine.prompt(state, position).key in ("plant_received", "plant_kept")
            ]
        for expansion_wanted in EVENT_MAILS.get(event.kind, ()):
            wanted += expansion_wanted(state, event)
    by_position = {seat.position: seat for seat in seats if seat.position is not None}
    if actor == Move.Actor.PLAYER:
        # The mover sees the board they moved on: a page, or the answer to their reply.
        wanted = [item for item in wanted if item[0] != mover or item[1] == "game_over"]
    wanted = _calls_by_step(state, called, by_position, wanted, mover=mover, actor=actor)
    if not wanted:
        return []
    rows = []
    for position, kind, extra in wanted:
        seat = by_position.get(position)
        if seat is None or seat.user_id is None:
            continue  # a bot's seat
        by_mail = seat.plays_by_mail
        if kind in CALLS and not by_mail and not seat.back_since(seat.mailed_at):
            continue  # called once already, and not back since
        with locales.reader(Profile.of(seat.user)):
            context = _context(game, state, seat, kind, extra, seq)
            if seat.id in due:
                context.update(due_context(due[seat.id], now))
            if kind == "offer":
                context.update(bot_patience_context(by_position.get(extra["maker_seat"]), due, now))
        row = _written(game, state, seat, seq, kind, context, now)
        if row is not None:
            rows.append(row)
    return rows


def _context(game: Game, state, seat: Seat, kind: str, extra: dict, seq: int) -> dict:
    """What a mail of this kind to the seat's player says, in their language."""
    position = seat.position
    context = {
        **common_context(game, state, position),
        **kind_context(kind, state, position, partial(recent_lines, game, state, seat, seq)),
        **reader_worded(extra),
    }
    if kind in CALLS and seat.plays_by_mail:
        context.update(board_context(state, position))
    if kind in CALLS:
        # One click (or the reply "usual") takes up the usual way of the trade book.
        context["usual"] = engine.book_untouched(state, position)
    return context


def _written(
    game: Game, state, seat: Seat, seq: int, kind: str, context: dict, now
) -> Outbox | None:
    row = outbox_write(seat=seat, game=game, seq=seq, kind=kind, context=context, now=now)
    if row is not None and kind in CALLS:
        _called(seat, state, now)
        if row.send_after is not None:
            _supersede_held(row, now)
    return row


def call_once_away(*, seat_id: int, now: datetime, look: str = "") -> Outbox | None:
    """The call a player was not sent because their game page was open as the game came to
    wait for them (`outbox_write`), once the page has closed: a player who leaves without a
    move is still called. Nothing if the game no longer waits for them, if they were called
    since, or if they are still at the page (then it looks again later). `look` names the
    seat's one pending look (`_look_again`); another is a stray, and ends here."""
    if not _the_pending_look(seat_id, look):
        return None
    seat = Seat.objects.select_related("game", "user__profile").filter(id=seat_id).first()
    game = seat.game if seat is not None else None
    if game is None or game.status != Game.Status.RUNNING or seat.user_id is None:
        return _looked(seat_id)
    state = engine.from_dict(game.state)
    if seat.position not in engine.to_call(state) or not seat.back_since(seat.mailed_at):
        return _looked(seat_id)
    if presence.page_open(seat, now):
        _look_later(seat_id)  # still there: the look goes on, renamed
        return None
    _looked(seat_id)
    with locales.reader(Profile.of(seat.user)):
        context = _context(game, state, seat, "waiting", {}, game.seq)
        deadline = Deadline.objects.filter(seat=seat, done=False).order_by("due_at").first()
        if deadline is not None:
            context.update(due_context(deadline.due_at, now))
    return _written(game, state, seat, game.seq, "waiting", context, now)


def _look_again(seat: Seat) -> None:
    """Once the open page, if nothing polls it, no longer counts as open: `call_once_away`.
    One look a seat at most, named in the shared cache: each move of a busy game while the
    page stays open would otherwise start one more, each looking again every half minute (the
    soaks saw 20,000 to 35,000). A look still finding the page open goes on under a new name,
    so a copy of it (the broker gives a task due later than its visibility timeout again) is a
    stray and ends; the name lasts until the look ends, or `LOOK_LOST_AFTER` for a lost one."""
    _queued_look(seat.id, cache.add)  # none while another is named


def _look_later(seat_id: int) -> None:
    _queued_look(seat_id, cache.set)  # the running look goes on, under a new name


def _queued_look(seat_id: int, name) -> None:
    """A look queued under a new name that `name` (the cache's add or set) gave the seat; one
    unnamed where the shared cache is away (it counts while no other is named)."""
    look = secrets.token_hex(8)
    try:
        named = name(_look_key(seat_id), look, timeout=LOOK_LOST_AFTER) is not False
    except Exception:  # noqa: BLE001
        log.warning("the shared cache is away; a look at seat %s is not named", seat_id)
        named, look = True, ""
    if named:
        task_queue.after_commit(task_queue.CALL_ONCE_AWAY, seat_id, look, countdown=LOOK_AGAIN)


def _the_pending_look(seat_id: int, look: str) -> bool:
    """Whether `look` is the seat's pending one (an unnamed look, from before names or while
    the shared cache was away, counts when no other is named)."""
    try:
        named = cache.get(_look_key(seat_id))
    except Exception:  # noqa: BLE001 - the shared cache is away: every look counts
        return True
    return named == look if named else not look


def _looked(seat_id: int) -> None:
    """The seat's look has ended: the next hold starts a new one."""
    cache.delete(_look_key(seat_id))


def _look_key(seat_id: int) -> str:
    return f"calls:look-again:{seat_id}"


def _calls_by_step(
    state, called: list[int], by_position: dict, wanted: list, *, mover, actor: str
) -> list:
    """The mails wanted, with the calls to players who answer by mail set by the step: such a
    player plays from their last mail's board, so each seat of theirs the game waits on gets
    one call whenever its step (engine.call_key) is not the one their last mail showed (a
    plain "the game waits for you" where no event of the move asks for a mail), and no other:
    what happened meanwhile is listed in their next mail."""
    by_mail = {position for position, seat in by_position.items() if seat.plays_by_mail}
    due = {
        position
        for position in by_mail.intersection(called)
        if not (position == mover and actor == Move.Actor.PLAYER)
        and _call_key(state, position) != by_position[position].mailed_step
    }
    kept = []
    for position, kind, extra in wanted:
        if kind in CALLS and position in by_mail:
            if position not in due:
                continue
            due.discard(position)
        kept.append((position, kind, extra))
    return kept + [(position, "waiting", {}) for position in sorted(due)]


def _call_key(state, position: int) -> str:
    return engine.call_key(state, position)[: Seat._meta.get_field("mailed_step").max_length]


def answer_folded(user, seat: Seat, state) -> bool:
    """Whether the answer to the player's reply, just played to `state`, waits for their next
    mail about the game (which says the reply was played, and lists what it did with the
    rest of the game's log since their last mail): so where the game waits on others only,
    goes on, and calls them by mail at once. Call it in the reply's transaction, so that a
    call written after it carries the answer."""
    if state.over or seat.position in engine.to_call(state):
        return False
    if not routing.route(user, seat, "your_turn").mail:
        return False
    Seat.objects.filter(pk=seat.pk).update(reply_unanswered=True)
    return True


def board_shown(seat: Seat, state) -> None:
    """The seat's player was mailed the board of `state` (the answer to their reply): no call
    is due until the step the game waits on them for changes."""
    Seat.objects.filter(pk=seat.pk).update(mailed_step=_call_key(state, seat.position))


def _called(seat: Seat, state, now: datetime) -> None:
    seat.mailed_at = now
    seat.mailed_step = _call_key(state, seat.position) if seat.plays_by_mail else ""
    Seat.objects.filter(pk=seat.pk).update(mailed_at=now, mailed_step=seat.mailed_step)


def reminder_write(*, deadline: Deadline, rung: int, now: datetime) -> int:
    """A reminder for a seat whose deadline comes near, at step `rung` of its player's ladder:
    what it still has to do, and what the game does for it otherwise. Returns how many rows
    were written (0 or 1)."""
    game = deadline.game
    state = engine.from_dict(game.state)
    seat = Seat.objects.select_related("user__profile").get(id=deadline.seat_id)
    asked = engine.prompt(state, seat.position)
    if not asked.awaited:  # the row is stale: a move made meanwhile closes it
        return 0
    with locales.reader(Profile.of(seat.user)):
        context = {
            **common_context(game, state, seat.position),
            **due_context(deadline.due_at, now),
            "ask": asked.ask,
            "default": asked.default,
            "trading": deadline.kind == Deadline.Kind.TRADING,
        }
        if seat.plays_by_mail:
            context.update(board_context(state, seat.position))
    row = outbox_write(
        seat=seat,
        game=game,
        seq=game.seq,
        kind="reminder",
        context=context,
        now=now,
        rung=rung,
        due_at=deadline.due_at,
    )
    return int(row is not None)


def bot_standing_in_write(*, game: Game, seat: Seat, now: datetime) -> None:
    state = engine.from_dict(game.state)
    seat = Seat.objects.select_related("user__profile").get(id=seat.id)
    context = {**common_context(game, state, seat.position), "timeouts": seat.timeouts}
    outbox_write(
        seat=seat, game=game, seq=game.seq, kind="bot_standing_in", context=context, now=now
    )


def outbox_write(
    *,
    seat: Seat,
    game: Game | None,
    seq: int,
    kind: str,
    context: dict,
    now: datetime,
    rung: int = 0,
    due_at: datetime | None = None,
) -> Outbox | None:
    """One row, unless the player routes this kind of call nowhere (`calls.routing`: by
    mail, the digest, the webhook, the devices with push, for this game or all of theirs) or
    is looking at the game right now. A reminder names its step of the ladder (`rung`) and
    its deadline (`due_at`)."""
    if seat.user_id is None:
        return None
    if seat.plays_as_bot and kind not in _TO_ABSENT:
        return None
    if presence.page_open(seat, now):
        if kind in CALLS and game is not None:
            _look_again(seat)  # a player who leaves without a move is called then
        return None
    return _routed(
        user=seat.user,
        seat=seat,
        game=game,
        seq=seq,
        kind=kind,
        context=context,
        now=now,
        rung=rung,
        held=_held_until(seat.user, kind, now, due_at),
    )


def news_write(*, user, seq: int, kind: str, context: dict, now: datetime) -> Outbox | None:
    """A row of news about no game (a league's), where the player routes such news. The user
    comes with their profile."""
    return _routed(
        user=user, seat=None, game=None, seq=seq, kind=kind, context=context, now=now, held=None
    )


def _routed(
    *,
    user,
    seat: Seat | None,
    game: Game | None,
    seq: int,
    kind: str,
    context: dict,
    now: datetime,
    held: datetime | None,
    rung: int = 0,
) -> Outbox | None:
    """The row and its deliveries, by the channels routed for it. The send task, and the
    webhook's and each push's, are queued when the transaction commits, unless the row waits
    for the player's digest or the end of their quiet hours (`held`: the beat sends it, and
    the webhook's and pushes' deliveries, then)."""
    route = routing.route(user, seat, kind)
    if route.nowhere:
        return None
    by_mail = route.mail or route.digest
    # The answer to a reply goes with the next mail sent at once (a digest does not show it).
    answering = route.mail and seat is not None and seat.reply_unanswered
    defaults = {
        "context": {**context, "reply_played": True} if answering else context,
        "digest": route.digest,
        "send_after": None if route.digest else held,
    }
    if not by_mail:  # only delivered channels (the webhook, push) want it
        defaults.update(sent_at=now, skipped=ONLY.format(" and ".join(route.addresses)))
    row, created = Outbox.objects.get_or_create(
        user_id=user.pk, game=game, seq=seq, kind=kind, rung=rung, defaults=defaults
    )
    if not created:
        return None
    if answering:
        Seat.objects.filter(pk=seat.pk).update(reply_unanswered=False)
        seat.reply_unanswered = False
    if route.mail and held is None:
        task_queue.after_commit(task_queue.OUTBOX_SEND, row.id)
    # A webhook's post and a push wait out quiet hours even when the mail waits for the digest.
    for channel in DELIVERED:
        for address in route.addresses.get(channel.name, ()):
            delivery = channel.deliveries.objects.create(
                **{f"{channel.address}_id": address}, outbox=row, next_at=held or now
            )
            if held is None:
                task_queue.after_commit(task_queue.DELIVER, channel.name, delivery.id)
    return row


def _supersede_held(row: Outbox, now: datetime) -> None:
    """A call held for the player's quiet hours replaces the calls held before it in the game
    (mail, webhook and push alike): they would show an older board."""
    held = Outbox.objects.filter(
        user_id=row.user_id,
        game_id=row.game_id,
        kind__in=CALLS,
        sent_at=None,
        send_after__isnull=False,
        seq__lt=row.seq,
    )
    for channel in DELIVERED:
        channel.deliveries.objects.filter(outbox__in=held, attempts=0).delete()
    # The answer to a reply that one of them carried goes on with the call replacing it.
    if not row.context.get("reply_played") and held.filter(context__reply_played=True).exists():
        row.context["reply_played"] = True
        row.save(update_fields=["context"])
    held.update(sent_at=now, skipped=SUPERSEDED)


def _held_until(user, kind: str, now: datetime, due_at: datetime | None) -> datetime | None:
    """The end of the player's quiet hours, for a call to move or a reminder written during
    them; None for a mail that goes at once. A reminder of a deadline that falls before the
    quiet hours end would come too late: it goes at once. The clocks never wait for them."""
    if kind not in CALLS and kind != "reminder":
        return None
    end = quiet.quiet_end(Profile.of(user), now)
    if end is None or (due_at is not None and due_at < end):
        return None
    return end
