"""What a mail row says: its context, worded for its recipient when the row is written.

It holds only what the recipient may know: public wording of the events (with the recipient's
own secrets), the recipient's own cards, and the deadline.
"""

from datetime import datetime
from functools import partial

from django.db.models import Max
from django.utils.translation import get_language, ngettext

from games import engine
from games.engine.beans import bean_name
from games.engine.ending import worded_summary
from games.engine.events import bean_summary
from games.mail import board_text, commands
from games.models import Game, Move, Outbox, Seat
from games.wording import durations, moments, reply_words

MAX_RECENT_LINES = 30


def board_context(state, position: int) -> dict:
    """The board, the trade book and the moves as commands, for a player who plays by replying
    to mail."""
    view = engine.view(state, position)
    return {
        "board": board_text.board_text(view),
        "book": board_text.book_text(view),
        "commands": commands.commands_text(view),
        "page_only": commands.page_only(view),
        # Written in the reader's language, as the mail is.
        "own_words": ", ".join(reply_words.words_shown(get_language())),
    }


def common_context(game: Game, state, position: int) -> dict:
    return {
        "game": game.name_words or game.name,
        "game_id": game.id,
        "seat": position,
        "you": state.names[position],
        "turn": state.turn,
    }


def recent_lines(game: Game, state, seat: Seat, seq: int) -> list[str]:
    """The log lines of every move since the previous mail to the seat's player about the game
    (up to move `seq`), as the player may read them; the last `MAX_RECENT_LINES` of them, after
    a line that counts the earlier ones."""
    previous = Outbox.objects.filter(user_id=seat.user_id, game=game, seq__lt=seq).aggregate(
        Max("seq")
    )["seq__max"]
    moves = Move.objects.filter(game=game, seq__lte=seq)
    if previous is not None:
        moves = moves.filter(seq__gt=previous)
    position = seat.position
    worded = [
        engine.describe(engine.Event.from_dict(stored).for_seat(position), state.names, position)
        for events in moves.values_list("events", flat=True)
        for stored in events
        if stored["kind"] != "game_started"
    ]
    lines = [line for line in worded if line]
    earlier = len(lines) - MAX_RECENT_LINES
    if earlier <= 0:
        return lines
    more = ngettext("…and {n} earlier", "…and {n} earlier", earlier).format(n=earlier)
    return [more, *lines[-MAX_RECENT_LINES:]]


def kind_context(kind: str, state, position: int, recent) -> dict:
    """`recent`: a function that gives the log lines the mail lists (see `recent_lines`)."""
    names = state.names
    if kind == "your_turn":
        hand = state.hands[position]
        front = bean_name(engine.BEANS[state.card_beans[hand[0]]].key) if hand else None
        prompt = engine.prompt(state, position)
        # The front card is named where the turn begins with it; a turn that begins otherwise
        # (with a choice an expansion adds, say) is told as the page tells it.
        task = "" if prompt.key == "plant_front" or not hand else prompt.text
        return {
            "recent": recent(),
            "front": front,
            "task": task,
            "hand_size": len(hand),
        }
    if kind == "waiting":
        return {"recent": recent(), "task": engine.prompt(state, position).text}
    if kind in ("offer_accepted", "offer_declined"):
        return {"recent": recent(), "trading": "end_trading" in engine.legal_kinds(state, position)}
    if kind == "plant_received":
        beans = [engine.BEANS[state.card_beans[c]].key for c in state.to_plant[position]]
        return {"beans": bean_summary(beans), "count": len(beans), "recent": recent()}
    if kind == "offer":
        return {"recent": recent()}
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


def offer_context(state, event, to: int) -> dict:
    """The offer as its receiver sees it; its sentence is worded when the row is written, in the
    receiver's language (see `reader_worded`)."""
    offer_id = event.data["offer"]
    legal = engine.legal_actions(state, to)
    seen = event.for_seat(to)
    return {
        "maker": state.names[event.seat],
        "maker_seat": event.seat,
        "offer": offer_id,
        "text": partial(engine.describe, seen, state.names, to),
        "can_accept": any(a["kind"] == "accept" and a["offer"] == offer_id for a in legal),
        "gift": not seen["ask"] and not seen["ask_faceup"],
    }


def reader_worded(extra: dict) -> dict:
    """A context whose sentences are left to be worded (functions that word them) worded now,
    in the language active for the reader: a row's context is gathered while the mover's
    language is active, and each mail holds only its reader's."""
    return {key: value() if callable(value) else value for key, value in extra.items()}


def bot_patience_context(maker: Seat | None, due: dict, now: datetime) -> dict:
    """A bot withdraws its offers when its patience runs out: the mail says when."""
    if maker is None or not maker.plays_as_bot or maker.id not in due:
        return {}
    until = due_context(due[maker.id], now)
    return {"open_until": until["due_text"], "open_left": until["left"]}


def due_context(due_at: datetime, now: datetime) -> dict:
    return {
        "due": due_at.isoformat(),
        "due_text": moments.shown(due_at, moments.SOON),
        "left": durations.humanize(due_at - now),
    }
