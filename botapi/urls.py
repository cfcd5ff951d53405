from django.urls import path

from botapi import views

app_name = "botapi"

urlpatterns = [
    path("account/api/", views.api_page, name="page"),
    path(
        "challenges/<int:challenge_id>/accept/",
        views.challenge_answer,
        {"answer": "accept"},
        name="challenge_accept",
    ),
    path(
        "challenges/<int:challenge_id>/decline/",
        views.challenge_answer,
        {"answer": "decline"},
        name="challenge_decline",
    ),
]
