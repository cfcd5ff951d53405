from django import forms
from django.utils.translation import gettext_lazy as _

from games.clocks import timecontrol
from games.pages.forms import edition_choices
from tournaments.models import Tournament


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    format = forms.ChoiceField(
        label=_("Format"),
        choices=Tournament.Format.choices,
        initial=Tournament.Format.SWISS,
        widget=forms.RadioSelect,
    )
    # Radio buttons here and for the time control: on a phone a select cut their long names.
    edition = forms.ChoiceField(
        label=_("Edition"),
        choices=edition_choices,
        initial="amigo-classic",
        widget=forms.RadioSelect,
    )
    table_size = forms.IntegerField(
        label=_("Players at each table"),
        min_value=2,
        max_value=5,
        initial=4,
        help_text=_("From 3 to 5, or 2 for the Bean Duel."),
    )
    time_control = forms.ChoiceField(
        label=_("Time control"),
        choices=timecontrol.choices,
        initial=timecontrol.DEFAULT_PRESET,
        widget=forms.RadioSelect,
    )
    rounds = forms.IntegerField(
        label=_("Rounds (Swiss)"), min_value=1, max_value=15, initial=3, required=False
    )
    through = forms.IntegerField(
        label=_("Players of each table who go through (knockout)"),
        min_value=1,
        max_value=4,
        initial=1,
        required=False,
    )
    through_by = forms.ChoiceField(
        label=_("Who goes through (knockout)"),
        choices=Tournament.Through.choices,
        initial=Tournament.Through.TABLE,
        widget=forms.RadioSelect,
    )
    limit = forms.IntegerField(label=_("Most players"), min_value=2, max_value=2000, initial=32)
    starts_at = forms.DateTimeField(
        label=_("Sign-up closes and round 1 starts"),
        input_formats=["%Y-%m-%dT%H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("In your time zone. Check-in opens a day before."),
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)

    def clean(self):
        data = super().clean()
        data["rounds"] = data.get("rounds") or 1
        data["through"] = data.get("through") or 1
        return data
