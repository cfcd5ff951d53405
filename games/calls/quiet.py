"""A reader's quiet hours: the hours of their day, in their zone, when no call reaches them."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo


def quiet_end(profile, now: datetime) -> datetime | None:
    """When the quiet hours the player is in at `now` end (UTC); None when they are not in
    them, or have none. Hours that wrap midnight (22:00 to 07:00) end the next morning."""
    start, end = (profile.quiet_from, profile.quiet_until) if profile else (None, None)
    if start is None or end is None or start == end:
        return None
    local = now.astimezone(ZoneInfo(profile.time_zone))
    at = local.time().replace(tzinfo=None)
    if start < end:
        quiet, tomorrow = start <= at < end, False
    else:
        quiet, tomorrow = at >= start or at < end, at >= start
    if not quiet:
        return None
    day = local.date() + timedelta(days=int(tomorrow))
    return datetime.combine(day, end, tzinfo=local.tzinfo).astimezone(UTC)
