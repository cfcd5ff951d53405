from django.urls import path

from . import views

app_name = "leagues"

urlpatterns = [
    path("ratings/", views.ratings, name="ratings_default"),
    path("ratings/<str:pool>/", views.ratings, name="ratings"),
    path("ratings/<str:pool>.csv", views.ratings_export, {"fmt": "csv"}, name="ratings_csv"),
    path("ratings/<str:pool>.json", views.ratings_export, {"fmt": "json"}, name="ratings_json"),
    path("players/<int:user_id>/", views.player, name="player"),
    path("leagues/", views.leagues, name="leagues"),
    path("leagues/<int:league_id>/", views.league, name="league"),
    path("leagues/<int:league_id>/join/<str:token>/", views.league, name="invite"),
    path("seasons/<int:season_id>/sign-up/", views.season_sign_up, name="sign_up"),
    path("seasons/<int:season_id>/leave/", views.season_leave, name="leave"),
    path("seasons/<int:season_id>/start/", views.season_start, name="start"),
    path(
        "seasons/<int:season_id>/standings.csv",
        views.standings_export,
        {"fmt": "csv"},
        name="standings_csv",
    ),
    path(
        "seasons/<int:season_id>/standings.json",
        views.standings_export,
        {"fmt": "json"},
        name="standings_json",
    ),
]
