"""A finished game's record, the file a player takes home: what it holds (format 1), how it is
read back, and whether its moves replay through the engine to the result it states.

    {"format": 1,
     "game": {"name", "edition", "options", "players", "status", "started_at", "finished_at",
              "open"},                                # open: anyone might watch it
     "seats": [{"position", "name", "bot"}, ...],      # in seat order, position 0 starts
     "seed", "seed_hash",
     "moves": [{"seq", "seat", "actor", "action", "at"}, ...],   # seq 1 on; 0 is the setup
     "result": {"counts", "scores", "places", "winners", "tie_break", "resigned"}}

Times are ISO 8601 in UTC. Reading a record refuses, with a sentence its reader can act on,
anything that is not such a record; the moves are the engine's to judge (`replay_steps`).
"""

from collections.abc import Iterator
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games import engine
from games.engine.bots import BOTS
from games.engine.playout import MAX_MOVES

FORMAT = 1
# What of the engine's outcome a record keeps: the ranking, not its summary in one language.
RESULT_KEYS = ("counts", "scores", "places", "winners", "tie_break", "resigned")
NAME_MAX = 40


class RecordError(Exception):
    """A file that is not a record this site can replay; the message says why."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Record:
    """A record as read: what the engine needs to replay it, and what it says happened."""

    game: dict
    seats: list[dict]
    seed: str
    moves: list[dict]
    result: dict

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.seats]


@dataclass(frozen=True)
class Step:
    """One step of a replay: 0 is the setup, then each move of the record by its number."""

    number: int
    move: dict | None
    events: list[engine.Event]
    state: engine.State


@dataclass(frozen=True)
class Verdict:
    """Whether the replay ended the game with the scores and winners the record states."""

    finished: bool
    recorded: dict
    replayed: dict | None

    @property
    def same(self) -> bool:
        return self.finished and all(
            self.recorded[key] == self.replayed[key] for key in ("scores", "winners")
        )


def finished_record(*, game: dict, seats: list[dict], seed: str, moves: list[dict], result):
    """A finished game's record (`result`: the engine's outcome)."""
    return {
        "format": FORMAT,
        "game": game,
        "seats": seats,
        "seed": seed,
        "seed_hash": engine.seed_hash(seed),
        "moves": moves,
        "result": {key: result[key] for key in RESULT_KEYS},
    }


def read(data: object) -> Record:
    """The record in `data` (parsed JSON), or RecordError saying what is wrong with it."""
    if not _storable(data):
        raise RecordError(
            _("The record holds a character no text may hold (a NUL, or half of a pair).")
        )
    if not isinstance(data, dict) or "format" not in data:
        raise RecordError(_("This file is not a game record: it has no format number."))
    if type(data["format"]) is not int or data["format"] != FORMAT:
        raise RecordError(
            _(
                "This record is in format {format}, which this site does not read "
                "(it reads format {known})."
            ).format(format=str(data["format"])[:20], known=FORMAT)
        )
    game = _part(data, "game", dict)
    if game.get("status") != "finished" or "seed" not in data:
        raise RecordError(
            _(
                "This record is of a game still running: it shows what one seat saw, and has no "
                "seed and no moves to replay."
            )
        )
    seed = _part(data, "seed", str)
    if data.get("seed_hash", engine.seed_hash(seed)) != engine.seed_hash(seed):
        raise RecordError(_("The record's seed does not match its hash."))
    seats = [_seat(seat) for seat in _part(data, "seats", list)]
    moves = _part(data, "moves", list)
    if len(moves) > MAX_MOVES:
        raise RecordError(_("The record has more moves than any game."))
    return Record(
        game=game,
        seats=seats,
        seed=seed,
        moves=[_move(number, move, len(seats)) for number, move in enumerate(moves, start=1)],
        result=_result(_part(data, "result", dict), len(seats)),
    )


def replay_steps(record: Record) -> Iterator[Step]:
    """The record's setup and then each of its moves through the engine, with the events each
    caused; RecordError at the first the rules refuse. The state is one object, changed by
    each step."""
    game = record.game
    try:
        state, events = engine.new_game(
            game.get("edition"), record.names, record.seed, game.get("options") or {}
        )
    except engine.SetupError as error:
        raise RecordError(
            _("The record's game cannot be set up: {reason}").format(reason=error)
        ) from None
    yield Step(0, None, events, state)
    for number, move in enumerate(record.moves, start=1):
        if state.over:
            raise RecordError(
                _("Move {number} of the record comes after the end of the game.").format(
                    number=number
                )
            )
        try:
            events = engine.apply(state, move["seat"], move["action"])
        except engine.IllegalMove as refusal:
            raise RecordError(
                _("Move {number} of the record is not legal: {reason}").format(
                    number=number, reason=refusal.reason
                )
            ) from None
        yield Step(number, move, events, state)


def verdict(record: Record, state: engine.State) -> Verdict:
    """How the replayed game (`state`, after the last step) compares with the record."""
    replayed = engine.outcome(state)
    return Verdict(
        finished=state.over,
        recorded=record.result,
        replayed={key: replayed[key] for key in RESULT_KEYS} if replayed else None,
    )


def check(record: Record) -> Verdict:
    """The record replayed to its end, and compared with the result it states."""
    state = None
    for step in replay_steps(record):
        state = step.state
    return verdict(record, state)


def _storable(data: object) -> bool:
    """Whether every text in the parsed JSON may be stored: no NUL (PostgreSQL's text and JSON
    refuse it) and no lone surrogate (no encoding writes it). Iterative: a record nests no
    deeper than its moves, but a file may."""
    pending = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            if "\x00" in value or any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
                return False
        elif isinstance(value, dict):
            pending.extend(value.keys())
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
    return True


def _part(data: dict, key: str, kind: type):
    value = data.get(key)
    if not isinstance(value, kind):
        raise RecordError(_("The record's “{key}” is missing or malformed.").format(key=key))
    return value


def _seat(seat: object) -> dict:
    if not isinstance(seat, dict):
        raise RecordError(_("The record's “{key}” is missing or malformed.").format(key="seats"))
    name, bot = seat.get("name"), seat.get("bot")
    if not isinstance(name, str) or not 0 < len(name) <= NAME_MAX:
        raise RecordError(_("Every seat of the record needs a name of 1 to 40 characters."))
    if bot is not None and (not isinstance(bot, str) or bot not in BOTS):
        raise RecordError(_("The record names a bot this site does not have."))
    return {"name": name, "bot": bot}


def _move(number: int, move: object, players: int) -> dict:
    if (
        not isinstance(move, dict)
        or type(move.get("seat")) is not int
        or not 0 <= move["seat"] < players
        or not isinstance(move.get("action"), dict)
        or not isinstance(move.get("at"), str | None)
    ):
        raise RecordError(
            _(
                "Move {number} of the record is malformed: it needs a seat of the table and an "
                "action."
            ).format(number=number)
        )
    return {
        "seat": move["seat"],
        "action": move["action"],
        "actor": move.get("actor"),
        "at": move.get("at") or None,
    }


def _result(result: dict, players: int) -> dict:
    scores, winners = result.get("scores"), result.get("winners")
    if not (_ints(scores) and len(scores) == players and _ints(winners)):
        raise RecordError(_("The record's “{key}” is missing or malformed.").format(key="result"))
    return {key: result.get(key) for key in RESULT_KEYS}


def _ints(values: object) -> bool:
    return isinstance(values, list) and all(type(value) is int for value in values)
