"""What every page tells the site's staff: that the background work has stopped (no beat or no
worker: no bot moves, no timeouts, no mail), which nothing else on a page would show."""

from django.utils import timezone

from games.selectors.health import workers_stopped


def staff_notices(request) -> dict:
    """A context processor: `workers_stopped` for staff; nothing, and no query, for others."""
    user = getattr(request, "user", None)
    if user is None or not user.is_staff:
        return {}
    return {"workers_stopped": workers_stopped(now=timezone.now())}
