"""The API page: a player turns the account into a bot account and manages its tokens; and a
player's answer to a challenge a program made them (shown on their home page)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from botapi import selectors, services, tokens
from games.engine.typed_numbers import small_number
from games.refusals import ServiceError
from games.selectors.profiles import profile_of


@login_required
@require_http_methods(["GET", "POST"])
def api_page(request):
    """GET shows the page; POST turns the bot account on or off, creates a token (shown in the
    answer this once, never kept) or revokes one."""
    new_token, status = "", 200
    post = request.POST
    try:
        if "is_bot" in post:
            services.bot_account_set(user=request.user, is_bot=post["is_bot"] == "1")
            return redirect("botapi:page")
        if "create" in post:
            _created, new_token = services.token_create(
                user=request.user, name=post.get("name", ""), scopes=post.getlist("scopes")
            )
        elif "revoke" in post:
            services.token_revoke(user=request.user, token_id=small_number(post["revoke"]))
            messages.success(request, _("The token is revoked: it opens nothing any more."))
            return redirect("botapi:page")
    except ServiceError as error:
        messages.error(request, error.message)
        status = error.status_code
    context = {
        "profile": profile_of(user=request.user),
        "tokens": selectors.tokens_of(user=request.user),
        "scopes": tokens.SCOPES,
        "new_token": new_token,
    }
    return render(request, "botapi/api.html", context, status=status)


@login_required
@require_POST
def challenge_answer(request, challenge_id: int, answer: str):
    """A player takes the seat a challenge keeps for them (on to the game), or says no."""
    try:
        if answer == "accept":
            seat = services.challenge_accept(user=request.user, challenge_id=challenge_id)
            return redirect("games:game", seat.game_id)
        services.challenge_decline(user=request.user, challenge_id=challenge_id)
        messages.success(request, _("You said no to the challenge."))
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect("games:home")
