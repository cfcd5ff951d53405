"""The strong bot weighs its fields by the coins they can still reach, and trades on merit."""

import statistics
import time

from games.engine import apply, bots
from games.engine.simulate import play

from .helpers import ALICE, BOB, arrange, game


def strong():
    return bots.make_bot("strong", "test")


def test_making_room_it_keeps_the_field_its_hand_will_grow_where_the_normal_bot_does_not():
    state = arrange(
        game(),
        hands={ALICE: ["soy", "chili", "chili"]},
        fields={ALICE: [("chili", 3), ("stink", 3)]},
    )

    assert bots.make_bot("normal", "test").choose(state, ALICE) == {"kind": "harvest", "field": 0}
    assert strong().choose(state, ALICE) == {"kind": "harvest", "field": 1}


def test_it_accepts_a_card_that_grows_a_field_for_one_that_fits_none():
    state = arrange(
        game(),
        hands={BOB: ["soy", "red"]},
        fields={ALICE: [("blue", 1), None], BOB: [("chili", 2), ("wax", 2)]},
        faceup=["chili", "green"],
        phase="trade",
    )
    chili = state.faceup[0]
    apply(state, ALICE, {"kind": "offer", "to": BOB, "give": [chili], "ask": {"soy": 1}})
    apply(state, ALICE, {"kind": "offer", "to": BOB, "give": [chili], "ask": {"red": 1}})
    first, second = state.offers
    soy = state.hands[BOB][0]

    assert strong().choose(state, BOB) == {"kind": "accept", "offer": first, "give": [soy]}


def test_it_declines_to_give_a_card_its_fields_grow_for_one_they_do_not():
    state = arrange(
        game(),
        hands={BOB: ["chili"]},
        fields={ALICE: [("blue", 1), None], BOB: [("chili", 2), ("wax", 2)]},
        faceup=["green", "soy"],
        phase="trade",
    )
    green = state.faceup[0]
    apply(state, ALICE, {"kind": "offer", "to": BOB, "give": [green], "ask": {"chili": 1}})
    (offer,) = state.offers

    assert strong().choose(state, BOB) == {"kind": "decline", "offer": offer}


def test_it_decides_within_its_time_budget():
    """Median at most 50 ms and the slowest in a hundred at most 500 ms, timed over the
    decisions of whole games (far below, since it plans without playing games out)."""
    seats = [bots.make_bot("strong", f"time/{seat}") for seat in range(4)]
    log = play("rio-grande", 4, "time", ["strong"], check=False).log
    state = game("rio-grande", 4, "time")
    times = []
    for seat, action in log:
        started = time.perf_counter()
        seats[seat].choose(state, seat)
        times.append(time.perf_counter() - started)
        apply(state, seat, action)
    times.sort()
    assert statistics.median(times) <= 0.050
    assert times[int(len(times) * 0.99)] <= 0.500


def test_before_a_new_bean_goes_in_it_harvests_a_field_that_can_pay_no_more():
    state = arrange(game(), hands={ALICE: ["soy"]}, fields={ALICE: [("red", 5), None]})

    assert bots.make_bot("normal", "test").choose(state, ALICE)["kind"] == "plant"
    assert strong().choose(state, ALICE) == {"kind": "harvest", "field": 0}
