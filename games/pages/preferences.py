"""The preferences page: the mails a player gets, their language and zone, the name others
see, and vacations."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from games import selectors, services
from games.basics.refusals import ServiceError
from games.clocks import timecontrol
from games.models import Profile
from games.pages.forms import LocaleForm, NameForm
from games.readers import locales


class MailForm(forms.Form):
    mail = forms.ChoiceField(choices=Profile.Mail.choices, widget=forms.RadioSelect)
    muted = forms.TypedMultipleChoiceField(
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Muted games"),
    )

    def __init__(self, *args, games=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["muted"].choices = [(game.id, game.title) for game in games]


class VacationForm(forms.Form):
    days = forms.IntegerField(min_value=1, max_value=timecontrol.VACATION_DAYS_PER_YEAR)


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request):
    profile = selectors.profile_of(user=request.user)
    seats = selectors.running_seats(user=request.user)
    games = [seat.game for seat in seats]
    muted = [seat.game_id for seat in seats if seat.muted]
    form = MailForm(
        request.POST or None, games=games, initial={"mail": profile.mail, "muted": muted}
    )
    if request.method == "POST" and form.is_valid():
        services.preferences_save(
            user=request.user, mail=form.cleaned_data["mail"], muted=form.cleaned_data["muted"]
        )
        messages.success(request, _("Your mail preferences are saved."))
        return redirect("links:preferences")
    now = timezone.now()
    context = {
        "form": form,
        "name_form": NameForm(initial={"display_name": profile.display_name}, user=request.user),
        "vacation_form": VacationForm(),
        "locale_form": LocaleForm(
            initial={"language": profile.language, "time_zone": profile.time_zone}
        ),
        "profile": profile,
        "away": profile.away_until and profile.away_until > now,
        "days_left": timecontrol.vacation_days_left(profile, now),
        "allowance": timecontrol.VACATION_DAYS_PER_YEAR,
        # The hour is UTC's; the page shows it in the reader's zone.
        "digest_at": now.replace(hour=settings.MAIL_DIGEST_HOUR, minute=0, second=0),
        "no_vacation_games": [game for game in games if not game.vacation_allowed],
        "capped_vacation_games": [
            game for game in games if game.vacation_allowed and game.vacation_days_cap is not None
        ],
    }
    return render(request, "links/preferences.html", context)


@login_required
@require_POST
def locale(request):
    form = LocaleForm(request.POST)
    if form.is_valid():
        language, zone = form.cleaned_data["language"], form.cleaned_data["time_zone"]
        services.locale_save(user=request.user, language=language, time_zone=zone)
        request.session[locales.SESSION_KEY] = [language, zone]
        translation.activate(language)
        messages.success(request, _("Your language and time zone are saved."))
    else:
        messages.error(request, _("Choose a language and a time zone from the lists."))
    return redirect("links:preferences")


@login_required
@require_POST
def display_name(request):
    form = NameForm(request.POST, user=request.user)
    if not form.is_valid():
        messages.error(request, " ".join(form.errors["display_name"]))
        return redirect("links:preferences")
    try:
        profile = services.profile_rename(
            user=request.user, display_name=form.cleaned_data["display_name"]
        )
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request,
            _(
                "You are {name} in the games you join from now on; games already started keep "
                "the name you had."
            ).format(name=profile.display_name),
        )
    return redirect("links:preferences")


@login_required
@require_POST
def vacation(request):
    if "end" in request.POST:
        back = services.vacation_end(user=request.user)
        messages.success(
            request,
            ngettext(
                "Welcome back: your vacation has ended, and {n} unused day went back to your "
                "allowance.",
                "Welcome back: your vacation has ended, and {n} unused days went back to your "
                "allowance.",
                back,
            ).format(n=back)
            if back
            else _("Welcome back: your vacation has ended."),
        )
        return redirect("links:preferences")
    form = VacationForm(request.POST)
    if not form.is_valid():
        messages.error(
            request,
            _("Choose a whole number of days, 1 to {days}.").format(
                days=timecontrol.VACATION_DAYS_PER_YEAR
            ),
        )
        return redirect("links:preferences")
    granted = services.vacation_start(user=request.user, days=form.cleaned_data["days"])
    if granted:
        messages.success(
            request,
            ngettext(
                "Enjoy your {n} day away: your deadlines are stretched by as much.",
                "Enjoy your {n} days away: your deadlines are stretched by as much.",
                granted,
            ).format(n=granted),
        )
    else:
        messages.error(request, _("No vacation days are left this year."))
    return redirect("links:preferences")
