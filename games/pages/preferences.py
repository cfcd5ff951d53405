"""The preferences page: the mails a player gets, their reminders and quiet hours, their
webhook and devices with push, their language and zone, the name others see, vacations, and
the answer rules set for their seat as each game starts."""

import re

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from games.calls import channels, push, routing
from games.calls.vapid import public_key as vapid_public_key
from games.calls.webhooks import webhook_remove, webhook_save, webhook_turn_on
from games.clocks import timecontrol
from games.engine.book.moves import MAX_KEEP
from games.engine.book.part import ASK, DECLINE
from games.models import Profile
from games.pages.forms import CHANNEL_LABELS, CallsForm, LocaleForm, NameForm
from games.refusals import ServiceError
from games.selectors.profiles import profile_of, push_devices_of, running_seats, seat_of, webhook_of
from games.services.profiles import (
    RULE_KEYS,
    answer_rules_save,
    locale_save,
    preferences_save,
    profile_rename,
    reminders_save,
    seat_calls_save,
)
from games.services.vacations import vacation_end, vacation_start
from games.wording import locales


class MailForm(CallsForm):
    """Where each kind of call goes, what a mail carries, and the games muted."""

    mail = forms.ChoiceField(choices=Profile.Mail.choices, widget=forms.RadioSelect)
    muted = forms.TypedMultipleChoiceField(
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Muted games"),
    )

    def __init__(self, *args, games=(), **kwargs):
        super().__init__(*args, groups=routing.GROUPS, **kwargs)
        self.fields["muted"].choices = [(game.id, game.title) for game in games]


def _calls_context(form: CallsForm, chosen: dict, profile: Profile) -> dict:
    """The table of where calls go, and the warning when nothing calls the player to move, or,
    for a player who plays by replying, when their move or trades come by no mail (a board)."""
    by_reply = profile.mail == Profile.Mail.BOARD
    return {
        "calls_matrix": form.matrix(chosen),
        "channels": list(CHANNEL_LABELS.items()),
        "move_nowhere": not chosen[routing.MOVE],
        "board_unmailed": by_reply
        and any(channels.MAIL not in chosen[group] for group in (routing.MOVE, routing.TRADE)),
    }


def _calls_refused(request) -> None:
    messages.error(
        request,
        _(
            "Choose what your mails carry from the list, and where each kind of call goes from "
            "the table."
        ),
    )


class RulesForm(forms.Form):
    """The answer rules set for the player's seat as each of their games starts."""

    use = forms.BooleanField(
        required=False, label=gettext_lazy("Answer offers by these rules in my new games")
    )
    gifts = forms.BooleanField(required=False, label=gettext_lazy("Accept gifts that fit a field"))
    keep = forms.IntegerField(
        min_value=0,
        max_value=MAX_KEEP,
        initial=0,
        label=gettext_lazy("Decline offers that cost one of my first cards, this many"),
    )
    growing = forms.BooleanField(
        required=False,
        label=gettext_lazy("Accept offers of a bean I grow, when all of it fits a field"),
    )
    otherwise = forms.ChoiceField(
        choices=[(ASK, gettext_lazy("Ask me")), (DECLINE, gettext_lazy("Decline them"))],
        initial=ASK,
        widget=forms.RadioSelect,
        label=gettext_lazy("Offers no rule decides"),
    )
    plant = forms.BooleanField(
        required=False, label=gettext_lazy("Plant the cards I receive in the obvious field")
    )

    def rules(self) -> dict | None:
        """The rules as the trade book's "rules" move reads them, or None when not used."""
        data = self.cleaned_data
        return {key: data[key] for key in RULE_KEYS} if data["use"] else None


class WebhookForm(forms.Form):
    url = forms.CharField(max_length=500, label=gettext_lazy("Webhook address"))


class PushForm(forms.Form):
    """A browser's push subscription, as its push service gave it."""

    endpoint = forms.URLField(max_length=800)
    p256dh = forms.CharField(max_length=100)
    auth = forms.CharField(max_length=50)


# (pattern in a User-Agent, name): the first that matches names the browser, and the system.
BROWSERS = (
    (r"Edg/", "Edge"),
    (r"OPR/|Opera", "Opera"),
    (r"SamsungBrowser", "Samsung Internet"),
    (r"Firefox/|FxiOS", "Firefox"),
    (r"Chrome/|CriOS|Chromium", "Chrome"),
    (r"Safari/", "Safari"),
)
SYSTEMS = (
    (r"Android", "Android"),
    (r"iPhone|iPad|iPod", "iOS"),
    (r"Windows", "Windows"),
    (r"Mac OS X|Macintosh", "macOS"),
    (r"CrOS", "ChromeOS"),
    (r"Linux", "Linux"),
)


def device_name(user_agent: str) -> str:
    """A device's short name for its player's list: "Firefox on Android"."""

    def first(table):
        return next((name for pattern, name in table if re.search(pattern, user_agent)), "")

    browser, system = first(BROWSERS), first(SYSTEMS)
    if browser and system:
        return _("{browser} on {system}").format(browser=browser, system=system)
    return browser or system or _("A browser")


class RemindersForm(forms.Form):
    """When a deadline's reminders go out, and the hours of the player's day without calls."""

    reminders = forms.ChoiceField(
        choices=Profile.Reminders.choices,
        widget=forms.RadioSelect,
        label=gettext_lazy("Reminders before a deadline"),
    )
    quiet_from = forms.TimeField(
        required=False,
        widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
        label=gettext_lazy("Quiet from"),
    )
    quiet_until = forms.TimeField(
        required=False,
        widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
        label=gettext_lazy("Quiet until"),
    )


class VacationForm(forms.Form):
    days = forms.IntegerField(min_value=1, max_value=timecontrol.VACATION_DAYS_PER_YEAR)


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request):
    profile = profile_of(user=request.user)
    seats = running_seats(user=request.user)
    games = [seat.game for seat in seats]
    muted = [seat.game_id for seat in seats if seat.muted]
    form = MailForm(
        request.POST or None, games=games, initial={"mail": profile.mail, "muted": muted}
    )
    if request.method == "POST":
        if not form.is_valid():
            _calls_refused(request)
            return redirect("links:preferences")
        try:
            preferences_save(
                user=request.user,
                mail=form.cleaned_data["mail"],
                calls=form.calls(),
                muted=form.cleaned_data["muted"],
            )
        except ServiceError as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("Your mail preferences are saved."))
        return redirect("links:preferences")
    now = timezone.now()
    push_devices = push_devices_of(user=request.user)
    chosen = routing.effective(profile, None, routing.GROUPS, has_device=bool(push_devices))
    context = {
        **_calls_context(form, chosen, profile),
        "form": form,
        "name_form": NameForm(initial={"display_name": profile.display_name}, user=request.user),
        "vacation_form": VacationForm(),
        "locale_form": LocaleForm(
            initial={"language": profile.language, "time_zone": profile.time_zone}
        ),
        "profile": profile,
        "webhook": webhook_of(user=request.user),
        "webhook_form": WebhookForm(),
        "push_devices": push_devices,
        "vapid_public_key": vapid_public_key(),
        # The new secret, shown once: popped from the session it was put in on saving.
        "webhook_secret": request.session.pop(WEBHOOK_SECRET_KEY, ""),
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
    context["reminders_form"] = RemindersForm(
        initial={
            "reminders": profile.reminders,
            "quiet_from": profile.quiet_from,
            "quiet_until": profile.quiet_until,
        }
    )
    rules = profile.answer_rules
    context["rules_form"] = RulesForm(initial={**rules, "use": True} if rules else None)
    return render(request, "links/preferences.html", context)


@login_required
@require_POST
def answer_rules(request):
    form = RulesForm(request.POST)
    if form.is_valid():
        answer_rules_save(user=request.user, rules=form.rules())
        messages.success(
            request, _("Your answer rules are saved for the games that start from now on.")
        )
    else:
        messages.error(
            request,
            _(
                "Keep back a whole number of cards from 0 to {most}, and say how to answer the "
                "rest."
            ).format(most=MAX_KEEP),
        )
    return redirect("links:preferences")


WEBHOOK_SECRET_KEY = "webhook_secret"


@login_required
@require_http_methods(["GET", "POST"])
def game_calls(request, game_id: int):
    """Where the calls about one game go, for the player's seat in it."""
    seat = seat_of(user=request.user, game_id=game_id)
    if seat is None:
        raise Http404
    if request.method == "POST":
        form = CallsForm(request.POST, groups=routing.GAME_GROUPS)
        if "follow" not in request.POST and not form.is_valid():
            _calls_refused(request)
            return redirect("links:game_calls", game_id)
        try:
            calls = None if "follow" in request.POST else form.calls()
            seat_calls_save(user=request.user, game_id=game_id, calls=calls)
        except ServiceError as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("Where this game's calls go is saved."))
        return redirect("links:game_calls", game_id)
    profile = profile_of(user=request.user)
    has_device = bool(push_devices_of(user=request.user))
    chosen = routing.effective(profile, seat, routing.GAME_GROUPS, has_device=has_device)
    context = {
        **_calls_context(CallsForm(groups=routing.GAME_GROUPS), chosen, profile),
        "game": seat.game,
        "own": bool(seat.calls),
        "muted": seat.muted,
    }
    return render(request, "links/game_calls.html", context)


@login_required
@require_POST
def webhook(request):
    if "remove" in request.POST:
        webhook_remove(user=request.user)
        messages.success(request, _("Your webhook is removed."))
        return redirect("links:preferences")
    if "turn_on" in request.POST:
        webhook_turn_on(user=request.user)
        messages.success(request, _("Your webhook is on again."))
        return redirect("links:preferences")
    form = WebhookForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the webhook's address, up to 500 characters."))
        return redirect("links:preferences")
    try:
        saved = webhook_save(user=request.user, url=form.cleaned_data["url"])
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        request.session[WEBHOOK_SECRET_KEY] = saved.secret
        messages.success(request, _("Your webhook is saved: your calls go there too."))
    return redirect("links:preferences")


@login_required
@require_POST
def push_subscribe(request):
    form = PushForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("This browser gave no subscription for push."))
        return redirect("links:preferences")
    try:
        push.push_subscribe(
            user=request.user,
            device=device_name(request.headers.get("User-Agent", "")),
            **form.cleaned_data,
        )
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Push is on for this browser: your calls come here too."))
    return redirect("links:preferences")


@login_required
@require_POST
def push_unsubscribe(request):
    try:
        subscription_id = int(request.POST.get("id", ""))
    except ValueError:
        subscription_id = 0
    if push.push_unsubscribe(user=request.user, subscription_id=subscription_id):
        messages.success(request, _("Push is off for that device."))
    return redirect("links:preferences")


@login_required
@require_POST
def reminders(request):
    form = RemindersForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose reminders from the list, and times as hours:minutes."))
        return redirect("links:preferences")
    try:
        reminders_save(user=request.user, **form.cleaned_data)
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Your reminders and quiet hours are saved."))
    return redirect("links:preferences")


@login_required
@require_POST
def locale(request):
    form = LocaleForm(request.POST)
    if form.is_valid():
        language, zone = form.cleaned_data["language"], form.cleaned_data["time_zone"]
        locale_save(user=request.user, language=language, time_zone=zone)
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
        profile = profile_rename(
            user=request.user, display_name=form.cleaned_data["display_name"]
        )
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        request.session[locales.NAME_KEY] = profile.display_name
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
        back = vacation_end(user=request.user)
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
    granted = vacation_start(user=request.user, days=form.cleaned_data["days"])
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
