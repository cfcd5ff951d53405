"""The turn of the 3-to-7-player game, played out move by move on arranged tables."""

import pytest

from games.engine import apply, legal_actions, waiting_for

from .helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    act,
    answers_everything,
    arrange,
    beans,
    card_in_hand,
    field_beans,
    game,
    hand,
    kinds,
    refused,
)

DECK = ["soy", "garden", "red", "blue", "chili", "stink", "green", "soy", "red"]


def alice_to_plant(front: list[str], fields=None, others=None, **table):
    """Alice's first turn at a table of four, before she has planted anything; `others` lays
    out the other seats' fields."""
    return arrange(
        game(),
        hands={ALICE: front, BOB: ["blue", "chili"], CAROL: ["red"], DAVE: ["soy"]},
        fields={ALICE: fields or [None, None], **(others or {})},
        deck=table.pop("deck", DECK),
        **table,
    )


def plant_move(state, seat: int = ALICE, field: int = 0) -> dict:
    """Planting the seat's front card."""
    return {"kind": "plant", "card": state.hands[seat][0], "field": field}


def plant_front(state, field: int = 0, seat: int = ALICE):
    return apply(state, seat, plant_move(state, seat, field))


def kinds_of(actions: list[dict]) -> list[str]:
    return [action["kind"] for action in actions]


def test_the_active_player_must_plant_the_front_card_first():
    state = alice_to_plant(["chili", "blue", "soy"])

    refused(
        state,
        ALICE,
        {"kind": "plant", "card": card_in_hand(state, ALICE, "blue"), "field": 0},
        match="front card",
    )
    refused(state, ALICE, {"kind": "stop_planting"}, match="front card")
    refused(state, ALICE, {"kind": "end_trading"}, match="Trading happens only")
    assert kinds_of(legal_actions(state, ALICE)) == ["plant"]


def test_planting_the_front_card_lets_the_next_card_be_planted_or_not():
    state = alice_to_plant(["chili", "blue", "soy"])

    events = plant_front(state, field=0)

    assert kinds(events) == ["planted"]
    assert state.phase == "plant"
    assert hand(state, ALICE) == ["blue", "soy"]
    assert field_beans(state, ALICE) == [("chili", 1), None]
    assert sorted(kinds_of(legal_actions(state, ALICE))) == ["harvest", "plant", "stop_planting"]


def test_stopping_after_one_card_turns_up_the_top_two_cards_of_the_deck():
    state = alice_to_plant(["chili", "blue", "soy"])
    plant_front(state)

    events = act(state, ALICE, "stop_planting")

    assert kinds(events) == ["planting_stopped", "revealed"]
    assert state.phase == "trade"
    assert beans(state, state.faceup) == ["soy", "garden"]
    assert hand(state, ALICE) == ["blue", "soy"]


def test_a_second_card_may_go_into_a_field_of_its_own_bean_or_an_empty_one():
    state = alice_to_plant(["chili", "chili", "soy"])
    plant_front(state, field=0)

    assert legal_actions(state, ALICE)[0] == {
        "kind": "plant",
        "card": state.hands[ALICE][0],
        "fields": [0, 1],
    }
    plant_front(state, field=1)
    assert field_beans(state, ALICE) == [("chili", 1), ("chili", 1)]


def test_the_second_planted_card_ends_phase_one_so_a_third_is_never_planted():
    state = alice_to_plant(["chili", "chili", "chili"])
    plant_front(state)

    plant_front(state)

    assert state.phase == "trade"
    assert hand(state, ALICE) == ["chili"]
    refused(state, ALICE, plant_move(state), match="not the time")
    assert "plant" not in kinds_of(legal_actions(state, ALICE))


def test_planting_the_last_card_of_the_hand_moves_on_to_trading():
    state = alice_to_plant(["chili"])

    plant_front(state)

    assert state.phase == "trade"
    assert len(state.faceup) == 2


def test_only_the_active_player_plants_in_phase_one():
    state = alice_to_plant(["chili"])

    refused(state, BOB, plant_move(state, BOB), match="not the time")
    assert "plant" not in kinds_of(legal_actions(state, BOB))


def test_ending_trading_moves_the_untraded_faceup_cards_to_the_active_players_to_plant_area():
    state = alice_to_plant(["chili"])
    plant_front(state)
    revealed = list(state.faceup)

    act(state, ALICE, "end_trading")

    assert state.faceup == []
    assert state.to_plant[ALICE] == revealed
    assert state.phase == "plant_traded"
    assert waiting_for(state) == [ALICE]


def test_phase_three_plants_the_cards_in_the_order_the_player_chooses():
    state = alice_to_plant(["chili"], deck=["soy", "garden", *DECK])
    plant_front(state)
    act(state, ALICE, "end_trading")
    soy, garden = state.to_plant[ALICE]

    act(state, ALICE, "plant", card=garden, field=1)
    assert state.phase == "plant_traded"
    act(state, ALICE, "harvest", field=0)
    act(state, ALICE, "plant", card=soy, field=0)

    assert field_beans(state, ALICE) == [("soy", 1), ("garden", 1)]
    assert state.active == BOB


def test_phase_three_plants_nothing_from_the_hand():
    state = alice_to_plant(["chili", "blue", "red"])
    plant_front(state)
    act(state, ALICE, "stop_planting")
    act(state, ALICE, "end_trading")

    refused(state, ALICE, plant_move(state, field=1), match="only the cards waiting")


def test_everyone_plants_received_cards_at_the_same_time_and_the_turn_waits_for_all():
    state = arrange(
        game(),
        phase="trade",
        faceup=["soy", "garden"],
        to_plant={BOB: ["red"], CAROL: ["blue", "blue"]},
        deck=DECK,
    )
    answers_everything(state, ALICE, BOB, CAROL)  # each plants by hand

    act(state, ALICE, "end_trading")
    assert waiting_for(state) == [ALICE, BOB, CAROL]

    act(state, CAROL, "plant", card=state.to_plant[CAROL][0], field=0)
    act(state, BOB, "plant", card=state.to_plant[BOB][0], field=1)
    act(state, CAROL, "plant", card=state.to_plant[CAROL][0], field=0)
    assert waiting_for(state) == [ALICE]
    assert state.phase == "plant_traded"

    act(state, ALICE, "plant", card=state.to_plant[ALICE][0], field=0)
    act(state, ALICE, "plant", card=state.to_plant[ALICE][0], field=1)

    assert field_beans(state, BOB) == [None, ("red", 1)]
    assert field_beans(state, CAROL) == [("blue", 2), None]
    assert state.active == BOB


def test_phase_three_is_skipped_when_nobody_has_anything_to_plant():
    state = arrange(game(), phase="trade", deck=DECK)

    events = act(state, ALICE, "end_trading")

    assert "drew" in kinds(events)
    assert state.active == BOB


def test_the_active_player_draws_three_cards_one_by_one_to_the_back_of_the_hand():
    state = arrange(game(), hands={ALICE: ["stink", "green"]}, phase="trade", deck=DECK)

    events = act(state, ALICE, "end_trading")

    assert hand(state, ALICE) == ["stink", "green", "soy", "garden", "red"]
    drew = next(event for event in events if event.kind == "drew")
    assert drew.for_seat(ALICE)["beans"] == ["soy", "garden", "red"]
    assert drew.for_seat(BOB) == {"kind": "drew", "seat": ALICE, "count": 3}


def test_after_the_draw_the_next_player_clockwise_begins_with_phase_one():
    state = arrange(game(), hands={BOB: ["red"]}, phase="trade", deck=DECK)

    events = act(state, ALICE, "end_trading")

    assert kinds(events)[-1] == "turn_started"
    assert (state.active, state.turn, state.phase, state.planted) == (BOB, 2, "plant", 0)


def test_after_the_last_seat_the_turn_comes_back_to_the_start_player():
    state = arrange(game(), hands={ALICE: ["red"]}, phase="trade", active=DAVE, deck=DECK)

    act(state, DAVE, "end_trading")

    assert (state.active, state.phase) == (ALICE, "plant")


def test_a_player_with_an_empty_hand_skips_phase_one_and_turns_up_cards_at_once():
    state = arrange(game(), hands={BOB: []}, phase="trade", deck=DECK)

    act(state, ALICE, "end_trading")

    assert (state.active, state.phase) == (BOB, "trade")
    assert beans(state, state.faceup) == ["blue", "chili"]


def test_bean_protection_allows_only_the_crowded_field_to_be_harvested():
    # Fields Blue x1 and Chili x3, the front card a Soy and no empty field.
    state = alice_to_plant(["soy"], fields=[("blue", 1), ("chili", 3)])

    refused(state, ALICE, plant_move(state, field=0), match="holds Blue beans")
    refused(state, ALICE, {"kind": "harvest", "field": 0}, match="bean protection")
    assert [a for a in legal_actions(state, ALICE) if a["kind"] != "buy_field"] == [
        {"kind": "harvest", "field": 1}
    ]
    act(state, ALICE, "harvest", field=1)
    assert len(state.coins[ALICE]) == 1
    plant_front(state, field=1)
    assert field_beans(state, ALICE) == [("blue", 1), ("soy", 1)]


def test_bean_protection_lets_either_single_bean_field_be_harvested_when_all_hold_one():
    state = alice_to_plant(["soy"], fields=[("blue", 1), ("chili", 1)])

    assert [a["field"] for a in legal_actions(state, ALICE) if a["kind"] == "harvest"] == [0, 1]
    act(state, ALICE, "harvest", field=1)
    assert state.coins[ALICE] == []
    assert beans(state, state.discard) == ["chili"]


def test_bean_protection_does_not_count_an_empty_field():
    state = alice_to_plant(["soy"], fields=[("blue", 1), None])

    act(state, ALICE, "harvest", field=0)

    assert field_beans(state, ALICE) == [None, None]


def test_an_empty_field_has_nothing_to_harvest():
    state = alice_to_plant(["soy"], fields=[("blue", 3), None])

    refused(state, ALICE, {"kind": "harvest", "field": 1}, match="empty")


def test_a_front_card_that_fits_no_field_must_wait_for_a_harvest():
    state = alice_to_plant(["soy"], fields=[("blue", 2), ("chili", 4)])

    assert sorted(kinds_of(legal_actions(state, ALICE))) == ["harvest", "harvest"]
    refused(state, ALICE, plant_move(state, field=1), match="holds Chili beans")
    act(state, ALICE, "harvest", field=0)
    plant_front(state, field=0)

    assert field_beans(state, ALICE) == [("soy", 1), ("chili", 4)]


def test_a_received_card_that_fits_no_field_must_wait_for_a_harvest_too():
    state = arrange(
        game(),
        phase="plant_traded",
        to_plant={BOB: ["soy"]},
        fields={BOB: [("blue", 2), ("chili", 4)]},
    )
    soy = state.to_plant[BOB][0]

    refused(state, BOB, {"kind": "plant", "card": soy, "field": 0}, match="harvest it first")
    act(state, BOB, "harvest", field=1)
    act(state, BOB, "plant", card=soy, field=1)

    assert len(state.coins[BOB]) == 1


def test_another_player_may_harvest_during_alices_turn():
    state = alice_to_plant(["chili"], others={CAROL: [("red", 3), ("soy", 1)]})

    act(state, CAROL, "harvest", field=0)
    plant_front(state)
    act(state, CAROL, "harvest", field=1)

    assert len(state.coins[CAROL]) == 2
    assert field_beans(state, CAROL) == [None, None]


def third_field_table(coins: int = 5):
    return arrange(
        game("rio-grande", 4),
        hands={ALICE: ["soy"]},
        fields={ALICE: [("blue", 2), ("chili", 2)], BOB: [("red", 2), None]},
        coins={ALICE: coins, BOB: coins},
        discard=["green"],
    )


def test_buying_the_third_field_pays_the_top_coins_onto_the_discard_pile():
    state = third_field_table()
    stack = list(state.coins[ALICE])

    events = act(state, ALICE, "buy_field")

    assert kinds(events) == ["field_bought"]
    assert state.coins[ALICE] == stack[:2]
    assert sorted(state.discard[1:]) == sorted(stack[2:])
    assert len(state.discard) == 4
    assert field_beans(state, ALICE) == [("blue", 2), ("chili", 2), None]


def test_the_third_field_can_be_planted_at_once():
    state = third_field_table()

    act(state, ALICE, "buy_field")
    plant_front(state, field=2)

    assert field_beans(state, ALICE)[2] == ("soy", 1)


def test_anyone_may_buy_the_third_field_in_another_players_turn_but_only_once():
    state = third_field_table()

    act(state, BOB, "buy_field")

    assert len(state.fields[BOB]) == 3
    refused(state, BOB, {"kind": "buy_field"}, match="already have")


def test_no_third_field_without_enough_coins():
    state = third_field_table(coins=2)

    refused(state, ALICE, {"kind": "buy_field"}, match="costs 3 coins; you have 2")
    assert "buy_field" not in kinds_of(legal_actions(state, ALICE))


@pytest.mark.parametrize("phase", ["plant", "trade", "plant_traded"])
def test_the_third_field_may_be_bought_in_every_phase(phase):
    state = arrange(third_field_table(), phase=phase, hands={ALICE: ["soy"]}, coins={CAROL: 3})

    act(state, CAROL, "buy_field")

    assert len(state.fields[CAROL]) == 3
