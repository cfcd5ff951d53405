"""The service worker, served at the site's root so that its scope is the whole site."""

from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def service_worker(request):
    response = render(request, "sw.js", content_type="text/javascript")
    # A browser looks for a new worker at each visit only if it may not keep this one.
    response["Cache-Control"] = "no-cache"
    return response
