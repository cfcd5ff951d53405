"""Before the start: creating a game, taking and leaving seats, bots, invitations, the start."""

import hashlib
import logging
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games import after_move, engine, live
from games.clocks import timecontrol
from games.engine import bots
from games.mail import invitations
from games.models import Game, Move, Profile, Seat, Snapshot
from games.refusals import Conflict, NotAllowed, NotYourSeat, ServiceError
from games.selectors.lobby import invited
from games.services.guards import (
    locked_game,
    require_creator,
    require_free_seat,
    require_open,
    table_of,
)
from games.services.profiles import profile_get_or_create

from .bot_moves import DEFAULT_BOT
from .moves import moves_at_start

# The name of a game its creator did not name, worded for each reader.
_DEFAULT_NAME = gettext_noop("%(player)s's game")

log = logging.getLogger(__name__)
BOT_NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta")
# Enough for a table of friends; more in one go looks like a mailing list.
INVITES_PER_SUBMISSION = 10
# Addresses a user may invite in a day, over all games: enough for any player, too few for spam.
INVITES_PER_DAY = 40
# An address is mailed one invitation per game in this time, however often it is typed.
INVITE_AGAIN_AFTER = timedelta(days=1)


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
    sits: bool = True,
) -> Game:
    """A new game of `user`'s, with a seat for them unless `sits` is false (a program that
    hosts a table it does not play at)."""
    if type(players) is not int:
        raise ServiceError(_("The number of players must be a whole number."))
    if not isinstance(options, dict):
        raise ServiceError(_("The options must be a set of switches."))
    try:
        engine.resolve(edition, players, options)
    except engine.SetupError as error:
        raise ServiceError(str(error)) from None
    for option in engine.EDITIONS[edition].unused_options(players, options):
        counts = " or ".join(str(n) for n in option.players)
        raise ServiceError(
            _("“{option}” is for games of {counts} players only.").format(
                option=_(option.label), counts=counts
            )
        )
    if time_control not in timecontrol.PRESETS:
        raise ServiceError(_("Choose one of the time controls offered."))
    profile = profile_get_or_create(user=user)
    seed = secrets.token_hex(16)
    typed = " ".join(name.split())  # one line: the name goes into mail subjects
    game = Game(
        name=(typed or f"{profile.display_name}'s game")[:80],
        # A name not typed is worded for each reader: "Spiel von alice" to a German one.
        name_words=None if typed else {"msgid": _DEFAULT_NAME, "player": profile.display_name},
        edition=edition,
        options=options,
        players=players,
        is_open=is_open,
        invite_token=secrets.token_urlsafe(16),
        created_by=user,
        seed=seed,
        seed_hash=engine.seed_hash(seed),
    )
    timecontrol.apply_preset(game, time_control)
    game.save()
    if sits:
        Seat.objects.create(game=game, user=user, name=profile.display_name)
    live.lobby_changed()
    return game


@transaction.atomic
def seat_join(*, game_id: int, user, token: str | None = None) -> Seat:
    game = locked_game(game_id)
    require_open(game)
    if not game.is_open and not invited(game=game, token=token):
        raise NotAllowed(_("This game is by invitation only."))
    if game.seats.filter(user=user).exists():
        raise Conflict(_("You already have a seat in this game."))
    require_free_seat(game)
    profile = profile_get_or_create(user=user)
    seat = Seat.objects.create(game=game, user=user, name=profile.display_name)
    _seats_changed(game)
    return seat


@transaction.atomic
def seat_leave(*, game_id: int, user) -> None:
    game = locked_game(game_id)
    require_open(game)
    if game.created_by_id == user.pk:
        raise NotAllowed(_("You created this game: cancel it instead of leaving."))
    deleted, _rows = game.seats.filter(user=user).delete()
    if not deleted:
        raise NotYourSeat()
    _seats_changed(game)


@transaction.atomic
def game_add_bot(*, game_id: int, user, bot: str = DEFAULT_BOT) -> Seat:
    game = locked_game(game_id)
    require_creator(game, user)
    require_open(game)
    if bot not in bots.BOTS:
        raise ServiceError(_("There is no bot called {bot!r}.").format(bot=bot))
    require_free_seat(game)
    taken = set(game.seats.values_list("name", flat=True))
    name = next(f"Bot {name}" for name in BOT_NAMES if f"Bot {name}" not in taken)
    seat = Seat.objects.create(game=game, bot=bot, name=name)
    _seats_changed(game)
    return seat


def _seats_changed(game: Game) -> None:
    """A seat taken or given up: the game's lobby page and the games open to join change."""
    Game.touch([game.id])
    live.lobby_changed()


@transaction.atomic
def game_start(*, game_id: int, user) -> Game:
    game = locked_game(game_id)
    require_creator(game, user)
    require_open(game)
    seats = list(game.seats.all())
    if len(seats) != game.players:
        raise NotAllowed(
            _("Every seat must be taken first ({taken} of {players}).").format(
                taken=len(seats), players=game.players
            )
        )
    # Position 0 is the start player, so one shuffle draws both the seating and who starts.
    secrets.SystemRandom().shuffle(seats)
    return _started(game, seats)


@transaction.atomic
def game_create_seated(
    *,
    users: list,
    edition: str,
    name: str,
    time_control: str,
    vacation_days: int | None = None,
    name_words: dict | None = None,
    rated: bool = True,
) -> Game:
    """A game whose table was set beforehand (a league's schedule, a tournament's round),
    started at once: the users sit in the order given, the first one starting. Nobody else
    may join it. Its deadlines wait at most `vacation_days` for a player's vacations (none: no
    cap; 0: they never wait). `name_words`: its name as words worded for each reader (`name`
    is the same name as its creator reads it). `rated`: whether a rating may count it."""
    if len({user.pk for user in users}) != len(users):
        raise ServiceError("A player can take only one seat at a table.")
    game = game_create(
        user=users[0],
        edition=edition,
        players=len(users),
        options={},
        is_open=False,
        name=name,
        time_control=time_control,
    )
    game.vacation_allowed = vacation_days != 0
    game.vacation_days_cap = vacation_days
    game.name_words = name_words
    game.rated = rated
    game.save(update_fields=["vacation_allowed", "vacation_days_cap", "name_words", "rated"])
    seats = list(game.seats.all())
    for user in users[1:]:
        profile = profile_get_or_create(user=user)
        seats.append(Seat.objects.create(game=game, user=user, name=profile.display_name))
    return _started(game, seats)


def _started(game: Game, seats: list[Seat]) -> Game:
    """The game started with the seats in this order (position 0 starts)."""
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
    live.lobby_changed()  # its table tells its pages through after_move
    table = table_of(game)
    events += moves_at_start(game=game, state=state, moves=_rules_from_preferences(table))
    after_move.after_move(
        game=game,
        seats=table,
        state=state,
        events=events,
        seq=game.seq,
        mover=None,
        actor=Move.Actor.SYSTEM,
        now=game.started_at,
    )
    return game


def _rules_from_preferences(seats: list[Seat]) -> list[tuple[Seat, dict]]:
    """The answer rules each player set in their preferences, for their seat."""
    moves = []
    for seat in sorted(seats, key=lambda seat: seat.position):
        profile = Profile.of(seat.user) if seat.user_id is not None else None
        if profile is not None and profile.answer_rules:
            moves.append((seat, {"kind": "rules", **profile.answer_rules}))
    return moves


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
    game = locked_game(game_id)
    require_creator(game, user)
    require_open(game)
    game.status = Game.Status.CANCELLED
    game.save(update_fields=["status", "updated_at"])
    live.changed([game.id])
    live.lobby_changed()


@dataclass(frozen=True)
class Invitations:
    sent: list[str]
    already_invited: list[str]


@transaction.atomic
def invitations_mail(*, game_id: int, user, addresses: list[str]) -> Invitations:
    """Mail the game's invitation link to each address, once per address in a while. Refused
    as a whole, mailing nobody, unless the user created the game, it is still open with a seat
    free, every address is one and the user's daily allowance covers them."""
    game = locked_game(game_id)
    require_creator(game, user)
    require_open(game)
    require_free_seat(game)
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
            _("Invitations cannot be sent right now. Nothing was sent; please try again later.")
        ) from None
    if not allowed:
        raise ServiceError(
            ngettext(
                "You can invite at most {count} address a day. Nothing was sent; share the "
                "invitation link instead.",
                "You can invite at most {count} addresses a day. Nothing was sent; share the "
                "invitation link instead.",
                INVITES_PER_DAY,
            ).format(count=INVITES_PER_DAY)
        )
    invitations.invitations_queue(game_id=game.id, addresses=sent)
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
        raise ServiceError(_("Type at least one e-mail address."))
    if len(unique) > INVITES_PER_SUBMISSION:
        raise ServiceError(
            ngettext(
                "At most {count} address at a time, please.",
                "At most {count} addresses at a time, please.",
                INVITES_PER_SUBMISSION,
            ).format(count=INVITES_PER_SUBMISSION)
        )
    bad = [address for address in unique if not _is_address(address)]
    if bad:
        raise ServiceError(
            _("Not an e-mail address: {addresses}. Nothing was sent.").format(
                addresses=", ".join(bad)
            )
        )
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
