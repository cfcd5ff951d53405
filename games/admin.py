from django.contrib import admin

from games.models import ChatMessage, Deadline, Game, Move, Outbox, Profile, Seat, Snapshot


class HidesSecretsUntilTheEnd(admin.ModelAdmin):
    """Fields that hold hands, the deck or the seed are left out until the game is finished:
    staff may hold a seat too."""

    secret_fields: tuple[str, ...] = ()

    def get_fields(self, request, obj=None):
        fields = super().get_fields(request, obj)
        game = obj if isinstance(obj, Game) else getattr(obj, "game", None)
        if obj is None or (game is not None and game.status == Game.Status.FINISHED):
            return fields
        return [field for field in fields if field not in self.secret_fields]


class ReadOnlyAdmin(HidesSecretsUntilTheEnd):
    """The move log and its snapshots are the game's history: looked at, never edited."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "name", "user", "bot", "bot_standing_in", "timeouts", "bank")
    raw_id_fields = ("user",)


@admin.register(Game)
class GameAdmin(HidesSecretsUntilTheEnd):
    list_display = ("id", "name", "edition", "players", "status", "seq", "updated_at")
    list_filter = ("status", "edition")
    search_fields = ("name",)
    raw_id_fields = ("created_by",)
    # The cache is written only by move_submit; editing it here would break the replay check.
    readonly_fields = ("state", "seq", "seed", "seed_hash", "invite_token")
    secret_fields = ("state", "seed")
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "seat", "actor", "kind", "created_at")
    list_filter = ("actor", "kind")
    list_select_related = ("game", "seat")
    secret_fields = ("payload", "events")


@admin.register(Snapshot)
class SnapshotAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "turn")
    list_select_related = ("game",)
    secret_fields = ("state",)


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("display_name", "user", "mail", "away_until")
    search_fields = ("display_name", "user__email")
    raw_id_fields = ("user",)


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("game", "seat", "text", "created_at")
    list_select_related = ("game", "seat")


@admin.register(Deadline)
class DeadlineAdmin(admin.ModelAdmin):
    list_display = ("game", "seat", "kind", "due_at", "started_seq", "done")
    list_filter = ("kind", "done")


@admin.register(Outbox)
class OutboxAdmin(HidesSecretsUntilTheEnd):
    list_display = ("user", "game", "seq", "kind", "created_at", "sent_at")
    list_filter = ("kind",)
    raw_id_fields = ("user",)
    secret_fields = ("context",)  # a mail's context: its reader's own cards
