"""Phase 2 trading: offers between the active player and one other, gifts, and their lapse."""

from games.engine import legal_actions, waiting_for

from .helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
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

DECK = ["green", "green", "green", "stink", "stink", "stink"]


def market(edition: str = "rio-grande", **changes):
    """Alice's trading phase at a table of four (Rio Grande, so Garden is in the deck): she has
    turned up a Soy and a Garden."""
    table = {
        "hands": {
            ALICE: ["stink", "blue", "green"],
            BOB: ["chili", "red", "stink", "red"],
            CAROL: ["blue", "black-eyed", "blue", "blue"],
            DAVE: ["red"],
        },
        "faceup": ["soy", "garden"],
        "deck": DECK,
        "phase": "trade",
    }
    return arrange(game(edition, 4), **{**table, **changes})


def offer(state, maker: int, to: int, give=(), ask=None, ask_faceup=()) -> int:
    """Make an offer and return its number."""
    events = act(
        state, maker, "offer", to=to, give=list(give), ask=ask or {}, ask_faceup=list(ask_faceup)
    )
    return events[-1].data["offer"]


def test_steve_trades_the_faceup_soy_and_a_blue_from_his_hand_for_annas_red():
    # Rule book example 4: Steve (alice) turned up a Soy and a Garden, keeps the Garden, and
    # gives Anna (bob) the Soy and a Blue from his hand for a Red.
    state = market()
    soy, blue = faceup_card(state, "soy"), card_in_hand(state, ALICE, "blue")
    red = card_in_hand(state, BOB, "red", nth=1)

    number = offer(state, ALICE, BOB, give=[soy, blue], ask={"red": 1})
    events = act(state, BOB, "accept", offer=number, give=[red])

    assert kinds(events) == ["traded"]
    assert events[0].data["given"] == ["soy", "blue"]
    assert events[0].data["received"] == ["red"]
    assert hand(state, ALICE) == ["stink", "green"]
    assert hand(state, BOB) == ["chili", "red", "stink"]
    assert sorted(state.to_plant[BOB]) == sorted([soy, blue])
    assert state.to_plant[ALICE] == [red]
    assert beans(state, state.faceup) == ["garden"]

    act(state, ALICE, "end_trading")
    assert beans(state, state.to_plant[ALICE]) == ["red", "garden"]
    act(state, ALICE, "plant", card=red, field=0)
    act(state, ALICE, "plant", card=state.to_plant[ALICE][0], field=1)
    assert field_beans(state, ALICE) == [("red", 1), ("garden", 1)]
    assert hand(state, ALICE) == ["stink", "green"]
    assert waiting_for(state) == [BOB]

    act(state, BOB, "plant", card=soy, field=0)
    act(state, BOB, "plant", card=blue, field=1)
    assert hand(state, BOB) == ["chili", "red", "stink"]
    assert state.active == BOB
    assert len(state.hands[ALICE]) == 5


def test_bob_improves_his_offer_when_nobody_takes_the_soy_and_pien_accepts():
    # The current Amigo rules' examples 1-4: Bob (alice here) turned up a Soy and a Blue and
    # keeps the Blue. Nobody gives a Red for the Soy, so he adds a Chili from his hand, and
    # Pien (carol) gives him the Red. Bob plants the Red and the Blue, Pien the Soy and Chili.
    state = market(
        edition="amigo-classic",
        faceup=["soy", "blue"],
        hands={ALICE: ["green", "chili"], CAROL: ["stink", "red"]},
    )
    soy, chili = faceup_card(state, "soy"), card_in_hand(state, ALICE, "chili")
    for other in (BOB, CAROL, DAVE):
        act(state, other, "decline", offer=offer(state, ALICE, other, give=[soy], ask={"red": 1}))

    better = offer(state, ALICE, CAROL, give=[soy, chili], ask={"red": 1})
    act(state, CAROL, "accept", offer=better, give=[card_in_hand(state, CAROL, "red")])
    act(state, ALICE, "end_trading")

    assert beans(state, state.to_plant[ALICE]) == ["red", "blue"]
    assert beans(state, state.to_plant[CAROL]) == ["soy", "chili"]
    assert waiting_for(state) == [ALICE, CAROL]
    for seat in (ALICE, CAROL):
        for field in (0, 1):
            act(state, seat, "plant", card=state.to_plant[seat][0], field=field)
    assert field_beans(state, ALICE) == [("red", 1), ("blue", 1)]
    assert field_beans(state, CAROL) == [("soy", 1), ("chili", 1)]
    assert (hand(state, ALICE)[:1], hand(state, CAROL)) == (["green"], ["stink"])


def test_cards_received_in_a_trade_cannot_be_traded_again():
    state = market()
    soy = faceup_card(state, "soy")
    act(state, BOB, "accept", offer=offer(state, ALICE, BOB, give=[soy]), give=[])

    refused(state, BOB, {"kind": "offer", "to": ALICE, "give": [soy]}, match="not tradable")
    refused(state, ALICE, {"kind": "offer", "to": CAROL, "give": [soy]}, match="not tradable")
    assert soy not in legal_offer(state, BOB)["give"]


def legal_offer(state, seat: int) -> dict:
    return next(action for action in legal_actions(state, seat) if action["kind"] == "offer")


def test_an_offer_nobody_accepts_changes_no_hand():
    state = market()
    before = [list(cards) for cards in state.hands]

    number = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")], ask={"red": 1})
    act(state, BOB, "decline", offer=number)

    assert state.hands == before
    assert state.offers == {}
    assert len(state.faceup) == 2


def test_an_uneven_trade_gives_one_garden_for_two_blue():
    state = market()
    garden = faceup_card(state, "garden")

    number = offer(state, ALICE, CAROL, give=[garden], ask={"blue": 2})
    act(state, CAROL, "accept", offer=number, give=[state.hands[CAROL][3], state.hands[CAROL][0]])

    assert hand(state, CAROL) == ["black-eyed", "blue"]
    assert beans(state, state.to_plant[ALICE]) == ["blue", "blue"]
    assert state.to_plant[CAROL] == [garden]


def test_the_accepter_chooses_which_of_its_matching_cards_to_hand_over():
    state = market()
    first_blue, last_blue = state.hands[CAROL][0], state.hands[CAROL][3]
    number = offer(state, ALICE, CAROL, give=[faceup_card(state, "soy")], ask={"blue": 1})
    accept = next(action for action in legal_actions(state, CAROL) if action["kind"] == "accept")

    assert accept["ask"] == {"blue": 1}
    assert accept["choices"] == {"blue": [first_blue, state.hands[CAROL][2], last_blue]}
    act(state, CAROL, "accept", offer=number, give=[last_blue])
    assert state.hands[CAROL][0] == first_blue
    assert state.to_plant[ALICE] == [last_blue]


def test_the_accepter_must_hand_over_exactly_the_beans_asked_for():
    state = market()
    number = offer(state, ALICE, CAROL, give=[faceup_card(state, "soy")], ask={"blue": 2})
    blues = [card for card in state.hands[CAROL] if beans(state, [card]) == ["blue"]]
    black_eyed = card_in_hand(state, CAROL, "black-eyed")

    refused(
        state,
        CAROL,
        {"kind": "accept", "offer": number, "give": blues[:1]},
        match="exactly the cards asked for: 2 Blue",
    )
    refused(
        state,
        CAROL,
        {"kind": "accept", "offer": number, "give": [blues[0], black_eyed]},
        match="exactly",
    )
    refused(state, CAROL, {"kind": "accept", "offer": number, "give": blues}, match="exactly")
    refused(
        state,
        CAROL,
        {"kind": "accept", "offer": number, "give": [blues[0], blues[0]]},
        match="only once",
    )


def test_an_offer_the_receiver_cannot_pay_is_refused_with_what_is_missing():
    state = market()
    number = offer(state, ALICE, DAVE, give=[faceup_card(state, "soy")], ask={"red": 2})

    refused(
        state,
        DAVE,
        {"kind": "accept", "offer": number, "give": state.hands[DAVE]},
        match="You need 2 Red",
    )
    assert [a["kind"] for a in legal_actions(state, DAVE)] == ["decline", "offer"]


def test_a_gift_from_the_active_player_waits_for_its_receiver_to_accept_it():
    state = market()
    soy = faceup_card(state, "soy")

    number = offer(state, ALICE, DAVE, give=[soy])
    assert soy in state.faceup
    assert waiting_for(state) == [DAVE, ALICE]

    act(state, DAVE, "accept", offer=number)
    assert state.to_plant[DAVE] == [soy]
    assert state.to_plant[ALICE] == []


def test_a_refused_gift_changes_nothing():
    state = market()
    number = offer(state, ALICE, DAVE, give=[card_in_hand(state, ALICE, "green")])

    act(state, DAVE, "decline", offer=number)

    assert hand(state, ALICE) == ["stink", "blue", "green"]
    assert state.to_plant == [[], [], [], []]


def test_a_non_active_player_may_give_the_active_player_a_hand_card():
    state = market()
    stink = card_in_hand(state, BOB, "stink")

    act(state, ALICE, "accept", offer=offer(state, BOB, ALICE, give=[stink]), give=[])

    assert hand(state, BOB) == ["chili", "red", "red"]
    assert state.to_plant[ALICE] == [stink]


def test_the_active_player_may_ask_for_a_gift():
    state = market()

    number = offer(state, ALICE, BOB, ask={"chili": 1})
    act(state, BOB, "accept", offer=number, give=[card_in_hand(state, BOB, "chili")])

    assert hand(state, BOB) == ["red", "stink", "red"]
    assert beans(state, state.to_plant[ALICE]) == ["chili"]
    assert hand(state, ALICE) == ["stink", "blue", "green"]


def test_a_non_active_player_may_ask_for_a_faceup_card():
    state = market()
    garden = faceup_card(state, "garden")
    chili = card_in_hand(state, BOB, "chili")

    number = offer(state, BOB, ALICE, give=[chili], ask_faceup=[garden])
    act(state, ALICE, "accept", offer=number)

    assert state.to_plant[BOB] == [garden]
    assert state.to_plant[ALICE] == [chili]
    assert beans(state, state.faceup) == ["soy"]


def test_only_the_faceup_cards_can_be_asked_for_by_number_and_only_by_the_others():
    state = market()
    soy = faceup_card(state, "soy")

    refused(state, ALICE, {"kind": "offer", "to": BOB, "ask_faceup": [soy]}, match="already yours")
    refused(
        state,
        BOB,
        {"kind": "offer", "to": ALICE, "ask_faceup": [state.hands[ALICE][0]]},
        match="face up now",
    )


def test_players_who_are_not_active_never_trade_with_each_other():
    state = market()

    refused(
        state,
        BOB,
        {"kind": "offer", "to": CAROL, "give": [state.hands[BOB][0]]},
        match="never trade with each other",
    )
    refused(state, BOB, {"kind": "offer", "to": BOB, "ask": {"red": 1}}, match="only with")
    refused(state, ALICE, {"kind": "offer", "to": ALICE, "ask": {"red": 1}}, match="another player")
    assert legal_offer(state, BOB)["to"] == [ALICE]
    assert legal_offer(state, ALICE)["to"] == [BOB, CAROL, DAVE]


def test_a_non_active_player_can_give_only_hand_cards():
    state = market(fields={BOB: [("stink", 2), None]})

    refused(
        state,
        BOB,
        {"kind": "offer", "to": ALICE, "give": [faceup_card(state, "soy")]},
        match="only cards from your hand",
    )
    refused(
        state,
        BOB,
        {"kind": "offer", "to": ALICE, "give": [state.fields[BOB][0][0]]},
        match="only cards from your hand",
    )
    refused(
        state,
        BOB,
        {"kind": "offer", "to": ALICE, "give": [state.hands[CAROL][0]]},
        match="only cards from your hand",
    )


def test_an_offer_must_give_or_ask_for_something():
    state = market()

    refused(state, ALICE, {"kind": "offer", "to": BOB}, match="at least one card")
    refused(state, ALICE, {"kind": "offer", "to": BOB, "ask": {"red": 0}}, match="at least one")


def test_a_trade_voids_every_other_offer_of_the_same_faceup_card():
    state = market()
    soy = faceup_card(state, "soy")
    to_bob = offer(state, ALICE, BOB, give=[soy], ask={"red": 1})
    to_carol = offer(state, ALICE, CAROL, give=[soy])
    asked_by_dave = offer(state, DAVE, ALICE, give=state.hands[DAVE], ask_faceup=[soy])
    untouched = offer(state, ALICE, BOB, give=[faceup_card(state, "garden")])

    events = act(state, CAROL, "accept", offer=to_carol)

    assert kinds(events) == ["traded", "voided", "voided"]
    assert {event.data["offer"] for event in events[1:]} == {to_bob, asked_by_dave}
    assert list(state.offers) == [untouched]
    refused(
        state,
        BOB,
        {"kind": "accept", "offer": to_bob, "give": [card_in_hand(state, BOB, "red")]},
        match="no longer open",
    )


def test_a_trade_voids_another_offer_of_the_same_hand_card():
    state = market()
    chili = card_in_hand(state, BOB, "chili")
    first = offer(state, BOB, ALICE, give=[chili], ask={"blue": 1})
    second = offer(state, BOB, ALICE, give=[chili])

    events = act(state, ALICE, "accept", offer=second)

    assert kinds(events) == ["traded", "voided"]
    assert events[1].data["offer"] == first
    assert "no longer has a card" in events[1].data["reason"]


def test_only_the_maker_withdraws_and_only_the_receiver_declines_an_offer():
    state = market()
    number = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")])

    refused(state, BOB, {"kind": "withdraw", "offer": number}, match="who made an offer")
    refused(state, ALICE, {"kind": "decline", "offer": number}, match="made to can decline")
    refused(state, CAROL, {"kind": "accept", "offer": number}, match="made to can accept")
    refused(state, ALICE, {"kind": "accept", "offer": number}, match="made to can accept")

    act(state, ALICE, "withdraw", offer=number)
    assert state.offers == {}
    refused(state, BOB, {"kind": "accept", "offer": number}, match="no longer open")


def test_open_offers_lapse_when_the_active_player_ends_trading():
    state = market()
    number = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")])
    offer(state, CAROL, ALICE, give=[state.hands[CAROL][1]])

    events = act(state, ALICE, "end_trading")

    voided = [event for event in events if event.kind == "voided"]
    assert len(voided) == 2
    assert all(event.data["reason"] == "trading has ended." for event in voided)
    assert state.offers == {}
    assert hand(state, CAROL) == ["blue", "black-eyed", "blue", "blue"]
    refused(state, BOB, {"kind": "accept", "offer": number}, match="Trading happens only")


def test_only_the_active_player_ends_trading():
    state = market()

    refused(state, BOB, {"kind": "end_trading"}, match="Only the active player")


def test_nobody_trades_outside_the_trading_phase():
    state = market(phase="plant", hands={ALICE: ["red"], BOB: ["red"]})

    refused(
        state,
        ALICE,
        {"kind": "offer", "to": BOB, "give": state.hands[ALICE]},
        match="Trading happens only",
    )
    refused(
        state,
        BOB,
        {"kind": "offer", "to": ALICE, "give": state.hands[BOB]},
        match="Trading happens only",
    )


def test_the_active_player_keeps_trading_hand_cards_after_the_faceup_cards_are_gone():
    state = market()
    for bean, taker in (("soy", BOB), ("garden", CAROL)):
        act(
            state,
            taker,
            "accept",
            offer=offer(state, ALICE, taker, give=[faceup_card(state, bean)]),
        )

    act(state, DAVE, "accept", offer=offer(state, ALICE, DAVE, give=[state.hands[ALICE][2]]))

    assert state.faceup == []
    assert hand(state, ALICE) == ["stink", "blue"]
    assert beans(state, state.to_plant[DAVE]) == ["green"]


def test_a_maker_can_keep_only_so_many_offers_open():
    state = market()
    for _ in range(12):
        offer(state, BOB, ALICE, ask={"stink": 1})

    refused(state, BOB, {"kind": "offer", "to": ALICE, "ask": {"stink": 1}}, match="12 open")


def test_nobody_can_ask_for_a_bean_the_game_leaves_out():
    state = market()

    refused(state, BOB, {"kind": "offer", "to": ALICE, "ask": {"coffee": 1}}, match="no Coffee")
    assert "coffee" not in legal_offer(state, BOB)["ask"]
