from django.urls import path

from games.pages import mail_links, preferences

app_name = "links"

urlpatterns = [
    path("preferences/", preferences.preferences, name="preferences"),
    path("preferences/games/<int:game_id>/", preferences.game_calls, name="game_calls"),
    path("<str:token>/", mail_links.link_confirm, name="confirm"),
]
