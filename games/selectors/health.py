"""Whether the site's background work goes on: the deadlines' sweep, which the beat queues every
few seconds and a worker runs, leaves its time (`services/timeouts.deadlines_sweep`); a time
grown old means no beat, or no worker, and so no bot moves and no timeouts."""

from datetime import datetime, timedelta

from django.conf import settings

from games.models import Heartbeat


def sweep_behind(*, now: datetime) -> timedelta | None:
    """How long ago the deadlines were last swept; None if they never were."""
    last = Heartbeat.objects.filter(name=Heartbeat.SWEEP).values_list("at", flat=True).first()
    return None if last is None else now - last


def workers_stopped(*, now: datetime) -> bool:
    """Whether the sweep is older than `BEAT_STALE_AFTER` (or never ran)."""
    return stale(sweep_behind(now=now))


def stale(behind: timedelta | None) -> bool:
    """Whether a sweep this long ago (None: never) says the background work has stopped."""
    return behind is None or behind > timedelta(seconds=settings.BEAT_STALE_AFTER)
