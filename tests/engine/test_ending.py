"""The end of the game: the last exhaustion in phase 2 or 4, the final harvest and tie-breaks."""

import pytest

from games.engine import legal_actions, outcome, waiting_for

from .helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    ERIN,
    act,
    answers_everything,
    arrange,
    beans,
    field_beans,
    game,
    kinds,
    refused,
)


def last_pass(edition="rio-grande", players=4, *, deck, exhaustions_left=1, **table):
    """A table whose draw pile holds just `deck`, with `exhaustions_left` exhaustions to go;
    the other cards lie in the discard pile unless `rest` says otherwise."""
    state = arrange(game(edition, players), deck=deck, rest=table.pop("rest", "discard"), **table)
    state.exhaustions = state.rules.exhaustions_to_end - exhaustions_left
    return state


def plant_and_stop(state, seat=ALICE):
    act(state, seat, "plant", card=state.hands[seat][0], field=0)
    return act(state, seat, "stop_planting")


def event(events, kind):
    return next(e for e in events if e.kind == kind)


@pytest.mark.parametrize(("edition", "players"), [("rio-grande", 4), ("amigo-classic", 3)])
def test_a_final_exhaustion_while_revealing_shows_one_card_and_lets_phases_two_and_three_finish(
    edition, players
):
    state = last_pass(edition, players, deck=["soy"], hands={ALICE: ["red", "blue"], BOB: ["red"]})
    answers_everything(state, ALICE, BOB)  # each plants by hand

    events = plant_and_stop(state)

    assert kinds(events)[-3:] == ["revealed", "exhausted", "game_ending"]
    assert beans(state, state.faceup) == ["soy"]
    assert (state.phase, state.over, state.ending) == ("trade", False, True)
    number = act(state, ALICE, "offer", to=BOB, ask={"red": 1})[-1].data["offer"]
    act(state, BOB, "accept", offer=number, give=state.hands[BOB])
    act(state, ALICE, "end_trading")
    assert state.phase == "plant_traded"
    act(state, ALICE, "plant", card=state.to_plant[ALICE][0], field=0)

    events = act(state, ALICE, "plant", card=state.to_plant[ALICE][0], field=1)

    assert state.over
    assert "drew" not in kinds(events)
    assert kinds(events)[-1] == "game_over"
    assert state.active == ALICE
    assert beans(state, state.hands[ALICE]) == ["blue"]


def test_the_1997_rules_end_the_game_at_once_when_the_pile_runs_out_while_revealing():
    """Seed 002 says the game ends immediately at the third exhaustion, in any phase."""
    state = last_pass("amigo-1997", 4, deck=["soy"], hands={ALICE: ["red", "blue"], BOB: ["red"]})

    events = plant_and_stop(state)

    assert state.over
    assert kinds(events)[-1] == "game_over"
    assert "trading_ended" not in kinds(events)
    assert beans(state, state.faceup) == ["soy"]


def test_a_final_exhaustion_on_the_second_revealed_card_shows_both():
    state = last_pass(deck=["soy", "green"], hands={ALICE: ["red", "blue"]})

    plant_and_stop(state)

    assert beans(state, state.faceup) == ["soy", "green"]
    assert state.ending and not state.over


def test_a_final_exhaustion_while_drawing_ends_the_game_at_once_without_the_remaining_draws():
    state = last_pass(deck=["soy", "green"], hands={ALICE: ["red"]}, phase="trade")

    events = act(state, ALICE, "end_trading")

    assert state.over
    assert event(events, "drew").data == {"count": 2}
    assert beans(state, state.hands[ALICE]) == ["red", "soy", "green"]
    assert state.active == ALICE
    assert "turn_started" not in kinds(events)


def test_a_final_exhaustion_on_the_first_draw_leaves_the_other_two_undrawn():
    state = last_pass(deck=["soy"], phase="trade")

    act(state, ALICE, "end_trading")

    assert state.over
    assert beans(state, state.hands[ALICE]) == ["soy"]


def test_an_earlier_exhaustion_while_revealing_reshuffles_the_discard_pile_at_once():
    state = last_pass(deck=["soy"], exhaustions_left=3, hands={ALICE: ["red", "blue"]})
    discarded = len(state.discard)

    events = plant_and_stop(state)

    assert kinds(events)[-3:] == ["revealed", "exhausted", "reshuffled"]
    assert event(events, "reshuffled").data == {"count": discarded}
    assert len(state.faceup) == 2
    assert beans(state, state.faceup[:1]) == ["soy"]
    assert state.discard == []
    assert len(state.deck) == discarded - 1
    assert (state.exhaustions, state.ending) == (1, False)


def test_an_earlier_exhaustion_while_drawing_reshuffles_and_the_draw_goes_on():
    state = last_pass(deck=["soy"], exhaustions_left=2, phase="trade")

    events = act(state, ALICE, "end_trading")

    assert kinds(events)[kinds(events).index("drew") :][:3] == ["drew", "exhausted", "reshuffled"]
    assert len(state.hands[ALICE]) == 3
    assert beans(state, state.hands[ALICE][:1]) == ["soy"]
    assert (state.active, state.over) == (BOB, False)


def test_an_empty_discard_pile_at_a_reshuffle_ends_the_game_as_a_final_exhaustion_would():
    state = last_pass(deck=["soy"], exhaustions_left=3, rest="out", hands={ALICE: ["red", "blue"]})

    events = plant_and_stop(state)

    assert "discard pile is empty" in event(events, "game_ending").data["reason"]
    assert beans(state, state.faceup) == ["soy"]
    assert state.ending and not state.over
    act(state, ALICE, "end_trading")
    act(state, ALICE, "plant", card=state.to_plant[ALICE][0], field=1)
    assert state.over


def test_an_empty_discard_pile_while_drawing_ends_the_game_at_once():
    state = last_pass(deck=["soy"], exhaustions_left=3, rest="out", phase="trade")

    act(state, ALICE, "end_trading")

    assert state.over
    assert state.exhaustions == 1


@pytest.mark.parametrize(("players", "over"), [(3, True), (4, False)])
def test_rio_grande_at_three_players_ends_at_the_second_exhaustion(players, over):
    state = arrange(game("rio-grande", players), deck=["soy"], rest="discard", phase="trade")
    state.exhaustions = 1

    act(state, ALICE, "end_trading")

    assert state.exhaustions == 2
    assert state.over is over


def test_the_final_harvest_ignores_bean_protection_and_leaves_hands_unscored():
    state = last_pass(
        deck=["soy"],
        phase="trade",
        fields={ALICE: [("blue", 1), ("chili", 3)], BOB: [("red", 2), ("garden", 1)]},
        hands={BOB: ["red", "red", "red"]},
        coins={CAROL: 1},
    )

    events = act(state, ALICE, "end_trading")

    harvests = [(e.seat, e.data["bean"], e.data["coins"]) for e in events if e.kind == "harvested"]
    assert harvests == [
        (ALICE, "blue", 0),
        (ALICE, "chili", 1),
        (BOB, "red", 1),
        (BOB, "garden", 0),
    ]
    assert all(field_beans(state, seat) == [None, None] for seat in range(4))
    assert state.result["scores"] == [1, 1, 1, 0]
    assert state.result["hand_sizes"] == [1, 3, 0, 0]


def test_the_game_over_event_reveals_the_seed_and_the_scores():
    state = last_pass(deck=["soy"], phase="trade", coins={BOB: 2})

    over = act(state, ALICE, "end_trading")[-1]

    assert over.kind == "game_over"
    assert over.data["seed"] == state.seed
    assert over.data["winners"] == [BOB]
    assert over.data["tie_break"] is None
    assert over.data["summary"] == "Game over. bob wins with 2 coins."


def test_nothing_can_be_done_once_the_game_is_over():
    state = last_pass(deck=["soy"], phase="trade", fields={BOB: [("red", 3), None]})
    act(state, ALICE, "end_trading")

    refused(state, BOB, {"kind": "harvest", "field": 0}, match="The game is over")
    refused(state, ALICE, {"kind": "end_trading"}, match="The game is over")
    assert all(legal_actions(state, seat) == [] for seat in range(4))
    assert waiting_for(state) == []


def final_result(edition, players, coins, hands=None):
    """Play the last draw of a game whose seats hold these coins (and hands) and score it.
    Alice draws the last card, so her hand grows by one."""
    state = last_pass(edition, players, deck=["red"], phase="trade", coins=coins, hands=hands or {})
    act(state, ALICE, "end_trading")
    return state.result


@pytest.mark.parametrize(
    ("tied", "winner"),
    [((BOB, DAVE), DAVE), ((ALICE, ERIN), ERIN), ((ALICE, BOB), BOB), ((BOB, CAROL, DAVE), DAVE)],
)
def test_the_current_amigo_rules_give_a_tie_to_the_seat_furthest_clockwise_from_the_start(
    tied, winner
):
    result = final_result("amigo-classic", 5, coins=dict.fromkeys(tied, 4))

    assert result["winners"] == [winner]
    assert result["tie_break"] == "clockwise"


def test_the_1997_amigo_rules_share_a_tie():
    result = final_result("amigo-1997", 4, coins={BOB: 3, DAVE: 3, CAROL: 2})

    assert result["winners"] == [BOB, DAVE]
    assert result["tie_break"] == "shared"
    assert result["summary"].startswith("Game over. bob, dave share the victory with 3 coins.")


def test_rio_grande_gives_a_tie_to_the_most_cards_in_hand():
    result = final_result(
        "rio-grande", 4, coins={BOB: 3, DAVE: 3}, hands={BOB: ["red"], DAVE: ["red", "soy"]}
    )

    assert result["winners"] == [DAVE]
    assert result["tie_break"] == "hand"


def test_rio_grande_shares_a_tie_of_coins_and_cards_in_hand():
    result = final_result(
        "rio-grande", 4, coins={ALICE: 3, CAROL: 3}, hands={ALICE: ["red"], CAROL: ["red", "soy"]}
    )

    assert result["hand_sizes"][ALICE] == result["hand_sizes"][CAROL] == 2
    assert result["winners"] == [ALICE, CAROL]


def test_places_share_a_tie_the_tie_break_cannot_split():
    result = final_result("amigo-1997", 4, coins={BOB: 3, DAVE: 3, CAROL: 2})

    assert result["counts"] == "coins"
    assert result["places"] == [4, 1, 3, 1]


def test_the_tie_break_orders_every_place_not_only_the_first():
    # Alice and carol tie on one coin below the leader; rio-grande looks at the hands, and
    # alice holds the last card drawn as well as her own.
    result = final_result(
        "rio-grande", 4, coins={BOB: 3, ALICE: 1, CAROL: 1}, hands={ALICE: ["red"], CAROL: ["red"]}
    )

    assert result["winners"] == [BOB]
    assert result["tie_break"] is None
    assert result["places"] == [2, 1, 3, 4]


def test_the_clockwise_tie_break_orders_the_lower_places_too():
    result = final_result("amigo-classic", 5, coins={ALICE: 4, BOB: 2, DAVE: 2, ERIN: 2})

    assert result["places"] == [1, 4, 5, 3, 2]


def test_a_player_who_resigned_ranks_last_whatever_the_coins():
    state = last_pass(deck=["red"], phase="trade", coins={BOB: 5, CAROL: 1})
    act(state, BOB, "resign")
    act(state, ALICE, "end_trading")

    assert state.result["winners"] == [CAROL]
    assert state.result["places"] == [2, 4, 1, 3]
    assert state.result["resigned"] == [BOB]
    assert state.result["summary"] == "Game over. carol wins with 1 coins."
    assert outcome(state) == state.result
