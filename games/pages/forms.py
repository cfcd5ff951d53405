"""Forms and the parsing of posted moves: whatever arrives, the result is a move or a message."""

import json
import re
from datetime import time

from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.calls import channels, routing
from games.clocks import timecontrol
from games.engine import BEANS, EDITIONS
from games.engine.book.move_words import OBVIOUS
from games.engine.book.part import BEST
from games.engine.typed_numbers import small_number
from games.mail import compose
from games.refusals import ServiceError
from games.services.imports import RECORD_MAX_BYTES
from games.services.profiles import NAME_MAX, display_name_checked
from games.wording import locales


def edition_choices() -> list[tuple[str, str]]:
    return [(key, _(edition.name)) for key, edition in EDITIONS.items()]


# Every edition's options as one checkbox each; only the chosen edition's are used.
OPTION_FIELDS = {
    f"option_{option.key}": (edition, option)
    for edition in EDITIONS.values()
    for option in edition.options
}
BEAN_KEYS = [bean.key for bean in BEANS]
# The fields a form may post as numbers, one each; an expansion's moves add theirs.
NUMBER_FIELDS = ["card", "field", "offer", "to", "keep"]
# Words a field may hold instead of a number, by field (a card drawn blind, say).
FIELD_WORDS: dict[str, set[str]] = {"harvest": {BEST}}
# The trade book's forms: boxes by the kind of move they are posted with (a box left unticked is
# not posted at all, so it is false), and fields holding a word (the engine checks which).
FLAG_FIELDS = {"rules": ("gifts", "growing", "away", "plant"), "plan": ("kept", "every")}
WORD_FIELDS = ("otherwise", "faceup", "hand", "trading")
# The moves that receive cards, each posting the field they go to as `receive_field`: a standing
# offer for the beans it asks, an accepted or taken offer for those it gives (`receive_bean`).
RECEIVING = ("stand", "accept", "take")
# A plan plants the front card of the hand and the next: each posted as `<which>_card` with its
# field, `plant_<which>` (left empty, it plants nothing; `OBVIOUS`, where it obviously goes).
# The field it harvests when a card fits none is posted as `harvest` (a field, or "best").
PLAN_CARDS = ("front", "next")
# The hour the plan form posts for the end of the player's trading, as a time input sends it.
HOUR = re.compile(r"([01]\d|2[0-3]):([0-5]\d)")


def accept_fields(*names: str, words: dict[str, str] | None = None) -> None:
    """Let forms post these number fields, and these words in place of a field's number."""
    NUMBER_FIELDS.extend(name for name in names if name not in NUMBER_FIELDS)
    for name, word in (words or {}).items():
        FIELD_WORDS.setdefault(name, set()).add(word)


class GameCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80, required=False, help_text=_("Optional."))
    # Radio buttons, as the time controls: an edition's whole name wraps on a phone, where a
    # select cut it. The page asks for the chosen edition's options alone (create.html).
    edition = forms.ChoiceField(
        label=_("Edition"),
        choices=edition_choices,
        initial="amigo-classic",
        widget=forms.RadioSelect,
    )
    players = forms.TypedChoiceField(
        label=_("Players"), choices=[(n, str(n)) for n in range(2, 8)], coerce=int, initial=3
    )
    # Radio buttons: each preset's whole description wraps on a phone, where a select cut it.
    time_control = forms.ChoiceField(
        label=_("Time to move"),
        choices=timecontrol.choices,
        initial=timecontrol.DEFAULT_PRESET,
        widget=forms.RadioSelect,
    )
    is_open = forms.TypedChoiceField(
        label=_("Who may join"),
        choices=[("1", _("Anyone (listed in the lobby)")), ("0", _("Only people with the link"))],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, (edition, option) in OPTION_FIELDS.items():
            self.fields[name] = forms.BooleanField(
                required=False, label=_(option.label), help_text=_option_help(edition, option)
            )

    def clean(self):
        data = super().clean()
        edition = EDITIONS.get(data.get("edition", ""))
        players = data.get("players")
        if edition and players and not edition.min_players <= players <= edition.max_players:
            self.add_error(
                "players",
                ngettext(
                    "{edition} is played by {least} to {most} player.",
                    "{edition} is played by {least} to {most} players.",
                    edition.max_players,
                ).format(
                    edition=_(edition.name), least=edition.min_players, most=edition.max_players
                ),
            )
        if edition:
            data["options"] = {
                option.key: data.get(f"option_{option.key}", False) for option in edition.options
            }
            for option in edition.unused_options(players or 0, data["options"]):
                self.add_error(
                    f"option_{option.key}",
                    _("Only for games of {counts} players.").format(counts=_counts(option)),
                )
        return data

    def option_fields(self, edition: str | None = None):
        """Every edition's options, or only those of `edition` (the page asks for them when its
        edition is chosen; without a script it shows them all, each naming its edition)."""
        return [
            self[name]
            for name, (owner, _option) in OPTION_FIELDS.items()
            if edition in (None, owner.key)
        ]


def _counts(option) -> str:
    """'3', '3 or 5'."""
    return _(" or ").join(str(n) for n in option.players)


def _option_help(edition, option) -> str:
    if option.players:
        return _("{edition} only, {counts} players.").format(
            edition=_(edition.name), counts=_counts(option)
        )
    return _("{edition} only.").format(edition=_(edition.name))


def _checked_name(name: str, user=None) -> str:
    try:
        return display_name_checked(name, user=user)
    except ServiceError as refusal:
        raise forms.ValidationError(refusal.message) from None


class SignupForm(AllauthSignupForm):
    """allauth's, with the name the player shows at the table, and the address no longer than
    the user table keeps: a longer one passed the form and was stored cut short, as an address
    nobody has."""

    EMAIL_MAX = 254
    display_name = forms.CharField(
        label=_("Your name at the table"),
        max_length=NAME_MAX,
        help_text=_("What other players see. You can change it later."),
    )
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES, required=False)
    # Filled in by the page's script with the browser's zone; UTC when it is not.
    time_zone = forms.CharField(required=False, widget=forms.HiddenInput)
    field_order = ["email", "display_name", "language", "password1", "password2"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The language the site is shown in now: the browser's Accept-Language.
        self.fields["language"].initial = translation.get_language()
        email = self.fields["email"]
        email.max_length = self.EMAIL_MAX
        email.validators.append(MaxLengthValidator(self.EMAIL_MAX))
        email.widget.attrs["maxlength"] = str(self.EMAIL_MAX)
        self.fields["display_name"].widget.attrs["autocomplete"] = "nickname"

    def clean_display_name(self) -> str:
        return _checked_name(self.cleaned_data["display_name"])

    def clean_language(self) -> str:
        return self.cleaned_data["language"] or translation.get_language()

    def clean_time_zone(self) -> str:
        return locales.zone_or_none(self.cleaned_data["time_zone"]) or "UTC"


class LocaleForm(forms.Form):
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    time_zone = forms.ChoiceField(label=_("Time zone"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in locales.zone_names()]


class NameForm(forms.Form):
    display_name = forms.CharField(label=_("Your name at the table"), max_length=NAME_MAX)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_display_name(self) -> str:
        return _checked_name(self.cleaned_data["display_name"], self.user)


class ChatForm(forms.Form):
    text = forms.CharField(max_length=500, strip=True)


class InviteMailForm(forms.Form):
    # Room for the addresses the service accepts at once; anything longer is junk.
    addresses = forms.CharField(
        widget=forms.Textarea,
        max_length=4000,
        error_messages={"required": _("Type at least one e-mail address.")},
    )

    def clean_addresses(self) -> list[str]:
        """Split at commas, semicolons and white space; the service judges each address."""
        return [text for text in re.split(r"[\s,;]+", self.cleaned_data["addresses"]) if text]


class RecordForm(forms.Form):
    """A game record to check: its file, or its text pasted."""

    record = forms.FileField(required=False, label=_("The record's file (.json)"))
    text = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 6}), label=_("Or its text")
    )

    def clean(self):
        data = super().clean()
        upload = data.get("record")
        if upload is not None:
            if upload.size > RECORD_MAX_BYTES:
                raise forms.ValidationError(_("That file is far too large for a game record."))
            try:
                data["text"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise forms.ValidationError(
                    _("This file is not a game record: it is not text.")
                ) from None
        if not data.get("text", "").strip():
            raise forms.ValidationError(_("Choose a record's file, or paste its text."))
        return data


class BadMove(ValueError):
    """A posted move that could not even be read; the message says what was wrong."""


def parse_move(request) -> tuple[dict, int]:
    """The action and expected_seq from a JSON body or from form fields.

    Form fields come either as `action` (the move as JSON, what the buttons post) or as the
    move's own fields (what the offer and accept forms and the expansions' forms post):
    `kind`, the number fields (`card`, `field`, `offer`, `to`, `keep` and those an expansion
    accepts, each a number or one of the words its field accepts), `give`, `ask_faceup` and
    `cards` (repeated, in order), and `ask_<bean>` counts (with `for_one`, "seat:bean", the
    offer's quick button: to that seat, for one more of that bean); and the trade book's: its
    boxes and words (`FLAG_FIELDS`, `WORD_FIELDS`), the field the cards a move receives go to
    (`receive_field`, with the beans an accepted or taken offer gives as `receive_bean`) and a
    plan's cards to plant with their fields (`PLAN_CARDS`).
    """
    if request.content_type == "application/json":
        body = _json(request.body)
        if not isinstance(body, dict):
            raise BadMove(_("The body must be an object with 'action' and 'expected_seq'."))
        action, seq = body.get("action"), body.get("expected_seq")
    else:
        post = request.POST
        seq = post.get("expected_seq")
        action = _form_action(post) if "action" not in post else _json(post["action"])
    if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
        raise BadMove(_("The move needs an object with a 'kind'."))
    return action, _seq(seq)


def trading_hour(request) -> time | None:
    """The hour of their day a player's plan form gives for the end of their trading ("18:00"),
    None when it gives none (or the plan comes as JSON, which has no place for it)."""
    text = request.POST.get("trading_ends_at", "").strip()
    if not text:
        return None
    found = HOUR.fullmatch(text)
    if found is None:
        raise BadMove(_("Give the hour trading ends as HH:MM, from 00:00 to 23:59."))
    return time(int(found[1]), int(found[2]))


def _json(text: str | bytes):
    try:
        return json.loads(text)
    # RecursionError: arrays nested thousands deep.
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadMove(_("The move is not valid JSON.")) from None


def _seq(value) -> int:
    if type(value) is int and value >= 0:
        return value
    seq = small_number(value) if isinstance(value, str) else None
    if seq is None:
        raise BadMove(_("The move needs the number of the board it was made on (expected_seq)."))
    return seq


def _number(value: str, name: str) -> int | str:
    if value in FIELD_WORDS.get(name, ()):
        return value
    number = small_number(value)
    if number is None:
        raise BadMove(_("{name!r} must be a whole number.").format(name=name))
    return number


def _form_action(post) -> dict:
    action: dict = {"kind": post.get("kind", "")}
    for name in NUMBER_FIELDS:
        if name in post:
            action[name] = _number(post[name], name)
    for name in ("give", "ask_faceup", "cards"):
        if name in post:
            action[name] = [_number(value, name) for value in post.getlist(name)]
    ask = {}
    for key in BEAN_KEYS:
        value = post.get(f"ask_{key}", "").strip()
        if value and value != "0":
            ask[key] = _number(value, f"ask_{key}")
    if "for_one" in post:
        # An offer's quick button: to a player, for one more of a bean growing in their fields.
        seat, _colon, bean = post["for_one"].partition(":")
        if bean not in BEAN_KEYS:
            raise BadMove(_("'for_one' must name a seat and a bean, as in 2:chili."))
        action["to"] = _number(seat, "to")
        ask[bean] = ask.get(bean, 0) + 1
    kind = action["kind"]
    if ask or kind in ("offer", "stand"):
        action["ask"] = ask
    for name in FLAG_FIELDS.get(kind, ()):
        action[name] = name in post
    for name in WORD_FIELDS:
        if name in post:
            action[name] = post[name]
    receive = post.get("receive_field", "")
    if kind in RECEIVING and receive:
        field = _number(receive, "receive_field")
        beans = ask if kind == "stand" else post.getlist("receive_bean")
        action["fields"] = dict.fromkeys(beans, field)
    if kind == "plan":
        action.update(_plan_planting(post))
    return action


def _plan_planting(post) -> dict:
    """A plan form's planting: the front cards and their fields, or how many of them go where
    they obviously go, and the field harvested when one fits none."""
    chosen = {which: post.get(f"plant_{which}", "") for which in PLAN_CARDS}
    harvest = post.get("harvest", "")
    planting: dict = {"harvest": _number(harvest, "harvest") if harvest else None}
    if chosen["front"] == OBVIOUS:
        planting["obvious"] = 2 if chosen["next"] == OBVIOUS else 1
        planting["plant"] = []
        return planting
    if chosen["next"] == OBVIOUS:
        raise BadMove(
            _("Only a front card that goes where it obviously goes lets the next follow.")
        )
    planting["plant"] = [
        [_number(post.get(f"{which}_card", ""), f"{which}_card"), _number(field, f"plant_{which}")]
        for which, field in chosen.items()
        if field
    ]
    return planting


CHANNEL_LABELS = {channel.name: channel.label for channel in channels.ALL}
GROUP_LABELS = {
    routing.MOVE: _("Your move"),
    routing.TRADE: _("Trades"),
    routing.REMINDER: _("Reminders"),
    routing.END: _("A game's end"),
    routing.LEAGUE: _("League news"),
    routing.EVENT: _("Tournaments"),
}
GROUP_HELP = {
    routing.MOVE: _("The game waits for your move: your turn, or a step only you can take."),
    routing.TRADE: _(
        "An offer made to you, your offers accepted or declined, and beans a trade gave you "
        "to plant."
    ),
    routing.REMINDER: _("Your time for a move runs short, or ran out and a bot took your seat."),
    routing.END: _("A game is over: the result."),
    routing.LEAGUE: _("A season is over: your table and where you play next."),
    routing.EVENT: _(
        "Your table of a tournament's round is ready, a round is over, the event is over."
    ),
}
# The subjects each kind of call is sent with (games.mail.compose), as examples.
_EXAMPLES = {
    routing.MOVE: (("your_turn", {}),),
    routing.TRADE: (("offer", {"maker": "Alice"}), ("offer_accepted", {"taker": "Bob"})),
    routing.REMINDER: (("reminder", {}), ("bot_standing_in", {})),
    routing.END: (("game_over", {}),),
}


def call_examples(group: str) -> list[str]:
    """What calls of the group say, in the reader's language: their subjects for an example
    game."""
    if group == routing.LEAGUE:
        return [str(_("Season 3 of the Tuesday league is over"))]
    if group == routing.EVENT:
        return [str(_("Your table of round 2 of the Winter Swiss is ready"))]
    game = str(_("Friday beans"))
    return [
        translation.gettext(compose.SUBJECTS[kind]).format(game=game, **extra)
        for kind, extra in _EXAMPLES[group]
    ]


class CallsForm(forms.Form):
    """Where each kind of call goes: a box per kind and channel (`calls.routing`). A kind
    refused (mail and the digest both) is said beside its row."""

    def __init__(self, *args, groups=routing.GROUPS, **kwargs):
        super().__init__(*args, **kwargs)
        self.groups = groups
        unknown = _("Choose from the table: mail, push, webhook or the daily digest for each kind.")
        for group in groups:
            self.fields[f"calls-{group}"] = forms.MultipleChoiceField(
                choices=list(CHANNEL_LABELS.items()),
                required=False,
                label=GROUP_LABELS[group],
                error_messages={"invalid_choice": unknown},
            )

    def clean(self):
        data = super().clean()
        for group in self.groups:
            chosen = data.get(f"calls-{group}")
            if chosen and routing.refused({group: chosen}, [group]) == routing.MAIL_AND_DIGEST:
                self.add_error(
                    f"calls-{group}",
                    _("Choose mail or the daily digest for a kind of call, not both."),
                )
        return data

    def calls(self) -> dict:
        return {group: self.cleaned_data[f"calls-{group}"] for group in self.groups}

    def chosen(self, saved: dict) -> dict:
        """What the table shows ticked: what was posted, when the page comes back refused, so
        that no edit is lost; else what is saved (`saved`)."""
        if not self.is_bound:
            return saved
        return {group: self.data.getlist(f"calls-{group}") for group in self.groups}

    def matrix(self, chosen: dict) -> list[dict]:
        """The table's rows: each kind with its words and what to fix in it, and a box per
        channel, ticked as `chosen` says, labelled for a screen reader."""
        return [
            {
                "group": group,
                "label": GROUP_LABELS[group],
                "help": GROUP_HELP[group],
                "examples": call_examples(group),
                "errors": self.errors.get(f"calls-{group}", []),
                "cells": [
                    {
                        "channel": channel,
                        "checked": channel in chosen[group],
                        "label": translation.gettext("{kind} by {channel}").format(
                            kind=GROUP_LABELS[group], channel=label
                        ),
                    }
                    for channel, label in CHANNEL_LABELS.items()
                ],
            }
            for group in self.groups
        ]
