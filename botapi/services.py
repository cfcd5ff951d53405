"""What a player does with a bot account, and what a token's use writes: each a use case in
one transaction (DESIGN.md), raising the refusals a player or a program reads."""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from botapi import tokens
from botapi.models import ApiToken, Challenge
from games import live
from games.calls import outbox
from games.models import Profile, Seat
from games.refusals import Conflict, GameNotFound, NotAllowed, ServiceError
from games.services.lobby import game_create, seat_join
from games.services.profiles import profile_get_or_create

# Live tokens a bot account may hold at once.
TOKENS_MAX = 10
CHALLENGED = gettext_noop("{by} challenges you to a game")
# A token's last use is written at most this often: a program's every request would be a write.
LAST_USED_EVERY = timedelta(minutes=1)


@transaction.atomic
def bot_account_set(*, user, is_bot: bool) -> Profile:
    """Turn the account into a bot account, or back into a person's. A person's account keeps
    no working tokens: turning it back revokes them."""
    profile = profile_get_or_create(user=user, lock=True)
    profile.is_bot = bool(is_bot)
    profile.save(update_fields=["is_bot"])
    if not profile.is_bot:
        user.api_tokens.filter(revoked_at=None).update(revoked_at=timezone.now())
    return profile


@transaction.atomic
def token_create(*, user, name: str, scopes: list[str]) -> tuple[ApiToken, str]:
    """A new token and the whole token text, which is shown this once and never kept."""
    profile = Profile.objects.select_for_update().filter(user=user).first()
    if profile is None or not profile.is_bot:
        raise NotAllowed(_("Only a bot account has tokens: turn this account into one first."))
    chosen = sorted(set(scopes))
    if not chosen or any(scope not in tokens.SCOPES for scope in chosen):
        raise ServiceError(_("Choose the token's scopes: play, join or both."))
    name = " ".join(str(name).split())[:40]
    if not name:
        raise ServiceError(_("Give the token a name, to tell it from the others."))
    if user.api_tokens.filter(revoked_at=None).count() >= TOKENS_MAX:
        raise NotAllowed(
            ngettext(
                "A bot account holds at most %(count)d token: revoke it first.",
                "A bot account holds at most %(count)d tokens: revoke one first.",
                TOKENS_MAX,
            )
            % {"count": TOKENS_MAX}
        )
    prefix, digest, whole = tokens.token_new()
    token = ApiToken.objects.create(
        user=user, name=name, prefix=prefix, digest=digest, scopes=" ".join(chosen)
    )
    return token, whole


def token_revoke(*, user, token_id: int) -> None:
    revoked = ApiToken.objects.filter(pk=token_id, user=user, revoked_at=None).update(
        revoked_at=timezone.now()
    )
    if not revoked:
        raise ServiceError(_("There is no such token, or it is revoked already."))


def token_used(*, raw: str) -> ApiToken | None:
    """The live token of a bot account that `raw` is, with its user; None for any other text.
    Its last use is noted (once a minute at most)."""
    parts = tokens.token_split(raw)
    if parts is None:
        return None
    prefix, secret = parts
    token = (
        ApiToken.objects.select_related("user__profile")
        .filter(prefix=prefix, revoked_at=None, user__is_active=True, user__profile__is_bot=True)
        .first()
    )
    if token is None or not tokens.matches(secret, token.digest):
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token


@transaction.atomic
def challenge_create(*, user, name: str, **game) -> Challenge:
    """A game by invitation only of `user`'s, with a seat for them, and the account called
    `name` (a person's or a program's) challenged to take another (`game`: game_create's
    edition, players, options and time control). A person finds it on their home page."""
    found = list(
        Profile.objects.filter(display_name__iexact=" ".join(str(name).split()))
        .exclude(user=user)
        .values_list("user_id", flat=True)[:2]
    )
    if len(found) != 1:
        raise ServiceError(
            _("There is no other player called {name!r} to challenge.").format(name=name)
            if not found
            else _("More than one player is called {name!r}.").format(name=name)
        )
    made = game_create(user=user, is_open=False, sits=True, **game)
    challenge = Challenge.objects.create(game=made, challenger=user, challenged_id=found[0])
    challenged = get_user_model().objects.select_related("profile").get(pk=found[0])
    if not challenged.profile.is_bot:  # a program hears of it on its stream
        context = {
            "subject": CHALLENGED,
            "open_url": settings.SITE_URL + reverse("games:home"),
            "by": profile_get_or_create(user=user).display_name,
            "players": made.players,
        }
        outbox.news_write(
            user=challenged, seq=challenge.pk, kind="challenge", context=context, now=timezone.now()
        )
    return challenge


def _pending(*, user, challenge_id: int) -> Challenge:
    challenge = (
        Challenge.objects.select_for_update()
        .select_related("game")
        .filter(pk=challenge_id, challenged=user)
        .first()
    )
    if challenge is None:
        raise GameNotFound(_("No challenge with this number was made to you."))
    if challenge.status != Challenge.Status.PENDING:
        raise Conflict(_("This challenge was answered already."))
    return challenge


@transaction.atomic
def challenge_accept(*, user, challenge_id: int) -> Seat:
    """The challenged takes the seat the challenge keeps for it."""
    challenge = _pending(user=user, challenge_id=challenge_id)
    seat = seat_join(game_id=challenge.game_id, user=user, token=challenge.game.invite_token)
    challenge.status = Challenge.Status.ACCEPTED
    challenge.save(update_fields=["status"])
    return seat


@transaction.atomic
def challenge_decline(*, user, challenge_id: int) -> None:
    """The challenged says no; the game stays its maker's, to cancel or to fill otherwise."""
    challenge = _pending(user=user, challenge_id=challenge_id)
    challenge.status = Challenge.Status.DECLINED
    challenge.save(update_fields=["status"])
    live.lobby_changed()
