"""Bohnaparte's attacks (phase 4): the seed's example battle, what an attack costs and where it
may go, the face-down cards, neutral lands, ties and the default defence."""

from games.engine import default_move, legal_actions, prompt, view, waiting_for
from games.engine.bohnaparte.board import part
from games.engine.invariants import violations

from .bohnaparte_helpers import (
    attacking,
    clear_map,
    conquest,
    farm_by_alice,
    farm_next_to_camp,
    give_depot,
    hold,
    lands_of,
    neighbours,
    wording,
)
from .helpers import ALICE, BOB, CAROL, act, arrange, beans, card_in_hand, refused


def test_the_seed_example_uwe_fails_against_a_depot_chili_then_wins_against_a_drawn_green():
    """Seed 003, "Esempio": alice (Uwe) attacks bob's (Hanno's) farm from her camp."""
    state, farm = farm_by_alice(
        BOB,
        hands={ALICE: ["chili", "chili", "soy"], BOB: ["red", "garden"]},
        coins={ALICE: 2},
        deck=["green"],
    )
    give_depot(state, BOB, ["chili"])

    events = act(state, ALICE, "attack", land=farm, card=card_in_hand(state, ALICE, "chili"))
    assert len(state.coins[ALICE]) == 1
    assert state.phase == "battle"
    assert waiting_for(state) == [BOB]
    assert prompt(state, BOB).text == "alice attacks your farm " + str(farm + 1) + (
        ": choose a battle card, or the top of the deck."
    )
    assert "alice attacked your farm" in wording(state, events, BOB)[0]
    act(state, BOB, "battle_card", card=part(state).depots[BOB][0])

    assert part(state).owners[farm] == BOB
    assert beans(state, state.discard[-2:]) == ["chili", "chili"]
    assert (state.phase, waiting_for(state)) == ("attack", [ALICE])

    act(state, ALICE, "attack", land=farm, card=card_in_hand(state, ALICE, "chili"))
    assert part(state).depots[BOB] == []
    events = act(state, BOB, "battle_card", card="deck")

    assert part(state).owners[farm] == ALICE
    assert beans(state, state.discard[-2:]) == ["chili", "green"]
    assert state.coins[ALICE] == []
    assert "Battle for bob's farm " + str(farm + 1) + (
        ": alice's Chili (18) against bob's Green (14): the attack succeeds."
    ) in wording(state, events)
    assert f"alice took bob's farm {farm + 1}." in wording(state, events)
    assert f"alice took your farm {farm + 1}." in wording(state, events, BOB)
    assert violations(state) == []


def test_each_attack_costs_a_coin_that_goes_to_the_discard_pile_before_the_battle_cards():
    state, farm = farm_by_alice(None, hands={ALICE: ["blue"]}, coins={ALICE: 1}, deck=["red"])
    coin = state.coins[ALICE][-1]

    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])

    assert state.discard[0] == coin
    assert beans(state, state.discard[1:]) == ["blue", "red"]
    assert part(state).owners[farm] == ALICE


def test_a_neutral_land_defends_with_the_top_of_the_deck_at_once():
    state, farm = farm_by_alice(None, hands={ALICE: ["soy"]}, coins={ALICE: 1}, deck=["stink"])

    events = act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])

    assert part(state).owners[farm] is None
    assert "Battle for the neutral farm " + str(farm + 1) + (
        ": alice's Soy (12) against the deck's Stink (16): the attack fails."
    ) in wording(state, events)
    # Her only coin spent, alice's attacks are over and bob's turn has begun.
    assert state.active == BOB


def test_a_tie_goes_to_the_defender():
    state, farm = farm_by_alice(None, hands={ALICE: ["green"]}, coins={ALICE: 1}, deck=["green"])

    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])

    assert part(state).owners[farm] is None


def test_the_attacker_may_attack_again_while_coins_last():
    state, farm = farm_by_alice(
        None, hands={ALICE: ["red", "red"]}, coins={ALICE: 2}, deck=["blue", "blue"]
    )

    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])
    assert (state.phase, waiting_for(state)) == ("attack", [ALICE])
    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])

    assert state.coins[ALICE] == []
    assert (state.active, state.turn) == (BOB, 2)


def test_the_attack_phase_is_skipped_for_a_player_without_a_coin():
    poor = arrange(clear_map(conquest()), phase="trade", hands={ALICE: ["red"]})
    rich = arrange(clear_map(conquest()), phase="trade", hands={ALICE: ["red"]}, coins={ALICE: 1})

    act(poor, ALICE, "end_trading")
    act(rich, ALICE, "end_trading")

    assert (poor.active, poor.turn) == (BOB, 2)
    assert (rich.phase, waiting_for(rich)) == ("attack", [ALICE])
    assert prompt(rich, ALICE).text == (
        "Your turn: attack a land next to yours for 1 coin, or end your attacks."
    )
    assert default_move(rich, ALICE) == {"kind": "end_attacks"}


def test_an_attack_needs_a_coin_a_land_next_to_yours_and_never_a_river():
    state = clear_map(conquest())
    farm = farm_next_to_camp(state, ALICE)
    camp = part(state).camps[ALICE]
    river = lands_of(state, "river")[0]
    far = next(land for land in lands_of(state, "city") if land not in neighbours(state, camp))
    attacking(state, hands={ALICE: ["blue"]}, coins={ALICE: 1})
    card = state.hands[ALICE][0]

    refused(state, ALICE, {"kind": "attack", "land": river, "card": card}, "river")
    refused(state, ALICE, {"kind": "attack", "land": far, "card": card}, "next to one of yours")
    refused(state, ALICE, {"kind": "attack", "land": camp, "card": card}, "yours already")
    refused(state, ALICE, {"kind": "attack", "land": 999, "card": card}, "no such land")
    refused(state, ALICE, {"kind": "attack", "land": farm, "card": 9999}, "neither in your hand")
    refused(state, ALICE, {"kind": "attack", "land": farm}, "Choose a battle card")
    refused(state, BOB, {"kind": "attack", "land": farm, "card": "deck"}, "own turn")
    state.coins[ALICE] = []
    refused(state, ALICE, {"kind": "attack", "land": farm, "card": card}, "costs 1 coin")


def test_the_defender_sees_where_the_attacking_card_came_from_but_not_the_card():
    state, farm = farm_by_alice(BOB, hands={ALICE: ["blue"], BOB: ["red"]}, coins={ALICE: 1})
    card = state.hands[ALICE][0]

    events = act(state, ALICE, "attack", land=farm, card=card)

    for seat in (BOB, CAROL, None):
        battle = view(state, seat)["bohnaparte"]["battle"]
        assert battle["attack"] is None and battle["attack_from"] == "hand"
        assert all(
            "bean" not in event.for_seat(seat) for event in events if event.kind == "attacked"
        )
    assert view(state, ALICE)["bohnaparte"]["battle"]["attack"] == {"id": card, "bean": "blue"}
    assert "You attacked bob's farm" in wording(state, events, ALICE)[0]
    assert "with a Blue from your hand" in wording(state, events, ALICE)[0]


def test_a_card_drawn_blind_for_an_attack_is_seen_by_nobody_until_the_battle():
    state, farm = farm_by_alice(
        BOB, hands={ALICE: ["soy"], BOB: ["red"]}, coins={ALICE: 1}, deck=["chili"]
    )

    act(state, ALICE, "attack", land=farm, card="deck")

    drawn = part(state).battle["attack"]
    assert beans(state, [drawn]) == ["chili"]
    for seat in (ALICE, BOB, None):
        assert view(state, seat)["bohnaparte"]["battle"]["attack"] is None


def test_a_defender_out_of_time_defends_with_the_top_of_the_deck():
    state, farm = farm_by_alice(BOB, hands={ALICE: ["soy"], BOB: ["blue"]}, coins={ALICE: 1})

    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])

    assert default_move(state, BOB) == {"kind": "battle_card", "card": "deck"}
    assert default_move(state, ALICE) is None
    assert prompt(state, BOB).default == "defend with the top of the deck for you"


def test_only_the_defender_may_answer_a_battle():
    state, farm = farm_by_alice(
        BOB, hands={ALICE: ["soy", "red"], BOB: ["blue"], CAROL: ["blue"]}, coins={ALICE: 1}
    )
    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])

    refused(state, CAROL, {"kind": "battle_card", "card": "deck"}, "No battle")
    refused(state, ALICE, {"kind": "battle_card", "card": "deck"}, "No battle")
    refused(state, ALICE, {"kind": "end_attacks"}, "attack phase")
    refused(state, BOB, {"kind": "battle_card", "card": state.hands[ALICE][0]}, "neither")
    assert [move["kind"] for move in legal_actions(state, BOB)] == ["battle_card"]


def test_winning_sends_the_defenders_token_back_and_losing_the_last_land_ends_the_game():
    state = clear_map(conquest())
    bob_camp = part(state).camps[BOB]
    attacker_land = neighbours(state, bob_camp)[0]
    hold(state, ALICE, attacker_land)
    attacking(state, hands={ALICE: ["blue"], BOB: ["red"]}, coins={ALICE: 1})

    act(state, ALICE, "attack", land=bob_camp, card=state.hands[ALICE][0])
    events = act(state, BOB, "battle_card", card=state.hands[BOB][0])

    assert part(state).owners[bob_camp] == ALICE
    assert state.over
    assert "bob holds no land any more: the game ends." in wording(state, events)
    assert state.result["counts"] == "points"
