from django.contrib import admin

from games.models import ChatMessage, Deadline, Game, Move, Outbox, Profile, Seat, Snapshot


class ReadOnlyAdmin(admin.ModelAdmin):
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
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "edition", "players", "status", "seq", "updated_at")
    list_filter = ("status", "edition")
    search_fields = ("name",)
    raw_id_fields = ("created_by",)
    # The cache is written only by move_submit; editing it here would break the replay check.
    readonly_fields = ("state", "seq", "seed", "seed_hash", "invite_token")
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "seat", "actor", "kind", "created_at")
    list_filter = ("actor", "kind")
    list_select_related = ("game", "seat")


@admin.register(Snapshot)
class SnapshotAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "turn")
    list_select_related = ("game",)


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
    list_display = ("game", "seat", "kind", "due_at", "expected_seq", "done")
    list_filter = ("kind", "done")


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "seq", "kind", "created_at", "sent_at")
    list_filter = ("kind",)
    raw_id_fields = ("user",)
