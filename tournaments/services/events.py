"""An event before its first round: creating it, signing up (and the waiting list),
withdrawing, and checking in."""

import secrets
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine
from games.clocks import timecontrol
from games.refusals import NotAllowed, ServiceError
from games.services.profiles import profile_get_or_create
from tournaments.models import Entry, Tournament

MOST_ROUNDS = 15
BIGGEST_FIELD = 2000
# An event starts at most this long after it is created.
FURTHEST_START = timedelta(days=90)


@transaction.atomic
def tournament_create(
    *,
    user,
    name: str,
    format: str,
    edition: str,
    table_size: int,
    time_control: str,
    rounds: int,
    limit: int,
    starts_at: datetime,
    through: int = 1,
    through_by: str = Tournament.Through.TABLE,
    rated: bool = True,
    now: datetime | None = None,
) -> Tournament:
    """An event open for sign-up until `starts_at`, when its first round starts."""
    now = now or timezone.now()
    name = " ".join(str(name).split())[:80]
    if not name:
        raise ServiceError(_("Give the event a name."))
    if format not in Tournament.Format.values:
        raise ServiceError(_("Choose Swiss or knockout."))
    if type(table_size) is not int or not 2 <= table_size <= 5:
        raise ServiceError(_("Tables seat from 2 to 5 players."))
    try:
        engine.resolve(edition, table_size)
    except engine.SetupError as error:
        raise ServiceError(str(error)) from None
    smaller = table_size > 2 and _plays(edition, table_size - 1)
    if time_control not in timecontrol.PRESETS:
        raise ServiceError(_("Choose one of the time controls offered."))
    if format == Tournament.Format.SWISS and (
        type(rounds) is not int or not 1 <= rounds <= MOST_ROUNDS
    ):
        raise ServiceError(
            _("A Swiss event plays from 1 to %(most)d rounds.") % {"most": MOST_ROUNDS}
        )
    smallest = table_size - 1 if smaller else table_size
    if format == Tournament.Format.KNOCKOUT and (
        type(through) is not int or not 1 <= through < smallest
    ):
        raise ServiceError(
            _("From 1 to %(most)d players of each table can go through.") % {"most": smallest - 1}
        )
    if through_by not in Tournament.Through.values:
        raise ServiceError(_("Choose who goes through: each table's best or the round's."))
    if type(limit) is not int or not table_size <= limit <= BIGGEST_FIELD:
        raise ServiceError(
            _("An event takes from %(least)d to %(most)d players.")
            % {"least": table_size, "most": BIGGEST_FIELD}
        )
    if not isinstance(starts_at, datetime) or not now < starts_at <= now + FURTHEST_START:
        raise ServiceError(_("The event starts after now and within 90 days."))
    return Tournament.objects.create(
        name=name,
        organiser=user,
        format=format,
        edition=edition,
        table_size=table_size,
        smaller_tables=smaller,
        time_control=time_control,
        rounds=rounds if format == Tournament.Format.SWISS else 0,
        through=through if format == Tournament.Format.KNOCKOUT else 1,
        through_by=through_by,
        rated=bool(rated),
        limit=limit,
        starts_at=starts_at,
        seed=secrets.token_hex(8),
    )


def _plays(edition: str, players: int) -> bool:
    try:
        engine.resolve(edition, players)
    except engine.SetupError:
        return False
    return True


def locked_tournament(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise ServiceError(_("There is no such event."))
    return tournament


def _open(tournament: Tournament, now: datetime) -> None:
    if tournament.status != Tournament.Status.SIGNUP or now >= tournament.starts_at:
        raise NotAllowed(_("The sign-up for this event is closed."))


@transaction.atomic
def tournament_sign_up(*, tournament_id: int, user, now: datetime | None = None) -> Entry:
    """A place in the field, or on the waiting list once the field is full."""
    tournament = locked_tournament(tournament_id)
    now = now or timezone.now()
    _open(tournament, now)
    entry = tournament.entries.filter(user=user).first()
    if entry is not None and entry.status != Entry.Status.WITHDRAWN:
        raise NotAllowed(_("You have signed up for this event already."))
    if profile_get_or_create(user=user).is_bot and tournament.rated:
        raise NotAllowed(_("A rated event is for people: bot accounts may not sign up."))
    full = tournament.entries.filter(status=Entry.Status.PLAYING).count() >= tournament.limit
    status = Entry.Status.WAITING if full else Entry.Status.PLAYING
    if entry is None:
        return Entry.objects.create(tournament=tournament, user=user, status=status)
    entry.status, entry.checked_in_at, entry.created_at = status, None, now
    entry.save(update_fields=["status", "checked_in_at", "created_at"])
    return entry


@transaction.atomic
def tournament_withdraw(*, tournament_id: int, user, now: datetime | None = None) -> Entry:
    """Before the start, the first on the waiting list takes the place; once it runs, the
    player is seated in no later round (their game at this round goes on: resign it there)."""
    tournament = locked_tournament(tournament_id)
    entry = tournament.entries.filter(user=user).first()
    if entry is None or entry.status not in (Entry.Status.PLAYING, Entry.Status.WAITING):
        raise NotAllowed(_("You are not in this event."))
    if tournament.status not in (Tournament.Status.SIGNUP, Tournament.Status.RUNNING):
        raise NotAllowed(_("This event is over."))
    was_playing = entry.status == Entry.Status.PLAYING
    entry.status = Entry.Status.WITHDRAWN
    entry.save(update_fields=["status"])
    if was_playing and tournament.status == Tournament.Status.SIGNUP:
        first = tournament.entries.filter(status=Entry.Status.WAITING).first()
        if first is not None:
            first.status = Entry.Status.PLAYING
            first.save(update_fields=["status"])
    return entry


@transaction.atomic
def tournament_check_in(*, tournament_id: int, user, now: datetime | None = None) -> Entry:
    """Only players who checked in are seated in round 1; from the waiting list, as places
    are left by those who did not."""
    tournament = locked_tournament(tournament_id)
    now = now or timezone.now()
    _open(tournament, now)
    if now < tournament.check_in_opens:
        raise NotAllowed(_("Check-in opens a day before the start."))
    entry = tournament.entries.filter(user=user).first()
    if entry is None or entry.status not in (Entry.Status.PLAYING, Entry.Status.WAITING):
        raise NotAllowed(_("Sign up first."))
    if entry.checked_in_at is None:
        entry.checked_in_at = now
        entry.save(update_fields=["checked_in_at"])
    return entry
