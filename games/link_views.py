"""HTTP for the one-click links in mails, and the mail and vacation preferences page.

A link's GET only shows what it would do; its POST acts (mail scanners open links)."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from . import deadlines, links, timecontrol
from .models import Game, Profile, Seat


@require_http_methods(["GET", "POST"])
def link_confirm(request, token: str):
    try:
        link = links.read_token(token)
        preview = links.link_preview(link=link)
    except links.LinkExpired as expired:
        context = {"game_path": links.game_path(expired.link.game_id)}
        return render(request, "links/expired.html", context, status=410)
    except links.LinkInvalid:
        return render(request, "links/invalid.html", status=400)
    if request.user.is_authenticated and request.user.pk != link.user_id:
        return render(request, "links/wrong_user.html", {"preview": preview}, status=403)
    if request.method == "GET":
        return render(request, "links/confirm.html", {"preview": preview, "link": link})
    outcome = links.link_act(link=link)
    if outcome.ok and (link.action == "open" or request.user.is_authenticated):
        if outcome.message:
            messages.success(request, outcome.message)
        return redirect(outcome.redirect_to)
    context = {"preview": preview, "outcome": outcome}
    return render(request, "links/done.html", context, status=200 if outcome.ok else 409)


class MailForm(forms.Form):
    mail = forms.ChoiceField(choices=Profile.Mail.choices, widget=forms.RadioSelect)
    muted = forms.TypedMultipleChoiceField(
        coerce=int, required=False, widget=forms.CheckboxSelectMultiple, label="Muted games"
    )

    def __init__(self, *args, games=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["muted"].choices = [(game.id, game.name) for game in games]


class VacationForm(forms.Form):
    days = forms.IntegerField(min_value=1, max_value=timecontrol.VACATION_DAYS_PER_YEAR)


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request):
    profile = deadlines.profile_for(request.user)
    seats = Seat.objects.filter(user=request.user, game__status=Game.Status.RUNNING)
    games = [seat.game for seat in seats.select_related("game")]
    muted = [seat.game_id for seat in seats if seat.muted]
    form = MailForm(request.POST or None, games=games,
                    initial={"mail": profile.mail, "muted": muted})
    if request.method == "POST" and form.is_valid():
        profile.mail = form.cleaned_data["mail"]
        profile.save(update_fields=["mail"])
        seats.update(muted=False)
        seats.filter(game_id__in=form.cleaned_data["muted"]).update(muted=True)
        messages.success(request, "Your mail preferences are saved.")
        return redirect("links:preferences")
    now = timezone.now()
    context = {
        "form": form,
        "vacation_form": VacationForm(),
        "profile": profile,
        "away": profile.away_until and profile.away_until > now,
        "days_left": deadlines.vacation_days_left(profile, now),
        "allowance": timecontrol.VACATION_DAYS_PER_YEAR,
        "no_vacation_games": [game for game in games if not game.vacation_allowed],
    }
    return render(request, "links/preferences.html", context)


@login_required
@require_POST
def vacation(request):
    if "end" in request.POST:
        back = deadlines.vacation_end(user=request.user)
        messages.success(
            request,
            "Welcome back: your vacation has ended"
            + (f", and {back} unused day{'s' * (back != 1)} went back to your allowance." if back
               else "."),
        )
        return redirect("links:preferences")
    form = VacationForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, f"Choose a whole number of days, 1 to {timecontrol.VACATION_DAYS_PER_YEAR}."
        )
        return redirect("links:preferences")
    granted = deadlines.vacation_start(user=request.user, days=form.cleaned_data["days"])
    if granted:
        messages.success(request, f"Enjoy your {granted} day{'s' * (granted != 1)} away: "
                                  "your deadlines are stretched by as much.")
    else:
        messages.error(request, "No vacation days are left this year.")
    return redirect("links:preferences")
