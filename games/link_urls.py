from django.urls import path

from . import link_views

app_name = "links"

urlpatterns = [
    path("preferences/", link_views.preferences, name="preferences"),
    path("preferences/vacation/", link_views.vacation, name="vacation"),
    path("preferences/locale/", link_views.locale, name="locale"),
    path("preferences/name/", link_views.display_name, name="display_name"),
    path("<str:token>/", link_views.link_confirm, name="confirm"),
]
