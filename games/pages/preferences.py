"""The preferences page: one form, saved by one Save, holding the name others see, the language
and zone, where calls go and what a mail carries, reminders and quiet hours, the answer rules
set for the player's seat as each game starts, the webhook, push on each device, and vacations.
A refusal shows the page again with every edit kept, saying what to fix beside its box."""

import re

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.validators import MaxValueValidator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from games.calls import channels, routing
from games.calls.vapid import public_key as vapid_public_key
from games.clocks import timecontrol
from games.engine.book.moves import MAX_KEEP
from games.engine.book.part import ASK, DECLINE
from games.models import Profile
from games.pages.forms import CHANNEL_LABELS, CallsForm, LocaleForm, NameForm
from games.refusals import ServiceError, ValueRefused
from games.selectors.profiles import profile_of, push_devices_of, running_seats, seat_of, webhook_of
from games.services.preferences import PushOn, Saved, preferences_save
from games.services.profiles import RULE_KEYS, seat_calls_save
from games.wording import locales

MAIL_REFUSED = gettext_lazy("Choose what your mails carry from the list.")


class MailForm(CallsForm):
    """Where each kind of call goes, what a mail carries, and the games muted."""

    mail = forms.ChoiceField(
        choices=Profile.Mail.choices,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": MAIL_REFUSED, "required": MAIL_REFUSED},
    )
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


# Said wherever a number of cards to keep back is not one.
KEEP_REFUSED = gettext_lazy(
    "Keep back a whole number of cards from 0 to {most}, and say how to answer the rest."
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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        refused = KEEP_REFUSED.format(most=MAX_KEEP)
        for code in ("required", "invalid", "min_value", "max_value"):
            self.fields["keep"].error_messages[code] = refused

    def rules(self) -> dict | None:
        """The rules as the trade book's "rules" move reads them, or None when not used."""
        data = self.cleaned_data
        return {key: data[key] for key in RULE_KEYS} if data["use"] else None


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


class PreferencesForm(NameForm, LocaleForm, MailForm, RemindersForm, RulesForm):
    """The whole page: each section's form, and the webhook, push and vacation, in one. Their
    fields keep their names, so a section's form reads them as it would alone."""

    webhook_url = forms.CharField(
        max_length=500,
        required=False,
        label=gettext_lazy("Webhook address"),
        help_text=gettext_lazy("Empty it to remove the webhook."),
    )
    webhook_on = forms.BooleanField(required=False, label=gettext_lazy("Turn the webhook on again"))
    # Filled in by the page's script with this browser's push subscription (push.js).
    endpoint = forms.URLField(max_length=800, required=False, widget=forms.HiddenInput)
    p256dh = forms.CharField(max_length=100, required=False, widget=forms.HiddenInput)
    auth = forms.CharField(max_length=50, required=False, widget=forms.HiddenInput)
    push_off = forms.TypedMultipleChoiceField(
        coerce=int, required=False, widget=forms.CheckboxSelectMultiple
    )
    away_days = forms.IntegerField(
        required=False, min_value=1, label=gettext_lazy("Go away for this many days")
    )
    back = forms.BooleanField(required=False, label=gettext_lazy("I'm back"))

    # The fields each section shows, in order (the calls table and push are drawn apart).
    SECTIONS = {
        "name": ("display_name",),
        "locale": ("language", "time_zone"),
        "reminders": ("reminders", "quiet_from", "quiet_until"),
        "rules": ("use", "gifts", "keep", "growing", "otherwise", "plant"),
        "webhook": ("webhook_url", "webhook_on"),
        "vacation": ("away_days", "back"),
    }

    def __init__(self, *args, user, games, devices, days_left: int, **kwargs):
        super().__init__(*args, user=user, games=games, **kwargs)
        self.fields["push_off"].choices = [(device.id, device.device) for device in devices]
        days = self.fields["away_days"]
        days.widget.attrs["max"] = str(days_left)
        days.validators.append(MaxValueValidator(days_left))
        refused = _("Choose a whole number of days, 1 to {days}.").format(days=days_left)
        for code in ("invalid", "min_value", "max_value"):
            days.error_messages[code] = refused
        if not days_left:
            days.disabled = True
            days.help_text = _("No vacation days are left this year.")

    def sections(self) -> dict:
        return {name: [self[field] for field in fields] for name, fields in self.SECTIONS.items()}

    def saved(self, user_agent: str) -> dict:
        """What the preferences service takes, from what the page posted."""
        data = self.cleaned_data
        given = {name: data[name] for name in ("endpoint", "p256dh", "auth")}
        push_on = PushOn(**given, device=device_name(user_agent)) if given["endpoint"] else None
        return {
            **{name: data[name] for name in ("display_name", "language", "time_zone", "mail")},
            **{name: data[name] for name in ("reminders", "quiet_from", "quiet_until")},
            "calls": self.calls(),
            "muted": data["muted"],
            "answer_rules": self.rules(),
            "webhook_url": data["webhook_url"],
            "webhook_on": data["webhook_on"],
            "push_on": push_on,
            "push_off": data["push_off"],
            "away_days": data["away_days"],
            "back": data["back"],
        }


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


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request):
    profile = profile_of(user=request.user)
    seats = running_seats(user=request.user)
    devices = push_devices_of(user=request.user)
    webhook = webhook_of(user=request.user)
    days_left = timecontrol.vacation_days_left(profile, timezone.now())
    form = PreferencesForm(
        request.POST if request.method == "POST" else None,
        user=request.user,
        games=[seat.game for seat in seats],
        devices=devices,
        days_left=days_left,
        initial=_initial(profile, seats, webhook),
    )
    if form.is_bound and form.is_valid():
        try:
            saved = preferences_save(
                user=request.user, **form.saved(request.headers.get("User-Agent", ""))
            )
        except ValueRefused as refusal:
            form.add_error(refusal.field, refusal.message)
        except ServiceError as refusal:
            form.add_error(None, refusal.message)
        else:
            _said(request, form.cleaned_data, saved)
            return redirect("links:preferences")
    context = _page(request, form, profile, [seat.game for seat in seats], devices, webhook)
    return render(request, "links/preferences.html", {**context, "days_left": days_left})


def _page(request, form: PreferencesForm, profile: Profile, games, devices, webhook) -> dict:
    """The page around its form: the calls table, the webhook and devices, the vacation."""
    now = timezone.now()
    chosen = routing.effective(profile, None, routing.GROUPS, has_device=bool(devices))
    return {
        **_calls_context(form, form.chosen(chosen), profile),
        "form": form,
        "sections": form.sections(),
        "profile": profile,
        "webhook": webhook,
        "device_rows": list(zip(devices, form["push_off"], strict=True)),
        "vapid_public_key": vapid_public_key(),
        # The new secret, shown once: popped from the session it was put in on saving.
        "webhook_secret": request.session.pop(WEBHOOK_SECRET_KEY, ""),
        "away": profile.away_until and profile.away_until > now,
        "allowance": timecontrol.VACATION_DAYS_PER_YEAR,
        # The hour is UTC's; the page shows it in the reader's zone.
        "digest_at": now.replace(hour=settings.MAIL_DIGEST_HOUR, minute=0, second=0),
        "no_vacation_games": [game for game in games if not game.vacation_allowed],
        "capped_vacation_games": [
            game for game in games if game.vacation_allowed and game.vacation_days_cap is not None
        ],
    }


def _initial(profile: Profile, seats, webhook) -> dict:
    """The page's boxes as the player's settings fill them."""
    rules = profile.answer_rules
    return {
        "display_name": profile.display_name,
        "language": profile.language,
        "time_zone": profile.time_zone,
        "mail": profile.mail,
        "muted": [seat.game_id for seat in seats if seat.muted],
        "reminders": profile.reminders,
        "quiet_from": profile.quiet_from,
        "quiet_until": profile.quiet_until,
        **({**rules, "use": True} if rules else {}),
        "webhook_url": webhook.url if webhook else "",
    }


def _said(request, data: dict, saved: Saved) -> None:
    """The page's words after a save, in the language just chosen; the session takes the
    language, zone and name the next pages are written in."""
    language, zone = data["language"], data["time_zone"]
    request.session[locales.SESSION_KEY] = [language, zone]
    request.session[locales.NAME_KEY] = data["display_name"]
    translation.activate(language)
    said = [_("Your preferences are saved.")]
    if saved.renamed:
        said.append(
            _(
                "You are {name} in the games you join from now on; games already started keep "
                "the name you had."
            ).format(name=data["display_name"])
        )
    if saved.secret:
        request.session[WEBHOOK_SECRET_KEY] = saved.secret
    said += [WEBHOOK_SAID[saved.webhook]] if saved.webhook else []
    said += [_("Push is on for this browser: your calls come here too.")] if saved.push_on else []
    said += [_("Push is off for that device.")] if saved.push_off else []
    if saved.back is not None:
        said.append(_back(saved.back))
    if saved.away:
        said.append(
            ngettext(
                "Enjoy your {n} day away: your deadlines are stretched by as much.",
                "Enjoy your {n} days away: your deadlines are stretched by as much.",
                saved.away,
            ).format(n=saved.away)
        )
    for words in said:
        messages.success(request, words)


WEBHOOK_SAID = {
    "saved": gettext_lazy("Your webhook is saved: your calls go there too."),
    "removed": gettext_lazy("Your webhook is removed."),
    "on": gettext_lazy("Your webhook is on again."),
}


def _back(days: int) -> str:
    if not days:
        return _("Welcome back: your vacation has ended.")
    return ngettext(
        "Welcome back: your vacation has ended, and {n} unused day went back to your allowance.",
        "Welcome back: your vacation has ended, and {n} unused days went back to your allowance.",
        days,
    ).format(n=days)


WEBHOOK_SECRET_KEY = "webhook_secret"


@login_required
@require_http_methods(["GET", "POST"])
def game_calls(request, game_id: int):
    """Where the calls about one game go, for the player's seat in it. A refusal shows the
    table again as it was posted, saying what to fix beside its row."""
    seat = seat_of(user=request.user, game_id=game_id)
    if seat is None:
        raise Http404
    form = CallsForm(request.POST if request.method == "POST" else None, groups=routing.GAME_GROUPS)
    following = "follow" in request.POST
    if form.is_bound and (following or form.is_valid()):
        try:
            seat_calls_save(
                user=request.user, game_id=game_id, calls=None if following else form.calls()
            )
        except ServiceError as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, _("Where this game's calls go is saved."))
            return redirect("links:game_calls", game_id)
    profile = profile_of(user=request.user)
    has_device = bool(push_devices_of(user=request.user))
    chosen = routing.effective(profile, seat, routing.GAME_GROUPS, has_device=has_device)
    context = {
        **_calls_context(form, form.chosen(chosen), profile),
        "form": form,
        "game": seat.game,
        "own": bool(seat.calls),
        "muted": seat.muted,
    }
    return render(request, "links/game_calls.html", context)
