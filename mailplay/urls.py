"""A mail service's inbound webhook: /anymail/<service>/inbound/ (see webhooks)."""

from django.urls import path

from . import webhooks

urlpatterns = [path("<slug:service>/<path:rest>", webhooks.inbound, name="inbound_webhook")]
