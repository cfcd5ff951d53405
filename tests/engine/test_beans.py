"""The beans: how many cards each has, what its meter pays, and where a harvest's cards go."""

import pytest

from games.engine import BEANS, payout
from games.engine.beans import BEAN_INDEX

from .helpers import ALICE, act, arrange, game


def meter(bean: str, up_to: int) -> list[int]:
    return [payout(BEAN_INDEX[bean], n) for n in range(1, up_to + 1)]


def test_the_stink_meter_pays_as_the_rule_book_example_says():
    # 1-2 beans pay nothing, 3-4 pay 1, 5-6 pay 2, 7 pays 3, 8 or more pay 4.
    assert meter("stink", 12) == [0, 0, 1, 1, 2, 2, 3, 4, 4, 4, 4, 4]


def test_no_field_ever_pays_more_than_four_coins():
    assert all(payout(bean, 40) <= 4 for bean in range(len(BEANS)))


def test_the_garden_meter_has_no_one_coin_tier_and_stops_at_three():
    assert meter("garden", 6) == [0, 2, 3, 3, 3, 3]


def test_the_cocoa_meter_pays_two_three_and_four():
    assert meter("cocoa", 5) == [0, 2, 3, 4, 4]


@pytest.mark.parametrize(
    ("bean", "cards", "tiers"),
    [
        ("coffee", 24, (4, 7, 10, 12)),
        ("wax", 22, (4, 7, 9, 11)),
        ("blue", 20, (4, 6, 8, 10)),
        ("chili", 18, (3, 6, 8, 9)),
        ("stink", 16, (3, 5, 7, 8)),
        ("green", 14, (3, 5, 6, 7)),
        ("soy", 12, (2, 4, 6, 7)),
        ("black-eyed", 10, (2, 4, 5, 6)),
        ("red", 8, (2, 3, 4, 5)),
    ],
)
def test_each_full_meter_pays_one_more_coin_at_each_tier(bean, cards, tiers):
    assert BEANS[BEAN_INDEX[bean]].count == cards
    for coins, needed in enumerate(tiers, start=1):
        assert payout(BEAN_INDEX[bean], needed) == coins
        assert payout(BEAN_INDEX[bean], needed - 1) == coins - 1


def test_the_rare_beans_have_six_and_four_cards():
    assert BEANS[BEAN_INDEX["garden"]].count == 6
    assert BEANS[BEAN_INDEX["cocoa"]].count == 4


def harvest_a_field_of(bean: str, count: int, edition: str = "rio-grande", players: int = 4):
    state = arrange(game(edition, players), fields={ALICE: [(bean, count), None]})
    field = list(state.fields[ALICE][0])
    events = act(state, ALICE, "harvest", field=0)
    return state, field, events


def test_three_chili_harvested_pay_one_coin_and_discard_the_other_two():
    state, field, events = harvest_a_field_of("chili", 3)

    assert len(state.coins[ALICE]) == 1
    assert len(state.discard) == 2
    assert sorted(state.coins[ALICE] + state.discard) == sorted(field)
    assert state.fields[ALICE][0] == []
    assert events[-1].data == {"field": 0, "bean": "chili", "beans": 3, "coins": 1}


def test_two_chili_harvested_pay_nothing_and_all_go_to_the_discard_pile():
    state, field, _ = harvest_a_field_of("chili", 2)

    assert state.coins[ALICE] == []
    assert sorted(state.discard) == sorted(field)


def test_three_green_beans_are_worth_one_coin_in_the_amigo_editions():
    state, _, _ = harvest_a_field_of("green", 3, edition="amigo-1997")

    assert len(state.coins[ALICE]) == 1
    assert len(state.discard) == 2


@pytest.mark.parametrize("count", range(1, 10))
def test_a_stink_harvest_moves_the_payout_to_coins_and_the_rest_to_the_discard(count):
    state, field, _ = harvest_a_field_of("stink", count)
    paid = meter("stink", 9)[count - 1]

    assert len(state.coins[ALICE]) == paid
    assert len(state.discard) == count - paid
    assert sorted(state.coins[ALICE] + state.discard) == sorted(field)


def test_a_harvest_lays_the_coins_on_top_of_the_existing_stack():
    state = arrange(game(), fields={ALICE: [("red", 2), None]}, coins={ALICE: 3})
    earlier = list(state.coins[ALICE])

    act(state, ALICE, "harvest", field=0)

    assert state.coins[ALICE][:3] == earlier
    assert len(state.coins[ALICE]) == 4


def test_a_harvest_lays_the_discards_on_top_of_the_discard_pile():
    state = arrange(game(), fields={ALICE: [("soy", 3), None]}, discard=["blue", "blue"])
    below = list(state.discard)

    act(state, ALICE, "harvest", field=0)

    assert state.discard[:2] == below
    assert len(state.discard) == 4
