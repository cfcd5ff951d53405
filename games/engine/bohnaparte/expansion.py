"""Bohnaparte as one object: its edition and the rules it resolves to, its turn's phases and
moves, its part of the state, what it adds to the reveal and the draw, its words, its score and
tie-break, and what the bots make of it. `games.engine` installs it."""

from collections.abc import Callable
from typing import Final, cast

from ..editions import AMIGO_BEANS, Edition, Option, Rules
from ..errors import SetupError
from ..expansions import Expansion
from ..language import gettext, gettext_noop
from ..move_kinds import MoveKind
from ..phases import Phase
from ..state import State
from . import attacks, bots, moves
from .board import BohnapartePart, all_lands, all_points, count_of_kind
from .checks import cards, violations
from .guide import GUIDE
from .guide import STEPS as STEP_WORDS
from .lands import FARM, KEY, VILLAGE
from .listing import MOVE_KINDS
from .maps import MAPS, map_key
from .phases import STEPS
from .view import seat_view
from .wording import EVENTS, PROMPTS

# The monastery's draw before planting, and the attacks before the draw; with cavalry the draw
# may be swapped with the merchant's cards.
TURN: Final = ("monastery", "plant", "trade", "plant_traded", "attack", "draw")
CAVALRY_TURN: Final = ("monastery", "plant", "trade", "plant_traded", "attack", "merchant_draw")

EDITION: Final = Edition(
    KEY,
    gettext_noop("Bohnaparte (map conquest, Amigo deck)"),
    "seed 003",
    3,
    6,
    (
        Option("cavalry", gettext_noop("Cavalry variant: forests, horse paddocks and merchants")),
        Option("grid", gettext_noop("Square grid map: no attacks across corners")),
        Option("end_at_third_exhaustion", gettext_noop("Shorter game: end at the 3rd exhaustion")),
        Option("end_at_fifth_exhaustion", gettext_noop("Longer game: end at the 5th exhaustion")),
    ),
)
# Its kinds of move by name, listed in the order of `MOVE_KINDS`.
_KINDS: Final = {kind.name: kind for kind in (*moves.KINDS, *attacks.KINDS)}


class Bohnaparte(Expansion):
    key = KEY
    hand_cards_fight = True
    event_wordings = EVENTS
    prompt_wordings = PROMPTS
    turn_steps = STEP_WORDS
    guide = GUIDE

    def editions(self) -> tuple[Edition, ...]:
        return (EDITION,)

    def rules(self, edition: str, players: int, options: dict) -> Rules:
        """RULES.md 6.1: the 104-card Amigo deck, two fields and none to buy, the base game's
        deal, reveal and draw for every player count; the end at the 4th exhaustion unless
        chosen."""
        shorter = options.get("end_at_third_exhaustion", False)
        longer = options.get("end_at_fifth_exhaustion", False)
        if shorter and longer:
            raise SetupError(
                gettext("Choose one end for the game: the 3rd or the 5th exhaustion, not both.")
            )
        return Rules(
            edition=edition,
            players=players,
            beans=AMIGO_BEANS,
            deal=(5,) * players,
            exhaustions_to_end=3 if shorter else 5 if longer else 4,
            tie_break="lands",
            turn=CAVALRY_TURN if options.get("cavalry", False) else TURN,
            expansions=(KEY,),
            opening="choose_camp",
            counts="points",
        )

    def phases(self) -> tuple[Phase, ...]:
        return STEPS

    def kinds(self) -> tuple[MoveKind, ...]:
        return tuple(_KINDS[name] for name in MOVE_KINDS)

    def new_part(self, state: State) -> object:
        options = state.options
        chosen = map_key(state.players, options.get("cavalry", False), options.get("grid", False))
        return BohnapartePart(chosen, len(MAPS[chosen].kinds), state.players)

    def part_to_dict(self, part: object) -> dict:
        return cast(BohnapartePart, part).to_dict()

    def part_from_dict(self, data: dict) -> object:
        return BohnapartePart.from_dict(data)

    def extra_reveal(self, state: State, seat: int) -> int:
        """A farm turns up one more card in phase 2."""
        return count_of_kind(state, seat, FARM)

    def extra_draw(self, state: State, seat: int) -> int:
        """A village draws one more in phase 5."""
        return count_of_kind(state, seat, VILLAGE)

    def cards(self, state: State) -> list[int]:
        return cards(state)

    def violations(self, state: State) -> list[str]:
        return violations(state)

    def view(self, state: State, seat: int | None) -> dict | None:
        return seat_view(state, seat)

    def counts(self) -> dict[str, tuple[Callable[[State], list[int]], str]]:
        return {"points": (all_points, gettext_noop("victory points"))}

    def tie_breaks(self) -> dict[str, tuple[str, Callable[[State], list[int]]]]:
        return {"lands": (gettext_noop("the tied player holding the most lands wins"), all_lands)}

    def bot_move(self, state: State, seat: int, awaited: bool) -> dict | None:
        return bots.choose(state, seat, awaited)

    def random_move(self, listed: dict, pick: Callable, sample: Callable) -> dict:
        return bots.random_move(listed, pick, sample)
