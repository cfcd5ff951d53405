from django import forms
from django.utils.translation import gettext_lazy as _

from games.clocks import timecontrol
from games.pages.forms import edition_choices


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    # Radio buttons here and for the time control: on a phone a select cut their long names.
    edition = forms.ChoiceField(
        label=_("Edition"),
        choices=edition_choices,
        initial="amigo-classic",
        widget=forms.RadioSelect,
    )
    players = forms.IntegerField(label=_("Players at each table"), min_value=2, max_value=7)
    group_size = forms.IntegerField(
        label=_("Players in each group"),
        min_value=2,
        max_value=14,
        help_text=_("From one to two tables: everyone in a group meets everyone."),
    )
    time_control = forms.ChoiceField(
        label=_("Time control"),
        choices=timecontrol.choices,
        initial=timecontrol.DEFAULT_PRESET,
        widget=forms.RadioSelect,
    )
    vacation_days = forms.IntegerField(
        label=_("Vacation days a league game allows"), min_value=0, max_value=30, initial=7
    )
    promoted = forms.IntegerField(
        label=_("Players promoted and relegated per group"), min_value=0, max_value=7, initial=2
    )
    allow_bots = forms.BooleanField(
        label=_("Bot accounts may sign up (programs playing through the bot API)"),
        required=False,
    )
    is_public = forms.BooleanField(
        label=_("Public (staff only): listed for everyone"), required=False
    )
