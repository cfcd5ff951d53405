"""A player's own settings: the profile, the name others see, the mail preferences and where
their calls go."""

import re
from datetime import time

from django.db import IntegrityError, transaction
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from games.calls import routing
from games.models import Game, Profile, PushSubscription, Seat
from games.refusals import ServiceError
from games.wording import locales

NAME_MAX = 40
# Letters (of any script), digits, spaces and a few marks; not an address, not only spaces.
_NAME = re.compile(r"[^\W_](?:[\w .'-]*[^\W_])?")


def profile_get_or_create(
    *, user, lock: bool = False, display_name: str = "", language: str = "", time_zone: str = ""
) -> Profile:
    """The one place a profile is made: at sign-up with the name chosen there, or else with
    the first game or setting, named after the address (made unique with a number)."""
    profiles = Profile.objects.select_for_update() if lock else Profile.objects
    profile = profiles.filter(user=user).first()
    if profile is not None:
        return profile
    name = display_name_checked(display_name) if display_name else _free_name(user)
    chosen = {
        "language": locales.language_or_default(language),
        "time_zone": locales.zone_or_none(time_zone) or "UTC",
    }
    try:
        with transaction.atomic():
            return Profile.objects.create(user=user, display_name=name, **chosen)
    except IntegrityError:  # taken meanwhile, or the profile made by a request beside this one
        profile = Profile.objects.filter(user=user).first()
        if profile is not None or display_name:
            return profile or _refused_name(name)
        return Profile.objects.create(user=user, display_name=_free_name(user), **chosen)


def display_name_checked(name: str, *, user=None) -> str:
    """The name as it will be stored, or the reason it cannot be (ServiceError)."""
    name = " ".join(str(name).split())
    if not 2 <= len(name) <= NAME_MAX or not _NAME.fullmatch(name):
        raise ServiceError(
            _(
                "A name has 2 to {most} letters, digits, spaces, dots, dashes or apostrophes, and "
                "starts and ends with a letter or digit."
            ).format(most=NAME_MAX)
        )
    taken = Profile.objects.annotate(lower=Lower("display_name")).filter(lower=name.lower())
    if user is not None:
        taken = taken.exclude(user=user)
    if taken.exists():
        _refused_name(name)
    return name


def _refused_name(name: str):
    raise ServiceError(_("The name {name!r} is taken; choose another.").format(name=name))


def _free_name(user) -> str:
    base = Profile.default_name(user)
    taken = {
        name.lower()
        for name in Profile.objects.filter(display_name__istartswith=base[:30]).values_list(
            "display_name", flat=True
        )
    }
    candidate, number = base, 2
    while candidate.lower() in taken:
        candidate = f"{base[:35]} {number}"
        number += 1
    return candidate


@transaction.atomic
def profile_rename(*, user, display_name: str) -> Profile:
    """A new name for the games the player joins from now on; a game already started keeps
    the names its seats were drawn with."""
    profile = profile_get_or_create(user=user, lock=True)
    profile.display_name = display_name_checked(display_name, user=user)
    try:
        with transaction.atomic():
            profile.save(update_fields=["display_name"])
    except IntegrityError:
        _refused_name(profile.display_name)
    return profile


@transaction.atomic
def calls_save(*, user, mail: str, calls: dict, muted: list[int]) -> Profile:
    """What a mail calling the player carries, where each kind of call goes ({group:
    [channel, ...]}, `calls.routing`), and the running games they want nothing about."""
    if mail not in Profile.Mail.values:
        raise ServiceError(_("Choose what your mails carry from the list."))
    _check_calls(calls, routing.GROUPS)
    profile = profile_get_or_create(user=user, lock=True)
    base = routing.effective(None, None, routing.GROUPS, has_device=_has_device(user))
    profile.mail, profile.calls = mail, routing.changed(calls, base)
    profile.save(update_fields=["mail", "calls"])
    seats = Seat.objects.filter(user=user, game__status=Game.Status.RUNNING)
    seats.exclude(game_id__in=muted).update(muted=False)
    seats.filter(game_id__in=muted).update(muted=True)
    return profile


@transaction.atomic
def seat_calls_save(*, user, game_id: int, calls: dict | None) -> Seat:
    """Where each kind of call about one game goes, for the player's seat in it; None: as
    for all their games. Only what differs from those is kept, so the rest follows them."""
    seat = Seat.objects.select_for_update().filter(game_id=game_id, user=user).first()
    if seat is None:
        raise ServiceError(_("You have no seat in this game."))
    if calls is None:
        seat.calls = {}
    else:
        _check_calls(calls, routing.GAME_GROUPS)
        profile = profile_get_or_create(user=user)
        base = routing.effective(profile, None, routing.GAME_GROUPS, has_device=_has_device(user))
        seat.calls = routing.changed(calls, base)
    seat.save(update_fields=["calls"])
    return seat


def _check_calls(calls: dict, groups) -> None:
    refused = routing.refused(calls, groups)
    if refused == routing.MAIL_AND_DIGEST:
        raise ServiceError(_("Choose mail or the daily digest for a kind of call, not both."))
    if refused:
        raise ServiceError(
            _("Choose from the table: mail, push, webhook or the daily digest for each kind.")
        )


def _has_device(user) -> bool:
    return PushSubscription.objects.filter(user=user).exists()


@transaction.atomic
def reminders_save(
    *, user, reminders: str, quiet_from: time | None, quiet_until: time | None
) -> Profile:
    """The player's reminder ladder and quiet hours (both times, or neither: none)."""
    if reminders not in Profile.Reminders.values:
        raise ServiceError(_("Choose one of the reminders offered."))
    if (quiet_from is None) != (quiet_until is None) or (quiet_from and quiet_from == quiet_until):
        raise ServiceError(_("Quiet hours need a start and a different end, or neither."))
    profile = profile_get_or_create(user=user, lock=True)
    profile.reminders, profile.quiet_from, profile.quiet_until = reminders, quiet_from, quiet_until
    profile.save(update_fields=["reminders", "quiet_from", "quiet_until"])
    return profile


# What a player's default answer rules say, as the trade book's "rules" move reads it.
RULE_KEYS = ("gifts", "keep", "growing", "otherwise", "plant")


@transaction.atomic
def answer_rules_save(*, user, rules: dict | None) -> Profile:
    """The answer rules set for the player's seat in each game that starts from now on (None:
    none); games already running keep what their seat has."""
    if rules is not None and set(rules) != set(RULE_KEYS):
        raise ServiceError(_("Answer rules say: {keys}.").format(keys=", ".join(RULE_KEYS)))
    profile = profile_get_or_create(user=user, lock=True)
    profile.answer_rules = rules
    profile.save(update_fields=["answer_rules"])
    return profile


@transaction.atomic
def locale_save(*, user, language: str, time_zone: str) -> Profile:
    """The language every page and mail is worded in for the player, and the zone of its
    times."""
    if language not in locales.LANGUAGE_CODES:
        raise ServiceError(_("Choose one of the languages offered."))
    if locales.zone_or_none(time_zone) is None:
        raise ServiceError(_("Choose one of the time zones offered."))
    profile = profile_get_or_create(user=user, lock=True)
    profile.language, profile.time_zone = language, time_zone
    profile.save(update_fields=["language", "time_zone"])
    return profile
