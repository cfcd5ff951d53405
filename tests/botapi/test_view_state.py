"""The reference client rebuilds a game from its seat's view alone, and the engine then lists
the same legal moves for the seat as the view does, step after step of whole games."""

import importlib.util
import os

import pytest

from games import engine
from games.engine import bots

HERE = os.path.dirname(__file__)
_spec = importlib.util.spec_from_file_location(
    "view_state", os.path.join(HERE, "..", "..", "clients", "python", "view_state.py")
)
view_state = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(view_state)


@pytest.mark.parametrize("edition, players", [("rio-grande", 4), ("amigo-1997", 3)])
def test_a_state_rebuilt_from_a_view_offers_the_views_legal_moves(edition, players):
    for game in range(3):
        state, _ = engine.new_game(edition, [f"p{i}" for i in range(players)], f"seed{game}")
        table = [bots.make_bot("strong", f"{game}/{seat}") for seat in range(players)]
        while not state.over:
            seat = engine.waiting_for(state)[0]
            view = engine.view(state, seat)
            rebuilt = view_state.state_from_view(view, state.options)
            assert engine.legal_actions(rebuilt, seat) == view["legal"]
            assert rebuilt.hands[seat] == state.hands[seat]
            assert sorted(rebuilt.all_cards()) == sorted(state.all_cards())
            engine.apply(state, seat, table[seat].choose(state, seat) or {"kind": "end_trading"})


def test_a_game_with_an_expansion_is_not_rebuilt():
    state, _ = engine.new_game("bohnaparte", ["a", "b", "c"], "seed")
    with pytest.raises(view_state.NotRebuilt):
        view_state.state_from_view(engine.view(state, 0), state.options)
