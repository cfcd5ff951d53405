"""A player's own settings as their preferences page shows them."""

from django.contrib.auth import get_user_model

from games.models import Game, Profile, PushSubscription, Seat, Webhook
from games.wording import locales


def profile_of(*, user) -> Profile:
    """The user's profile, or the one they would get (unsaved) if they have none yet."""
    profile = Profile.objects.filter(user=user).first()
    return profile or Profile(user=user, display_name=Profile.default_name(user))


def running_seats(*, user) -> list[Seat]:
    """The user's seats in running games, with their games: what can be muted."""
    return list(
        Seat.objects.filter(user=user, game__status=Game.Status.RUNNING).select_related("game")
    )


def locale_of(*, user_id) -> tuple[str, str]:
    """The language and time zone the player chose (English and UTC before they have a
    profile)."""
    chosen = Profile.objects.filter(user_id=user_id).values_list("language", "time_zone").first()
    language, zone = chosen or ("", "")
    return locales.language_or_default(language), locales.zone_or_none(zone) or "UTC"


def user_id_of(*, email: str) -> int | None:
    """The id of the player with this address, if one has it."""
    return get_user_model().objects.filter(email__iexact=email).values_list("pk", flat=True).first()


def name_of(*, user_id) -> str:
    """The name the player shows at the table ("" before they have a profile)."""
    return (
        Profile.objects.filter(user_id=user_id).values_list("display_name", flat=True).first() or ""
    )


def webhook_of(*, user) -> Webhook | None:
    return Webhook.objects.filter(user=user).first()


def push_devices_of(*, user) -> list[PushSubscription]:
    return list(PushSubscription.objects.filter(user=user).order_by("created_at"))


def seat_of(*, user, game_id: int) -> Seat | None:
    """The user's seat in a game, with the game: where its calls go can be chosen."""
    return Seat.objects.filter(user=user, game_id=game_id).select_related("game").first()
