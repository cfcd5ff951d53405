"""Bohnaparte's web side: the map and its forms on the game page (board), the mails of its
camps and battles (mail), and the defender's one-click blind card (defence)."""

from datetime import timedelta

from django.utils.translation import gettext_noop

from games.calls import outbox
from games.mail import compose, links
from games.pages import forms
from games.selectors import link_previews, parts
from games.services import link_actions

from . import board, mail
from .defence import defend_move, defend_preview


def install() -> None:
    parts.add_board_part(
        parts.BoardPart("bohnaparte", board.bohnaparte_board, "games/bohnaparte.html")
    )
    # A battle card may be the blind top of the deck instead of a card of one's own.
    forms.accept_fields("land", "mine", "cavalry", words={"card": "deck"})
    outbox.add_event_mail("attacked", mail.attacked, calls=("attacked",))
    outbox.add_event_mail("cavalry_beaten", mail.second_round, calls=("second_round",))
    for event_kind in ("game_started", "camp_chosen"):
        outbox.add_event_mail(event_kind, mail.choose_camp, calls=("choose_camp",))
    compose.add_mail_kind(
        "attacked", gettext_noop("{attacker} attacks your {land} in {game}"), mail.attack_links
    )
    compose.add_mail_kind(
        "second_round",
        gettext_noop("Your cavalry was beaten in {game}: choose a card for the second round"),
    )
    compose.add_mail_kind("choose_camp", gettext_noop("Choose your camp in {game}"))
    # The defender's blind card; the page offers the others.
    links.add_link_kind("defend_deck", timedelta(days=3))
    link_previews.add_link_preview("defend_deck", defend_preview)
    link_actions.add_link_move("defend_deck", defend_move)
