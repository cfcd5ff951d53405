"""The POST of a one-click link from a mail: the action, carried out as the link's user
through the ordinary services."""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from games import engine
from games.mail import links
from games.refusals import ServiceError
from games.selectors.link_previews import accept_move, link_preview

from .moves import move_submit
from .seats import RECLAIMED, seat_mute, seat_reclaim

# The moves of the links an expansion adds, by action: each gives the move and what the player
# reads once it is made. Filled when the app is ready.
LINK_MOVES: dict[str, Callable[[], tuple[dict, str]]] = {}


def add_link_move(action: str, move: Callable[[], tuple[dict, str]]) -> None:
    LINK_MOVES[action] = move


@dataclass(frozen=True, slots=True)
class Outcome:
    ok: bool
    message: str
    redirect_to: str


def link_act(*, link: links.Link) -> Outcome:
    preview = link_preview(link=link)
    game = preview.game
    back = links.game_path(game.id)
    if link.action == "open":
        return Outcome(True, "", back)
    user = get_user_model().objects.get(pk=link.user_id)
    if link.action == "mute":
        seat_mute(game_id=game.id, user=user)
        return Outcome(True, _("No more mail about {game}.").format(game=game.title), back)
    if preview.problem:
        return Outcome(False, preview.problem, back)
    try:
        if link.action == "reclaim":
            seat_reclaim(game_id=game.id, user=user)
            return Outcome(True, str(RECLAIMED), back)
        action, done = _move(game, preview.seat.position, link)
        move_submit(game_id=game.id, user=user, action=action, expected_seq=game.seq)
    except (ServiceError, engine.IllegalMove) as error:
        return Outcome(False, getattr(error, "message", str(error)), back)
    return Outcome(True, done, back)


def _move(game, position: int, link: links.Link) -> tuple[dict, str]:
    """The move the link stands for, and what the player reads once it is made."""
    if link.action == "accept":
        legal = engine.legal_actions(engine.from_dict(game.state), position)
        action = accept_move(legal, link.offer)
        return action, _("You accepted the offer. Plant your new beans after trading ends.")
    if link.action in LINK_MOVES:
        return LINK_MOVES[link.action]()
    if link.action == "usual":
        return {"kind": "usual"}, _(
            "The game plays your obvious moves from now on: change or drop them in the trade "
            "book on the game page."
        )
    if link.action == "decline":
        return {"kind": "decline", "offer": link.offer}, _("You declined the offer.")
    return {"kind": "end_trading"}, _("You ended trading.")
