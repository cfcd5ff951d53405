"""The Bean Duel (rio-grande, 2 players): the four steps of a turn, the end and its limits."""

from games.engine import describe, legal_actions, waiting_for
from games.engine.invariants import violations

from .helpers import (
    ALICE,
    BOB,
    act,
    arrange,
    beans,
    card_in_hand,
    faceup_card,
    field_beans,
    game,
    hand,
    kinds,
    refused,
)


def duel(seed: str = "duel"):
    return game("rio-grande", 2, seed)


def at_step_two(state, **layout):
    """Alice's turn, step 2, nothing on offer; the layout as `arrange` takes it."""
    return arrange(state, phase="duel_plant", active=ALICE, **layout)


def legal_kinds(state, seat) -> set[str]:
    return {action["kind"] for action in legal_actions(state, seat)}


def wording(state, events, viewer=None) -> list[str]:
    return [describe(event.for_seat(viewer), state.names, viewer) for event in events]


# The first turn and step 1.


def test_the_first_turn_skips_the_offer_and_starts_by_planting_from_the_hand():
    state = duel()
    assert state.rules.reveal == 3 and state.rules.draw == 2
    assert (state.phase, state.active, state.faceup) == ("duel_plant", ALICE, [])
    assert waiting_for(state) == [ALICE]
    front = state.hands[ALICE][0]
    assert legal_actions(state, ALICE) == [{"kind": "plant", "card": front, "fields": [0, 1]}]
    assert legal_actions(state, BOB) == []
    assert violations(state) == []


def test_a_whole_first_turn_leaves_the_unplanted_cards_on_offer_to_bob():
    state = at_step_two(
        duel(),
        hands={ALICE: ["blue", "blue", "red", "wax"], BOB: ["soy"] * 5},
        deck=["chili", "stink", "green", "coffee", "coffee"],
        discard=["black-eyed"],
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    act(state, ALICE, "discard", card=card_in_hand(state, ALICE, "wax"))
    assert state.phase == "duel_reveal"
    assert beans(state, state.faceup) == ["chili", "stink", "green"]
    act(state, ALICE, "plant", card=faceup_card(state, "chili"), field=1)
    events = act(state, ALICE, "end_turn")
    assert hand(state, ALICE) == ["red", "coffee", "coffee"]
    assert (state.active, state.phase) == (BOB, "duel_offer")
    assert beans(state, state.faceup) == ["stink", "green"]
    assert waiting_for(state) == [BOB]
    assert "alice ended the turn, leaving 1 Stink and 1 Green on offer." in wording(state, events)
    assert violations(state) == []


def test_bob_plants_or_discards_each_card_on_offer_and_then_plants_from_his_hand():
    state = arrange(
        duel(),
        phase="duel_offer",
        active=BOB,
        faceup=["stink", "green", "red"],
        hands={BOB: ["soy", "soy"]},
        fields={BOB: [("stink", 2), None]},
    )
    offered = list(state.faceup)
    expected = [{"kind": "plant", "card": offered[0], "fields": [0, 1]}]
    expected += [{"kind": "plant", "card": card, "fields": [1]} for card in offered[1:]]
    expected += [{"kind": "harvest", "field": 0}]
    expected += [{"kind": "discard", "card": card} for card in offered]
    assert legal_actions(state, BOB) == expected
    act(state, BOB, "plant", card=faceup_card(state, "stink"), field=0)
    events = act(state, BOB, "discard", card=faceup_card(state, "green"))
    assert wording(state, events) == ["bob discarded a Green from the offer."]
    assert beans(state, state.discard[-1:]) == ["green"]
    assert state.phase == "duel_offer"
    events = act(state, BOB, "plant", card=faceup_card(state, "red"), field=1)
    assert wording(state, events, BOB) == ["You planted a Red from the offer in field 2."]
    assert (state.phase, state.faceup) == ("duel_plant", [])
    assert field_beans(state, BOB) == [("stink", 3), ("red", 1)]
    assert violations(state) == []


def test_nothing_left_on_offer_skips_step_one():
    state = at_step_two(duel(), hands={ALICE: ["blue"], BOB: ["soy", "red"]}, deck=["chili"] * 3)
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    for card in list(state.faceup):
        act(state, ALICE, "plant", card=card, field=1)
    assert state.faceup == []
    act(state, ALICE, "end_turn")
    assert (state.active, state.phase, state.planted) == (BOB, "duel_plant", 0)
    assert legal_kinds(state, BOB) == {"plant"}


def test_a_card_on_offer_cannot_be_taken_from_the_hand_or_by_the_other_player():
    state = arrange(duel(), phase="duel_offer", active=BOB, faceup=["stink"], hands={BOB: ["red"]})
    refused(state, BOB, {"kind": "discard", "card": state.hands[BOB][0]}, "on offer")
    refused(state, BOB, {"kind": "plant", "card": state.hands[BOB][0], "field": 0}, "on offer")
    refused(state, ALICE, {"kind": "discard", "card": state.faceup[0]}, "own turn")
    refused(state, BOB, {"kind": "stop_planting"})
    refused(state, BOB, {"kind": "end_turn"})


# Step 2.


def test_the_front_card_must_be_planted_before_anything_else_in_step_two():
    state = at_step_two(duel(), hands={ALICE: ["blue", "red", "wax"]})
    refused(state, ALICE, {"kind": "plant", "card": state.hands[ALICE][1], "field": 0}, "front")
    refused(state, ALICE, {"kind": "discard", "card": state.hands[ALICE][1]}, "front card")
    refused(state, ALICE, {"kind": "stop_planting"}, "front card")


def test_the_hand_discard_may_take_any_position_but_only_once():
    state = at_step_two(
        duel(), hands={ALICE: ["blue", "red", "wax", "soy", "chili"]}, deck=["coffee"] * 3
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    assert legal_kinds(state, ALICE) == {"plant", "discard", "stop_planting", "harvest"}
    discardable = [a["card"] for a in legal_actions(state, ALICE) if a["kind"] == "discard"]
    assert discardable == state.hands[ALICE]
    wax = card_in_hand(state, ALICE, "wax")
    events = act(state, ALICE, "discard", card=wax)
    assert hand(state, ALICE) == ["red", "soy", "chili"]
    assert state.discard[-1] == wax
    assert kinds(events)[:2] == ["discarded", "revealed"]
    assert wording(state, events)[0] == "alice discarded a Wax from the hand."
    assert state.phase == "duel_reveal"
    assert "discard" not in legal_kinds(state, ALICE)
    refused(state, ALICE, {"kind": "discard", "card": state.hands[ALICE][1]})


def test_the_new_front_card_may_be_the_one_discarded():
    state = at_step_two(duel(), hands={ALICE: ["blue", "red", "wax"]}, deck=["coffee"] * 3)
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    act(state, ALICE, "discard", card=state.hands[ALICE][0])
    assert hand(state, ALICE) == ["wax"]
    assert beans(state, state.discard) == ["red"]


def test_after_two_plants_the_player_chooses_between_a_discard_and_going_on():
    state = at_step_two(duel(), hands={ALICE: ["blue", "red", "wax"]}, deck=["coffee"] * 3)
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=1)
    assert state.phase == "duel_plant"
    assert legal_kinds(state, ALICE) == {"discard", "stop_planting", "harvest"}
    refused(state, ALICE, {"kind": "plant", "card": state.hands[ALICE][0], "field": 0}, "two")
    events = act(state, ALICE, "stop_planting")
    assert kinds(events)[:2] == ["planting_stopped", "revealed"]
    assert hand(state, ALICE) == ["wax"]
    assert beans(state, state.faceup) == ["coffee"] * 3


def test_planting_the_last_hand_card_goes_on_to_the_reveal_by_itself():
    state = at_step_two(duel(), hands={ALICE: ["blue"]}, deck=["coffee"] * 3)
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    assert (state.phase, len(state.faceup)) == ("duel_reveal", 3)


def test_an_empty_hand_skips_straight_to_the_reveal():
    state = arrange(
        duel(),
        phase="duel_reveal",
        active=ALICE,
        faceup=["stink"],
        hands={BOB: []},
        deck=["coffee"] * 5,
    )
    act(state, ALICE, "end_turn")
    act(state, BOB, "discard", card=state.faceup[0])
    assert state.phase == "duel_reveal"
    assert beans(state, state.faceup) == ["coffee"] * 3


# Step 3.


def test_the_discard_chain_takes_several_matching_cards_in_a_row():
    state = at_step_two(
        duel(),
        hands={ALICE: ["blue"]},
        deck=["chili", "stink", "soy", "coffee"],
        discard=["red", "green", "stink", "soy", "chili"],
    )
    events = act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    assert kinds(events) == ["planted", "revealed", "took_discard", "took_discard", "took_discard"]
    assert beans(state, state.faceup) == ["chili", "stink", "soy", "chili", "soy", "stink"]
    # The stored event names the turned-up cards only; each taken card has its own event.
    assert beans(state, events[1].data["cards"]) == ["chili", "stink", "soy"]
    assert beans(state, state.discard) == ["red", "green"]
    assert wording(state, events)[2:] == [
        "alice took a Chili from the discard pile.",
        "alice took a Soy from the discard pile.",
        "alice took a Stink from the discard pile.",
    ]
    assert violations(state) == []


def test_the_rule_book_chain_takes_soy_soy_blue_and_stops_at_chili():
    state = at_step_two(
        duel(),
        hands={ALICE: ["wax"]},
        deck=["blue", "soy", "red"],
        discard=["green", "chili", "blue", "soy", "soy"],
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    assert beans(state, state.faceup) == ["blue", "soy", "red", "soy", "soy", "blue"]
    assert beans(state, state.discard) == ["green", "chili"]


def test_a_card_discarded_from_the_middle_of_the_hand_can_come_back_through_the_chain():
    state = at_step_two(
        duel(), hands={ALICE: ["blue", "red", "chili", "wax"]}, deck=["chili", "coffee", "coffee"]
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    chili = card_in_hand(state, ALICE, "chili")
    events = act(state, ALICE, "discard", card=chili)
    assert state.faceup[-1] == chili
    assert kinds(events)[-1] == "took_discard"
    assert hand(state, ALICE) == ["red", "wax"]


def test_offered_cards_go_to_the_discard_pile_in_the_order_the_player_discards_them():
    state = arrange(
        duel(),
        phase="duel_offer",
        active=BOB,
        faceup=["stink", "green"],
        deck=["stink", "coffee", "coffee"],
    )
    act(state, BOB, "discard", card=faceup_card(state, "green"))
    act(state, BOB, "discard", card=faceup_card(state, "stink"))
    # Bob's hand is empty, so his reveal follows at once and takes back only the Stink.
    assert state.phase == "duel_reveal"
    assert beans(state, state.faceup) == ["stink", "coffee", "coffee", "stink"]
    assert beans(state, state.discard) == ["green"]


def test_the_chain_stops_at_the_first_card_that_matches_nothing_revealed():
    state = at_step_two(
        duel(),
        hands={ALICE: ["blue"]},
        deck=["chili", "chili", "chili"],
        discard=["chili", "red"],
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    assert beans(state, state.faceup) == ["chili"] * 3
    assert beans(state, state.discard) == ["chili", "red"]


def test_the_revealed_cards_may_be_planted_with_harvests_between_and_the_rest_stays_on_offer():
    state = at_step_two(
        duel(),
        hands={ALICE: ["blue"]},
        fields={ALICE: [None, ("red", 3)]},
        deck=["chili", "stink", "blue"],
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    assert legal_kinds(state, ALICE) == {"plant", "harvest", "end_turn"}
    act(state, ALICE, "plant", card=faceup_card(state, "blue"), field=0)
    refused(state, ALICE, {"kind": "plant", "card": faceup_card(state, "chili"), "field": 1})
    act(state, ALICE, "harvest", field=1)
    assert len(state.coins[ALICE]) == 2
    act(state, ALICE, "plant", card=faceup_card(state, "chili"), field=1)
    act(state, ALICE, "end_turn")
    assert beans(state, state.faceup) == ["stink"]
    assert state.phase == "duel_offer" and state.active == BOB
    assert violations(state) == []


def test_a_harvest_in_the_opponents_turn_is_refused_and_changes_nothing():
    state = at_step_two(
        duel(),
        hands={ALICE: ["blue"], BOB: ["red"]},
        fields={BOB: [("chili", 4), ("soy", 1)]},
        coins={BOB: 3},
    )
    before = state.to_dict()
    assert refused(state, BOB, {"kind": "harvest", "field": 0}, "own turn")
    assert state.to_dict() == before
    assert legal_actions(state, BOB) == [{"kind": "buy_field", "cost": 3}]


def test_the_third_field_may_be_bought_in_the_opponents_turn_too():
    """Only harvests wait for one's own turn (RULES.md 4 and 5; seed 000, "Il duello")."""
    state = at_step_two(duel(), hands={ALICE: ["blue"], BOB: ["red"]}, coins={BOB: 3})
    act(state, BOB, "buy_field")
    assert len(state.fields[BOB]) == 3
    assert state.coins[BOB] == [] and state.phase == "duel_plant"


# Buying the third field.


def test_buying_the_third_field_removes_the_coins_from_the_game():
    state = at_step_two(duel(), hands={ALICE: ["blue"]}, coins={ALICE: 4}, discard=["red"])
    discard = list(state.discard)
    paid = state.coins[ALICE][1:]
    assert {"kind": "buy_field", "cost": 3} in legal_actions(state, ALICE)
    act(state, ALICE, "buy_field")
    assert len(state.coins[ALICE]) == 1
    assert sorted(state.out) == sorted(paid)
    assert state.discard == discard
    assert field_beans(state, ALICE) == [None, None, None]
    assert violations(state) == []
    refused(state, ALICE, {"kind": "buy_field"}, "already")


# The end of the game.


def test_a_final_exhaustion_while_revealing_lets_step_three_finish_and_ends_without_a_draw():
    state = at_step_two(
        duel(),
        hands={ALICE: ["blue", "red"], BOB: ["soy"]},
        fields={ALICE: [None, ("chili", 2)]},
        deck=["chili", "wax"],
        rest="discard",
        discard=["coffee"],
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    events = act(state, ALICE, "stop_planting")
    assert kinds(events) == ["planting_stopped", "revealed", "exhausted", "game_ending"]
    assert beans(state, state.faceup) == ["chili", "wax"]
    assert state.ending and not state.over and state.deck == []
    assert violations(state) == []
    act(state, ALICE, "plant", card=faceup_card(state, "chili"), field=1)
    events = act(state, ALICE, "end_turn")
    assert state.over and "drew" not in kinds(events)
    assert hand(state, ALICE) == ["red"]
    assert state.result["scores"] == [1, 0]  # 3 Chili pay 1, a lone Blue nothing
    assert beans(state, state.faceup) == ["wax"]  # left on offer: nobody's
    assert violations(state) == []


def test_a_final_exhaustion_while_drawing_ends_the_game_at_once():
    state = at_step_two(
        duel(),
        hands={ALICE: ["blue"], BOB: ["soy", "soy"]},
        deck=["chili", "wax", "stink", "red"],
        rest="discard",
        discard=["coffee"],
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    assert not state.ending and len(state.deck) == 1
    events = act(state, ALICE, "end_turn")
    assert kinds(events)[:4] == ["turn_ended", "drew", "exhausted", "game_ending"]
    assert state.over and state.active == ALICE
    assert hand(state, ALICE) == ["red"]  # only one card was left to draw
    assert beans(state, state.faceup) == ["chili", "wax", "stink"]
    assert state.result["hand_sizes"] == [1, 2]
    assert violations(state) == []


def test_a_tie_goes_to_the_player_with_more_cards_in_hand():
    state = at_step_two(
        duel(),
        hands={ALICE: ["blue"], BOB: ["soy", "soy"]},
        deck=["chili", "wax", "stink", "red"],
        rest="discard",
        discard=["coffee"],
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    act(state, ALICE, "end_turn")
    assert state.result["scores"] == [0, 0]
    assert (state.result["winners"], state.result["tie_break"]) == ([BOB], "hand")
