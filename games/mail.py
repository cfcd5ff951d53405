"""Mail: outbox rows written inside the transaction of what caused them, and the messages.

A row is one mail to one user about one move of one game: (user, game, seq, kind) is unique, so
writing it again does nothing. Its context holds only what the recipient may know: public
wording of the events (with the recipient's own secrets), the recipient's own cards, and the
deadline. Links are signed when the mail is built, so they expire from then. The sending, once
the transaction has committed, is a service (services.outbox_send).
"""

from datetime import datetime
from functools import partial

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import formats, timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from . import effects, engine, links, locales, presence, textboard, timecontrol, words
from .engine.beans import bean_name
from .engine.ending import worded_summary
from .engine.events import bean_summary
from .models import Deadline, Game, Move, Outbox, Profile, Seat

MAX_RECENT_LINES = 8

# Worded when the mail is sent, in its recipient's language.
SUBJECTS = {
    "your_turn": gettext_noop("Your turn in {game}"),
    "offer": gettext_noop("{maker} made you an offer in {game}"),
    "offer_accepted": gettext_noop("{taker} accepted your offer in {game}"),
    "offer_declined": gettext_noop("{taker} declined your offer in {game}"),
    "plant_received": gettext_noop("Plant your traded beans in {game}"),
    "reminder": gettext_noop("Time is running out in {game}"),
    "game_over": gettext_noop("{game} is over"),
    "bot_standing_in": gettext_noop("A bot is playing for you in {game}"),
    "attacked": gettext_noop("{attacker} attacks your {land} in {game}"),
    "second_round": gettext_noop(
        "Your cavalry was beaten in {game}: choose a card for the second round"
    ),
    "choose_camp": gettext_noop("Choose your camp in {game}"),
}
# Mail about a seat a bot plays for is noise, except these.
_TO_ABSENT = {"game_over", "bot_standing_in"}
# Calls to move: a player away from the game gets one, then none until they come back (a move
# of theirs, or a look at the game's page); what happens meanwhile waits on the page.
CALLS = frozenset(
    (
        "your_turn",
        "offer",
        "offer_accepted",
        "offer_declined",
        "plant_received",
        "attacked",
        "second_round",
        "choose_camp",
    )
)


# Rows, written inside the transaction of the move (or the sweep) that causes them.


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
        elif event.kind == "attacked" and _asked(state, data["defender"], "defend"):
            wanted.append((data["defender"], "attacked", _attack_context(state, event)))
        elif event.kind == "cavalry_beaten" and _asked(state, event.seat, "second_round"):
            text = engine.describe(event.for_seat(event.seat), names, event.seat)
            wanted.append((event.seat, "second_round", {"text": text}))
        elif event.kind in ("game_started", "camp_chosen"):
            wanted += [
                (position, "choose_camp", {})
                for position in engine.waiting_for(state)
                if _asked(state, position, "choose_camp")
            ]
        elif event.kind == "game_over":
            wanted += [(position, "game_over", {}) for position in range(state.players)]
        elif event.kind == "trading_ended":
            wanted += [
                (position, "plant_received", {})
                for position in engine.waiting_for(state)
                if engine.prompt(state, position).key in ("plant_received", "plant_kept")
            ]
    if not wanted:
        return []

    by_position = {seat.position: seat for seat in seats if seat.position is not None}
    rows = []
    for position, kind, extra in wanted:
        seat = by_position.get(position)
        if seat is None or seat.user_id is None:
            continue  # a bot's seat
        if actor == Move.Actor.PLAYER and position == mover and kind != "game_over":
            continue
        if kind in CALLS and not seat.back_since(seat.mailed_at):
            continue  # called once already, and not back since
        with locales.reader(Profile.of(seat.user)):
            context = {
                **_common(game, state, position),
                **_kind_context(kind, state, events, position),
                **extra,
            }
            if seat.id in due:
                context.update(_due(due[seat.id], now))
            if kind == "offer":
                context.update(_bot_patience(by_position.get(extra["maker_seat"]), due, now))
            if kind in CALLS and _preference(seat.user) == Profile.Mail.BOARD:
                context.update(board_context(state, position))
        row = outbox_write(seat=seat, game=game, seq=seq, kind=kind, context=context, now=now)
        if row is not None:
            rows.append(row)
            if kind in CALLS:
                seat.mailed_at = now
                Seat.objects.filter(pk=seat.pk).update(mailed_at=now)
    return rows


def reminder_write(*, deadline: Deadline, now: datetime) -> int:
    """A reminder for a seat whose deadline comes near: what it still has to do, and what the
    game does for it otherwise. Returns how many rows were written (0 or 1)."""
    game = deadline.game
    state = engine.from_dict(game.state)
    seat = Seat.objects.select_related("user__profile").get(id=deadline.seat_id)
    asked = engine.prompt(state, seat.position)
    if not asked.awaited:  # the row is stale: a move made meanwhile closes it
        return 0
    if not seat.back_since(seat.reminded_at):
        return 0  # one reminder while the player is away, however many deadlines come
    with locales.reader(Profile.of(seat.user)):
        context = {
            **_common(game, state, seat.position),
            **_due(deadline.due_at, now),
            "ask": asked.ask,
            "default": asked.default,
            "trading": deadline.kind == Deadline.Kind.TRADING,
        }
        if _preference(seat.user) == Profile.Mail.BOARD:
            context.update(board_context(state, seat.position))
    row = outbox_write(
        seat=seat, game=game, seq=deadline.expected_seq, kind="reminder", context=context, now=now
    )
    if row is None:
        return 0
    Seat.objects.filter(pk=seat.pk).update(reminded_at=now)
    return 1


def bot_standing_in_write(*, game: Game, seat: Seat, now: datetime) -> None:
    state = engine.from_dict(game.state)
    seat = Seat.objects.select_related("user__profile").get(id=seat.id)
    context = {**_common(game, state, seat.position), "timeouts": seat.timeouts}
    outbox_write(
        seat=seat, game=game, seq=game.seq, kind="bot_standing_in", context=context, now=now
    )


def outbox_write(
    *, seat: Seat, game: Game | None, seq: int, kind: str, context: dict, now: datetime
) -> Outbox | None:
    """One row, unless the player wants no such mail or is looking at the game right now.
    The send task is queued when the transaction commits."""
    if seat.user_id is None:
        return None
    if seat.plays_as_bot and kind not in _TO_ABSENT:
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
        effects.after_commit(effects.OUTBOX_SEND, row.id)
    return row


def _preference(user) -> str:
    profile = Profile.of(user)
    return profile.mail if profile else Profile.Mail.EVERY


def board_context(state, position: int) -> dict:
    """The board and the moves as commands, for a player who plays by replying to mail."""
    view = engine.view(state, position)
    return {
        "board": textboard.board(view),
        "commands": textboard.commands_text(view),
        "page_only": textboard.page_only(view),
    }


def _common(game: Game, state, position: int) -> dict:
    return {
        "game": game.name_words or game.name,
        "game_id": game.id,
        "seat": position,
        "you": state.names[position],
    }


def _kind_context(kind: str, state, events: list, position: int) -> dict:
    names = state.names
    recent = [
        engine.describe(event.for_seat(position), names, position)
        for event in events
        if event.kind != "game_started"
    ][-MAX_RECENT_LINES:]
    if kind == "your_turn":
        hand = state.hands[position]
        front = bean_name(engine.BEANS[state.card_beans[hand[0]]].key) if hand else None
        prompt = engine.prompt(state, position)
        # The front card is named where the turn begins with it; a turn that begins otherwise
        # (Bohnaparte's monasteries, say) is told as the page tells it.
        task = "" if prompt.key == "plant_front" or not hand else prompt.text
        return {
            "recent": recent,
            "front": front,
            "task": task,
            "hand_size": len(hand),
            "turn": state.turn,
        }
    if kind in ("offer_accepted", "offer_declined"):
        return {"recent": recent, "trading": "end_trading" in engine.legal_kinds(state, position)}
    if kind == "plant_received":
        beans = [engine.BEANS[state.card_beans[c]].key for c in state.to_plant[position]]
        return {"beans": bean_summary(beans), "count": len(beans)}
    if kind == "game_over":
        outcome = engine.outcome(state)
        ranking = sorted(range(state.players), key=lambda seat: (outcome["places"][seat], seat))
        return {
            "summary": worded_summary(outcome, names),
            "scores": [
                {
                    "name": names[seat],
                    "coins": outcome["scores"][seat],
                    "place": outcome["places"][seat],
                    "you": seat == position,
                }
                for seat in ranking
            ],
            "won": position in outcome["winners"],
            "victory_points": outcome["counts"] == "points",
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


def _asked(state, seat: int | None, prompt: str) -> bool:
    """Whether Bohnaparte waits for this seat with that prompt: for its camp, or in a battle for
    its card: the defender's (a neutral land has none, and a seat with nothing to fight with
    has no choice), or the attacker's after its cavalry was beaten."""
    return seat is not None and engine.prompt(state, seat).key == prompt


def _attack_context(state, event) -> dict:
    """The attack as the defender may know it: the attacker's card stays face down."""
    defender = event.data["defender"]
    fight = next(a for a in engine.legal_actions(state, defender) if a["kind"] == "battle_card")
    asked = engine.prompt(state, defender).params
    return {
        "attacker": state.names[event.seat],
        "land": f"{asked['land_name']} {asked['land_number']}",
        "text": engine.describe(event.for_seat(defender), state.names, defender),
        "deck": fight["deck"],
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
        "due_text": formats.date_format(timezone.localtime(due_at), "D j M, H:i T"),
        "left": timecontrol.humanize(due_at - now),
    }


# Messages.


def compose(
    *, to: str, subject: str, template: str, context: dict, headers: dict, reply_to: str = ""
) -> EmailMultiAlternatives:
    """The one way a mail is made: a plain text body and an HTML alternative from the pair of
    templates `mail/<template>.txt` and `.html`. Every mail says it was sent by a machine, so
    that auto-responders do not answer it (RFC 3834)."""
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string(f"mail/{template}.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[to],
        headers={"Auto-Submitted": "auto-generated", **headers},
        reply_to=[reply_to] if reply_to else None,
    )
    message.attach_alternative(render_to_string(f"mail/{template}.html", context), "text/html")
    return message


def subject_of(row: Outbox) -> str:
    """Worded in the language active for the recipient. A row about a game is worded here; a
    row without one (the end of a league's season) carries its own subject, marked for
    translation where it was written, with the context's fields for its placeholders."""
    if row.game_id is None:
        written = row.context["subject"]
        return gettext(written).format(**worded(row.context))
    return gettext(SUBJECTS[row.kind]).format(**{"maker": "", "taker": "", **worded(row.context)})


def worded(context: dict) -> dict:
    """The context with each value kept as words to be worded (a league game's name, a season
    named by its number) worded now, in the recipient's language."""
    return {key: words.worded(value) for key, value in context.items()}


def row_message(row: Outbox, *, now: datetime | None = None) -> EmailMultiAlternatives:
    """The mail of one outbox row. One that carries the board can be answered with moves: its
    replies go to an address naming the player, the game and the move it showed."""
    reply_to = ""
    if row.context.get("commands"):
        reply_to = links.reply_address(user_id=row.user_id, game_id=row.game_id, seq=row.seq)
    with locales.reader(Profile.of(row.user)):
        return _row_compose(row, now, reply_to)


def _row_compose(row: Outbox, now: datetime | None, reply_to: str) -> EmailMultiAlternatives:
    return compose(
        to=row.user.email,
        subject=subject_of(row),
        template=row.kind,
        context={**worded(row.context), **_row_links(row, now=now), "kind": row.kind},
        headers={
            "X-Bohnanza-Outbox": str(row.id),
            "X-Bohnanza-Kind": row.kind,
            "List-Unsubscribe": f"<{links.preferences_url()}>",
        },
        reply_to=reply_to,
    )


def _row_links(row: Outbox, *, now: datetime | None = None) -> dict:
    if row.game_id is None:
        return {"open_url": row.context["open_url"], "preferences_url": links.preferences_url()}
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
    if row.kind == "attacked" and row.context.get("deck"):
        urls["defend_deck_url"] = make(action="defend_deck")
    if row.kind == "bot_standing_in":
        urls["reclaim_url"] = make(action="reclaim")
    return urls


def digest_message(user, rows: list[Outbox], *, now: datetime) -> EmailMultiAlternatives:
    """Everything that waited for a user's daily digest, game by game."""
    with locales.reader(Profile.of(user)):
        return _digest_compose(user, rows, now)


def _digest_compose(user, rows: list[Outbox], now: datetime) -> EmailMultiAlternatives:
    games: dict[int, dict] = {}
    for row in rows:
        entry = games.setdefault(
            row.game_id,
            {
                "game": words.worded(row.context.get("game", "")),
                "open_url": links.link_url(
                    action="open", user_id=user.id, game_id=row.game_id, now=now
                ),
                "items": [],
            },
        )
        entry["items"].append(subject_of(row))
    count = len(rows)
    return compose(
        to=user.email,
        subject=ngettext(
            "Your Bohnanza digest: {count} update", "Your Bohnanza digest: {count} updates", count
        ).format(count=count),
        template="digest",
        context={
            "games": list(games.values()),
            "count": count,
            "preferences_url": links.preferences_url(),
        },
        headers={"X-Bohnanza-Kind": "digest"},
    )


def invitation_message(game: Game, address: str) -> EmailMultiAlternatives:
    """Only what the lobby shows anyone holding the link, and the link itself. The address
    may have no account, so the mail is worded in its sender's language."""
    with locales.reader(Profile.of(game.created_by)):
        return _invitation_compose(game, address)


def _invitation_compose(game: Game, address: str) -> EmailMultiAlternatives:
    context = {
        "game": game.name_words or game.name,
        "inviter": game.seats.get(user_id=game.created_by_id).name,
        "edition": engine.EDITIONS[game.edition].title(game.players),
        "players": game.players,
        "invitation_url": links.invitation_url(game),
    }
    return compose(
        to=address,
        subject=gettext("{inviter} invites you to play Bohnanza in {game}").format(**context),
        template="invitation",
        context=context,
        headers={"X-Bohnanza-Kind": "invitation"},
    )


def invitations_queue(*, game_id: int, addresses: list[str]) -> None:
    """Invitations go to an address, not to a user, so they cannot be outbox rows (one per
    user and move): each goes to a task after the commit. A lost task loses the mail, and the
    creator can send it again once the repeat guard has passed."""
    for address in addresses:
        effects.after_commit(effects.INVITATION_SEND, game_id, address)
