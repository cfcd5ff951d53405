"""A reply to a mail that asked for a move: played as the player's moves, all or none.

The reply goes to an address that names the player, the game and the move the mail showed
(games.mail.links.reply_address), and must come from that player's address. Its lines are read as
commands against the board the mail showed, and made one after the other through the same
service as a page's moves, in one transaction: one that cannot be made leaves the game as it
was, and the player is told why, with the board as it is now. A move from a mail a few moves
behind is made if it still means what it meant there, as a page's would.

Nothing is answered to what is not a person's reply, to an address that is not the player's,
or twice to the same message; and a sender gets a few answers an hour at most.
"""

import hashlib
import logging

from anymail.inbound import AnymailInboundMessage
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine
from games.calls import outbox
from games.engine.move_words import CommandError
from games.mail import commands, compose, links
from games.mail.context import board_context
from games.models import Game, Seat
from games.refusals import ServiceError
from games.selectors.history import state_at
from games.selectors.profiles import profile_of
from games.services.moves import MoveResult, move_submit
from games.wording import locales

from . import commands as reply
from .models import InboundReply, RefusalNotice
from .reading import (
    addresses,
    answerable_id_of,
    authentication_failed,
    message_id_of,
    not_a_persons_reply,
    reply_address_of,
    reply_lines,
    sender_of,
)

log = logging.getLogger(__name__)


# The lines of a reply that were not read, listed in the answer at most.
_UNREAD_LISTED = 8


class Refused(Exception):
    """A reply that could not be played; the message is for the player."""


def reply_receive(*, raw: bytes, recipients: list[str] = ()) -> str:
    """Play one received message, if it is a reply of ours; returns what became of it, which
    is logged. Nothing a mail server delivers ends in an exception: a message that cannot be
    read for a reason nobody foresaw is dropped with the error logged."""
    message = AnymailInboundMessage.parse_raw_mime_bytes(raw)
    sender = sender_of(message)[:254]
    message_id = (message_id_of(message) or hashlib.sha256(raw).hexdigest())[:255]
    try:
        with transaction.atomic():
            record = InboundReply.objects.create(message_id=message_id, sender=sender)
    except IntegrityError:
        outcome = "ignored: a message already read"
    else:
        try:
            outcome = _receive(message, sender, [*recipients, *_addressed(message)], record)
        except Exception:
            log.exception("reply from %s could not be read", sender)
            outcome = "dropped: the message could not be read"
        outcome = outcome.replace("\x00", "")[:300]
        InboundReply.objects.filter(pk=record.pk).update(outcome=outcome)
    log.info("reply from %s: %s", sender, outcome)
    return outcome


def _addressed(message: AnymailInboundMessage) -> list[str]:
    return [
        address for header in ("To", "Cc", "Delivered-To") for address in addresses(message, header)
    ]


def _receive(message, sender: str, recipients: list[str], record: InboundReply) -> str:
    why_not = not_a_persons_reply(message)
    if why_not:
        return f"ignored: {why_not}"
    reply_to = next(filter(None, map(reply_address_of, recipients)), None)
    if reply_to is None:
        return "ignored: not sent to a reply address of ours"
    user = get_user_model().objects.filter(pk=reply_to.user_id).first()
    if user is None or not user.email:
        return "refused: the sender is not the player the address is for"
    # A forged From gets no mail either: the player did not write it.
    failed = authentication_failed(message, sender)
    if failed:
        return f"refused: the sender failed the receiving server's check ({failed})"
    seat = Seat.objects.filter(game_id=reply_to.game_id, user=user).select_related("game").first()
    if seat is None:
        return "refused: no seat in that game"
    # Refusals and the answer are worded for the player, in their language.
    with locales.reader(profile_of(user=user)):
        if user.email.lower() != sender.lower():
            _tell_once(user, seat, RefusalNotice.Why.OTHER_SENDER, sender.lower())
            return "refused: the sender is not the player the address is for"
        InboundReply.objects.filter(pk=record.pk).update(user=user, game=seat.game)
        return _reply_play(message, user, seat, reply_to)


def _reply_play(message, user, seat: Seat, reply_to) -> str:
    moves, ignored = reply.read_out(reply_lines(message))
    answering = answerable_id_of(message)
    try:
        if ignored and not moves:  # only words: the first says why there is no move
            raise Refused(_refusal(ignored[0], reply.not_a_move(ignored[0])))
        # A line left unread that looks meant as a move is told at once; a greeting or a
        # signature is not worth a mail of its own.
        fold = not any(map(reply.meant_as_a_move, ignored))
        lines, made, folded = _play(user, seat, reply_to.seq, moves, fold=fold)
    except Refused as refusal:
        _answer(user, seat, str(refusal), ignored=ignored if moves else [], answering=answering)
        return f"refused: {refusal}"
    if folded:
        return f"played: {', '.join(lines)}; answered by the next mail"
    game = Game.objects.get(pk=seat.game_id)
    # Every reply is answered: with the next step the game waits on the player for, or with
    # what was made (and the game over, or a call coming by another channel).
    waiting = seat.position in engine.to_call(engine.from_dict(game.state))
    _answer(user, seat, made=made, waiting=waiting, ignored=ignored, answering=answering)
    return f"played: {', '.join(lines)}"


def _play(
    user, seat: Seat, seq: int, lines: list[str], *, fold: bool
) -> tuple[list[str], list[str], bool]:
    """Each line as a move, all in one transaction; the lines played, what the moves did as
    the game's log words it for the player, and whether (where it may, `fold`) the answer
    waits for the player's next mail: a reply that made the moves the game waited on the
    player for, and leaves it waiting on others only, is answered by the next call, which
    lists what it did. A reply that sets answer rules or an offer standing is answered at
    once, with what it set."""
    if not lines:
        raise Refused(_("Your reply holds no move. Write your moves at its top, one a line."))
    line = ""
    try:
        with transaction.atomic():
            game = Game.objects.get(pk=seat.game_id)
            if seq > game.seq:
                raise Refused(_("That mail is not one of this game's."))
            shown = engine.view(state_at(game=game, seq=seq), seat.position)
            hand = [card["id"] for card in shown["hand"] or []]
            numbered = [command.text for command in commands.commands(shown)]
            view, expected, made = shown, seq, []
            for line in lines:
                action = reply.parse(line, view, hand, numbered)
                if reply.written_out(action) and expected < game.seq:
                    # Written on an older board: read on the board as it is now.
                    view = engine.view(engine.from_dict(game.state), seat.position)
                    action, expected = reply.parse(line, view, hand, numbered), game.seq
                result = move_submit(
                    game_id=game.id, user=user, action=action, expected_seq=expected
                )
                expected = result.seq
                made += _worded(result, seat.position)
                view = engine.view(engine.from_dict(result.game.state), seat.position)
            folded = fold and _answer_waits(user, seat, game, result.state, view)
    except (CommandError, engine.IllegalMove, ServiceError) as refusal:
        raise Refused(_refusal(line, refusal)) from None
    return lines, made, folded


def _answer_waits(user, seat: Seat, game: Game, state, view: dict) -> bool:
    """Whether the answer to a reply played on `game` (as it stood before) to `state` (the
    seat's `view`) waits for the player's next mail: the reply did what the game waited on
    the player for, and set nothing to read back at once (answer rules, an offer standing)."""
    before = engine.from_dict(game.state)
    if seat.position not in engine.to_call(before):
        return False
    if _own_book(engine.view(before, seat.position)) != _own_book(view):
        return False
    return outbox.answer_folded(user, seat, state)


def _own_book(view: dict) -> tuple:
    """What the seat set in its trade book that acts on the others' moves before the game
    calls it again: its answer rules and its standing offers. (A plan is shown back with the
    board of the next call.)"""
    book = view["book"]
    return book["rules"], [offer for offer in book["standing"] if offer["mine"]]


def _worded(result: MoveResult, position: int) -> list[str]:
    names = result.state.names
    worded = (engine.describe(event.for_seat(position), names, position) for event in result.events)
    return [line for line in worded if line]


def _refusal(line: str, refusal: Exception) -> str:
    said = getattr(refusal, "message", None) or getattr(refusal, "reason", None)
    return _("“{line}”: {reason} Nothing was changed.").format(line=line, reason=said or refusal)


def _answer(
    user,
    seat: Seat,
    said: str = "",
    made: list[str] | None = None,
    waiting: bool = True,
    ignored=(),
    answering: str = "",
) -> None:
    """The board as it is now, with what became of the reply: why it was refused (`said`), or
    the moves it made (`made`, in the words of the game's log), and the lines not read; at most
    a few refusals an hour, then the player is told once that the rest go unanswered."""
    refused = made is None
    if refused and not _may_answer(user.email):
        log.info("reply from %s refused; no more answers this hour", user.email)
        hour = timezone.now().strftime("%Y-%m-%dT%H")
        _tell_once(user, seat, RefusalNotice.Why.TOO_MANY, hour, said)
        return
    _send(user, seat, said, made=made, waiting=waiting, ignored=ignored, answering=answering)


def _tell_once(user, seat: Seat, why: str, key: str, said: str = "") -> None:
    """Tell the player, at their address and once for the key, that a reply went unanswered."""
    told = RefusalNotice.objects.filter(user=user, game_id=seat.game_id, why=why, key=key)
    # Other senders count among the player's answers an hour: many of them are not many mails.
    if told.exists() or (why == RefusalNotice.Why.OTHER_SENDER and not _may_answer(user.email)):
        return
    try:
        with transaction.atomic():
            RefusalNotice.objects.create(user=user, game_id=seat.game_id, why=why, key=key)
    except IntegrityError:
        return
    subject = ""  # an answer's, about the player's own reply
    if why == RefusalNotice.Why.TOO_MANY:
        told = _(
            "More of your replies in {game} were refused within the hour than get an answer: "
            "the next ones refused this hour get none, and this is the last such answer. A reply "
            "that is played is still answered."
        ).format(game=seat.game.title)
        said = f"{said}\n\n{told}"
    else:
        subject = _("Not played: a reply from another address in {game}")
        said = _(
            "A reply to your mail came from {sender}, not from {address}, the address your mails "
            "go to, so it was not played. Only replies from your own address are played; further "
            "replies from {sender} get no answer."
        ).format(sender=key, address=user.email)
    _send(user, seat, said, subject=subject)


def _send(
    user,
    seat: Seat,
    said: str,
    made: list[str] | None = None,
    waiting: bool = True,
    ignored=(),
    subject: str = "",
    answering: str = "",
) -> None:
    """The answer, in the thread of the player's mails about the game, under their reply."""
    refused = made is None
    game = Game.objects.get(pk=seat.game_id)
    state = engine.from_dict(game.state)
    context = {
        "game": game.title,
        "you": state.names[seat.position],
        "said": said,
        "refused": refused,
        "made": made,
        "waiting": waiting,
        "heading": not subject,  # "Your reply could not be played", unless it was not theirs
        "ignored": [*ignored[:_UNREAD_LISTED], *(["…"] if len(ignored) > _UNREAD_LISTED else [])],
        "open_url": links.link_url(action="open", user_id=user.pk, game_id=game.id),
        "mute_url": links.link_url(action="mute", user_id=user.pk, game_id=game.id),
        "preferences_url": links.preferences_url(),
    }
    if not state.over:
        context.update(board_context(state, seat.position))
        outbox.board_shown(seat, state)
    compose.compose(
        to=user.email,
        subject=compose.with_turn(
            (
                subject
                or (
                    _("Not played: your reply in {game}")
                    if refused
                    else _("Played: your reply in {game}")
                )
            ).format(game=game.title),
            None if state.over else state.turn,
        ),
        template="reply_answer",
        context=context,
        headers={
            "X-Bohnanza-Kind": "reply_answer",
            **compose.thread_headers(game_id=game.id, user_id=user.pk, answering=answering),
        },
        reply_to=links.reply_address(user_id=user.pk, game_id=game.id, seq=game.seq),
    ).send()


def _may_answer(address: str) -> bool:
    key = f"mailplay:answers:{hashlib.sha256(address.lower().encode()).hexdigest()}"
    try:
        cache.add(key, 0, 3600)
        return cache.incr(key) <= settings.MAIL_REPLY_ANSWERS_PER_HOUR
    except Exception:  # noqa: BLE001 - the shared cache is away: answer, uncounted
        log.warning("mail replies: the shared cache is away; answering uncounted")
        return True
