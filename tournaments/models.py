"""Tournaments: events of rounds of tables, their players, and each round's seats and results."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game

# Check-in opens this long before the start (at once for an event starting sooner).
CHECK_IN = timedelta(hours=24)


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("Knockout")

    class Through(models.TextChoices):
        TABLE = "table", _("the best of each table")
        FIELD = "field", _("the best of the whole round")

    class Status(models.TextChoices):
        SIGNUP = "signup", _("Open for sign-up")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    name = models.CharField(max_length=80)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_tournaments"
    )
    format = models.CharField(max_length=8, choices=Format)
    edition = models.CharField(max_length=20)
    table_size = models.PositiveSmallIntegerField()
    # The edition is played by one seat fewer: a field that does not divide plays at some
    # tables one smaller rather than giving byes.
    smaller_tables = models.BooleanField(default=True)
    time_control = models.CharField(max_length=12)
    # Swiss: the rounds chosen; knockout: the rounds its field plays, set at the start.
    rounds = models.PositiveSmallIntegerField()
    # Knockout: how many of each table go through, and whether of each table or of the round.
    through = models.PositiveSmallIntegerField(default=1)
    through_by = models.CharField(max_length=5, choices=Through, default=Through.TABLE)
    rated = models.BooleanField(default=True)
    limit = models.PositiveSmallIntegerField()
    # Sign-up closes and round 1 starts; check-in opens CHECK_IN before.
    starts_at = models.DateTimeField()
    status = models.CharField(max_length=9, choices=Status, default=Status.SIGNUP)
    # Draws the first round, the order of players level on everything, and the seats.
    seed = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "starts_at"])]

    def __str__(self) -> str:
        return self.name

    @property
    def is_knockout(self) -> bool:
        return self.format == self.Format.KNOCKOUT

    @property
    def check_in_opens(self) -> datetime:
        return self.starts_at - CHECK_IN


class Entry(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        WAITING = "waiting", _("On the waiting list")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        # Did not check in, or timed out of a game: seated in no later round.
        DROPPED = "dropped", _("Dropped")
        OUT = "out", _("Knocked out")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    status = models.CharField(max_length=9, choices=Status, default=Status.PLAYING)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    # The player's rating in the event's pool at its start: the seeding of round 1's order.
    rating = models.IntegerField(default=0)
    # Place in the final standings, set when the event ends.
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_event")
        ]
        indexes = [models.Index(fields=["user", "-created_at"])]
        ordering = ["created_at", "id"]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"{self.user_id} in {self.tournament_id}"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField()
    # When its unfinished games are brought to their end by their clocks.
    ends_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]
        ordering = ["tournament_id", "number"]

    def __str__(self) -> str:
        return f"{self.tournament_id} round {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="tournament_table")

    class Meta:
        ordering = ["round_id", "number"]

    def __str__(self) -> str:
        return f"{self.round_id} table {self.number}"


class Placing(models.Model):
    """A player's part in a round: a seat at a table (its result once the game ends) or a
    bye."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="placings")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_placings"
    )
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.CASCADE, related_name="placings"
    )
    position = models.PositiveSmallIntegerField(default=0)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    coins = models.IntegerField(default=0)
    # Table-mates level on coins this player finished ahead of: the rules' own tie-break.
    ahead_on_coins = models.PositiveSmallIntegerField(default=0)
    # Their time ran out until a bot stood in, or they resigned: no later round seats them.
    timed_out = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "user"], name="one_placing_per_round")
        ]
        ordering = ["round_id", "table_id", "position"]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.round_id}"

    @property
    def bye(self) -> bool:
        return self.table_id is None
