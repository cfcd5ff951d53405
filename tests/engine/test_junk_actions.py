"""Junk moves, as a careless client or a hostile one might send them: each is refused with a
readable reason and leaves the game exactly as it was."""

import random

import pytest

from games.engine import legal_actions

from .helpers import (
    ALICE,
    ALL_TABLES,
    BOB,
    CAROL,
    act,
    arrange,
    concrete,
    game,
    random_states,
    refused,
)

NOT_WHOLE_NUMBERS = ["0", "1", 1.0, 0.5, float("nan"), True, False, None, [0], {"n": 0}]
NOT_CARD_LISTS = ["1", 1, 1.0, None, True, {"1": 1}, ["1"], [1.0], [True], [None], [[1]]]
NOT_ASKS = [
    "red",
    1,
    None,
    True,
    ["red"],
    {"red": "1"},
    {"red": -1},
    {"red": 1.0},
    {"red": True},
    {"red": None},
    {"nonsense": 1},
    {1: 1},
    {"red": 10**9},
]
# A battle card is a card of the hand or the depot, or "deck".
NOT_BATTLE_CARDS = ["Deck", "top", "1", 1.0, True, None, [0], {"deck": True}, -1, 10**30]
NOT_SEATS = [-1, 7, 10**18, "0", "alice", None, True, 0.0, [0]]

# The parameters of each kind of move, and junk that none of them may accept.
PARAMETERS = {
    "plant": {
        "card": NOT_WHOLE_NUMBERS + [-1, 10**30],
        "field": NOT_WHOLE_NUMBERS + [-1, 3, 2**63],
    },
    "harvest": {"field": NOT_WHOLE_NUMBERS + [-1, 3, 10**18]},
    "discard": {"card": NOT_WHOLE_NUMBERS + [-1, 10**30]},
    "offer": {
        "to": NOT_WHOLE_NUMBERS + [-1, 99],
        "give": NOT_CARD_LISTS + [[-1], [10**30]],
        "ask": NOT_ASKS,
        "ask_faceup": NOT_CARD_LISTS + [[-1]],
    },
    "accept": {"offer": NOT_WHOLE_NUMBERS + [-1, 10**30], "give": NOT_CARD_LISTS + [[-1]]},
    "decline": {"offer": NOT_WHOLE_NUMBERS + [-1, 10**30]},
    "withdraw": {"offer": NOT_WHOLE_NUMBERS + [-1, 10**30]},
    # Bohnaparte's
    "choose_camp": {"land": NOT_WHOLE_NUMBERS + [-1, 999]},
    "store": {"card": NOT_WHOLE_NUMBERS + [-1, 10**30]},
    "attack": {"land": NOT_WHOLE_NUMBERS + [-1, 999], "card": NOT_BATTLE_CARDS},
    "battle_card": {"card": NOT_BATTLE_CARDS},
    "build_fortress": {
        "mine": NOT_WHOLE_NUMBERS + [-1, 999],
        "land": NOT_WHOLE_NUMBERS + [-1, 999],
    },
    "merchant_take": {"cards": NOT_CARD_LISTS + [[-1], [10**30]]},
}


def trading_table():
    """Alice trades; she has offered bob the face-up Garden for a Red (offer 1)."""
    state = arrange(
        game(),
        hands={ALICE: ["red", "soy"], BOB: ["blue", "red"], CAROL: ["chili"]},
        fields={BOB: [("stink", 3), ("green", 1)]},
        faceup=["garden", "soy"],
        phase="trade",
    )
    act(state, ALICE, "offer", to=BOB, give=[state.faceup[0]], ask={"red": 1})
    return state


@pytest.mark.parametrize(
    "move",
    [
        None,
        "plant",
        3,
        [],
        ["plant"],
        {},
        {"kind": None},
        {"kind": 3},
        {"kind": ["plant"]},
        {"kind": "cheat"},
        {"kind": "PLANT"},
        {"kind": "plant "},
        {"kind": "__class__"},
    ],
)
def test_a_move_that_is_not_an_object_with_a_known_kind_is_refused(move):
    refused(trading_table(), ALICE, move, match="move")


@pytest.mark.parametrize("seat", NOT_SEATS)
def test_a_seat_that_is_not_in_the_game_is_refused(seat):
    refused(trading_table(), seat, {"kind": "end_trading"}, match="no such seat")


@pytest.mark.parametrize(
    ("kind", "parameter", "junk"),
    [
        (kind, parameter, junk)
        for kind, parameters in PARAMETERS.items()
        for parameter, values in parameters.items()
        for junk in values
    ],
)
def test_a_junk_parameter_is_refused_and_changes_nothing(kind, parameter, junk):
    state = trading_table()
    seat = ALICE if kind in ("offer", "withdraw", "plant", "discard") else BOB
    move = {"kind": kind, **base_parameters(state, seat, kind), parameter: junk}

    refused(state, seat, move)


def base_parameters(state, seat, kind) -> dict:
    """Parameters that are right for this table, so that only the junk one is wrong."""
    listed = next((entry for entry in legal_actions(state, seat) if entry["kind"] == kind), None)
    if listed:
        move = concrete(state, listed, random.Random(kind))
        return {key: value for key, value in move.items() if key != "kind"}
    return {"card": state.hands[seat][0], "field": 0}


@pytest.mark.parametrize(
    ("seat", "move", "reason"),
    [
        (BOB, {"kind": "harvest", "field": 1}, "bean protection"),
        (BOB, {"kind": "harvest", "field": 2}, "no field 3"),
        (BOB, {"kind": "harvest", "field": -1}, "no field 0"),
        (ALICE, {"kind": "stop_planting"}, "Only the active player"),
        (ALICE, {"kind": "end_turn"}, "Only the active player"),
        (ALICE, {"kind": "discard", "card": 0}, "discard"),
        (BOB, {"kind": "buy_field"}, "costs 3 coins"),
        (BOB, {"kind": "offer", "to": ALICE, "ask": {"coffee": 1}}, "no Coffee beans"),
        (BOB, {"kind": "offer", "to": ALICE, "ask": {"red": 31}}, "more beans"),
        (BOB, {"kind": "offer", "to": ALICE, "give": [7, 7]}, "only once"),
    ],
)
def test_a_well_formed_move_the_rules_forbid_is_refused_with_its_reason(seat, move, reason):
    refused(trading_table(), seat, move, match=reason)


def test_another_seats_cards_cannot_be_offered_handed_over_or_planted():
    state = trading_table()
    bobs_card = state.hands[BOB][0]

    refused(state, ALICE, {"kind": "offer", "to": BOB, "give": [bobs_card]}, match="your hand")
    refused(
        state,
        BOB,
        {"kind": "accept", "offer": 1, "give": [state.hands[CAROL][0]]},
        match="own hand",
    )
    state.phase = "plant_traded"
    state.offers = {}
    state.to_plant[CAROL] = [state.hands[CAROL].pop()]
    refused(
        state,
        ALICE,
        {"kind": "plant", "card": state.to_plant[CAROL][0], "field": 0},
        match="nothing left to plant",
    )


@pytest.mark.parametrize(("edition", "players"), ALL_TABLES)
def test_junk_is_refused_in_every_phase_of_every_game(edition, players):
    rng = random.Random(f"junk/{edition}/{players}")
    for state in random_states(edition, players, f"junk/{players}", every=players * 25):
        seat = rng.randrange(players)
        kind = rng.choice(list(PARAMETERS))
        parameter, values = rng.choice(list(PARAMETERS[kind].items()))
        listed = [entry for entry in legal_actions(state, seat) if entry["kind"] == kind]
        base = concrete(state, rng.choice(listed), rng) if listed else {"kind": kind}
        refused(state, seat, {**base, parameter: rng.choice(values)})
        refused(state, rng.choice(NOT_SEATS), base)
