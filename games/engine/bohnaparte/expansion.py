"""Bohnaparte registers itself: its part of the state, its phases and moves, what it adds to
the reveal and the draw, its score and tie-break, its wording."""

from ..ending import register_count, register_tie_break
from ..events import register_wordings
from ..expansions import Expansion, register
from ..language import gettext_noop
from ..prompts import WORDINGS
from ..state import State
from . import attacks as _attacks  # noqa: F401  (registers the attacks)
from . import moves as _moves  # noqa: F401  (registers the other moves)
from .board import all_lands, all_points, count_of_kind
from .checks import cards, violations
from .guide import GUIDE
from .lands import FARM, KEY, VILLAGE
from .listing import MOVE_KINDS
from .maps import MAPS, map_key
from .view import seat_view
from .wording import EVENTS, PROMPTS


def new_part(state: State) -> dict:
    options = state.options
    chosen = map_key(state.players, options.get("cavalry", False), options.get("grid", False))
    n = state.players
    return {
        "map": chosen,
        "owners": [None] * len(MAPS[chosen].kinds),
        "camps": [None] * n,
        "fortresses": [],
        "emptied": [],
        "depots": [None] * n,
        "merchants": [None] * n,
        "tapped": [],
        "monastery_draws": 0,
        "battle": None,
        "drawn": [],
    }


register(
    Expansion(
        KEY,
        new_part=new_part,
        # A farm turns up one more card in phase 2, a village draws one more in phase 5.
        extra_reveal=lambda state, seat: count_of_kind(state, seat, FARM),
        extra_draw=lambda state, seat: count_of_kind(state, seat, VILLAGE),
        moves=MOVE_KINDS,
        cards=cards,
        violations=violations,
        view=seat_view,
        guide=GUIDE,
    )
)
register_count("points", all_points, gettext_noop("victory points"))
register_tie_break("lands", gettext_noop("the tied player holding the most lands wins"), all_lands)
register_wordings(EVENTS)
WORDINGS.update(PROMPTS)
