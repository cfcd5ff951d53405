"""Every land of Bohnaparte's base map (seed 003, "Carte terreno"): what it brings its holder,
how it defends, and its victory points."""

import pytest

from games.engine import legal_actions, outcome, prompt, view, waiting_for
from games.engine.bohnaparte.board import part, points
from games.engine.invariants import violations

from .bohnaparte_helpers import (
    attacking,
    beside,
    clear_map,
    conquest,
    give_depot,
    hold,
    lands_of,
    neighbours,
    pair,
    wording,
)
from .helpers import ALICE, BOB, CAROL, DAVE, act, arrange, beans, refused


def battle_at(kind: str, attack: str, defence: str, *, fortress=False, cannon=False) -> bool:
    """Whether alice, from a land next to it, takes a land of `kind` held by bob, her card of
    the bean `attack` against his `defence`."""
    state = clear_map(conquest())
    target = next(
        land
        for land in lands_of(state, kind)
        if land not in part(state).camps or land == part(state).camps[BOB]
    )
    hold(state, ALICE, beside(state, target))
    hold(state, BOB, target)
    if cannon:
        hold(state, ALICE, lands_of(state, "iron_mine")[-1])
    attacking(state, hands={ALICE: [attack], BOB: [defence]}, coins={ALICE: 1})
    if fortress:
        part(state).fortresses.append(target)
        part(state).emptied.append(lands_of(state, "mine")[0])
    act(state, ALICE, "attack", land=target, card=state.hands[ALICE][0])
    act(state, BOB, "battle_card", card=state.hands[BOB][0])
    assert violations(state) == []
    return part(state).owners[target] == ALICE


# Villages: one more card in phase 5, and they defend at 16 at least.


def test_a_village_draws_one_more_card_at_the_end_of_the_turn():
    state = clear_map(conquest())
    hold(state, ALICE, *lands_of(state, "village")[:2])
    arrange(state, phase="trade", hands={ALICE: ["red"]})

    act(state, ALICE, "end_trading")

    assert len(state.hands[ALICE]) == 1 + 3 + 2


@pytest.mark.parametrize(
    ("attack", "defence", "won"),
    [("stink", "green", False), ("chili", "green", True), ("chili", "chili", False)],
)
def test_a_village_defends_at_16_at_least(attack, defence, won):
    assert battle_at("village", attack, defence) is won


# Cities: 18 at least, and 3 points.


@pytest.mark.parametrize(
    ("attack", "defence", "won"), [("chili", "red", False), ("blue", "red", True)]
)
def test_a_city_defends_at_18_at_least(attack, defence, won):
    assert battle_at("city", attack, defence) is won


def test_a_city_is_worth_three_points_a_camp_one_and_a_river_none():
    state = clear_map(conquest())
    city = lands_of(state, "city")[0]
    hold(state, ALICE, city)

    assert points(state, ALICE) == 1 + 3
    assert points(state, BOB) == 1
    assert all(
        land["points"] == 0
        for land in view(state, ALICE)["bohnaparte"]["lands"]
        if land["land"] in lands_of(state, "river")
    )


# Farms: one more card turned up in phase 2.


def test_a_farm_turns_up_one_more_card_in_phase_two():
    state = clear_map(conquest())
    hold(state, ALICE, *lands_of(state, "farm")[:2])
    arrange(state, phase="plant", hands={ALICE: ["red"]})

    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)

    assert state.phase == "trade"
    assert len(state.faceup) == 2 + 2


# Swamps: no depot card fights there.


def test_no_card_of_a_munitions_depot_may_fight_in_a_swamp():
    state = clear_map(conquest())
    swamp = lands_of(state, "swamp")[0]
    hold(state, ALICE, beside(state, swamp))
    hold(state, BOB, swamp)
    attacking(state, hands={ALICE: ["red"], BOB: ["red"]}, coins={ALICE: 1})
    give_depot(state, ALICE, ["blue"])
    give_depot(state, BOB, ["blue"])
    blue = part(state).depots[ALICE][0]

    refused(state, ALICE, {"kind": "attack", "land": swamp, "card": blue}, "swamp")
    listed = next(m for m in legal_actions(state, ALICE) if m.get("land") == swamp)
    assert blue not in listed["cards"]

    act(state, ALICE, "attack", land=swamp, card=state.hands[ALICE][0])
    refused(state, BOB, {"kind": "battle_card", "card": part(state).depots[BOB][0]}, "swamp")
    assert next(m for m in legal_actions(state, BOB))["cards"] == state.hands[BOB]


# Monasteries: before planting, a card of 6 to 12 becomes a coin, 14 to 20 is discarded.


def turn_of_alice_with_monasteries(monasteries: int, deck_after_dave: list[str]):
    state = clear_map(conquest())
    hold(state, ALICE, *lands_of(state, "monastery")[:monasteries])
    arrange(
        state,
        phase="trade",
        active=DAVE,
        hands={ALICE: ["red"], DAVE: ["soy"]},
        deck=["garden", "garden", "garden", *deck_after_dave],
    )
    act(state, DAVE, "end_trading")
    return state


def test_a_monastery_draws_a_coin_or_a_discard_before_planting():
    state = turn_of_alice_with_monasteries(2, ["red", "blue"])

    assert (state.active, state.phase, waiting_for(state)) == (ALICE, "monastery", [ALICE])
    assert prompt(state, ALICE).key == "monastery"
    act(state, ALICE, "monastery_draw")
    assert beans(state, state.coins[ALICE]) == ["red"]
    assert state.phase == "monastery"
    act(state, ALICE, "monastery_draw")

    assert beans(state, state.discard[-1:]) == ["blue"]
    assert len(state.coins[ALICE]) == 1
    assert state.phase == "plant"


def test_drawing_at_a_monastery_is_a_choice():
    state = turn_of_alice_with_monasteries(1, ["red"])

    act(state, ALICE, "monastery_skip")

    assert state.phase == "plant" and state.coins[ALICE] == []
    assert beans(state, state.deck[-1:]) == ["red"]


def test_a_player_without_a_monastery_plants_at_once():
    state = turn_of_alice_with_monasteries(0, [])

    assert (state.active, state.phase) == (ALICE, "plant")


# Mines and fortresses.


def test_a_mine_builds_a_fortress_under_a_land_for_two_coins_and_is_then_empty():
    state = clear_map(conquest())
    mine, village = pair(state, "mine", "village")
    hold(state, ALICE, mine, village)
    attacking(state, hands={ALICE: ["red"]}, coins={ALICE: 3})
    before = points(state, ALICE)

    events = act(state, ALICE, "build_fortress", mine=mine, land=village)

    assert len(state.coins[ALICE]) == 1
    assert part(state).emptied == [mine] and part(state).fortresses == [village]
    assert points(state, ALICE) == before + 1
    assert wording(state, events, BOB) == [
        f"alice emptied mine {mine + 1} and built a fortress under village {village + 1} "
        "for 2 coins."
    ]
    refused(state, ALICE, {"kind": "build_fortress", "mine": mine, "land": village}, "not empty")
    assert violations(state) == []


def test_a_fortress_is_built_only_in_ones_own_turn_under_ones_own_land():
    state = clear_map(conquest())
    mine, village = pair(state, "mine", "village")
    hold(state, BOB, mine)
    hold(state, ALICE, village)
    attacking(state, hands={ALICE: ["red"]}, coins={BOB: 2, ALICE: 2})

    refused(state, BOB, {"kind": "build_fortress", "mine": mine, "land": mine}, "own turn")
    hold(state, ALICE, mine)
    refused(state, ALICE, {"kind": "build_fortress", "mine": mine, "land": 999}, "no such land")
    bobs = part(state).camps[BOB]
    refused(state, ALICE, {"kind": "build_fortress", "mine": mine, "land": bobs}, "your own lands")


@pytest.mark.parametrize(
    ("kind", "attack", "defence", "won"),
    [
        ("village", "stink", "green", False),  # 14 + 2 = 16 against 16
        ("village", "stink", "red", False),  # 8 + 2 = 10, the village's least 16, against 16
        ("village", "blue", "stink", True),  # 16 + 2 = 18 against 20
        ("village", "chili", "stink", False),  # 16 + 2 = 18 against 18
        ("farm", "stink", "green", False),  # 14 + 2 = 16 against 16
    ],
)
def test_a_fortress_adds_two_to_the_defence_before_the_lands_least(kind, attack, defence, won):
    assert battle_at(kind, attack, defence, fortress=True) is won


def test_a_fortress_stays_with_its_land_and_counts_for_whoever_holds_it():
    state = clear_map(conquest())
    farm = lands_of(state, "farm")[0]
    hold(state, ALICE, beside(state, farm))
    hold(state, BOB, farm)
    part(state).fortresses.append(farm)
    part(state).emptied.append(lands_of(state, "mine")[0])
    attacking(state, hands={ALICE: ["blue"], BOB: ["red"]}, coins={ALICE: 1})
    before = points(state, ALICE), points(state, BOB)

    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])
    act(state, BOB, "battle_card", card=state.hands[BOB][0])

    assert part(state).fortresses == [farm]
    assert (points(state, ALICE), points(state, BOB)) == (before[0] + 2, before[1] - 2)


# Iron mines: the cannon wins ties against villages, cities and fortified lands.


@pytest.mark.parametrize(
    ("kind", "attack", "defence", "fortress", "won"),
    [
        ("village", "stink", "green", False, True),  # 16 against 16
        ("city", "chili", "red", False, True),  # 18 against 18
        ("farm", "stink", "stink", False, False),  # no cannon against a bare farm
        ("farm", "chili", "stink", True, True),  # 18 against 16 + 2
        ("farm", "blue", "chili", True, False),  # 20 against 18 + 2: the defender holds
    ],
)
def test_a_cannon_wins_ties_against_villages_cities_and_fortresses_but_not_at_20(
    kind, attack, defence, fortress, won
):
    assert battle_at(kind, attack, defence, fortress=fortress, cannon=True) is won


def test_the_cannon_goes_with_its_iron_mine():
    state = clear_map(conquest())
    iron = lands_of(state, "iron_mine")[0]
    hold(state, ALICE, iron)
    assert view(state, BOB)["bohnaparte"]["players"][ALICE]["cannon"] is True

    hold(state, BOB, iron)

    players = view(state, CAROL)["bohnaparte"]["players"]
    assert (players[ALICE]["cannon"], players[BOB]["cannon"]) == (False, True)


# Rivers: neither crossed nor attacked.


def test_a_land_beyond_a_river_is_out_of_reach():
    state = clear_map(conquest())
    river = lands_of(state, "river")[0]
    banks = [land for land in neighbours(state, river) if land not in lands_of(state, "river")]
    here = banks[0]
    hold(state, None, part(state).camps[ALICE])
    hold(state, ALICE, here)

    targets = view(state, ALICE)["bohnaparte"]["targets"]

    assert targets == [n for n in neighbours(state, here) if n not in lands_of(state, "river")]
    assert set(banks) - set(targets) - {here}


# The end: victory points, then most lands.


def test_victory_points_rank_the_players_and_a_tie_goes_to_the_most_lands():
    state = clear_map(conquest())
    hold(state, ALICE, lands_of(state, "city")[0])  # 1 + 3 in 2 lands
    hold(state, BOB, *lands_of(state, "farm")[:3])  # 1 + 3 in 4 lands
    state.over = True

    result = outcome(state)

    assert result["counts"] == "points"
    assert result["scores"][:2] == [4, 4]
    assert result["places"][:2] == [2, 1]
    assert result["tie_break"] == "lands"
    assert result["summary"] == (
        "Game over. bob wins with 4 victory points. Tie-break: the tied player holding the "
        "most lands wins."
    )
