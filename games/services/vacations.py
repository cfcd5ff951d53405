"""Vacations: days away during which a player's deadlines wait for them.

The yearly allowance caps the days a player may be away; a game may cap the days its deadlines
wait (a league allows fewer than a friendly game). A capped game waits during the first days
of a vacation: back early, a player gets back in each game only the days it was still to wait.
"""

from collections import defaultdict
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.clocks import timecontrol
from games.models import Deadline, Game, Seat
from games.services.profiles import profile_get_or_create


def vacation_start(*, user, days: int, now: datetime | None = None) -> int:
    """Go away for `days` days (added to a vacation already running). Deadlines in games that
    allow it stretch by the days granted; the yearly allowance caps them. Returns the days
    granted."""
    now = now or timezone.now()
    with transaction.atomic():
        profile = profile_get_or_create(user=user, lock=True)
        if profile.vacation_year != now.year:
            profile.vacation_year = now.year
            profile.vacation_days_used = 0
        granted = max(0, min(days, timecontrol.vacation_days_left(profile, now)))
        if not granted:
            profile.save(update_fields=["vacation_year", "vacation_days_used"])
            return 0
        running = profile.away_until is not None and profile.away_until > now
        if not running:
            profile.away_since = now
            a_new_one = Seat.objects.filter(user=user, vacation_days_running__gt=0)
            a_new_one.update(vacation_days_running=0)
        start = profile.away_until if running else now
        profile.away_until = start + timedelta(days=granted)
        profile.vacation_days_used += granted
        profile.save(
            update_fields=["away_until", "away_since", "vacation_days_used", "vacation_year"]
        )
        _stretched(user, granted)
    return granted


def vacation_end(*, user, now: datetime | None = None) -> int:
    """Back early: the whole days not yet used go back to the yearly allowance, and the
    deadlines they stretched shrink by as much (never below what they were before the
    vacation). Returns the days given back."""
    now = now or timezone.now()
    with transaction.atomic():
        profile = profile_get_or_create(user=user, lock=True)
        if not profile.away_until or profile.away_until <= now:
            return 0
        unused = (profile.away_until - now).days
        away_since = profile.away_since or now
        elapsed = max(0, (profile.away_until - away_since).days - unused)
        profile.away_until = now
        if profile.vacation_year == now.year:
            profile.vacation_days_used = max(0, profile.vacation_days_used - unused)
        profile.save(update_fields=["away_until", "vacation_days_used"])
        if unused:
            _shrunk(user, unused, elapsed)
    return unused


def _stretched(user, granted: int) -> None:
    """Each game's deadlines wait the days granted, or as many as its cap has left."""
    for seat, rows in _vacation_rows(user).items():
        cap = seat.game.vacation_days_cap
        days = granted if cap is None else max(0, min(granted, cap - seat.vacation_days_taken))
        if days:
            _moved(seat, rows, days)


def _shrunk(user, unused: int, elapsed: int) -> None:
    """Back early: a game gives back the days it was still to wait. An uncapped game waited the
    whole vacation, so it gives back every unused day; a capped one waited its first days."""
    for seat, rows in _vacation_rows(user).items():
        cap = seat.game.vacation_days_cap
        days = unused if cap is None else min(unused, max(0, seat.vacation_days_running - elapsed))
        if days:
            _moved(seat, rows, -days)


def _moved(seat: Seat, rows: list[int], days: int) -> None:
    """A seat's deadlines moved by `days`, and its game's page with them."""
    Game.touch({seat.game_id})
    Deadline.objects.filter(pk__in=rows).update(due_at=F("due_at") + timedelta(days=days))
    if seat.game.vacation_days_cap is not None:
        Seat.objects.filter(pk=seat.pk).update(
            vacation_days_taken=F("vacation_days_taken") + days,
            vacation_days_running=F("vacation_days_running") + days,
        )


def _vacation_rows(user) -> dict[Seat, list[int]]:
    """The open deadlines a vacation moves, by seat: the user's own, not those of a bot
    standing in."""
    rows = Deadline.objects.filter(
        done=False,
        seat__user=user,
        seat__bot_standing_in=False,
        seat__resigned_at__isnull=True,
        game__vacation_allowed=True,
    ).select_related("seat__game")
    by_seat = defaultdict(list)
    for row in rows:
        by_seat[row.seat].append(row.pk)
    return by_seat
