"""legal_kinds says cheaply which kinds of move are open; moves_of_kind spells one out.

The random bot picks a kind from legal_kinds and then only expands that kind, so the two must
agree with each other at every point of every game.
"""

import random

import pytest

from games.engine import legal_actions
from games.engine.fields import harvestable
from games.engine.legal import legal_kinds, may_offer, moves_of_kind
from games.engine.trading import may_trade_with, partners

from .helpers import ALL_TABLES, game, random_moves

# Kinds whose moves are found by looking through cards and offers; the others are decided by
# legal_kinds alone (harvest too: which seats may harvest, and then any field with a bean).
SEARCHED_KINDS = ("plant", "accept", "decline", "withdraw")


def check_kinds_agree_with_moves(state) -> None:
    for seat in range(state.players):
        kinds = legal_kinds(state, seat)
        assert len(set(kinds)) == len(kinds), kinds
        listed = legal_actions(state, seat)
        assert [move["kind"] for move in listed] == [
            kind for kind in kinds for _ in moves_of_kind(state, seat, kind)
        ]
        for kind in kinds:
            moves = moves_of_kind(state, seat, kind)
            assert moves, f"{kind} is listed for seat {seat} with no move"
            assert {move["kind"] for move in moves} == {kind}
        # The shortcut legal_kinds takes for harvests: some field may be harvested exactly
        # when some field holds a bean.
        assert bool(harvestable(state, seat)) == any(state.fields[seat])
        # The shortcuts that answer one question without listing: may this seat offer, and
        # to whom.
        assert may_offer(state, seat) == ("offer" in kinds)
        for other in (None, -1, *range(state.players + 1)):
            assert may_trade_with(state, seat, other) == (other in partners(state, seat))
        if state.over:
            continue
        for kind in SEARCHED_KINDS:
            assert (kind in kinds) == bool(moves_of_kind(state, seat, kind)), (kind, seat)


@pytest.mark.parametrize(("edition", "players"), ALL_TABLES)
def test_every_kind_listed_has_moves_and_every_kind_with_moves_is_listed(edition, players):
    rng = random.Random(f"kinds/{edition}/{players}")
    state = game(edition, players, "kinds")
    check_kinds_agree_with_moves(state)
    for _ in random_moves(state, rng):
        check_kinds_agree_with_moves(state)


def test_a_finished_game_and_a_spectator_have_no_kinds():
    state = game()

    assert legal_kinds(state, None) == []
    state.over = True
    assert all(legal_kinds(state, seat) == [] for seat in range(state.players))
