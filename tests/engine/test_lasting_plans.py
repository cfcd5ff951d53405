"""Turn plans that last: a plan for every turn of the player's, set at any time, that plants
where the cards obviously go, harvests the field it names when a card fits none, and says what
becomes of the rest of the hand."""

import pytest

from games.engine import book_untouched, describe, waiting_for
from games.engine.book.part import BEST, BEST_HARVEST

from .helpers import ALICE, BOB, CAROL, NAMES, act, arrange, field_beans, game, hand, kinds, refused

THREE = NAMES[:3]
EVERY_TURN = {"obvious": 1, "faceup": "keep", "trading": "end", "kept": True, "every": True}
PLANTING = {"obvious": 1, "every": True}


def line(event, reader) -> str:
    return describe(event.for_seat(reader), THREE, reader)


def test_a_table_of_plans_for_every_turn_that_harvest_plays_the_whole_game_on_one_move():
    state = game("rio-grande", 3)
    act(state, BOB, "plan", **EVERY_TURN, harvest=BEST)
    act(state, CAROL, "plan", **EVERY_TURN, harvest=BEST)

    events = act(state, ALICE, "plan", **EVERY_TURN, harvest=BEST)

    assert state.over
    turns = [event.seat for event in events if event.kind == "turn_started"]
    assert turns[:6] == [BOB, CAROL, ALICE, BOB, CAROL, ALICE] and len(turns) > 30
    assert "plan_stopped" not in kinds(events)


def test_a_plan_for_every_turn_that_cannot_go_on_stops_for_that_turn_alone():
    state = arrange(
        game("rio-grande", 3),
        hands={ALICE: ["wax", "wax", "chili"], BOB: ["red", "red"], CAROL: ["red", "red"]},
        fields={ALICE: [("stink", 2), ("blue", 3), ("soy", 2)]},
        deck=["wax", "wax", *["coffee"] * 12],  # she turns up two Wax
        phase="plant",
    )
    act(state, BOB, "plan", **EVERY_TURN)
    act(state, CAROL, "plan", **EVERY_TURN)

    events = act(state, ALICE, "plan", **EVERY_TURN)

    stopped = [event for event in events if event.kind == "plan_stopped"]
    assert [event.seat for event in stopped] == [ALICE]
    assert "harvest first" in line(stopped[0], ALICE)
    assert "goes on in your next turn" in line(stopped[0], ALICE)
    assert waiting_for(state) == [ALICE] and state.planted == 0

    act(state, ALICE, "harvest", field=0)
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    act(state, ALICE, "stop_planting")
    # The rest of this turn is hers; the Wax she kept joins her Wax (the game's default).
    events = act(state, ALICE, "end_trading")

    # Bob's and Carol's plans play their turns, and hers her next one.
    assert [event.seat for event in events if event.kind == "turn_started"] == [BOB, CAROL, ALICE]
    ended = [event for event in events if event.kind == "trading_ended"]
    assert [(event.seat, event.by) for event in ended[1:4]] == [
        (BOB, "plan"),
        (CAROL, "plan"),
        (ALICE, "plan"),
    ]
    assert state.book.plans[ALICE].every


def test_a_plan_for_every_turn_harvests_the_field_it_names_to_plant_the_front_card():
    state = arrange(
        game("rio-grande", 3),
        hands={ALICE: ["wax", "chili"], BOB: ["red"], CAROL: ["red"]},
        fields={ALICE: [("stink", 3), ("blue", 5)]},
        deck=["coffee"] * 8,
        phase="plant",
    )

    events = act(state, ALICE, "plan", **PLANTING, harvest=0)

    harvested = [event for event in events if event.kind == "harvested"]
    assert [(event.seat, event.data["field"], event.by) for event in harvested] == [
        (ALICE, 0, "plan")
    ]
    assert field_beans(state, ALICE) == [("wax", 1), ("blue", 5)]
    assert hand(state, ALICE)[:1] == ["chili"]  # the rest of the hand stays as it was


def test_the_best_harvest_is_the_field_that_earns_most():
    state = arrange(
        game("rio-grande", 3),
        hands={ALICE: ["wax"], BOB: ["red"], CAROL: ["red"]},
        fields={ALICE: [("stink", 3), ("blue", 6)]},  # a Stink pays 1 for 3, a Blue 2 for 6
        deck=["coffee"] * 8,
        phase="plant",
    )

    act(state, ALICE, "plan", **PLANTING, harvest=BEST)

    assert field_beans(state, ALICE) == [("stink", 3), ("wax", 1)]


def test_a_harvest_the_bean_protection_rule_forbids_stops_the_plan_and_says_so():
    state = arrange(
        game("rio-grande", 3),
        hands={ALICE: ["wax"], BOB: ["red"], CAROL: ["red"]},
        fields={ALICE: [("stink", 1), ("blue", 4)]},
        deck=["coffee"] * 8,
        phase="plant",
    )

    events = act(state, ALICE, "plan", **PLANTING, harvest=0)

    stopped = next(event for event in events if event.kind == "plan_stopped")
    assert "field 1 may not be harvested now" in line(stopped, ALICE)
    assert waiting_for(state) == [ALICE] and state.planted == 0
    assert state.book.plans[ALICE].stopped == state.turn  # for this turn only


def test_a_plan_for_every_turn_set_during_the_players_own_trading_ends_it_and_plays_the_next():
    state = arrange(
        game("rio-grande", 3),
        hands={ALICE: ["green", "wax"], BOB: ["red"], CAROL: ["red"]},
        fields={ALICE: [("green", 2), None, None]},
        faceup=["green", "garden"],
        deck=["coffee"] * 12,
        phase="trade",
    )
    act(state, BOB, "plan", **EVERY_TURN)
    act(state, CAROL, "plan", **EVERY_TURN)

    events = act(state, ALICE, "plan", **{**EVERY_TURN, "obvious": 2})

    assert [event.seat for event in events if event.kind == "turn_started"][:3] == [
        BOB,
        CAROL,
        ALICE,
    ]
    # In her next turn, the front Green joined its field and the Wax behind it did not take
    # the empty field: the next card goes only onto a field growing its bean.
    assert field_beans(state, ALICE)[:2] == [("green", 4), ("garden", 1)]
    assert hand(state, ALICE)[0] == "wax"
    assert ALICE in state.book.plans


def test_the_plan_line_says_what_it_does_with_each_part_and_the_rest_of_the_hand():
    state = game("rio-grande", 3)

    events = act(state, BOB, "plan", **EVERY_TURN, harvest=BEST)

    planned = next(event for event in events if event.kind == "planned")
    text = line(planned, BOB)
    assert text.startswith("You planned every turn of yours, until you change it:")
    for part in (
        "your front card is planted where it obviously goes",
        "the field that earns most is harvested",
        "the rest of your hand stays as it is",
        "trading ends at once",
    ):
        assert part in text
    assert line(planned, ALICE) == ""


@pytest.mark.parametrize(
    ("plan", "reason"),
    [
        ({"obvious": 3}, "0, 1 or 2"),
        ({"harvest": 5, "obvious": 1}, 'or "best" for the one whose harvest earns most'),
        ({"harvest": 0, "trading": "end"}, "A plan harvests only to plant its own cards"),
        ({"every": True, "plant": "front"}, "the next one at most"),
    ],
)
def test_a_plan_that_cannot_be_made_is_refused_with_its_accepted_values(plan, reason):
    state = game("rio-grande", 3)

    refused(state, BOB, {"kind": "plan", **plan}, match=reason)

    assert state.book is None or BOB not in state.book.plans


def test_a_plan_for_every_turn_cannot_name_this_turns_cards():
    state = game("rio-grande", 3)
    front = state.hands[BOB][0]

    refused(
        state,
        BOB,
        {"kind": "plan", "plant": [[front, 0]], "every": True},
        match="A plan for every turn cannot name this turn's cards",
    )
    assert state.book is None or BOB not in state.book.plans


def test_the_usual_way_takes_up_rules_and_a_plan_for_every_turn_in_one_move():
    state = game("rio-grande", 3)
    assert book_untouched(state, BOB)

    events = act(state, BOB, "usual")

    assert [event.kind for event in events] == ["rules_set", "planned"]
    rules, plan = state.book.rules[BOB], state.book.plans[BOB]
    assert (rules.gifts, rules.plant, rules.growing, rules.otherwise) == (True, True, False, "ask")
    assert (plan.every, plan.obvious, plan.harvest, plan.hand) == (True, 1, BEST_HARVEST, "")
    assert not book_untouched(state, BOB) and book_untouched(state, CAROL)
    assert line(events[1], BOB).startswith("You planned every turn of yours")


def test_the_usual_way_is_refused_in_a_game_without_trading():
    state = game("rio-grande", 2)  # the Bean Duel: no trading phase

    refused(state, BOB, {"kind": "usual"}, match="no trading phase")

    assert not book_untouched(state, BOB)
