from django.contrib import admin
from django.urls import include, path

from .health import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    # The configured mail service's inbound webhook for replies: /anymail/<service>/inbound/
    path("anymail/", include("mailplay.urls")),
    path("healthz", healthz, name="healthz"),
    path("l/", include("games.link_urls")),
    path("", include("leagues.urls")),
    path("", include("games.urls")),
]
