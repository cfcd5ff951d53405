"""A game record brought to the site: read, replayed through the engine, compared with the
result it states, and, when it replays to that result, kept as an imported game to look back
at. An imported game is finished from the start and never heard of by ratings or leagues
(`game_finished` is not sent for it): it was played elsewhere, by people who are not its seats.
"""

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine, records
from games.models import Game, Move, Seat, Snapshot
from games.refusals import ServiceError

# Far above the largest record a game makes (a long game's, of some 500 moves, is 100 kB).
RECORD_MAX_BYTES = 5_000_000


@dataclass(frozen=True)
class Imported:
    """How the record's replay compares with what it states, and the game kept (None when it
    was only checked, or its result differs)."""

    verdict: records.Verdict
    names: list[str]
    game: Game | None

    @property
    def scores(self) -> list[tuple[str, int, int | None]]:
        """Each seat's name, the score the record states and the score its replay gives."""
        replayed = (
            self.verdict.replayed["scores"] if self.verdict.replayed else [None] * len(self.names)
        )
        return list(zip(self.names, self.verdict.recorded["scores"], replayed, strict=True))


def game_import(*, user, text: str | bytes) -> Imported:
    """The record in `text` checked, and kept as an imported game for `user` (None: checked
    only) when it replays to the result it states. A file that is not a record, or whose
    moves the rules refuse, is refused with the reason (ServiceError), and nothing is kept."""
    if len(text) > RECORD_MAX_BYTES:
        raise ServiceError(_("That file is far too large for a game record."))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ServiceError(_("This file is not a game record: it is not JSON.")) from None
    try:
        record = records.read(data)
        log, snapshots, state = _replayed(record)
    except records.RecordError as error:
        raise ServiceError(error.message) from None
    verdict = records.verdict(record, state)
    game = None
    if verdict.same and user is not None:
        game = _kept(user, record, state, log, snapshots)
    return Imported(verdict=verdict, names=record.names, game=game)


@dataclass(frozen=True)
class _Logged:
    """A move of the log the replay makes (unsaved), with its seat and the record's time."""

    move: Move
    position: int | None
    at: datetime | None


def _replayed(record: records.Record) -> tuple[list[_Logged], list[Snapshot], engine.State]:
    """The move log and the turns' snapshots the replay makes (unsaved), and its last state."""
    log, snapshots = [], []
    state = None
    for step in records.replay_steps(record):
        state = step.state
        events = [event.to_dict() for event in step.events]
        if step.move is None:
            setup = {"edition": state.edition, "names": record.names, "options": state.options}
            move = Move(seq=0, kind="setup", payload=setup, actor=Move.Actor.SYSTEM, events=events)
            started = record.game.get("started_at")
            log.append(
                _Logged(move, None, _moment(started if isinstance(started, str) else None, 0))
            )
        else:
            action, actor = step.move["action"], step.move["actor"]
            move = Move(
                seq=step.number,
                kind=str(action.get("kind", ""))[:20],
                payload=action,
                actor=actor if actor in Move.Actor.values else Move.Actor.PLAYER,
                events=events,
            )
            log.append(_Logged(move, step.move["seat"], _moment(step.move["at"], step.number)))
        if step.number == 0 or any(event.kind == "turn_started" for event in step.events):
            snapshots.append(Snapshot(seq=step.number, turn=state.turn, state=state.to_dict()))
    return log, snapshots, state


@transaction.atomic
def _kept(user, record, state, log: list[_Logged], snapshots: list[Snapshot]) -> Game:
    seed = record.seed
    now = timezone.now()
    times = [logged.at for logged in log if logged.at]
    game = Game.objects.create(
        name=str(record.game.get("name") or _("Imported game"))[:80],
        edition=state.edition,
        options=state.options,
        players=state.players,
        status=Game.Status.FINISHED,
        imported=True,
        # Anyone may look at it where the game was open to all; else its importer alone.
        is_open=record.game.get("open") is True,
        invite_token=secrets.token_urlsafe(16),
        created_by=user,
        seed=seed,
        seed_hash=engine.seed_hash(seed),
        state=state.to_dict(),
        seq=len(log) - 1,
        started_at=times[0] if times else now,
        finished_at=times[-1] if times else now,
    )
    seats = Seat.objects.bulk_create(
        Seat(game=game, position=position, name=seat["name"], bot=seat["bot"] or "")
        for position, seat in enumerate(record.seats)
    )
    for logged in log:
        logged.move.game = game
        logged.move.seat = None if logged.position is None else seats[logged.position]
    Move.objects.bulk_create(logged.move for logged in log)
    # bulk_create stamps every row with the time of the import: the record's own times back.
    for logged in log:
        logged.move.created_at = logged.at or game.started_at
    Move.objects.bulk_update([logged.move for logged in log], ["created_at"], batch_size=500)
    for snapshot in snapshots:
        snapshot.game = game
    Snapshot.objects.bulk_create(snapshots)
    return game


def _moment(text: str | None, number: int) -> datetime | None:
    """A move's time as the record gives it (ISO 8601; UTC unless it says otherwise)."""
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise records.RecordError(
            _("Move {number} of the record has a time that is not a date.").format(number=number)
        ) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
