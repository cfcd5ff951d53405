"""Writes: one function per use case, each in one transaction (see DESIGN.md).

Services take keyword arguments only and raise the errors of `games.errors`; the engine's
IllegalMove passes through unchanged, and nothing is written when anything is raised.
"""

import hashlib
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from games import engine, followups, mail
from games.engine import bots
from games.errors import (
    GameNotFound,
    GameNotRunning,
    NotAllowed,
    NotYourSeat,
    ServiceError,
    StaleMove,
)
from games.models import ChatMessage, Game, Move, Profile, Seat, Snapshot

log = logging.getLogger(__name__)
BOT_NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta")
DEFAULT_BOT = "heuristic"
CHAT_MAX_CHARS = 500
# Far above any real move; keeps junk posted to the move endpoint out of the log.
ACTION_MAX_CHARS = 2000
# Enough for a table of friends; more in one go looks like a mailing list.
INVITES_PER_SUBMISSION = 10
# Addresses a user may invite in a day, over all games: enough for any player, too few for spam.
INVITES_PER_DAY = 40
# An address is mailed one invitation per game in this time, however often it is typed.
INVITE_AGAIN_AFTER = timedelta(days=1)


@dataclass(frozen=True)
class MoveResult:
    game: Game
    seq: int
    move: Move
    events: list[engine.Event]


# Accounts


def profile_get_or_create(*, user) -> Profile:
    profile, _ = Profile.objects.get_or_create(
        user=user, defaults={"display_name": _default_display_name(user)}
    )
    return profile


def _default_display_name(user) -> str:
    name = user.email.split("@")[0] if user.email else user.get_username()
    return (name or "player")[:40]


# Lobby


@transaction.atomic
def game_create(
    *,
    user,
    edition: str,
    players: int,
    options: dict,
    is_open: bool = True,
    name: str = "",
    time_control: str = "daily",
) -> Game:
    if type(players) is not int:
        raise ServiceError("The number of players must be a whole number.")
    if not isinstance(options, dict):
        raise ServiceError("The options must be a set of switches.")
    try:
        engine.resolve(edition, players, options)
    except engine.SetupError as error:
        raise ServiceError(str(error)) from None
    profile = profile_get_or_create(user=user)
    seed = secrets.token_hex(16)
    game = Game.objects.create(
        # One line: the name goes into mail subjects, where a line break is not allowed.
        name=(" ".join(name.split()) or f"{profile.display_name}'s game")[:80],
        edition=edition,
        options=options,
        players=players,
        is_open=is_open,
        invite_token=secrets.token_urlsafe(16),
        created_by=user,
        seed=seed,
        seed_hash=engine.seed_hash(seed),
        time_control=time_control,
    )
    Seat.objects.create(game=game, user=user, name=profile.display_name)
    return game


def _invited(game: Game, token) -> bool:
    """Whether `token` is the game's invitation token (compared as bytes: compare_digest
    refuses strings with characters beyond ASCII)."""
    return isinstance(token, str) and secrets.compare_digest(
        token.encode(), game.invite_token.encode()
    )


@transaction.atomic
def seat_join(*, game_id: int, user, token: str | None = None) -> Seat:
    game = _locked_game(game_id)
    _require_open(game)
    if not game.is_open and not _invited(game, token):
        raise NotAllowed("This game is by invitation only.")
    if game.seats.filter(user=user).exists():
        raise NotAllowed("You already have a seat in this game.")
    _require_free_seat(game)
    profile = profile_get_or_create(user=user)
    return Seat.objects.create(game=game, user=user, name=profile.display_name)


@transaction.atomic
def seat_leave(*, game_id: int, user) -> None:
    game = _locked_game(game_id)
    _require_open(game)
    if game.created_by_id == user.pk:
        raise NotAllowed("You created this game: cancel it instead of leaving.")
    deleted, _ = game.seats.filter(user=user).delete()
    if not deleted:
        raise NotYourSeat()


@transaction.atomic
def game_add_bot(*, game_id: int, user, bot: str = DEFAULT_BOT) -> Seat:
    game = _locked_game(game_id)
    _require_creator(game, user)
    _require_open(game)
    if bot not in bots.BOTS:
        raise ServiceError(f"There is no bot called {bot!r}.")
    _require_free_seat(game)
    taken = set(game.seats.values_list("name", flat=True))
    name = next(f"Bot {name}" for name in BOT_NAMES if f"Bot {name}" not in taken)
    return Seat.objects.create(game=game, bot=bot, name=name)


@transaction.atomic
def game_start(*, game_id: int, user) -> Game:
    game = _locked_game(game_id)
    _require_creator(game, user)
    _require_open(game)
    seats = list(game.seats.all())
    if len(seats) != game.players:
        raise NotAllowed(f"Every seat must be taken first ({len(seats)} of {game.players}).")
    # Position 0 is the start player, so one shuffle draws both the seating and who starts.
    secrets.SystemRandom().shuffle(seats)
    names = _unique_names([seat.name for seat in seats])
    for position, (seat, seat_name) in enumerate(zip(seats, names, strict=True)):
        seat.position, seat.name = position, seat_name
        seat.save(update_fields=["position", "name"])
    try:
        state, events = engine.new_game(game.edition, names, game.seed, game.options)
    except engine.SetupError as error:
        raise ServiceError(str(error)) from None
    Move.objects.create(
        game=game,
        seq=0,
        actor=Move.Actor.SYSTEM,
        kind="setup",
        payload={"edition": game.edition, "names": names, "options": game.options},
        events=[event.to_dict() for event in events],
    )
    game.state = engine.to_dict(state)
    game.seq = 0
    game.status = Game.Status.RUNNING
    game.started_at = timezone.now()
    game.save()
    Snapshot.objects.create(game=game, seq=0, turn=state.turn, state=game.state)
    followups.after_move(game=game, state=state, events=events, seq=0)
    return game


def _unique_names(names: list[str]) -> list[str]:
    """The engine needs a name per seat; two players may have chosen the same one."""
    unique: list[str] = []
    for name in names:
        candidate, number = name, 2
        while candidate in unique:
            candidate = f"{name[:36]} {number}"
            number += 1
        unique.append(candidate)
    return unique


@transaction.atomic
def game_cancel(*, game_id: int, user) -> None:
    game = _locked_game(game_id)
    _require_creator(game, user)
    _require_open(game)
    game.status = Game.Status.CANCELLED
    game.save(update_fields=["status", "updated_at"])


@dataclass(frozen=True)
class Invitations:
    sent: list[str]
    already_invited: list[str]


@transaction.atomic
def invitations_mail(*, game_id: int, user, addresses: list[str]) -> Invitations:
    """Mail the game's invitation link to each address, once per address in a while. Refused
    as a whole, mailing nobody, unless the user created the game, it is still open with a seat
    free, every address is one and the user's daily allowance covers them."""
    game = _locked_game(game_id)
    _require_creator(game, user)
    _require_open(game)
    _require_free_seat(game)
    addresses = _valid_addresses(addresses)
    # cache.add is atomic: of two submissions naming the same address, one mails it.
    seconds = INVITE_AGAIN_AFTER.total_seconds()
    try:
        allowed = _spend_invitations(user, len(addresses))
        # Marked as invited only when they go out.
        sent = [a for a in addresses if allowed and cache.add(_invited_key(game, a), 1, seconds)]
    except Exception:  # noqa: BLE001 - the shared cache is down: say so, mail nobody
        log.warning("invitations: the shared cache is unavailable")
        raise ServiceError(
            "Invitations cannot be sent right now. Nothing was sent; please try again later."
        ) from None
    if not allowed:
        raise ServiceError(
            f"You can invite at most {INVITES_PER_DAY} addresses a day. Nothing was sent; "
            "share the invitation link instead."
        )
    mail.invitations_queue(game_id=game.id, addresses=sent)
    return Invitations(sent=sent, already_invited=[a for a in addresses if a not in sent])


def _spend_invitations(user, count: int) -> bool:
    """Count addresses against the user's allowance for the day (the site is no mailing
    service); whether they fit in it. Addresses that do not fit are not counted."""
    key = f"games:invitations:{user.pk}:{timezone.now():%Y-%m-%d}"
    cache.add(key, 0, timedelta(days=1).total_seconds())
    if cache.incr(key, count) > INVITES_PER_DAY:
        cache.decr(key, count)
        return False
    return True


def _valid_addresses(addresses: list[str]) -> list[str]:
    """Each address once (whatever its case), or the reason the whole list is refused."""
    stripped = [address.strip() for address in addresses]
    unique = list({address.lower(): address for address in stripped if address}.values())
    if not unique:
        raise ServiceError("Type at least one e-mail address.")
    if len(unique) > INVITES_PER_SUBMISSION:
        raise ServiceError(f"At most {INVITES_PER_SUBMISSION} addresses at a time, please.")
    bad = [address for address in unique if not _is_address(address)]
    if bad:
        raise ServiceError(f"Not an e-mail address: {', '.join(bad)}. Nothing was sent.")
    return unique


def _is_address(text: str) -> bool:
    try:
        validate_email(text)
    except ValidationError:
        return False
    return True


def _invited_key(game: Game, address: str) -> str:
    """Hashed: the cache holds no address. The token keeps a reused game id apart."""
    digest = hashlib.sha256(f"{game.id}:{game.invite_token}:{address.lower()}".encode())
    return f"games:invited:{digest.hexdigest()}"


# Moves


def move_submit(*, game_id: int, user, action: dict, expected_seq: int) -> MoveResult:
    """A signed-in player's move, for the seat that player holds."""
    return _submit(
        game_id=game_id,
        seat_of=lambda game: _user_seat(game, user),
        action=action,
        expected_seq=expected_seq,
        actor=Move.Actor.PLAYER,
    )


def move_submit_as(
    *, game_id: int, position: int, action: dict, expected_seq: int, actor: str
) -> MoveResult:
    """A move made for a seat by a bot or by the system (a timeout)."""
    if actor not in Move.Actor.values:
        raise ServiceError(f"Unknown actor {actor!r}.")
    return _submit(
        game_id=game_id,
        seat_of=lambda game: _seat_at(game, position),
        action=action,
        expected_seq=expected_seq,
        actor=actor,
    )


def _submit(
    *,
    game_id: int,
    seat_of: Callable[[Game], Seat],
    action: dict,
    expected_seq: int,
    actor: str,
) -> MoveResult:
    with transaction.atomic():
        game = _locked_game(game_id)
        if game.status != Game.Status.RUNNING:
            raise GameNotRunning()
        seat = seat_of(game)
        if expected_seq != game.seq:
            raise StaleMove(game.seq)
        action = _as_stored(action)
        state = engine.from_dict(game.state)
        events = engine.apply(state, seat.position, action)
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
        fields = ["state", "seq", "updated_at"]
        if state.over:
            game.status = Game.Status.FINISHED
            game.finished_at = timezone.now()
            fields += ["status", "finished_at"]
        game.save(update_fields=fields)
        if any(event.kind == "turn_started" for event in events):
            Snapshot.objects.create(game=game, seq=seq, turn=state.turn, state=game.state)
        followups.after_move(game=game, state=state, events=events, seq=seq)
    return MoveResult(game=game, seq=seq, move=move, events=events)


def _as_stored(action):
    """The action as the log will store it, so that the engine applies exactly what a replay
    will read (JSON has no tuples, no integer keys, no NaN), and nothing the rules ignore."""
    try:
        text = json.dumps(engine.trimmed(action), allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ServiceError("A move must be plain data.") from None
    if len(text) > ACTION_MAX_CHARS:
        raise ServiceError("That move is far too large.")
    return json.loads(text)


def bot_move(*, game_id: int, expected_seq: int, patient: bool = True) -> MoveResult | None:
    """One move by a bot at the table; nothing if the game has moved on meanwhile, or no bot
    wants to move now.

    The bots the game waits for move, and while a player trades as the active player, the other
    bots may offer that player something. A bot trading as the active player waits for the
    answers to its offers; when its deadline passes (its patience), the sweep calls this again
    with `patient` false and the bot moves on. The move's own follow-ups queue the next bot
    move, so a table of bots plays on."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.RUNNING or game.seq != expected_seq:
        return None
    state = engine.from_dict(game.state)
    seats = {seat.position: seat for seat in game.seats.all()}
    for position, awaited in _bot_candidates(state, seats, patient):
        seat = seats[position]
        bot = _bot_of(game, seat)
        action = bot.choose(state, position, awaited=awaited)
        if not patient and action is not None and action["kind"] == "offer":
            # Its patience ran out: no new offers now (they would only lapse), it moves on.
            action = {"kind": "end_trading"} if position == state.active else None
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
    """The seat's bot as it was after its last move: seeded by game and seat, so that the same
    game gets the same bots, and carrying on with what it remembered."""
    bot = bots.make_bot(seat.bot or DEFAULT_BOT, f"{game.seed}/{seat.position}")
    memory = dict(seat.bot_memory)
    if "rng" in memory:
        version, internal, gauss_next = memory.pop("rng")
        bot.rng.setstate((version, tuple(internal), gauss_next))
    for key, value in memory.items():
        if hasattr(bot, key):
            setattr(bot, key, value)
    return bot


def _memory_of(bot) -> dict:
    memory = {key: value for key, value in vars(bot).items() if key != "rng"}
    memory["rng"] = bot.rng.getstate()
    return json.loads(json.dumps(memory))


def _remember(seat: Seat, bot) -> None:
    memory = _memory_of(bot)
    if memory != seat.bot_memory:
        Seat.objects.filter(pk=seat.pk).update(bot_memory=memory)


def _bot_candidates(
    state: engine.State, seats: dict[int, Seat], patient: bool
) -> list[tuple[int, bool]]:
    """The bot seats to ask, in order, each with whether the game waits for it."""
    waiting = engine.waiting_for(state)
    asked = [
        (position, True)
        for position in waiting
        if seats[position].plays_as_bot and not (patient and _awaits_answers(state, position))
    ]
    if state.phase == "trade" and not seats[state.active].plays_as_bot:
        # A player trades: every bot beside may offer something (its memory keeps it to its
        # own limit a turn, such as one offer).
        asked += [
            (position, False)
            for position, seat in sorted(seats.items())
            if seat.plays_as_bot and position not in waiting
        ]
    return asked


def _awaits_answers(state: engine.State, position: int) -> bool:
    """The active player waits for the answers to its offers before it ends trading; asked
    now, a bot would withdraw them before anyone could answer. It still answers offers made to
    it meanwhile."""
    if state.phase != "trade" or position != state.active:
        return False
    offers = state.offers.values()
    return any(offer.maker == position for offer in offers) and not any(
        offer.to == position for offer in offers
    )


# Chat


@transaction.atomic
def chat_post(*, game_id: int, user, text: str) -> ChatMessage:
    game = _get_game(game_id)
    seat = _user_seat(game, user)
    if game.status not in (Game.Status.RUNNING, Game.Status.FINISHED):
        raise GameNotRunning("The table talks once the game has started.")
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        raise ServiceError("Write something first.")
    if len(text) > CHAT_MAX_CHARS:
        raise ServiceError(f"A message can be at most {CHAT_MAX_CHARS} characters long.")
    return ChatMessage.objects.create(game=game, seat=seat, text=text)


# Replay


def game_replay(*, game: Game) -> engine.State:
    """The state rebuilt from the move log alone (and the seed): what the cache must equal."""
    moves = list(game.moves.select_related("seat").order_by("seq"))
    if not moves or moves[0].seq != 0 or moves[0].kind != "setup":
        raise ServiceError("The move log has no setup.")
    setup = moves[0].payload
    state, _ = engine.new_game(setup["edition"], setup["names"], game.seed, setup["options"])
    for move in moves[1:]:
        engine.apply(state, move.seat.position, move.payload)
    return state


# Lookups and checks shared by the services


def _get_game(game_id: int) -> Game:
    try:
        return Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound() from None


def _locked_game(game_id: int) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound() from None


def _user_seat(game: Game, user) -> Seat:
    if user is None or not user.is_authenticated:
        raise NotYourSeat()
    try:
        return game.seats.get(user=user)
    except Seat.DoesNotExist:
        raise NotYourSeat() from None


def _seat_at(game: Game, position: int) -> Seat:
    try:
        return game.seats.get(position=position)
    except (Seat.DoesNotExist, ValueError, TypeError):
        raise ServiceError(f"There is no seat at position {position!r}.") from None


def _require_creator(game: Game, user) -> None:
    if game.created_by_id != user.pk:
        raise NotAllowed("Only the player who created the game can do that.")


def _require_open(game: Game) -> None:
    if game.status != Game.Status.OPEN:
        raise NotAllowed("The game has already started or was cancelled.")


def _require_free_seat(game: Game) -> None:
    if game.seats.count() >= game.players:
        raise NotAllowed("Every seat is taken.")
