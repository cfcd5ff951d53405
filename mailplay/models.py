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


class RefusalNotice(models.Model):
    """A player told that replies went unanswered, once each: for a game and hour in which more
    replies were refused than get an answer, or for a game and an address not theirs that
    replied to their mail."""

    class Why(models.TextChoices):
        TOO_MANY = "too_many"
        OTHER_SENDER = "other_sender"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE)
    why = models.CharField(max_length=16, choices=Why.choices)
    # The hour ("2026-11-26T14") or the other sender's address, lower case.
    key = models.CharField(max_length=254)
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "why", "key"], name="one_refusal_notice_per_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.why} notice to {self.user_id} for {self.game_id} ({self.key})"
