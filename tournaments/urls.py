from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("events/", views.events, name="events"),
    path("events/mine/", views.mine, name="mine"),
    path("events/archive/", views.archive, name="archive"),
    path("events/<int:tournament_id>/", views.event, name="event"),
    path("events/<int:tournament_id>/rounds/<int:number>/", views.round_tables, name="round"),
    path("events/<int:tournament_id>/record.json", views.record, name="record"),
    path("events/<int:tournament_id>/sign-up/", views.sign_up, name="sign_up"),
    path("events/<int:tournament_id>/withdraw/", views.withdraw, name="withdraw"),
    path("events/<int:tournament_id>/check-in/", views.check_in, name="check_in"),
]
