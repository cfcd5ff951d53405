"""A move chosen on an older board: applied when it still means what it meant there, refused
with what changed when it does not. Each test lets another seat move between the board the
player saw (`before`) and the one the move arrives on (`now`)."""

from games.engine import legal_actions, what_changed

from .helpers import ALICE, BOB, CAROL, act, arrange, faceup_card, game


def planting(**layout):
    table = {
        "hands": {ALICE: ["red", "soy"], BOB: ["blue"]},
        "fields": {ALICE: [("red", 1), None], BOB: [("chili", 3), ("stink", 1)]},
        "phase": "plant",
        "active": ALICE,
    }
    return arrange(game("rio-grande", 4), **{**table, **layout})


def trading(**layout):
    table = {
        "hands": {ALICE: ["green"], BOB: ["red", "red"], CAROL: ["blue"]},
        "fields": {BOB: [("chili", 3), None], CAROL: [("stink", 3), None]},
        "faceup": ["soy", "garden"],
        "phase": "trade",
        "active": ALICE,
    }
    return arrange(game("rio-grande", 4), **{**table, **layout})


def after(state, seat, kind, **params):
    """`state` (the board the page showed) and a copy on which `seat` has made a move."""
    now = state.copy()
    act(now, seat, kind, **params)
    return state, now


def test_planting_the_front_card_is_untouched_by_another_seats_harvest():
    before, now = after(planting(), BOB, "harvest", field=0)
    move = {"kind": "plant", "card": before.hands[ALICE][0], "field": 0}

    assert what_changed(before, now, ALICE, move) is None


def test_planting_into_a_field_that_changed_meanwhile_is_refused():
    before, now = after(planting(), ALICE, "harvest", field=0)  # in another tab
    move = {"kind": "plant", "card": before.hands[ALICE][0], "field": 0}

    assert what_changed(before, now, ALICE, move) == (
        "Your field 1 has changed since your page showed it."
    )


def test_planting_received_beans_is_untouched_by_others_planting_theirs():
    state = arrange(
        game("rio-grande", 4),
        phase="plant_traded",
        to_plant={ALICE: ["soy"], BOB: ["red"]},
        fields={ALICE: [None, None], BOB: [None, None]},
    )
    before, now = after(state, BOB, "plant", card=state.to_plant[BOB][0], field=0)

    assert (
        what_changed(
            before, now, ALICE, {"kind": "plant", "card": before.to_plant[ALICE][0], "field": 0}
        )
        is None
    )
    planted = now.copy()
    act(planted, ALICE, "plant", card=before.to_plant[ALICE][0], field=1)
    assert (
        what_changed(
            before, planted, ALICE, {"kind": "plant", "card": before.to_plant[ALICE][0], "field": 0}
        )
        == "That card is no longer yours to plant."
    )


def test_stopping_after_one_card_is_untouched_unless_the_planting_went_on():
    state = planting()
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    before, now = after(state, BOB, "harvest", field=0)
    assert what_changed(before, now, ALICE, {"kind": "stop_planting"}) is None

    act(now, ALICE, "plant", card=now.hands[ALICE][0], field=1)
    assert what_changed(before, now, ALICE, {"kind": "stop_planting"}) == (
        "The turn has moved on since your page showed it."
    )


def test_a_harvest_reads_only_its_own_field():
    before, now = after(planting(), BOB, "harvest", field=0)
    assert what_changed(before, now, ALICE, {"kind": "harvest", "field": 0}) is None

    act(now, ALICE, "plant", card=now.hands[ALICE][0], field=0)
    assert "field 1 has changed" in what_changed(
        before, now, ALICE, {"kind": "harvest", "field": 0}
    )


def test_buying_a_field_is_untouched_by_another_seats_move():
    before, now = after(planting(coins={ALICE: 3}), BOB, "harvest", field=0)

    assert what_changed(before, now, ALICE, {"kind": "buy_field"}) is None


def test_an_offer_stands_unless_a_card_it_names_went_elsewhere():
    state = trading()
    soy, garden = faceup_card(state, "soy"), faceup_card(state, "garden")
    before, now = after(state, CAROL, "harvest", field=0)
    offer = {"kind": "offer", "to": BOB, "give": [soy], "ask": {"red": 1}}
    assert what_changed(before, now, ALICE, offer) is None

    act(now, ALICE, "offer", to=CAROL, give=[soy])
    act(now, CAROL, "accept", offer=1, give=[])
    assert what_changed(before, now, ALICE, offer) == (
        "A card of your offer is no longer where your page showed it."
    )
    assert what_changed(before, now, ALICE, {**offer, "give": [garden]}) is None


def test_answering_an_offer_stands_while_it_is_open():
    state = trading()
    act(state, ALICE, "offer", to=BOB, give=[faceup_card(state, "soy")], ask={"red": 1})
    before, now = after(state, CAROL, "harvest", field=0)
    accept = {"kind": "accept", "offer": 1, "give": [before.hands[BOB][0]]}
    for move in (accept, {"kind": "decline", "offer": 1}):
        assert what_changed(before, now, BOB, move) is None
    assert what_changed(before, now, ALICE, {"kind": "withdraw", "offer": 1}) is None

    act(now, ALICE, "withdraw", offer=1)
    assert what_changed(before, now, BOB, accept) == "That offer is no longer open."


def test_ending_trading_stands_while_offers_come_and_go_and_not_once_trading_is_over():
    before, now = after(trading(), CAROL, "harvest", field=0)
    act(now, BOB, "offer", to=ALICE, give=[now.hands[BOB][0]], ask={"green": 1})
    assert what_changed(before, now, ALICE, {"kind": "end_trading"}) is None

    act(now, ALICE, "end_trading")  # in another tab
    assert what_changed(before, now, ALICE, {"kind": "end_trading"}) == (
        "The turn has moved on since your page showed it."
    )


def duel_step_two():
    state = arrange(
        game("rio-grande", 2),
        phase="duel_plant",
        active=ALICE,
        hands={ALICE: ["red", "soy", "blue"]},
        coins={BOB: 3},
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    return state


def test_the_duels_discard_stands_while_the_opponent_buys_a_field():
    before, now = after(duel_step_two(), BOB, "buy_field")
    discard = {"kind": "discard", "card": before.hands[ALICE][-1]}
    assert what_changed(before, now, ALICE, discard) is None

    act(now, ALICE, "stop_planting")  # in another tab: the step is over
    assert what_changed(before, now, ALICE, discard) == (
        "The turn has moved on since your page showed it."
    )


def test_the_duels_end_of_turn_stands_unless_the_cards_it_leaves_on_offer_changed():
    state = duel_step_two()
    act(state, ALICE, "stop_planting")  # turns up the cards
    before, now = after(state, BOB, "buy_field")
    assert what_changed(before, now, ALICE, {"kind": "end_turn"}) is None

    plant = next(move for move in legal_actions(now, ALICE) if move["kind"] == "plant")
    act(now, ALICE, "plant", card=plant["card"], field=plant["fields"][0])
    assert what_changed(before, now, ALICE, {"kind": "end_turn"}) == (
        "The face-up cards have changed since your page showed them."
    )


def test_a_move_the_older_page_could_not_offer_is_refused():
    state = planting()
    before, now = state.copy(), state
    act(now, ALICE, "plant", card=now.hands[ALICE][0], field=0)
    second = {"kind": "plant", "card": now.hands[ALICE][0], "field": 1}  # was not the front

    assert what_changed(before, now, ALICE, second) == (
        "Your page did not offer that move, and the game has moved on since."
    )


def test_resigning_never_conflicts():
    before, now = after(planting(), BOB, "harvest", field=0)

    assert what_changed(before, now, ALICE, {"kind": "resign"}) is None
