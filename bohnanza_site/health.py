"""A liveness check for load balancers: answers without touching the database."""

from django.http import HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request):
    return HttpResponse("ok", content_type="text/plain")
