from django.urls import path

from botapi import views

app_name = "botapi"

urlpatterns = [
    path("account/api/", views.api_page, name="page"),
]
