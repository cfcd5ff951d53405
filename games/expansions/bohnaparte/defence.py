"""The defender's one-click link: its card drawn blind from the deck, while the attack waits."""

from django.utils.translation import gettext as _

from games import engine
from games.models import Game, Seat
from games.selectors.link_previews import Preview


def defend_preview(game: Game, seat: Seat, state, legal: list[dict], problem: str) -> Preview:
    fight = next((action for action in legal if action["kind"] == "battle_card"), None)
    if not problem and (fight is None or not fight["deck"]):
        problem = _("This attack no longer waits for your card from the deck.")
    details = [engine.prompt(state, seat.position).text] if fight else []
    return Preview(
        game,
        seat,
        _("Defend with the top of the deck"),
        _("Defend in %(game)s with the top card of the deck, drawn blind?") % {"game": game.title},
        _("Defend with the top of the deck"),
        details,
        problem,
    )


def defend_move() -> tuple[dict, str]:
    return {"kind": "battle_card", "card": "deck"}, _(
        "You defend with the top card of the deck; the battle is fought once both cards are in."
    )
