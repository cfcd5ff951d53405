"""The one-click links in mails: a link's GET only shows what it would do; its POST acts
(mail scanners open links)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from games.mail import links
from games.selectors.link_previews import link_preview
from games.services.link_actions import link_act


@require_http_methods(["GET", "POST"])
def link_confirm(request, token: str):
    try:
        link = links.read_token(token)
        preview = link_preview(link=link)
    except links.LinkExpired as expired:
        context = {"game_path": links.game_path(expired.link.game_id)}
        return render(request, "links/expired.html", context, status=410)
    except links.LinkInvalid:
        return render(request, "links/invalid.html", status=400)
    if request.user.is_authenticated and request.user.pk != link.user_id:
        return render(request, "links/wrong_user.html", {"preview": preview}, status=403)
    if request.method == "GET":
        return render(request, "links/confirm.html", {"preview": preview, "link": link})
    outcome = link_act(link=link)
    if outcome.ok and (link.action == "open" or request.user.is_authenticated):
        if outcome.message:
            messages.success(request, outcome.message)
        return redirect(outcome.redirect_to)
    context = {"preview": preview, "outcome": outcome}
    return render(request, "links/done.html", context, status=200 if outcome.ok else 409)
