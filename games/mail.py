"""Mail: outbox rows written with the move, sent by a task, marked sent exactly once.

A row is one mail to one user about one move of one game: (user, game, seq, kind) is unique, so
writing it again or sending it again does nothing. Its context holds only what the recipient
may know: public wording of the events (with the recipient's own secrets), the recipient's own
cards, and the deadline. Links are signed when the mail is sent, so they expire from then.
"""

import logging
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from . import engine, links, presence, timecontrol
from .engine.events import bean_summary
from .models import Deadline, Game, Outbox, Profile, Seat

log = logging.getLogger(__name__)

# The flush leaves younger rows to the task queued with them.
FLUSH_AFTER = timedelta(seconds=5)
MAX_RECENT_LINES = 8

SUBJECTS = {
    "your_turn": "Your turn in {game}",
    "offer": "{maker} made you an offer in {game}",
    "offer_accepted": "{taker} accepted your offer in {game}",
    "offer_declined": "{taker} declined your offer in {game}",
    "plant_traded": "Plant your traded beans in {game}",
    "reminder": "Time is running out in {game}",
    "game_over": "{game} is over",
    "bot_standing_in": "A bot is playing for you in {game}",
}
# Mail about a seat a bot plays for is noise, except these.
_TO_ABSENT = {"game_over", "bot_standing_in"}


# Writing rows, inside the move's transaction.


def mail_after_move(
    *,
    game: Game,
    state,
    events: list,
    seq: int,
    deadlines: list[Deadline] = (),
    mover: int | None = None,
    actor: str = "player",
    now: datetime | None = None,
) -> list[Outbox]:
    """The mails a move causes: whose turn it is, offers made and answered, traded beans to
    plant, the end of the game."""
    now = now or timezone.now()
    names = state.names
    due = {row.seat_id: row.due_at for row in deadlines}
    wanted: list[tuple[int, str, dict]] = []
    for event in events:
        data = event.data
        if event.kind == "turn_started":
            wanted.append((event.seat, "your_turn", {}))
        elif event.kind == "offered":
            wanted.append((data["to"], "offer", _offer_context(state, event, data["to"])))
        elif event.kind == "traded":
            wanted.append((data["maker"], "offer_accepted", {"taker": names[event.seat]}))
        elif event.kind == "declined" and data["maker"] != event.seat:
            wanted.append((data["maker"], "offer_declined", {"taker": names[event.seat]}))
        elif event.kind == "game_over":
            wanted += [(position, "game_over", {}) for position in range(state.players)]
    if state.phase == "plant_traded" and any(e.kind == "trading_ended" for e in events):
        wanted += [(position, "plant_traded", {}) for position in engine.waiting_for(state)]
    if not wanted:
        return []

    seats = _seats(game)
    rows = []
    for position, kind, extra in wanted:
        seat = seats.get(position)
        if seat is None or (actor == "player" and position == mover and kind != "game_over"):
            continue
        context = {
            **_common(game, state, position),
            **_kind_context(kind, game, state, events, position),
            **extra,
        }
        if seat.id in due:
            context.update(_due(due[seat.id], now))
        if kind == "offer":
            context.update(_bot_patience(seats.get(extra["maker_seat"]), due, now))
        row = outbox_write(seat=seat, game=game, seq=seq, kind=kind, context=context, now=now)
        if row is not None:
            rows.append(row)
    return rows


def _seats(game: Game) -> dict[int, Seat]:
    seats = game.seats.select_related("user__profile").filter(position__isnull=False)
    return {seat.position: seat for seat in seats}


def _common(game: Game, state, position: int) -> dict:
    return {"game": game.name, "game_id": game.id, "seat": position, "you": state.names[position]}


def _kind_context(kind: str, game: Game, state, events: list, position: int) -> dict:
    names = state.names
    recent = [
        engine.describe(event.for_seat(position), names, position)
        for event in events
        if event.kind != "game_started"
    ][-MAX_RECENT_LINES:]
    if kind == "your_turn":
        hand = state.hands[position]
        front = engine.BEANS[state.card_beans[hand[0]]].name if hand else None
        return {"recent": recent, "front": front, "hand_size": len(hand), "turn": state.turn}
    if kind in ("offer_accepted", "offer_declined"):
        return {"recent": recent, "trading": state.phase == "trade" and state.active == position}
    if kind == "plant_traded":
        beans = [engine.BEANS[state.card_beans[c]].key for c in state.to_plant[position]]
        return {"beans": bean_summary(beans), "count": len(beans)}
    if kind == "game_over":
        result = state.result or {}
        scores = result.get("scores", [])
        return {
            "summary": result.get("summary", ""),
            "scores": [
                {"name": names[i], "coins": coins, "you": i == position}
                for i, coins in sorted(enumerate(scores), key=lambda item: -item[1])
            ],
            "won": position in result.get("winners", []),
        }
    return {}


def _offer_context(state, event, to: int) -> dict:
    offer_id = event.data["offer"]
    legal = engine.legal_actions(state, to)
    seen = event.for_seat(to)
    return {
        "maker": state.names[event.seat],
        "maker_seat": event.seat,
        "offer": offer_id,
        "text": engine.describe(seen, state.names, to),
        "can_accept": any(a["kind"] == "accept" and a["offer"] == offer_id for a in legal),
        "gift": not seen["ask"] and not seen["ask_faceup"],
    }


def _bot_patience(maker: Seat | None, due: dict, now: datetime) -> dict:
    """A bot withdraws its offers when its patience runs out: the mail says when."""
    if maker is None or not maker.plays_as_bot or maker.id not in due:
        return {}
    until = _due(due[maker.id], now)
    return {"open_until": until["due_text"], "open_left": until["left"]}


def _due(due_at: datetime, now: datetime) -> dict:
    return {
        "due": due_at.isoformat(),
        "due_text": f"{due_at:%a %d %b, %H:%M} UTC",
        "left": timecontrol.humanize(due_at - now),
    }


def outbox_write(
    *, seat: Seat, game: Game | None, seq: int, kind: str, context: dict, now: datetime
) -> Outbox | None:
    """One row, unless the player wants no such mail or is looking at the game right now.
    The send task is queued when the transaction commits."""
    if seat.user_id is None:
        return None
    if seat.bot_standing_in and kind not in _TO_ABSENT:
        return None
    if seat.muted or presence.page_open(seat, now):
        return None
    preference = _preference(seat.user)
    if preference == Profile.Mail.NONE or not seat.user.email:
        return None
    row, created = Outbox.objects.get_or_create(
        user_id=seat.user_id,
        game=game,
        seq=seq,
        kind=kind,
        defaults={"context": context, "digest": preference == Profile.Mail.DIGEST},
    )
    if not created:
        return None
    if not row.digest:
        transaction.on_commit(partial(_enqueue, row.id), robust=True)
    return row


def _preference(user) -> str:
    try:
        return user.profile.mail
    except Profile.DoesNotExist:
        return Profile.Mail.EVERY


def _enqueue(outbox_id: int) -> None:
    """After commit. If the broker is down the row stays unsent and the flush sends it."""
    from .tasks import outbox_send_task

    outbox_send_task.delay(outbox_id)


def mail_reminder(*, deadline: Deadline, now: datetime) -> int:
    game = deadline.game
    state = engine.from_dict(game.state)
    seat = Seat.objects.select_related("user__profile").get(id=deadline.seat_id)
    position = seat.position
    if deadline.kind == Deadline.Kind.TRADING:
        ask, default = "finish trading", "end trading for you"
    elif state.phase == "trade":
        ask, default = "answer the offers made to you", "decline them for you"
    elif state.phase == "plant_traded":
        ask, default = "plant your traded beans", "plant them for you"
    elif state.phase == "plant" and state.planted:
        ask, default = "plant a second card or stop planting", "stop planting for you"
    else:
        ask, default = "make your move", "make the least move that lets the game go on"
    context = {
        **_common(game, state, position),
        **_due(deadline.due_at, now),
        "ask": ask,
        "default": default,
        "trading": deadline.kind == Deadline.Kind.TRADING,
    }
    row = outbox_write(
        seat=seat, game=game, seq=deadline.expected_seq, kind="reminder", context=context, now=now
    )
    return int(row is not None)


def mail_bot_standing_in(*, game: Game, seat: Seat, now: datetime | None = None) -> None:
    now = now or timezone.now()
    state = engine.from_dict(game.state)
    seat = Seat.objects.select_related("user__profile").get(id=seat.id)
    context = {**_common(game, state, seat.position), "timeouts": seat.timeouts}
    outbox_write(
        seat=seat, game=game, seq=game.seq, kind="bot_standing_in", context=context, now=now
    )


# Sending.


def outbox_send(*, outbox_id: int, skip_locked: bool = False, now: datetime | None = None) -> bool:
    """Send one row and mark it sent, in one transaction holding the row. A second call, or a
    concurrent one, finds it sent and does nothing. Returns whether a mail went out."""
    with transaction.atomic():
        row = (
            Outbox.objects.select_for_update(skip_locked=skip_locked, of=("self",))
            .select_related("user", "game")
            .filter(id=outbox_id)
            .first()
        )
        if row is None or row.sent_at is not None or row.digest:
            return False
        now = now or timezone.now()
        reason = _reason_to_skip(row)
        if reason:
            row.sent_at, row.skipped = now, reason
            row.save(update_fields=["sent_at", "skipped"])
            return False
        build_message(row, now=now).send()
        row.sent_at = now
        row.save(update_fields=["sent_at"])
    return True


def _reason_to_skip(row: Outbox) -> str:
    """Preferences may have changed since the row was written."""
    if not row.user.email:
        return "no address"
    profile = Profile.objects.filter(user_id=row.user_id).first()
    if profile and profile.mail == Profile.Mail.NONE:
        return "no mail wanted"
    if (
        row.game_id
        and Seat.objects.filter(game_id=row.game_id, user_id=row.user_id, muted=True).exists()
    ):
        return "game muted"
    return ""


def build_message(row: Outbox, *, now: datetime | None = None) -> EmailMultiAlternatives:
    context = {**row.context, **mail_links(row, now=now), "kind": row.kind}
    subject = SUBJECTS[row.kind].format(**{"maker": "", "taker": "", **row.context})
    text = render_to_string(f"mail/{row.kind}.txt", context)
    html = render_to_string(f"mail/{row.kind}.html", context)
    message = EmailMultiAlternatives(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[row.user.email],
        headers={
            "X-Bohnanza-Outbox": str(row.id),
            "X-Bohnanza-Kind": row.kind,
            "List-Unsubscribe": f"<{links.preferences_url()}>",
        },
    )
    message.attach_alternative(html, "text/html")
    return message


def mail_links(row: Outbox, *, now: datetime | None = None) -> dict:
    make = partial(links.link_url, user_id=row.user_id, game_id=row.game_id, now=now)
    urls = {
        "open_url": make(action="open"),
        "mute_url": make(action="mute"),
        "preferences_url": links.preferences_url(),
    }
    if row.kind == "offer":
        offer = row.context["offer"]
        if row.context.get("can_accept"):
            urls["accept_url"] = make(action="accept", offer=offer)
        urls["decline_url"] = make(action="decline", offer=offer)
    if row.context.get("trading"):
        urls["end_trading_url"] = make(action="end_trading")
    if row.kind == "bot_standing_in":
        urls["reclaim_url"] = make(action="reclaim")
    return urls


# Invitations: to an address, not to a user, so they cannot be outbox rows (one per user and
# move). They go straight to a task after the commit; a lost task loses the mail, and the
# creator can send it again once INVITE_AGAIN_AFTER has passed.


def invitations_queue(*, game_id: int, addresses: list[str]) -> None:
    for address in addresses:
        transaction.on_commit(partial(_enqueue_invitation, game_id, address), robust=True)


def _enqueue_invitation(game_id: int, address: str) -> None:
    from .tasks import invitation_send_task

    invitation_send_task.delay(game_id, address)


def invitation_send(*, game_id: int, address: str) -> bool:
    """Mail one invitation, unless the game has started or been cancelled since it was asked
    for, or the address is a player's who wants no mail from us. Returns whether a mail went
    out. The inviter is not told which it was: that would tell whether an address plays here."""
    game = Game.objects.filter(id=game_id, status=Game.Status.OPEN).first()
    if game is None or _wants_no_mail(address):
        return False
    invitation_message(game, address).send()
    return True


def _wants_no_mail(address: str) -> bool:
    return Profile.objects.filter(user__email__iexact=address, mail=Profile.Mail.NONE).exists()


def invitation_message(game: Game, address: str) -> EmailMultiAlternatives:
    """Only what the lobby shows anyone holding the link, and the link itself."""
    context = {
        "game": game.name,
        "inviter": game.seats.get(user_id=game.created_by_id).name,
        "edition": engine.EDITIONS[game.edition].name,
        "players": game.players,
        "invitation_url": links.invitation_url(game),
    }
    message = EmailMultiAlternatives(
        subject="{inviter} invites you to play Bohnanza in {game}".format(**context),
        body=render_to_string("mail/invitation.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        headers={"X-Bohnanza-Kind": "invitation"},
    )
    message.attach_alternative(render_to_string("mail/invitation.html", context), "text/html")
    return message


def outbox_flush(*, now: datetime | None = None, older_than: timedelta = FLUSH_AFTER) -> int:
    """Send rows whose task never ran (a broker restart, a lost message). Rows being sent right
    now are locked and skipped."""
    now = now or timezone.now()
    ids = list(
        Outbox.objects.filter(sent_at__isnull=True, digest=False, created_at__lte=now - older_than)
        .order_by("id")
        .values_list("id", flat=True)[:200]
    )
    sent = 0
    for outbox_id in ids:
        try:
            sent += outbox_send(outbox_id=outbox_id, skip_locked=True)
        except Exception:
            log.exception("outbox row %s could not be sent", outbox_id)
    return sent


def mail_digest(*, now: datetime | None = None) -> int:
    """One mail per user with everything waiting for their daily digest. Returns mails sent."""
    now = now or timezone.now()
    user_ids = set(
        Outbox.objects.filter(sent_at__isnull=True, digest=True).values_list("user_id", flat=True)
    )
    sent = 0
    for user_id in sorted(user_ids):
        try:
            sent += _digest_one(user_id, now)
        except Exception:
            log.exception("digest for user %s could not be sent", user_id)
    return sent


def _digest_one(user_id: int, now: datetime) -> int:
    with transaction.atomic():
        rows = list(
            Outbox.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("user", "game")
            .filter(user_id=user_id, sent_at__isnull=True, digest=True)
            .order_by("game_id", "seq")
        )
        if not rows:
            return 0
        user = rows[0].user
        profile = Profile.objects.filter(user_id=user_id).first()
        skip = "no mail wanted" if profile and profile.mail == Profile.Mail.NONE else ""
        if not user.email:
            skip = "no address"
        if not skip:
            games: dict[int, dict] = {}
            for row in rows:
                entry = games.setdefault(
                    row.game_id,
                    {
                        "game": row.context.get("game", ""),
                        "open_url": links.link_url(
                            action="open", user_id=user_id, game_id=row.game_id, now=now
                        ),
                        "items": [],
                    },
                )
                entry["items"].append(
                    SUBJECTS[row.kind].format(**{"maker": "", "taker": "", **row.context})
                )
            context = {
                "games": list(games.values()),
                "count": len(rows),
                "preferences_url": links.preferences_url(),
            }
            message = EmailMultiAlternatives(
                subject=f"Your Bohnanza digest: {len(rows)} update{'s' if len(rows) != 1 else ''}",
                body=render_to_string("mail/digest.txt", context),
                from_email=settings.DEFAULT_FROM_EMAIL,
                to=[user.email],
                headers={"X-Bohnanza-Kind": "digest"},
            )
            message.attach_alternative(render_to_string("mail/digest.html", context), "text/html")
            message.send()
        Outbox.objects.filter(id__in=[row.id for row in rows]).update(sent_at=now, skipped=skip)
    return int(not skip)
