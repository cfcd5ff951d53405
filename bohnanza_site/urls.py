from django.contrib import admin
from django.urls import include, path

from .health import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    # A mail service's inbound webhook for replies (see mailplay): /anymail/<service>/inbound/
    path("anymail/", include("anymail.urls")),
    path("healthz", healthz, name="healthz"),
    path("l/", include("games.link_urls")),
    path("", include("leagues.urls")),
    path("", include("games.urls")),
]
