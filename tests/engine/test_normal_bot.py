"""The normal bot: it harvests for nothing only when it must, and gives away what its fields
cannot take."""

from games.engine import apply, bots

from .helpers import ALICE, BOB, CAROL, answers_everything, arrange, game


def normal():
    return bots.make_bot("normal", "test")


def test_with_no_room_for_its_front_card_it_harvests_the_field_that_pays():
    state = arrange(
        game(),
        hands={ALICE: ["soy", "red"]},
        fields={ALICE: [("garden", 1), ("chili", 3)]},
    )

    move = normal().choose(state, ALICE)

    assert move == {"kind": "harvest", "field": 1}


def test_with_no_field_that_pays_it_uproots_the_fewest_beans():
    state = arrange(
        game(),
        hands={ALICE: ["soy"]},
        fields={ALICE: [("blue", 3), ("wax", 2)]},
    )

    assert normal().choose(state, ALICE) == {"kind": "harvest", "field": 1}


def test_it_plants_a_second_card_that_grows_a_field():
    state = arrange(game(), hands={ALICE: ["soy", "chili"]}, fields={ALICE: [("chili", 2), None]})
    first = normal().choose(state, ALICE)
    assert first["kind"] == "plant" and first["field"] == 1
    apply(state, ALICE, first)

    assert normal().choose(state, ALICE) == {
        "kind": "plant",
        "card": state.hands[ALICE][0],
        "field": 0,
    }


def test_as_the_active_player_it_offers_a_face_up_card_it_cannot_plant_to_a_player_who_grows_it():
    state = arrange(
        game(),
        fields={ALICE: [("chili", 2), ("blue", 3)], CAROL: [("soy", 1), None]},
        faceup=["chili", "soy"],
        phase="trade",
    )
    soy = state.faceup[1]

    move = normal().choose(state, ALICE)

    assert move == {"kind": "offer", "to": CAROL, "give": [soy]}


def test_it_takes_a_gift_that_fits_its_fields_and_declines_one_that_would_make_it_uproot():
    state = arrange(
        game(),
        fields={ALICE: [("chili", 2), ("blue", 3)], BOB: [("soy", 1), ("red", 2)]},
        faceup=["soy", "wax"],
        phase="trade",
    )
    answers_everything(state, BOB)  # the bot answers, not the defaults
    soy, wax = state.faceup
    apply(state, ALICE, {"kind": "offer", "to": BOB, "give": [soy]})
    apply(state, ALICE, {"kind": "offer", "to": BOB, "give": [wax]})
    first, second = state.offers

    assert normal().choose(state, BOB) == {"kind": "accept", "offer": first, "give": []}
    apply(state, BOB, {"kind": "accept", "offer": first, "give": []})
    assert normal().choose(state, BOB) == {"kind": "decline", "offer": second}


def test_the_easy_bot_starts_a_field_with_a_second_card_where_the_normal_bot_keeps_it_free():
    state = arrange(game(), hands={ALICE: ["soy", "wax", "soy"]})
    easy = bots.make_bot("easy", "test")
    apply(state, ALICE, easy.choose(state, ALICE))

    assert normal().choose(state, ALICE) == {"kind": "stop_planting"}
    assert easy.choose(state, ALICE) == {"kind": "plant", "card": state.hands[ALICE][0], "field": 1}


def test_the_easy_bot_neither_makes_nor_takes_offers():
    state = arrange(
        game(),
        fields={ALICE: [("chili", 2), ("blue", 3)], BOB: [("soy", 1), None]},
        faceup=["soy", "wax"],
        phase="trade",
    )
    answers_everything(state, BOB)  # the bot answers, not the defaults
    easy = bots.make_bot("easy", "test")
    assert easy.choose(state, ALICE) == {"kind": "end_trading"}
    apply(state, ALICE, {"kind": "offer", "to": BOB, "give": [state.faceup[0]]})
    (offer,) = state.offers

    assert easy.choose(state, BOB) == {"kind": "decline", "offer": offer}
