from django.contrib import admin
from django.urls import include, path

from botapi.api import api as bot_api
from botapi.api_v2 import api as bot_api_v2

from .app_manifest import app_manifest
from .health import health, healthz
from .service_worker import service_worker

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    # The configured mail service's inbound webhook for replies: /anymail/<service>/inbound/
    path("anymail/", include("mailplay.urls")),
    path("healthz", healthz, name="healthz"),
    path("health", health, name="health"),
    path("manifest.webmanifest", app_manifest, name="app_manifest"),
    path("sw.js", service_worker, name="service_worker"),
    path("l/", include("games.link_urls")),
    path("api/v1/", bot_api.urls),
    path("api/v2/", bot_api_v2.urls),
    path("", include("botapi.urls")),
    path("", include("leagues.urls")),
    path("", include("tournaments.urls")),
    path("", include("games.urls")),
]
