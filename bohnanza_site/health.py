"""Checks for load balancers and monitors: `/healthz`, the web's liveness, answers without
touching the database; `/health` says whether the background work goes on (the beat queues the
deadlines' sweep and a worker runs it), 503 when the last sweep is older than
`BEAT_STALE_AFTER` seconds."""

from django.http import HttpResponse, JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from games.selectors.health import stale, sweep_behind


@require_GET
def healthz(request):
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def health(request):
    now = timezone.now()
    behind = sweep_behind(now=now)  # one query: the time of the last sweep
    stopped = stale(behind)
    return JsonResponse(
        {
            "web": "ok",
            "workers": "stopped" if stopped else "ok",
            "last_sweep_seconds_ago": None if behind is None else round(behind.total_seconds()),
        },
        status=503 if stopped else 200,
    )
