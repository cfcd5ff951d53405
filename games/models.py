"""The stored game: an append-only log of moves, with the current state cached beside it."""

from collections.abc import Iterable

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import live
from games.wording.kept import worded


class Profile(models.Model):
    """What a player sets about themselves: the name others see and how we may write to them."""

    class Mail(models.TextChoices):
        """What a mail calling the player to move carries (where calls go: `calls`)."""

        EVERY = "every", _("What the game waits for, and its link")
        BOARD = "board", _("The whole board in that mail, to play by replying")

    class Reminders(models.TextChoices):
        """When a deadline's reminders go out, by the share of its clock left (the steps are
        `timecontrol.LADDERS`)."""

        HALF_TENTH = "half_tenth", _("When half of my time is left, and a tenth")
        TENTH = "tenth", _("When a tenth of my time is left")
        HALF_QUARTER_TENTH = "half_quarter_tenth", _("When half, a quarter and a tenth are left")
        NONE = "none", _("No reminders")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    display_name = models.CharField(max_length=40)
    mail = models.CharField(max_length=8, choices=Mail, default=Mail.EVERY)
    away_until = models.DateTimeField(null=True, blank=True)
    # When the vacation running now began (vacations added to it extend it, not restart it).
    away_since = models.DateTimeField(null=True, blank=True)
    vacation_days_used = models.PositiveSmallIntegerField(default=0)
    vacation_year = models.PositiveSmallIntegerField(default=0)
    # Every page and mail for this player is worded in this language and timed in this zone.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, default="en")
    time_zone = models.CharField(max_length=64, default="UTC")
    # The answer rules set for the player's seat as each of their games starts (the trade
    # book's "rules" move: gifts, keep, growing, otherwise, plant); None: no rules.
    answer_rules = models.JSONField(null=True, blank=True, default=None)
    reminders = models.CharField(max_length=20, choices=Reminders, default=Reminders.HALF_TENTH)
    # Quiet hours, in the player's zone (may wrap midnight): calls to move and reminders
    # written then wait for their end. None: no quiet hours.
    quiet_from = models.TimeField(null=True, blank=True)
    quiet_until = models.TimeField(null=True, blank=True)
    # Where each kind of call goes, for the kinds the player changed: {group: [channel, ...]}
    # (`calls.routing`); a seat's own `calls` win for its game.
    calls = models.JSONField(default=dict, blank=True)
    # A program plays this account through the bot API (botapi/): its name is marked as a
    # bot's wherever it appears, and its games are rated in the bots' pools.
    is_bot = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("display_name"), name="one_player_per_display_name")
        ]

    def __str__(self) -> str:
        return self.display_name

    @staticmethod
    def default_name(user) -> str:
        """The name a profile starts with where sign-up gave none (an account an operator
        made): its user name, never any part of its address, which is the player's alone."""
        return (user.get_username() or "player")[:40]

    @staticmethod
    def of(user) -> "Profile | None":
        """The user's profile, or None for a user who has none yet."""
        try:
            return user.profile
        except Profile.DoesNotExist:
            return None


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    name = models.CharField(max_length=80)
    # The name as words worded for each reader (a league game's: its league, season, division
    # and number), or none: `name` as its creator typed it. `title` is what a page shows.
    name_words = models.JSONField(null=True, blank=True)
    edition = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    players = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    is_open = models.BooleanField(default=True, help_text="Anyone may join, not only invitees.")
    invite_token = models.CharField(max_length=32, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    # The seed stays secret until the game ends; its hash is public from the start.
    seed = models.CharField(max_length=64)
    seed_hash = models.CharField(max_length=64)
    state = models.JSONField(null=True, blank=True)
    seq = models.PositiveIntegerField(default=0)
    # Time control: a bank per player (start, increment per move, cap) and the trading window.
    time_control = models.CharField(max_length=12, default="daily")
    bank_start = models.DurationField(null=True, blank=True)
    bank_increment = models.DurationField(null=True, blank=True)
    bank_cap = models.DurationField(null=True, blank=True)
    trading_window = models.DurationField(null=True, blank=True)
    timeouts_before_bot = models.PositiveSmallIntegerField(default=3)
    vacation_allowed = models.BooleanField(default=True)
    # The most days of vacation a seat's deadlines wait for in this game (a league's rule);
    # none: as many as the player's yearly allowance gives.
    vacation_days_cap = models.PositiveSmallIntegerField(null=True, blank=True)
    # Made from a game record someone brought (services/imports): a finished game to look back
    # at, played elsewhere, so no rating or league ever counts it.
    imported = models.BooleanField(default=False)
    # Its players agreed to play it unrated (an unrated tournament's): no rating counts it.
    rated = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        # Not on updated_at, which every move changes: with no indexed column changed, a move
        # rewrites the row on its page (a HOT update), which pruning cleans up without a vacuum.
        indexes = [models.Index(fields=["status"], name="games_game_status_idx")]

    def __str__(self) -> str:
        return self.name

    @property
    def title(self) -> str:
        """The game's name in the language of whoever reads it."""
        return worded(self.name_words) if self.name_words else self.name

    @classmethod
    def touch(cls, ids) -> None:
        """Mark games changed without a move (a chat line, a seat back from a bot, deadlines
        moved): their pages, kept by version, are rendered anew."""
        ids = list(ids)
        cls.objects.filter(pk__in=ids).update(updated_at=timezone.now())
        live.changed(ids)


class Seat(models.Model):
    """A place at the table: a user's, or a bot's (user null, `bot` set)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    # Position in the engine (0 = start player); null until the game starts and seats are drawn.
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )
    bot = models.CharField(max_length=16, blank=True)
    # What the seat's bot remembers between its moves (offers made this turn, its random
    # generator): a bot made afresh each move would repeat a declined offer forever.
    bot_memory = models.JSONField(default=dict, blank=True)
    name = models.CharField(max_length=40)
    joined_at = models.DateTimeField(auto_now_add=True)
    # Time bank left, and consecutive timeouts (a bot stands in after too many).
    bank = models.DurationField(null=True, blank=True)
    timeouts = models.PositiveSmallIntegerField(default=0)
    # The turn of the last counted timeout: an absent player's turn counts once, however many
    # of its steps (planting, trading, planting traded beans) run out.
    last_timeout_turn = models.PositiveIntegerField(null=True, blank=True)
    bot_standing_in = models.BooleanField(default=False)
    # Days the seat's deadlines waited for its player's vacations (held to the game's cap), and
    # of those, the days granted by the vacation running now (given back by an early return).
    vacation_days_taken = models.PositiveSmallIntegerField(default=0)
    vacation_days_running = models.PositiveSmallIntegerField(default=0)
    # The player left the running game: a bot plays the seat to the end, which ranks it last.
    resigned_at = models.DateTimeField(null=True, blank=True)
    muted = models.BooleanField(default=False)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    # The last call to move mailed to the player: one goes out while the player is away, and
    # another only after they came back (a move, a look).
    mailed_at = models.DateTimeField(null=True, blank=True)
    # For a player who plays by replying to mail: the step the last mail with their board
    # showed (engine.call_key); a call goes out whenever the game waits on them at another.
    mailed_step = models.CharField(max_length=200, blank=True, default="")
    # A reply of the player's was played and left the game waiting on others only: its answer
    # is the next mail about the game to them, which says so (`calls.outbox.answer_folded`).
    reply_unanswered = models.BooleanField(default=False)
    # The hour of the player's day (in their zone) by which their next trading window, or the one
    # running, ends at the latest: set with their turn plan, over once that window is.
    trading_ends_at_time = models.TimeField(null=True, blank=True)
    # Where each kind of call about this game goes, for the kinds its player set for this game
    # alone: {group: [channel, ...]} (`calls.routing`), before their `Profile.calls`.
    calls = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_seat_per_position"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="one_seat_per_user",
            ),
        ]
        ordering = ["position", "joined_at"]

    def __str__(self) -> str:
        return self.name

    def back_since(self, sent_at) -> bool:
        """Whether a mail sent at `sent_at` may be followed by another: nothing was sent, or
        the player has looked at the game since. (A move of theirs clears `sent_at`.)"""
        return sent_at is None or (self.last_seen_at is not None and self.last_seen_at > sent_at)

    @staticmethod
    def of_user(seats: Iterable["Seat"], user) -> "Seat | None":
        """The seat `user` holds among `seats`; None for a visitor who holds none of them, or
        who has not signed in (no seat is looked at then)."""
        if user is None or not user.is_authenticated:
            return None
        return next((seat for seat in seats if seat.user_id == user.pk), None)

    @property
    def plays_by_mail(self) -> bool:
        """The player plays by replying to mail: their mails carry the board, and nothing but
        a mail tells them what the game asks (load the seat with its user's profile)."""
        profile = Profile.of(self.user) if self.user_id else None
        return profile is not None and profile.mail == Profile.Mail.BOARD

    @property
    def plays_by_program(self) -> bool:
        """A bot account's seat: a program plays it through the bot API, answering what the
        game asks of it (load the seat with its user's profile)."""
        profile = Profile.of(self.user) if self.user_id else None
        return profile is not None and profile.is_bot

    @property
    def plays_as_bot(self) -> bool:
        """A bot's seat, or a player's seat a bot has taken over: after too many timeouts, or
        for good after the player resigned."""
        return bool(self.bot) or self.bot_standing_in or self.resigned_at is not None


class Move(models.Model):
    """One entry of the move log. Never updated or deleted.

    seq 0 is the setup (edition, seat names, options); each later row is one action applied by
    the engine. `actor` says who made it: a player, a bot, or the system (timeouts)."""

    class Actor(models.TextChoices):
        PLAYER = "player"
        BOT = "bot"
        SYSTEM = "system"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.PROTECT)
    actor = models.CharField(max_length=8, choices=Actor, default=Actor.PLAYER)
    kind = models.CharField(max_length=20)
    payload = models.JSONField()
    # The events the move caused, as the engine gave them (public data and secrets per seat);
    # pages show each viewer only what Event.for_seat allows.
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_move_per_seq")]
        ordering = ["seq"]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} {self.kind}"


class Snapshot(models.Model):
    """The full state at the start of each turn, for the history viewer."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    turn = models.PositiveIntegerField()
    state = models.JSONField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_snapshot_per_seq")]
        ordering = ["seq"]

    def __str__(self) -> str:
        return f"{self.game_id} snapshot at #{self.seq}"


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return self.text[:40]


class Heartbeat(models.Model):
    """When a periodic task last ran (the deadlines' sweep): a beat or worker that stopped
    shows as a time growing old (`selectors/health.py`)."""

    SWEEP = "deadlines_sweep"

    name = models.CharField(max_length=40, primary_key=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.at}"


class Deadline(models.Model):
    """A seat must act before `due_at`, or the system moves for it. Written with the move that
    made it due. A row is open while the game waits for its seat in its way: each move closes
    the rows of the seats it no longer waits for (and the mover's own bank row) in its
    transaction, with the game row locked, so an open row is never stale, and a row carried
    across other seats' moves is not written again."""

    class Kind(models.TextChoices):
        MOVE = "move"
        TRADING = "trading"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deadlines")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE)
    kind = models.CharField(max_length=8, choices=Kind)
    # When the seat's clock started: a deadline carried across other seats' moves keeps it.
    started_at = models.DateTimeField(default=timezone.now)
    due_at = models.DateTimeField()
    # The move after which the wait began.
    started_seq = models.PositiveIntegerField()
    # The steps of the player's reminder ladder passed in this wait (reminded, or passed
    # while the page was open, or skipped because a later step was due already).
    rungs_passed = models.PositiveSmallIntegerField(default=0)
    done = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["done", "due_at"])]

    def __str__(self) -> str:
        return f"{self.kind} deadline of {self.seat_id} at {self.due_at}"


class Outbox(models.Model):
    """A mail to send, written in the move's transaction; the unique key makes sending
    idempotent."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True)
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=24)
    context = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # Waits for the recipient's daily digest instead of going out on its own.
    digest = models.BooleanField(default=False)
    # Set with sent_at when the row was dealt with but no mail went out, and why.
    skipped = models.CharField(max_length=40, blank=True)
    # Held until the end of the recipient's quiet hours: the beat's flush sends it then.
    send_after = models.DateTimeField(null=True, blank=True)
    # The step of a reminder ladder (a wait may have several reminders).
    rung = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "seq", "kind", "rung"],
                name="one_mail_per_move_kind_and_rung",
            )
        ]
        indexes = [models.Index(fields=["sent_at"])]

    def __str__(self) -> str:
        return f"{self.kind} mail to {self.user_id} for {self.game_id}#{self.seq}"


class Webhook(models.Model):
    """An address a player's calls to move are posted to besides mail (Discord's, Slack's, or
    any other, sent signed JSON): one a player, with a secret of its own."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhook"
    )
    url = models.URLField(max_length=500)
    # Signs each body sent to the address (calls/webhooks); shown to its player once.
    secret = models.CharField(max_length=64)
    active = models.BooleanField(default=True)
    # Deliveries that failed for good, in a row: so many turn the webhook off.
    failures = models.PositiveSmallIntegerField(default=0)
    turned_off_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"webhook of {self.user_id}"


class Delivery(models.Model):
    """One outbox row sent by a channel besides mail: written with the row, so it is sent once,
    and tried again with back-off while the channel fails (`calls/deliveries.py`)."""

    outbox = models.ForeignKey(Outbox, on_delete=models.CASCADE)
    attempts = models.PositiveSmallIntegerField(default=0)
    # When the next attempt is due (the first goes out when the row's transaction commits, or
    # when the player's quiet hours end).
    next_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)
    # Given up: the address refused it, or every attempt failed.
    failed_at = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=200, blank=True)

    class Meta:
        abstract = True
        indexes = [models.Index(fields=["sent_at", "failed_at", "next_at"])]


class WebhookDelivery(Delivery):
    """One outbox row posted to one webhook."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")

    class Meta(Delivery.Meta):
        constraints = [
            models.UniqueConstraint(fields=["webhook", "outbox"], name="one_delivery_per_row")
        ]

    def __str__(self) -> str:
        return f"delivery of {self.outbox_id} to {self.webhook_id}"


class PushSubscription(models.Model):
    """One browser or phone of a player that takes Web Push: where its push service takes the
    messages for it, and the keys they are encrypted with (the browser's own, given when it
    subscribed)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=800, unique=True)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=50)
    # The browser and system it was turned on in ("Firefox on Android"), to tell devices apart.
    device = models.CharField(max_length=60, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"push to {self.user_id} ({self.device})"


class PushDelivery(Delivery):
    """One outbox row pushed to one device."""

    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, related_name="deliveries"
    )

    class Meta(Delivery.Meta):
        constraints = [
            models.UniqueConstraint(fields=["subscription", "outbox"], name="one_push_per_row")
        ]

    def __str__(self) -> str:
        return f"push of {self.outbox_id} to {self.subscription_id}"
