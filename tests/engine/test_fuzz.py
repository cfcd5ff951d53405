"""Fuzzing: random games over every edition and table size, checked after every move.

By default about a thousand games, some 25 seconds on an idle machine. Set FUZZ_GAMES to
play that many games per table for each kind of fuzzing: FUZZ_GAMES=120 plays some 5,800
games (about seven minutes).
"""

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import simulate
from games.engine.invariants import count_coins, violations

from .helpers import ALL_TABLES, edition_and_options, game, random_moves

FUZZ_GAMES = int(os.environ.get("FUZZ_GAMES", "0"))
BOT_TABLES = [(*table, bots) for table in ALL_TABLES for bots in ("random", "heuristic", "mixed")]
BOT_MIXES = {"random": ["random"], "heuristic": ["heuristic"], "mixed": ["random", "heuristic"]}


@pytest.mark.parametrize(("edition", "players", "bots"), BOT_TABLES)
def test_bots_play_every_game_to_its_end_without_breaking_a_rule(edition, players, bots):
    edition, options = edition_and_options(edition)
    for number in range(FUZZ_GAMES or 20):
        outcome = simulate.play(
            edition, players, f"bots/{number}", BOT_MIXES[bots], check=True, options=options
        )

        assert outcome.finished, f"game {number} did not end in {outcome.moves} moves"
        assert outcome.violations == []
        assert outcome.illegal == 0
        assert len(outcome.scores) == players


def walk(edition: str, players: int, seed: str, rng: random.Random) -> None:
    """Play one game by random legal moves, checking the rules' invariants after every move:
    no card appears, disappears or doubles, and coins change only by harvests and purchases
    (and Bohnaparte's monasteries, attacks and purchases)."""
    state = game(edition, players, seed)
    total = len(state.card_beans)
    coins = [0] * players
    for _, move, events in random_moves(state, rng):
        count_coins(events, coins)
        assert violations(state) == [], move
        assert len(state.all_cards()) == total
        assert [len(stack) for stack in state.coins] == coins
    assert state.over


@pytest.mark.parametrize(("edition", "players"), ALL_TABLES)
def test_random_legal_moves_always_keep_the_rules_and_end_the_game(edition, players):
    rng = random.Random(f"walk/{edition}/{players}")
    for number in range(FUZZ_GAMES or 12):
        walk(edition, players, f"walk/{number}", rng)


@settings(
    max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    table=st.sampled_from(ALL_TABLES),
    seed=st.text(min_size=1, max_size=8),
    walker=st.integers(min_value=0, max_value=2**32),
)
def test_any_seed_and_any_sequence_of_legal_moves_keeps_the_rules(table, seed, walker):
    edition, players = table
    walk(edition, players, seed, random.Random(walker))
