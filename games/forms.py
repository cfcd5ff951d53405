"""Forms and the parsing of posted moves: whatever arrives, the result is a move or a message."""

import json
import re

from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.core.validators import MaxLengthValidator

from . import timecontrol
from .engine import BEANS, EDITIONS

EDITION_CHOICES = [(key, edition.name) for key, edition in EDITIONS.items()]
# Every edition's options as one checkbox each; only the chosen edition's are used.
OPTION_FIELDS = {
    f"option_{option.key}": (edition, option)
    for edition in EDITIONS.values()
    for option in edition.options
}
BEAN_KEYS = [bean.key for bean in BEANS]
# Posted numbers are ids, counts and sequence numbers: anything longer is junk.
MAX_DIGITS = 9


class GameCreateForm(forms.Form):
    name = forms.CharField(max_length=80, required=False, help_text="Optional.")
    edition = forms.ChoiceField(choices=EDITION_CHOICES, initial="amigo-classic")
    players = forms.TypedChoiceField(
        choices=[(n, str(n)) for n in range(2, 8)], coerce=int, initial=3
    )
    time_control = forms.ChoiceField(
        label="Time to move",
        choices=timecontrol.CHOICES,
        initial=timecontrol.DEFAULT_PRESET,
    )
    is_open = forms.TypedChoiceField(
        label="Who may join",
        choices=[("1", "Anyone (listed in the lobby)"), ("0", "Only people with the link")],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, (edition, option) in OPTION_FIELDS.items():
            self.fields[name] = forms.BooleanField(
                required=False, label=option.label, help_text=f"{edition.name} only."
            )

    def clean(self):
        data = super().clean()
        edition = EDITIONS.get(data.get("edition", ""))
        players = data.get("players")
        if edition and players and not edition.min_players <= players <= edition.max_players:
            self.add_error(
                "players",
                f"{edition.name} is played by {edition.min_players} to "
                f"{edition.max_players} players.",
            )
        if edition:
            data["options"] = {
                option.key: data.get(f"option_{option.key}", False) for option in edition.options
            }
        return data

    def option_fields(self):
        return [self[name] for name in OPTION_FIELDS]


class SignupForm(AllauthSignupForm):
    """allauth's, with the address no longer than the user table keeps: a longer one passed
    the form and was stored cut short, as an address nobody has."""

    EMAIL_MAX = 254

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        email = self.fields["email"]
        email.max_length = self.EMAIL_MAX
        email.validators.append(MaxLengthValidator(self.EMAIL_MAX))
        email.widget.attrs["maxlength"] = str(self.EMAIL_MAX)


class ChatForm(forms.Form):
    text = forms.CharField(max_length=500, strip=True)


class InviteMailForm(forms.Form):
    # Room for the addresses the service accepts at once; anything longer is junk.
    addresses = forms.CharField(
        widget=forms.Textarea,
        max_length=4000,
        error_messages={"required": "Type at least one e-mail address."},
    )

    def clean_addresses(self) -> list[str]:
        """Split at commas, semicolons and white space; the service judges each address."""
        return [text for text in re.split(r"[\s,;]+", self.cleaned_data["addresses"]) if text]


def small_number(text: str) -> int | None:
    """A whole number of at most MAX_DIGITS ASCII digits, else None: "²" and "٣" are digits to
    str.isdigit but not numbers to int(), and a number of thousands of digits is refused by
    int() (and is junk here anyway)."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    return None


class BadMove(ValueError):
    """A posted move that could not even be read; the message says what was wrong."""


def parse_move(request) -> tuple[dict, int]:
    """The action and expected_seq from a JSON body or from form fields.

    Form fields come either as `action` (the move as JSON, what the buttons post) or as the
    move's own fields (what the offer and accept forms post): `kind`, `card`, `field`,
    `offer`, `to`, `give` and `ask_faceup` (repeated), and `ask_<bean>` counts.
    """
    if request.content_type == "application/json":
        body = _json(request.body)
        if not isinstance(body, dict):
            raise BadMove("The body must be an object with 'action' and 'expected_seq'.")
        action, seq = body.get("action"), body.get("expected_seq")
    else:
        post = request.POST
        seq = post.get("expected_seq")
        action = _form_action(post) if "action" not in post else _json(post["action"])
    if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
        raise BadMove("The move needs an object with a 'kind'.")
    return action, _seq(seq)


def _json(text: str | bytes):
    try:
        return json.loads(text)
    # RecursionError: arrays nested thousands deep.
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadMove("The move is not valid JSON.") from None


def _seq(value) -> int:
    if type(value) is int and value >= 0:
        return value
    seq = small_number(value) if isinstance(value, str) else None
    if seq is None:
        raise BadMove("The move needs the number of the board it was made on (expected_seq).")
    return seq


def _number(value: str, name: str) -> int:
    number = small_number(value)
    if number is None:
        raise BadMove(f"{name!r} must be a whole number.")
    return number


def _form_action(post) -> dict:
    action: dict = {"kind": post.get("kind", "")}
    for name in ("card", "field", "offer", "to"):
        if name in post:
            action[name] = _number(post[name], name)
    for name in ("give", "ask_faceup"):
        if name in post:
            action[name] = [_number(value, name) for value in post.getlist(name)]
    ask = {}
    for key in BEAN_KEYS:
        value = post.get(f"ask_{key}", "").strip()
        if value and value != "0":
            ask[key] = _number(value, f"ask_{key}")
    if ask or action["kind"] == "offer":
        action["ask"] = ask
    return action
