from django.urls import path

from games.pages import mail_links, preferences

app_name = "links"

urlpatterns = [
    path("preferences/", preferences.preferences, name="preferences"),
    path("preferences/vacation/", preferences.vacation, name="vacation"),
    path("preferences/locale/", preferences.locale, name="locale"),
    path("preferences/reminders/", preferences.reminders, name="reminders"),
    path("preferences/name/", preferences.display_name, name="display_name"),
    path("preferences/rules/", preferences.answer_rules, name="answer_rules"),
    path("preferences/webhook/", preferences.webhook, name="webhook"),
    path("preferences/push/", preferences.push_subscribe, name="push_subscribe"),
    path("preferences/push/off/", preferences.push_unsubscribe, name="push_unsubscribe"),
    path("preferences/games/<int:game_id>/", preferences.game_calls, name="game_calls"),
    path("<str:token>/", mail_links.link_confirm, name="confirm"),
]
