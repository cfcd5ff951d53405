"""What arrived by mail, once each: a message read twice is not played twice."""

from django.conf import settings
from django.db import models


class InboundReply(models.Model):
    message_id = models.CharField(max_length=255, unique=True)
    sender = models.CharField(max_length=254)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL)
    received_at = models.DateTimeField(auto_now_add=True)
    # What became of it: "played", or why not ("refused: ...", "ignored: ...").
    outcome = models.CharField(max_length=300, blank=True)

    class Meta:
        indexes = [models.Index(fields=["sender", "-received_at"])]

    def __str__(self) -> str:
        return f"{self.sender} {self.received_at:%Y-%m-%d %H:%M}: {self.outcome}"
