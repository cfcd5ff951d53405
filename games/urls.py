from django.urls import path

from games.pages import stream, views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.game_create, name="create"),
    path("how-to-play/", views.how_to_play, name="how_to_play_first"),
    path("how-to-play/<slug:edition>/", views.how_to_play, name="how_to_play"),
    path("games/<int:game_id>/", views.game_detail, name="game"),
    path("games/<int:game_id>/join/", views.game_join, name="join"),
    path("games/<int:game_id>/join/<str:token>/", views.game_invite, name="invite"),
    path("games/<int:game_id>/invite/", views.game_invite_mail, name="invite_mail"),
    path("games/<int:game_id>/leave/", views.game_leave, name="leave"),
    path("games/<int:game_id>/bot/", views.game_add_bot, name="add_bot"),
    path("games/<int:game_id>/start/", views.game_start, name="start"),
    path("games/<int:game_id>/cancel/", views.game_cancel, name="cancel"),
    path("games/<int:game_id>/move/", views.game_move, name="move"),
    path("games/<int:game_id>/poll/", views.game_poll, name="poll"),
    path("games/<int:game_id>/stream/", stream.game_stream, name="stream"),
    path("lobby/stream/", stream.lobby_stream, name="lobby_stream"),
    path("games/<int:game_id>/chat/", views.chat_post, name="chat"),
    path("games/<int:game_id>/log/", views.game_log, name="log"),
    path("games/<int:game_id>/history/", views.game_history, name="history"),
    path("games/<int:game_id>/seed/", views.seed_check, name="seed"),
    path("games/<int:game_id>/record.json", views.game_record, name="record_json"),
    path("games/<int:game_id>/record.txt", views.game_record_text, name="record_text"),
    path("games/import/", views.game_import, name="import"),
    path("games/<int:game_id>/reclaim/", views.seat_reclaim, name="reclaim"),
    path("games/<int:game_id>/resign/", views.seat_resign, name="resign"),
]
