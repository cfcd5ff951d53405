"""A bot account's tokens: each shown once, kept only as a digest, revocable, with scopes."""

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    """One token of a bot account. The token is `<prefix>.<secret>`: the prefix finds the row,
    the secret's SHA-256 checks it; the secret itself is never stored."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=40)
    prefix = models.CharField(max_length=16, unique=True)
    digest = models.CharField(max_length=64)
    # The scopes granted, space-separated (tokens.SCOPES).
    scopes = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"token {self.prefix} of {self.user_id}"

    @property
    def scope_list(self) -> list[str]:
        return self.scopes.split()


class Challenge(models.Model):
    """A bot account asks another by name to play: a game by invitation only, made with the
    challenger in a seat, which the challenged takes by accepting (or declines)."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_made"
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received"
    )
    status = models.CharField(max_length=8, choices=Status, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"challenge {self.pk}: {self.challenger_id} to {self.challenged_id}"
