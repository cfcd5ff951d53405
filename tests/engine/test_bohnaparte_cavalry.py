"""The cavalry variant: forests, horse paddocks with their cavalry, and merchants."""

import pytest

from games.engine import default_move, legal_actions, prompt, view, waiting_for
from games.engine.bohnaparte.board import part
from games.engine.invariants import violations

from .bohnaparte_helpers import (
    attacking,
    beside,
    clear_map,
    conquest,
    give_merchant,
    hold,
    lands_of,
    neighbours,
    wording,
)
from .helpers import ALICE, BOB, CAROL, DAVE, act, arrange, beans, card_in_hand, hand, refused

CAVALRY = {"cavalry": True}


def cavalry_game():
    return clear_map(conquest(options=CAVALRY))


def test_the_cavalry_map_has_forests_and_paddocks_and_no_mines():
    state = cavalry_game()

    assert len(lands_of(state, "forest")) >= 2 and len(lands_of(state, "paddock")) >= 2
    assert lands_of(state, "mine") == [] and lands_of(state, "iron_mine") == []
    assert state.rules.turn[-1] == "merchant_draw"


def test_there_is_neither_a_depot_nor_a_fortress_with_cavalry():
    state = attacking(cavalry_game(), coins={ALICE: 5})

    refused(state, ALICE, {"kind": "buy_depot"}, "merchant")
    camp = part(state).camps[ALICE]
    refused(state, ALICE, {"kind": "build_fortress", "mine": camp, "land": camp}, "forests")


# Forests.


@pytest.mark.parametrize(("attack", "won"), [("stink", False), ("chili", True)])
def test_a_forest_defends_at_17_at_least(attack, won):
    state = cavalry_game()
    forest = lands_of(state, "forest")[0]
    hold(state, ALICE, beside(state, forest))
    hold(state, BOB, forest)
    attacking(state, hands={ALICE: [attack], BOB: ["red"]}, coins={ALICE: 1})

    act(state, ALICE, "attack", land=forest, card=state.hands[ALICE][0])
    act(state, BOB, "battle_card", card=state.hands[BOB][0])

    assert (part(state).owners[forest] == ALICE) is won


def test_a_forest_lets_its_holder_attack_across_a_river_next_to_it():
    state = cavalry_game()
    forest = next(
        land
        for land in lands_of(state, "forest")
        if any(n in lands_of(state, "river") for n in neighbours(state, land))
    )
    river = next(n for n in neighbours(state, forest) if n in lands_of(state, "river"))
    across = [
        land
        for land in neighbours(state, river)
        if land != forest
        and land not in neighbours(state, forest)
        and land not in lands_of(state, "river")
    ]
    hold(state, None, part(state).camps[ALICE])
    hold(state, ALICE, forest)

    targets = view(state, ALICE)["bohnaparte"]["targets"]

    assert across and set(across) <= set(targets)
    assert river not in targets


# Cavalry.


def with_cavalry(defence: str, *, attack_cards=("red",), coins=1):
    """alice holds a paddock and a land next to bob's farm, which she attacks."""
    state = cavalry_game()
    paddock = lands_of(state, "paddock")[0]
    farm = lands_of(state, "farm")[0]
    hold(state, ALICE, paddock, beside(state, farm))
    hold(state, BOB, farm)
    attacking(state, hands={ALICE: list(attack_cards), BOB: [defence, "red"]}, coins={ALICE: coins})
    return state, paddock, farm


def test_cavalry_rides_the_first_round_at_17_and_stays_ready_when_it_wins():
    state, paddock, farm = with_cavalry("stink")

    act(state, ALICE, "attack", land=farm, cavalry=paddock)
    events = act(state, BOB, "battle_card", card=card_in_hand(state, BOB, "stink"))

    assert part(state).owners[farm] == ALICE
    assert part(state).tapped == []
    assert "alice's cavalry (17) against bob's Stink (16): the attack succeeds." in " ".join(
        wording(state, events)
    )


def test_beaten_cavalry_is_tapped_and_a_normal_second_round_follows_for_the_same_coin():
    state, paddock, farm = with_cavalry("chili", attack_cards=["blue"], coins=1)

    act(state, ALICE, "attack", land=farm, cavalry=paddock)
    events = act(state, BOB, "battle_card", card=card_in_hand(state, BOB, "chili"))

    assert part(state).tapped == [paddock]
    assert (state.phase, waiting_for(state)) == ("battle", [ALICE])
    assert (
        prompt(state, ALICE).text
        == "Your cavalry was beaten: choose a battle card for the second round."
    )
    assert default_move(state, ALICE) == {"kind": "battle_card", "card": "deck"}
    assert "Your cavalry was beaten and is tapped: a second round follows." in wording(
        state, events, ALICE
    )
    assert state.coins[ALICE] == []

    act(state, ALICE, "battle_card", card=state.hands[ALICE][0])
    assert waiting_for(state) == [BOB]
    act(state, BOB, "battle_card", card=state.hands[BOB][0])

    assert part(state).owners[farm] == ALICE
    assert violations(state) == []


def test_tapped_cavalry_cannot_ride_until_its_holders_next_turn():
    state, paddock, farm = with_cavalry("chili", coins=2)
    part(state).tapped.append(paddock)

    refused(state, ALICE, {"kind": "attack", "land": farm, "cavalry": paddock}, "not tapped")
    assert all(
        move.get("cavalry") == []
        for move in legal_actions(state, ALICE)
        if move["kind"] == "attack"
    )
    act(state, ALICE, "end_attacks")
    for seat in (BOB, CAROL, DAVE):  # the others' turns, until alice's comes round
        assert part(state).tapped == [paddock]
        arrange(state, phase="trade", active=seat, hands={ALICE: ["red"]})
        act(state, seat, "end_trading")

    assert state.active == ALICE
    assert part(state).tapped == []


def test_an_attack_names_a_card_or_the_cavalry_never_both():
    state, paddock, farm = with_cavalry("chili")
    card = state.hands[ALICE][0]

    refused(
        state, ALICE, {"kind": "attack", "land": farm, "cavalry": paddock, "card": card}, "not both"
    )
    refused(state, ALICE, {"kind": "attack", "land": farm, "cavalry": farm}, "paddock you hold")


def test_a_conquered_paddock_brings_its_cavalry_as_it_stands():
    state = cavalry_game()
    paddock = lands_of(state, "paddock")[0]
    hold(state, BOB, paddock)
    part(state).tapped.append(paddock)
    hold(state, ALICE, beside(state, paddock))
    attacking(state, hands={ALICE: ["blue"], BOB: ["red"]}, coins={ALICE: 2})

    act(state, ALICE, "attack", land=paddock, card=state.hands[ALICE][0])
    act(state, BOB, "battle_card", card=state.hands[BOB][0])

    players = view(state, CAROL)["bohnaparte"]["players"]
    assert players[ALICE]["cavalry"] == [{"paddock": paddock, "tapped": True}]
    assert players[BOB]["cavalry"] == []


# Merchants.


def test_a_merchant_is_bought_once_for_three_coins_while_holding_a_forest():
    state = cavalry_game()
    forest = lands_of(state, "forest")[0]
    arrange(
        state, phase="trade", hands={ALICE: ["red"]}, coins={BOB: 7, CAROL: 3}, deck=["blue", "soy"]
    )
    refused(state, BOB, {"kind": "buy_merchant"}, "holding a forest")
    hold(state, BOB, forest)

    events = act(state, BOB, "buy_merchant")

    assert len(state.coins[BOB]) == 4
    assert beans(state, part(state).merchants[BOB]) == ["blue", "soy"]
    assert wording(state, events) == ["bob bought a merchant for 3 coins: it shows Blue, Soy."]
    refused(state, BOB, {"kind": "buy_merchant"}, "already")
    hold(state, CAROL, forest)
    assert view(state, CAROL)["bohnaparte"]["players"][BOB]["merchant"] == [
        {"id": card, "bean": bean}
        for card, bean in zip(part(state).merchants[BOB], ["blue", "soy"], strict=True)
    ]


def test_the_merchant_swaps_with_the_phase_five_draw_in_any_order():
    state = cavalry_game()
    arrange(state, phase="trade", hands={ALICE: ["red"]}, deck=["garden", "stink", "green"])
    give_merchant(state, ALICE, ["blue", "soy"])

    act(state, ALICE, "end_trading")
    assert (state.phase, waiting_for(state)) == ("merchant_draw", [ALICE])
    drawn = part(state).drawn
    assert beans(state, drawn) == ["garden", "stink", "green"]
    assert view(state, BOB)["bohnaparte"]["drawn"] is None
    assert [c["id"] for c in view(state, ALICE)["bohnaparte"]["drawn"]] == drawn
    blue, soy = part(state).merchants[ALICE]
    garden, stink, green = drawn

    events = act(state, ALICE, "merchant_take", cards=[soy, green, blue])

    assert hand(state, ALICE) == ["red", "soy", "green", "blue"]
    assert beans(state, part(state).merchants[ALICE]) == ["garden", "stink"]
    assert wording(state, events, BOB)[0] == (
        "alice took Soy, Blue from the merchant, which now shows Garden, Stink."
    )
    assert state.active == BOB


def test_the_merchant_take_must_name_as_many_cards_as_drawn_from_the_pool():
    state = cavalry_game()
    arrange(state, phase="trade", hands={ALICE: ["red"]}, deck=["garden", "stink", "green"])
    give_merchant(state, ALICE, ["blue", "soy"])
    act(state, ALICE, "end_trading")
    drawn = list(part(state).drawn)

    assert default_move(state, ALICE) == {"kind": "merchant_take", "cards": drawn}
    refused(state, ALICE, {"kind": "merchant_take", "cards": drawn[:2]}, "exactly 3")
    refused(state, ALICE, {"kind": "merchant_take", "cards": [drawn[0]] * 3}, "each once")
    refused(state, ALICE, {"kind": "merchant_take", "cards": "all"}, "must list")
    refused(state, BOB, {"kind": "merchant_take", "cards": drawn}, "end of your turn")


def test_a_merchant_stays_with_its_owner_when_the_forest_is_lost():
    state = cavalry_game()
    forest = lands_of(state, "forest")[0]
    hold(state, ALICE, forest)
    arrange(state, phase="trade", hands={ALICE: ["red"]}, coins={ALICE: 3})
    act(state, ALICE, "buy_merchant")

    hold(state, BOB, forest)

    assert len(part(state).merchants[ALICE]) == 2
    assert view(state, ALICE)["bohnaparte"]["players"][ALICE]["merchant"] is not None
    assert violations(state) == []
