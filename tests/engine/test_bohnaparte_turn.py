"""Bohnaparte's game around the battles: the edition, the choice of camps, the munitions depot,
and the ends of the game (the chosen exhaustion, 12 lands, no land)."""

import pytest

from games.engine import (
    SetupError,
    default_move,
    legal_actions,
    new_game,
    prompt,
    resolve,
    view,
    waiting_for,
)
from games.engine.bohnaparte.board import part
from games.engine.bohnaparte.listing import MOVE_KINDS
from games.engine.invariants import violations
from games.engine.move_kinds import MOVES

from .bohnaparte_helpers import (
    attacking,
    beside,
    clear_map,
    conquest,
    farm_by_alice,
    farm_next_to_camp,
    give_depot,
    hold,
    lands_of,
    wording,
)
from .helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    NAMES,
    act,
    arrange,
    beans,
    card_in_hand,
    game,
    hand,
    refused,
)

# The edition.


def test_bohnaparte_plays_the_amigo_deck_with_two_fields_and_ends_at_the_fourth_exhaustion():
    rules = resolve("bohnaparte", 5)

    assert len([1 for bean in rules.beans]) == 8
    assert (rules.fields_at_start, rules.third_field_cost) == (2, None)
    assert (rules.deal, rules.reveal, rules.draw) == ((5,) * 5, 2, 3)
    assert rules.exhaustions_to_end == 4
    assert rules.turn == ("monastery", "plant", "trade", "plant_traded", "attack", "draw")


@pytest.mark.parametrize(
    ("options", "exhaustions"),
    [({"end_at_third_exhaustion": True}, 3), ({"end_at_fifth_exhaustion": True}, 5), ({}, 4)],
)
def test_the_game_may_end_at_the_third_or_fifth_exhaustion_instead(options, exhaustions):
    assert resolve("bohnaparte", 4, options).exhaustions_to_end == exhaustions


def test_a_game_cannot_end_at_both_the_third_and_the_fifth_exhaustion():
    with pytest.raises(SetupError, match="not both"):
        resolve("bohnaparte", 4, {"end_at_third_exhaustion": True, "end_at_fifth_exhaustion": True})


@pytest.mark.parametrize("players", [2, 7])
def test_bohnaparte_is_for_three_to_six_players(players):
    with pytest.raises(SetupError, match="3 to 6 players"):
        new_game("bohnaparte", NAMES[:players], "seed")


# Camps.


def test_camps_are_chosen_clockwise_from_bob_and_alice_who_chooses_last_begins():
    state = game("bohnaparte", 4, "camps")
    order = []
    while state.phase == "choose_camp":
        seat = waiting_for(state)[0]
        order.append(seat)
        assert prompt(state, seat).text == "Choose your camp."
        move = default_move(state, seat)
        assert move["kind"] == "choose_camp"
        act(state, seat, "choose_camp", land=move["land"])

    assert order == [BOB, CAROL, DAVE, ALICE]
    assert (state.turn, state.active, state.phase) == (1, ALICE, "plant")
    assert sorted(part(state).camps) == lands_of(state, "camp")
    assert [view(state, seat)["bohnaparte"]["players"][seat]["lands"] for seat in range(4)] == [
        1
    ] * 4


def test_a_camp_taken_or_out_of_turn_is_refused():
    state = game("bohnaparte", 4, "camps")
    camps = lands_of(state, "camp")
    act(state, BOB, "choose_camp", land=camps[0])

    refused(state, CAROL, {"kind": "choose_camp", "land": camps[0]}, "taken")
    refused(state, DAVE, {"kind": "choose_camp", "land": camps[1]}, "carol's turn")
    refused(state, CAROL, {"kind": "choose_camp", "land": lands_of(state, "farm")[0]}, "camps")
    assert [m["land"] for m in legal_actions(state, CAROL)] == camps[1:]


# The munitions depot.


def test_a_depot_is_bought_for_three_coins_at_any_time_even_in_another_players_turn():
    state = arrange(conquest(), phase="trade", hands={ALICE: ["red"]}, coins={BOB: 4})

    events = act(state, BOB, "buy_depot")

    assert len(state.coins[BOB]) == 1
    assert part(state).depots[BOB] == []
    assert wording(state, events) == ["bob bought a munitions depot for 3 coins."]
    refused(state, BOB, {"kind": "buy_depot"}, "already")
    refused(state, CAROL, {"kind": "buy_depot"}, "costs 3 coins; you have 0")


def test_a_card_due_to_be_planted_may_go_into_the_depot_face_down_and_counts_as_planted():
    state = arrange(clear_map(conquest()), phase="plant", hands={ALICE: ["blue", "red", "soy"]})
    give_depot(state, ALICE, [])

    events = act(state, ALICE, "store", card=card_in_hand(state, ALICE, "blue"))

    assert beans(state, part(state).depots[ALICE]) == ["blue"]
    assert hand(state, ALICE) == ["red", "soy"]
    assert state.planted == 1
    assert wording(state, events, BOB) == ["alice put a card into the munitions depot."]
    assert wording(state, events, ALICE) == ["You put a Blue into your munitions depot."]
    assert view(state, BOB)["bohnaparte"]["depot"] is None
    assert view(state, BOB)["bohnaparte"]["players"][ALICE]["depot"] == 1
    assert view(state, ALICE)["bohnaparte"]["depot"] == [
        {"id": part(state).depots[ALICE][0], "bean": "blue"}
    ]


def test_only_the_card_due_to_be_planted_may_be_stored_and_the_depot_holds_as_many_as_players():
    state = arrange(clear_map(conquest()), phase="plant", hands={ALICE: ["blue", "red"]})
    give_depot(state, ALICE, ["soy", "soy", "soy"])

    refused(
        state, ALICE, {"kind": "store", "card": card_in_hand(state, ALICE, "red")}, "must plant now"
    )
    act(state, ALICE, "store", card=card_in_hand(state, ALICE, "blue"))
    refused(
        state,
        ALICE,
        {"kind": "store", "card": card_in_hand(state, ALICE, "red")},
        "full: it holds 4",
    )


def test_traded_cards_may_be_stored_in_phase_three():
    state = arrange(
        clear_map(conquest()), phase="plant_traded", to_plant={BOB: ["chili"], ALICE: ["red"]}
    )
    give_depot(state, BOB, [])

    act(state, BOB, "store", card=state.to_plant[BOB][0])

    assert beans(state, part(state).depots[BOB]) == ["chili"]
    assert waiting_for(state) == [ALICE]


def test_no_seat_sees_another_seats_depot_cards():
    state = arrange(clear_map(conquest()), phase="plant", hands={ALICE: ["red"]})
    give_depot(state, BOB, ["blue", "chili"])
    hidden = set(part(state).depots[BOB])

    for seat in (ALICE, CAROL, None):
        seen = str(view(state, seat))
        assert view(state, seat)["bohnaparte"]["players"][BOB]["depot"] == 2
        assert all(f"'id': {card}," not in seen for card in hidden)


# The ends of the game.


def test_twelve_lands_end_the_game_as_soon_as_the_attack_is_over():
    state = clear_map(conquest())
    chart_lands = [
        land
        for land in range(len(part(state).owners))
        if part(state).owners[land] is None and land not in lands_of(state, "river")
    ]
    target = chart_lands[0]
    base = beside(state, target)
    hold(state, ALICE, base)
    others = [land for land in chart_lands if land not in (target, base)][:9]
    hold(state, ALICE, *others)
    attacking(state, hands={ALICE: ["blue", "blue"]}, coins={ALICE: 2}, deck=["red"])
    assert view(state, ALICE)["bohnaparte"]["players"][ALICE]["lands"] == 11

    events = act(state, ALICE, "attack", land=target, card=state.hands[ALICE][0])

    assert state.over
    assert "You hold 12 lands: the game ends." in wording(state, events, ALICE)
    assert len(state.coins[ALICE]) == 1


def test_the_last_exhaustion_during_an_attack_lets_the_attack_finish_and_then_ends_the_game():
    state, farm = farm_by_alice(
        BOB,
        hands={ALICE: ["soy", "red"], BOB: ["garden"]},
        coins={ALICE: 3},
        deck=["blue"],
        discard=["green", "green"],
        rest="out",
    )
    state.exhaustions = 3

    act(state, ALICE, "attack", land=farm, card="deck")
    assert state.ending and not state.over
    assert (state.phase, waiting_for(state)) == ("battle", [BOB])
    events = act(state, BOB, "battle_card", card=state.hands[BOB][0])

    assert state.over
    assert part(state).owners[farm] == ALICE
    assert "The draw pile ran out during the attack: the game ends with it." in wording(
        state, events
    )


def test_after_the_last_exhaustion_a_battle_draw_shuffles_the_discard_pile_and_ends_the_game():
    state, farm = farm_by_alice(
        None, hands={ALICE: ["blue", "red"]}, coins={ALICE: 3}, discard=["soy"], rest="out"
    )
    state.ending = True
    state.exhaustions = 4

    act(state, ALICE, "attack", land=farm, card=card_in_hand(state, ALICE, "blue"))

    assert state.over
    assert part(state).owners[farm] == ALICE


def test_a_final_exhaustion_before_the_attacks_lets_the_player_attack_then_ends_at_the_draw():
    state = clear_map(conquest())
    farm = farm_next_to_camp(state, ALICE)
    hold(state, BOB, farm)
    arrange(
        state,
        phase="plant",
        hands={ALICE: ["blue", "blue"], BOB: ["red"]},
        coins={ALICE: 1},
        deck=["soy"],
        discard=["green"],
        rest="out",
    )
    state.exhaustions = 3

    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    act(state, ALICE, "stop_planting")
    assert state.ending and beans(state, state.faceup) == ["soy"]
    act(state, ALICE, "end_trading")
    act(state, ALICE, "plant", card=state.to_plant[ALICE][0], field=1)
    assert (state.phase, state.over) == ("attack", False)
    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])
    events = act(state, BOB, "battle_card", card=state.hands[BOB][0])

    assert state.over
    assert part(state).owners[farm] == ALICE
    assert [event.kind for event in events][-1] == "game_over"
    assert "game_ends" not in [event.kind for event in events]
    assert violations(state) == []


def test_bohnapartes_moves_are_no_moves_in_any_other_game():
    state = game("rio-grande", 4)

    assert set(MOVE_KINDS) <= set(MOVES)
    for kind in MOVE_KINDS:
        refused(state, ALICE, {"kind": kind, "land": 0, "card": 0}, f"no move '{kind}'")
