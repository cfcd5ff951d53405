"""The Bean Duel as one object: Rio Grande's game for two, its rules, turn, moves, words and
what the bots make of it. `games.engine` installs it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from ..bots.heuristic import field_for
from ..editions import Rules, without
from ..expansions import Expansion, PlantMove
from ..fields import third_field_cost
from ..language import gettext_noop
from ..move_kinds import MoveKind
from ..phases import Phase
from ..state import State
from .move_words import WORDS as KIND_WORDS
from .steps import DISCARD, END_TURN, STEPS, DuelPart
from .wording import EVENTS, PROMPTS
from .wording import STEPS as STEP_WORDS

TURN: Final = (*[step.name for step in STEPS], "draw")  # the draw is the base game's


class Duel(Expansion):
    # Its own part of the state: whether the active player has discarded a hand card in step 2
    # of this turn (one at most).
    key = "duel"
    event_wordings = EVENTS
    kind_words = KIND_WORDS
    prompt_wordings = PROMPTS
    turn_steps = STEP_WORDS

    def tables(self) -> tuple[tuple[str, int], ...]:
        return (("rio-grande", 2),)

    def rules(self, edition: str, players: int, options: dict) -> Rules:
        return Rules(
            edition=edition,
            players=2,
            beans=without("garden", "cocoa"),
            deal=(5, 5),
            third_field_cost=3,
            paid_coins_leave_game=True,
            reveal=3,
            draw=2,
            exhaustions_to_end=1,
            tie_break="hand",
            harvest_in_own_turn_only=gettext_noop(
                "In the Bean Duel you may harvest only during your own turn."
            ),
            turn=TURN,
            expansions=(self.key,),
        )

    def phases(self) -> tuple[Phase, ...]:
        return STEPS

    def kinds(self) -> tuple[MoveKind, ...]:
        return (DISCARD, END_TURN)

    def new_part(self, state: State) -> object:
        return DuelPart()

    def part_to_dict(self, part: object) -> dict:
        return cast(DuelPart, part).to_dict()

    def part_from_dict(self, data: dict) -> object:
        return DuelPart.from_dict(data)

    def step_move(self, plant: PlantMove, state: State, seat: int) -> dict | None:
        """Plant what fits, discard what would force an uproot, leave the rest on offer."""
        if state.phase not in TURN[:3]:  # the draw never waits for a move
            return None
        cost = third_field_cost(state, seat)
        # The Duel is one pass through the deck: a field bought late has no time to pay.
        if cost is not None and len(state.coins[seat]) > cost and len(state.deck) > 40:
            return {"kind": "buy_field"}
        hand = state.hands[seat]
        fits = field_for
        if state.phase == "duel_offer":
            card = state.faceup[0]
            if fits(state, seat, card) is None:
                return {"kind": "discard", "card": card}
            return plant(state, seat, card)
        if state.phase == "duel_plant":
            if state.planted == 0:
                return plant(state, seat, hand[0])
            grows = fits(state, seat, hand[0], True) is not None
            if state.planted == 1 and grows:
                return plant(state, seat, hand[0])
            misfit = [card for card in hand if fits(state, seat, card) is None]
            if misfit:
                return {"kind": "discard", "card": misfit[0]}
            return {"kind": "stop_planting"}
        fitting = [card for card in state.faceup if fits(state, seat, card) is not None]
        if fitting:
            return plant(state, seat, fitting[0])
        return {"kind": "end_turn"}

    def random_move(self, listed: dict, pick: Callable, sample: Callable) -> dict:
        return {key: value for key, value in listed.items() if key in ("kind", "card")}
