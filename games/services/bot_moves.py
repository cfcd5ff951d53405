"""Bots at the table: a bot moves when the game waits for it, and may offer a trading player
something. Its moves go through the same service as a player's."""

import json

from django.db import transaction
from django.utils import timezone

from games import after_move, engine, task_queue
from games.engine import bots
from games.engine.bots.book import BookBot
from games.engine.bots.heuristic import HeuristicBot
from games.models import Game, Move, Seat
from games.presence import PAGE_OPEN, page_open
from games.refusals import StaleMove

from .moves import MoveResult, move_submit_as

DEFAULT_BOT = "heuristic"
END_TRADING = {"kind": "end_trading"}


def bot_move(*, game_id: int, expected_seq: int, patient: bool = True) -> MoveResult | None:
    """One move by a bot at the table; nothing if the game has moved on meanwhile, or no bot
    wants to move now.

    The bots the game waits for move, and while a player trades as the active player, the other
    bots may offer that player something. A bot trading as the active player waits for the
    answers to its offers, and before it ends trading leaves the people at the table time to
    offer it something; when its deadline passes (its patience), the sweep calls this again
    with `patient` false and the bot moves on. The move's own follow-ups queue the next bot
    move, so a table of bots plays on."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.RUNNING or game.seq != expected_seq:
        return None
    state = engine.from_dict(game.state)
    seats = {seat.position: seat for seat in game.seats.select_related("user__profile")}
    for position, awaited in after_move.bots_to_ask(state, seats, patient=patient):
        seat = seats[position]
        bot = _bot_of(game, seat)
        action = bot.choose(state, position, awaited=awaited)
        if not patient and action is not None and action["kind"] == "offer":
            # Its patience ran out: no new offers now (they would only lapse), it moves on.
            action = END_TRADING if position == state.active else None
        if patient and action == END_TRADING and seat.bot and _people_may_offer(state, seats):
            # The people beside get its patience to offer something. A bot standing in for a
            # player whose time ran out does not wait: the table has waited for that seat.
            # It looks again once a page closed now would no longer count as open: a person
            # who leaves without a move keeps it waiting no longer.
            action = None
            task_queue.after_commit(
                task_queue.BOT_MOVE, game_id, expected_seq, countdown=PAGE_OPEN.total_seconds()
            )
        if action is None:
            # Remembered, so that a bot asked again this turn knows it has had its say.
            _remember(seat, bot)
            continue
        try:
            with transaction.atomic():
                result = move_submit_as(
                    game_id=game_id,
                    position=position,
                    action=action,
                    expected_seq=expected_seq,
                    actor=Move.Actor.BOT,
                )
                _remember(seat, bot)
        except StaleMove:
            return None  # someone moved first; that move queued the next bot move
        return result
    return None


def _bot_of(game: Game, seat: Seat):
    """The seat's bot, carrying on with what it remembered after its last move. Its chance is
    seeded by game, seat and move number, not kept: the same game at the same move gets the same
    choice (a task run twice makes the same move), and the seat's row is written only when what
    the bot remembers changes (a random generator's state would change it with every move).

    A bot seat uses the trade book: it stands offers to whoever is active and, as the active
    player, takes the people's; it sets no answer rules, answering each offer itself the
    moment it is asked. A bot standing in for an absent player leaves that player's book
    alone: they find their hand as they left it, with no offers of it standing."""
    bot = bots.make_bot(seat.bot or DEFAULT_BOT, f"{game.seed}/{seat.position}/{game.seq}")
    bot.recall(seat.bot_memory)
    if seat.bot and isinstance(bot, HeuristicBot):
        return BookBot(bot, rules=False)
    return bot


def _remember(seat: Seat, bot) -> None:
    memory = json.loads(json.dumps(bot.memory()))
    if memory != seat.bot_memory:
        Seat.objects.filter(pk=seat.pk).update(bot_memory=memory)


def _people_may_offer(state: engine.State, seats: dict[int, Seat]) -> bool:
    """Whether a person beside the active player may still make it an offer: one who may offer
    and has the game page open now. The bot waits for nobody who is away (a person who plays
    by mail, or comes when called, trades with it by standing offers, which it has read), nor
    for a bot account, whose program answers what it is asked and is not asked to offer.
    Judged each time the bot is asked, that is as its trading begins and after every move."""
    now = timezone.now()
    return any(
        not seat.plays_as_bot
        and not seat.plays_by_program
        and position != state.active
        and page_open(seat, now)
        and engine.may_offer(state, position)
        for position, seat in seats.items()
    )
