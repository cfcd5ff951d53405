"""Ratings kept per pool, with the change every rated game made, and the leagues."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.models import Game
from games.wording.kept import worded

from .pools import displayed

SEASON = gettext_noop("Season %(number)d")


class Rating(models.Model):
    """A player's rating in one pool now: the sum of the changes below, in game order."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    pool = models.CharField(max_length=24)
    mu = models.FloatField()
    sigma = models.FloatField()
    # The displayed value, stored so that the leaderboard sorts by it in the database.
    value = models.IntegerField()
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "pool"], name="one_rating_per_pool")]
        indexes = [models.Index(fields=["pool", "-value"])]

    def __str__(self) -> str:
        return f"{self.user_id} {self.pool} {self.value}"

    def set(self, mu: float, sigma: float) -> None:
        self.mu, self.sigma, self.value = mu, sigma, displayed(mu, sigma)


class RatingChange(models.Model):
    """What one rated game did to one player's rating: enough to explain it and rebuild it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    pool = models.CharField(max_length=24)
    place = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    value_before = models.IntegerField()
    value = models.IntegerField()
    rated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="one_change_per_player_and_game")
        ]
        indexes = [models.Index(fields=["user", "rated_at"])]
        ordering = ["rated_at", "game_id"]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.game_id}: {self.value_before} -> {self.value}"


class SeatResult(models.Model):
    """How one seat of a finished game ended: its place (resigned seats and seats a bot played
    to the end share the last) and its score. Written once, when the game ends."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="results")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    place = models.PositiveSmallIntegerField()
    score = models.IntegerField()
    # The seat's moves but a bot's, and those of them the site made when time ran out: the
    # profile's reliability figure, counted once here rather than over the whole move log.
    moves = models.PositiveIntegerField(default=0)
    timeouts = models.PositiveIntegerField(default=0)
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_result_per_seat")
        ]
        indexes = [models.Index(fields=["user", "-finished_at"])]
        ordering = ["game_id", "position"]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.position}: {self.place}"


class League(models.Model):
    """Players who meet season after season. Anyone may start a private one (joined by its
    invitation link) and organise it; staff run the public ones, listed for all."""

    name = models.CharField(max_length=80)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_leagues"
    )
    is_public = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=32, unique=True)
    edition = models.CharField(max_length=20)
    # Seats at each game, and players in each group (everyone meets everyone in a group).
    players = models.PositiveSmallIntegerField()
    group_size = models.PositiveSmallIntegerField()
    time_control = models.CharField(max_length=12, default="daily")
    # Days away a league game allows; none: its deadlines do not wait for a vacation.
    vacation_days = models.PositiveSmallIntegerField(default=7)
    # Players who go up (and down) between divisions at the end of each season.
    promoted = models.PositiveSmallIntegerField(default=2)
    # Bot accounts (programs playing through the bot API) may sign up for its seasons.
    allow_bots = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    class Status(models.TextChoices):
        SIGNUP = "signup", _("Open for sign-up")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField()
    # Empty for a season the site names by its number: worded for each reader (`title`).
    name = models.CharField(max_length=80, blank=True)
    edition = models.CharField(max_length=20)
    players = models.PositiveSmallIntegerField()
    time_control = models.CharField(max_length=12)
    signup_opens = models.DateTimeField()
    signup_closes = models.DateTimeField()
    starts_at = models.DateTimeField()
    status = models.CharField(max_length=8, choices=Status, default=Status.SIGNUP)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="one_season_per_number")
        ]
        ordering = ["league_id", "-number"]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        """The season's name in the language of whoever reads it."""
        return worded(self.words())

    def words(self) -> str | dict:
        """The name as a mail's context keeps it, to be worded in its recipient's language."""
        return self.name or {"msgid": SEASON, "number": self.number}


class Group(models.Model):
    """One division's table of a season (division 1 is the top): its players meet each
    other in the games of its schedule."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="groups")
    division = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "division"], name="one_group_per_division")
        ]
        ordering = ["season_id", "division"]

    def __str__(self) -> str:
        return f"{self.season_id} division {self.division}"


class Entry(models.Model):
    """A player signed up to a season; `division` is where last season's end put them (none
    for a newcomer), `group` where this season's start did."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    division = models.PositiveSmallIntegerField(null=True, blank=True)
    group = models.ForeignKey(
        Group, null=True, blank=True, on_delete=models.SET_NULL, related_name="entries"
    )
    # Place in the group's final table, and the division it earned for the next season, set
    # when the season ends.
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    next_division = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="one_entry_per_season")
        ]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"{self.user_id} in {self.season_id}"


class LeagueGame(models.Model):
    """A game of a group's schedule."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="league_game")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["group_id", "number"]

    def __str__(self) -> str:
        return f"{self.group_id} game {self.number}"
