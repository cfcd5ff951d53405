"""Moves: a player's, a bot's or the system's, each in one transaction with what follows it.

`move_submit` locks the game row (one writer per game), checks the seat and the move number
the page was showing, has the engine apply the move, appends it to the log, caches the new
state, and writes the deadlines and mails that follow, all in one transaction. A move that
ends the game finishes it (`game_finished`) in that same transaction.
"""

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import after_move, engine, presence, signals
from games.models import Deadline, Game, Move, Seat, Snapshot
from games.refusals import GameNotRunning, ServiceError, StaleMove
from games.selectors.history import state_at
from games.services.guards import held_seat, locked_game, table_of

# Far above any real move; keeps junk posted to the move endpoint out of the log.
ACTION_MAX_CHARS = 2000


@dataclass(frozen=True)
class MoveResult:
    """The move, and what its transaction read and wrote of the game: the page shown after
    it is built from these rather than read again."""

    game: Game
    seq: int
    move: Move
    events: list[engine.Event]
    state: engine.State
    seats: list[Seat]
    deadlines: list[Deadline]


def move_submit(*, game_id: int, user, action: dict, expected_seq: int) -> MoveResult:
    """A signed-in player's move, for the seat that player holds."""
    return submit(
        game_id=game_id,
        seat_of=lambda seats: held_seat(seats, user),
        action=action,
        expected_seq=expected_seq,
        actor=Move.Actor.PLAYER,
    )


def move_submit_as(
    *, game_id: int, position: int, action: dict, expected_seq: int, actor: str
) -> MoveResult:
    """A move made for a seat by a bot or by the system (a timeout)."""
    if actor not in Move.Actor.values:
        raise ServiceError(_("Unknown actor {actor!r}.").format(actor=actor))
    return submit(
        game_id=game_id,
        seat_of=lambda seats: _seat_at(seats, position),
        action=action,
        expected_seq=expected_seq,
        actor=actor,
    )


def _not_running(game: Game) -> str:
    """Why a game takes no move: over (and how it ended), not started, or cancelled."""
    if game.status == Game.Status.FINISHED and game.state:
        return engine.prompt(engine.from_dict(game.state), None).params["summary"]
    if game.status == Game.Status.OPEN:
        return _("The game has not started yet.")
    return _("The game was cancelled.")


def submit(
    *,
    game_id: int,
    seat_of: Callable[[list[Seat]], Seat],
    action: dict,
    expected_seq: int,
    actor: str,
) -> MoveResult:
    with transaction.atomic():
        game = locked_game(game_id)
        if game.status != Game.Status.RUNNING:
            raise GameNotRunning(_not_running(game))
        seats = table_of(game)
        seat = seat_of(seats)
        action = _as_stored(action)
        state = engine.from_dict(game.state)
        step = engine.step(state)
        events = _apply(game, state, seat, action, expected_seq)
        now = timezone.now()
        move = _logged(game, seat, action, actor, state, events)
        events += _passes_of_the_away(game, seats, state, now, step)
        seq = game.seq
        if state.over:
            game_finished(game=game, state=state, now=now)
        deadlines = after_move.after_move(
            game=game,
            seats=seats,
            state=state,
            events=events,
            seq=seq,
            mover=seat.position,
            actor=actor,
            now=now,
        )
    return MoveResult(
        game=game,
        seq=seq,
        move=move,
        events=events,
        state=state,
        seats=seats,
        deadlines=deadlines,
    )


def moves_at_start(*, game: Game, state, moves: list[tuple[Seat, dict]]) -> list:
    """Moves the system makes for seats as their game starts (a player's answer rules from
    their preferences), logged as any move is, inside the start's transaction and before
    its follow-ups; a move the engine refuses for this game is left out (a game with no trading
    phase has no answer rules). Returns the events."""
    return _system_moves(game, state, ((seat, _as_stored(action)) for seat, action in moves))


def _system_moves(game: Game, state, moves: Iterable[tuple[Seat, dict]]) -> list:
    """The system's moves for seats, each logged as the seat's, the game row saved once after
    them; one the engine refuses is left out. `moves` is read one at a time, each after the
    move before it is made. Returns the events."""
    events = []
    for seat, action in moves:
        try:
            made = engine.apply(state, seat.position, action)
        except engine.IllegalMove:
            continue
        _logged(game, seat, action, Move.Actor.SYSTEM, state, made, save=False)
        events += made
    if events:
        _save(game)
    return events


def _passes_of_the_away(game: Game, seats: list[Seat], state, now, step: tuple) -> list:
    """As each trading phase begins, a pass is assumed for each person who is away from the
    table (their game page is not open): their standing offers and rules speak for them, so a
    plan that ends trading once all have passed need not wait for them. The pass still answers
    the offers made to them, and an offer of their own brings them back in. Bots pass for
    themselves. The passes may end that trading and plans carry the game into the next, whose
    beginning brings passes of its own. Returns the events."""
    events = []
    while engine.step(state) != step and engine.trading_begun(state):
        step = engine.step(state)
        events += _system_moves(game, state, _away_passes(seats, state, now))
    return events


def _away_passes(seats: list[Seat], state, now) -> Iterator[tuple[Seat, dict]]:
    for seat in seats:
        if not engine.trading_begun(state):
            return
        away = not seat.plays_as_bot and not presence.page_open(seat, now)
        if away and seat.position != state.active and engine.may_offer(state, seat.position):
            yield seat, {"kind": "pass", "assumed": True}


def _logged(
    game: Game, seat: Seat, action: dict, actor: str, state, events: list, save: bool = True
) -> Move:
    """The applied move appended to the log, the game's cached state and number brought to it
    (saved unless the caller saves it after more moves), and a snapshot at the start of a
    turn."""
    seq = game.seq + 1
    move = Move.objects.create(
        game=game,
        seq=seq,
        seat=seat,
        actor=actor,
        kind=action["kind"],
        payload=action,
        events=[event.to_dict() for event in events],
    )
    game.state = engine.to_dict(state)
    game.seq = seq
    if save:
        _save(game)
    if any(event.kind == "turn_started" for event in events):
        Snapshot.objects.create(game=game, seq=seq, turn=state.turn, state=game.state)
    return move


def _save(game: Game) -> None:
    game.save(update_fields=["state", "seq", "updated_at"])


def _apply(game: Game, state, seat: Seat, action: dict, expected_seq: int) -> list:
    """The move, applied to the game as it is. A move chosen on an older board (the page's
    move number is behind) is applied when it still means what it meant there for its seat
    (engine.what_changed) and the seat has not made it since (a second click of one button);
    otherwise it is refused with what changed and the fresh board."""
    position = seat.position
    if expected_seq == game.seq:
        return engine.apply(state, position, action)
    if type(expected_seq) is not int or not 0 <= expected_seq < game.seq:
        raise StaleMove(game.seq)
    since = Move.objects.filter(game=game, seq__gt=expected_seq).values_list("seat_id", "payload")
    if (seat.id, action) in list(since):
        raise StaleMove(game.seq, _("You sent that move twice; it was made once."))
    before = state_at(game=game, seq=expected_seq)
    changed = engine.what_changed(before, state, position, action)
    if changed:
        raise StaleMove(game.seq, changed)
    try:
        return engine.apply(state, position, action)
    except engine.IllegalMove as refusal:
        raise StaleMove(game.seq, refusal.reason) from None


def game_finished(*, game: Game, state: engine.State, now) -> None:
    """The game has ended by the rules: it is finished, and whoever keeps tables of finished
    games (leagues, ratings) hears of it through `signals.game_finished`, in this transaction.
    Runs once: a game already finished is left as it is."""
    if game.status == Game.Status.FINISHED:
        return
    game.status = Game.Status.FINISHED
    game.finished_at = now
    game.save(update_fields=["status", "finished_at", "updated_at"])
    signals.game_finished.send(sender=Game, game=game, outcome=engine.outcome(state))


def _seat_at(seats: list[Seat], position) -> Seat:
    for seat in seats:
        if seat.position == position:
            return seat
    raise ServiceError(_("There is no seat at position {position!r}.").format(position=position))


def _as_stored(action):
    """The action as the log will store it, so that the engine applies exactly what a replay
    will read (JSON has no tuples, no integer keys, no NaN), and nothing the rules ignore."""
    try:
        text = json.dumps(engine.trimmed(action), allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ServiceError(_("A move must be plain data.")) from None
    if len(text) > ACTION_MAX_CHARS:
        raise ServiceError(_("That move is far too large."))
    return json.loads(text)
