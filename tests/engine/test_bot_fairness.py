"""Bots decide from what their seat may see: with the hidden cards dealt otherwise (the deck in
another order, other hands holding other cards, the seed changed), every decision stays the
same, for every kind of bot, awaited or asked whether it wants to offer something."""

import random

import pytest

from games.engine.bots import BOTS, make_bot
from games.engine.bots.sight import seat_state
from games.engine.phases import PHASES
from games.engine.state import SAVED

from .helpers import reshuffled, states_along

TABLES = [("rio-grande", 4), ("amigo-classic", 3), ("rio-grande", 2), ("bohnaparte", 3)]


# The expert bot plays games on in its look-ahead: its own test asks it fewer questions.
@pytest.mark.parametrize("kind", sorted(set(BOTS) - {"expert"}))
@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_a_bot_decides_the_same_whatever_the_cards_it_cannot_see(kind, edition, players):
    rng = random.Random(f"{kind}/{edition}")
    decisions = 0
    for state in states_along(edition, players, f"fair/{edition}", every=7):
        waiting = PHASES[state.phase].waiting_for(state)
        for seat in range(players):
            other = reshuffled(state, seat, rng)
            awaited = seat in waiting
            seen = make_bot(kind, f"bot/{seat}").choose(state, seat, awaited)
            seen_otherwise = make_bot(kind, f"bot/{seat}").choose(other, seat, awaited)
            assert seen == seen_otherwise
            decisions += seen is not None
    assert decisions > 20


@pytest.mark.parametrize(("edition", "players"), [("rio-grande", 4), ("bohnaparte", 3)])
def test_a_seats_sight_carries_every_part_of_the_game_but_those_dealt_anew(edition, players):
    """A part the state gains must reach the bots' sight, not be left at its default there."""
    anew = {"seed", "hands", "deck", "offers"}
    for state in states_along(edition, players, "sight", 5):
        saved = state.to_dict()
        for seat in range(players):
            seen = seat_state(state, seat).to_dict()
            for part in SAVED:
                if part not in anew:
                    assert seen[part] == saved[part], part
