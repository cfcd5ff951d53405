"""The trade book: standing offers, answer rules, passes and turn plans, made as the seat's own
moves so that the game need not wait for it. Trades are still only between the active player
and one other in the trading phase, and what is received is planted before the draw."""

import json
import random

from games.engine import describe, legal_actions, legal_kinds, may_offer, replay, view, waiting_for
from games.engine.bots import make_bot
from games.engine.bots.book import BookBot
from games.engine.fields import fitting_fields
from games.engine.state import State

from .helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    NAMES,
    act,
    arrange,
    beans,
    card_in_hand,
    faceup_card,
    field_beans,
    game,
    hand,
    kinds,
    random_moves,
    refused,
)

FOUR = NAMES[:4]


def market(**changes):
    """Alice's trading phase at a table of four: she has turned up a Soy and a Garden."""
    table = {
        "hands": {
            ALICE: ["stink", "blue", "green"],
            BOB: ["chili", "red", "stink", "red"],
            CAROL: ["blue", "black-eyed", "blue"],
            DAVE: ["red", "wax"],
        },
        "faceup": ["soy", "garden"],
        "deck": ["wax", "wax", "wax", "cocoa", "cocoa", "cocoa"],
        "phase": "trade",
    }
    return arrange(game("rio-grande", 4), **{**table, **changes})


def stand(state, seat, give=(), ask=None, **extra) -> int:
    """Post a standing offer and return its number."""
    events = act(state, seat, "stand", give=list(give), ask=ask or {}, **extra)
    return next(event.data["offer"] for event in events if event.kind == "stood")


def offer(state, maker, to, give=(), ask=None, ask_faceup=()) -> list:
    """Make an ordinary offer; returns the events (with any answer made by the book)."""
    return act(
        state, maker, "offer", to=to, give=list(give), ask=ask or {}, ask_faceup=list(ask_faceup)
    )


def plant_everything(state) -> list:
    """Every seat plants what it has to plant in its first fitting field; returns the events."""
    events = []
    while state.phase == "plant_traded":
        seat = waiting_for(state)[0]
        card = state.to_plant[seat][0]
        events += act(state, seat, "plant", card=card, field=fitting_fields(state, seat, card)[0])
    return events


def line(event, reader) -> str:
    return describe(event.for_seat(reader), FOUR, reader)


def takes(state, seat) -> list:
    return [move for move in legal_actions(state, seat) if move["kind"] == "take"]


# Standing offers


def test_the_active_player_takes_a_standing_offer_at_once_without_waiting_for_its_maker():
    state = market()
    red, blue = card_in_hand(state, BOB, "red"), card_in_hand(state, ALICE, "blue")
    number = stand(state, BOB, give=[red], ask={"blue": 1})
    assert waiting_for(state) == [ALICE]
    assert [(move["offer"], move["give"]) for move in takes(state, ALICE)] == [(number, [blue])]
    assert takes(state, CAROL) == []

    events = act(state, ALICE, "take", offer=number, give=[blue])

    assert kinds(events) == ["traded"]
    assert events[0].data["standing"] is True
    assert (events[0].data["given"], events[0].data["received"]) == (["red"], ["blue"])
    assert state.to_plant[ALICE] == [red]
    assert state.to_plant[BOB] == [blue]
    assert hand(state, ALICE) == ["stink", "green"]
    assert hand(state, BOB) == ["chili", "stink", "red"]
    assert state.book.standing == {}
    assert waiting_for(state) == [ALICE]


def test_the_active_player_may_pay_a_standing_offer_with_a_faceup_card():
    state = market()
    black_eyed, soy = card_in_hand(state, CAROL, "black-eyed"), faceup_card(state, "soy")
    number = stand(state, CAROL, give=[black_eyed], ask={"soy": 1})
    assert takes(state, ALICE)[0]["give"] == [soy]

    act(state, ALICE, "take", offer=number, give=[soy])

    assert beans(state, state.faceup) == ["garden"]
    assert state.to_plant[CAROL] == [soy]
    assert state.to_plant[ALICE] == [black_eyed]
    assert hand(state, CAROL) == ["blue", "blue"]


def test_a_standing_offer_lapses_when_its_card_is_traded_away_and_cannot_be_taken_then():
    state = market()
    red, blue = card_in_hand(state, BOB, "red"), card_in_hand(state, ALICE, "blue")
    number = stand(state, BOB, give=[red], ask={"blue": 1})
    deal = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")], ask={"red": 1})[0]

    events = act(state, BOB, "accept", offer=deal.data["offer"], give=[red])

    assert kinds(events) == ["traded", "lapsed"]
    assert events[1].seat == BOB and events[1].data == {"offer": number}
    assert state.book.standing == {}
    assert takes(state, ALICE) == []
    assert view(state, ALICE)["book"]["standing"] == []
    refused(state, ALICE, {"kind": "take", "offer": number, "give": [blue]}, match="no longer")


def test_a_standing_offer_lapses_when_its_maker_plants_the_card_on_their_own_turn():
    state = market(phase="plant", active=BOB)
    chili = state.hands[BOB][0]
    number = stand(state, BOB, give=[chili], ask={"blue": 1})

    events = act(state, BOB, "plant", card=chili, field=0)

    assert kinds(events) == ["planted", "lapsed"]
    assert events[1].data == {"offer": number}
    assert state.book.standing == {}
    assert "lapsed" in line(events[1], ALICE)


def test_a_withdrawn_standing_offer_is_gone_and_only_its_maker_may_withdraw_it():
    state = market()
    number = stand(state, BOB, give=[card_in_hand(state, BOB, "red")], ask={"blue": 1})
    refused(state, CAROL, {"kind": "withdraw", "offer": number}, match="Only the player")

    assert kinds(act(state, BOB, "withdraw", offer=number)) == ["withdrawn"]
    assert state.book.standing == {}
    assert takes(state, ALICE) == []


def test_taking_a_standing_offer_is_refused_when_the_rules_forbid_it():
    state = market()
    blue = card_in_hand(state, ALICE, "blue")
    number = stand(state, BOB, give=[card_in_hand(state, BOB, "red")], ask={"blue": 1})
    own = stand(state, ALICE, give=[card_in_hand(state, ALICE, "green")], ask={"red": 1})
    take = {"kind": "take", "offer": number, "give": [blue]}

    refused(state, CAROL, {**take, "give": [card_in_hand(state, CAROL, "blue")]}, "active player")
    refused(state, ALICE, {"kind": "take", "offer": own, "give": []}, match="your own")
    refused(state, ALICE, {**take, "give": [card_in_hand(state, ALICE, "green")]}, "exactly")
    refused(state, ALICE, {**take, "give": []}, match="exactly")
    refused(state, ALICE, {**take, "give": [card_in_hand(state, CAROL, "blue")]}, "your hand")
    refused(state, ALICE, {**take, "offer": 999}, match="There is no offer 999")

    state.phase = "plant"
    refused(state, ALICE, take, match="active player")


def test_a_standing_offer_may_give_only_cards_of_its_makers_own_hand():
    state = market()
    refused(
        state,
        BOB,
        {"kind": "stand", "give": [card_in_hand(state, ALICE, "blue")], "ask": {"red": 1}},
        match="from your hand",
    )
    refused(
        state,
        BOB,
        {"kind": "stand", "give": [faceup_card(state, "soy")], "ask": {}},
        match="from your hand",
    )
    refused(state, BOB, {"kind": "stand", "give": [], "ask": {}}, match="at least one")


def test_players_who_are_not_active_still_never_trade_with_each_other():
    state = market()
    stand(state, BOB, give=[card_in_hand(state, BOB, "red")], ask={"blue": 1})
    refused(
        state,
        BOB,
        {"kind": "offer", "to": CAROL, "give": [card_in_hand(state, BOB, "red")], "ask": {}},
        match="only with the active player",
    )


# Answer rules and passes


def test_a_gift_rule_accepts_a_gift_as_the_seat_and_only_the_seat_reads_so():
    state = market()
    act(state, BOB, "rules", gifts=True)
    soy = faceup_card(state, "soy")

    events = offer(state, ALICE, BOB, give=[soy])

    assert kinds(events) == ["offered", "traded"]
    traded = events[1]
    assert traded.seat == BOB and traded.by == "rule"
    assert traded.for_seat(BOB)["by"] == "rule"
    assert "by" not in traded.for_seat(ALICE) and "by" not in traded.for_seat(None)
    assert line(traded, BOB).endswith(" (by your answer rules).")
    assert "answer rules" not in line(traded, ALICE)
    assert state.to_plant[BOB] == [soy]
    assert state.offers == {} and waiting_for(state) == [ALICE]


def test_a_keep_rule_declines_an_offer_paid_only_with_the_front_cards_and_leaves_others_open():
    state = market()  # bob's hand: chili, red, stink, red
    act(state, BOB, "rules", keep=2)
    soy, garden = faceup_card(state, "soy"), faceup_card(state, "garden")

    events = offer(state, ALICE, BOB, give=[soy], ask={"chili": 1})
    assert kinds(events) == ["offered", "declined"]
    assert events[1].by == "rule"

    events = offer(state, ALICE, BOB, give=[garden], ask={"stink": 1})
    assert kinds(events) == ["offered"]
    assert waiting_for(state) == [BOB, ALICE]


def test_otherwise_decline_declines_what_no_rule_decides():
    state = market()
    act(state, BOB, "rules", gifts=True, otherwise="decline")

    events = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")], ask={"red": 1})

    assert kinds(events) == ["offered", "declined"]
    assert events[1].seat == BOB and events[1].for_seat(BOB)["by"] == "rule"
    assert state.offers == {}
    assert hand(state, BOB) == ["chili", "red", "stink", "red"]


def test_otherwise_ask_leaves_the_offer_open_for_the_seat_to_answer():
    state = market()
    act(state, BOB, "rules", gifts=True, otherwise="ask")

    events = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")], ask={"red": 1})

    assert kinds(events) == ["offered"]
    assert list(state.offers) == [events[0].data["offer"]]
    assert BOB in waiting_for(state)
    assert "accept" in [move["kind"] for move in legal_actions(state, BOB)]


def test_a_growing_rule_accepts_an_offer_of_a_bean_the_seat_grows():
    state = market(fields={BOB: [("soy", 1), None]})
    act(state, BOB, "rules", growing=True, otherwise="decline")
    stink = card_in_hand(state, BOB, "stink")

    events = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")], ask={"stink": 1})

    assert kinds(events) == ["offered", "traded"]
    assert state.to_plant[ALICE] == [stink]


def test_a_plant_rule_plants_received_cards_so_the_game_waits_only_for_the_others():
    state = market()
    act(state, BOB, "rules", gifts=True, plant=True)
    offer(state, ALICE, BOB, give=[faceup_card(state, "soy")])

    events = act(state, ALICE, "end_trading")

    assert state.phase == "plant_traded"
    assert waiting_for(state) == [ALICE]  # her garden
    assert field_beans(state, BOB) == [("soy", 1), None]
    assert state.to_plant[BOB] == []
    planted = [event for event in events if event.kind == "planted"]
    assert [(event.seat, event.by) for event in planted] == [(BOB, "rule")]


def test_a_remark_on_a_move_made_by_the_book_names_whose_book_to_any_other_reader():
    """The replay words each move from its seat's own event for every reader: the remark
    says whose rules, pass or plan, never "your" to a reader whose move it was not."""
    state = market()
    act(state, BOB, "rules", gifts=True)
    traded = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")])[1]
    act(state, CAROL, "pass")
    declined = offer(state, ALICE, CAROL, give=[faceup_card(state, "garden")], ask={"blue": 1})[1]

    as_replayed = [describe(event.for_seat(event.seat), FOUR, None) for event in (traded, declined)]

    assert as_replayed[0].endswith(f" (by {FOUR[BOB]}'s answer rules).")
    assert as_replayed[1].endswith(f" ({FOUR[CAROL]} had passed).")
    assert not any("your" in text or "you " in text for text in as_replayed)


def test_after_a_pass_offers_to_that_seat_are_declined_for_it_at_once():
    state = market()
    act(state, BOB, "pass")

    events = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")], ask={"red": 1})

    assert kinds(events) == ["offered", "declined"]
    assert events[1].for_seat(BOB)["by"] == "pass"
    assert line(events[1], BOB).endswith(" (you had passed).")
    assert state.offers == {} and waiting_for(state) == [ALICE]
    assert view(state, ALICE)["book"]["passed"] == [BOB]
    refused(state, BOB, {"kind": "pass"}, match="already")
    refused(state, ALICE, {"kind": "pass"}, match="ends trading")
    assert kinds(offer(state, ALICE, CAROL, give=[faceup_card(state, "soy")])) == ["offered"]


def test_a_player_who_passed_still_takes_what_their_rules_take_and_is_no_longer_asked_to_offer():
    state = market()
    act(state, BOB, "rules", gifts=True)
    act(state, BOB, "pass")

    events = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")])

    assert kinds(events) == ["offered", "traded"]
    assert events[1].for_seat(BOB)["by"] == "rule"
    assert not may_offer(state, BOB) and "offer" not in legal_kinds(state, BOB)
    assert may_offer(state, CAROL)


def test_a_plan_that_plants_a_card_in_a_field_of_another_bean_is_refused_when_made():
    state = arrange(
        game("rio-grande", 4),
        hands={BOB: ["red", "red", "wax"]},
        fields={BOB: [("green", 1), None]},
        phase="plant",
    )
    front, following = state.hands[BOB][:2]

    refused(state, BOB, {"kind": "plan", "plant": [[front, 0]]}, match="Field 1 does not take")
    act(state, BOB, "plan", plant=[[front, 1], [following, 1]])

    assert state.book.plans[BOB].plant == [[front, 1], [following, 1]]
    assert view(state, BOB)["book"]["may_plan_planting"]


def test_a_plan_ends_trading_once_every_other_player_has_passed():
    state = market()
    act(state, ALICE, "plan", trading="passed")
    act(state, BOB, "pass")
    act(state, CAROL, "pass")
    assert state.phase == "trade"

    events = act(state, DAVE, "pass")

    assert "trading_ended" in kinds(events)
    assert state.phase == "plant_traded"


# Turn plans


def test_a_plan_plays_a_whole_turn_with_one_move_of_its_player():
    state = arrange(
        game("rio-grande", 4),
        hands={ALICE: ["stink", "blue", "green"], BOB: ["red"], CAROL: ["wax"], DAVE: ["red"]},
        fields={CAROL: [("green", 1), None]},
        deck=["stink", "green", "cocoa", "cocoa", "cocoa"],  # she turns up a Stink and a Green
        phase="plant",
    )
    act(state, CAROL, "rules", gifts=True, plant=True)
    stink, blue = state.hands[ALICE][:2]

    events = act(
        state,
        ALICE,
        "plan",
        plant=[[stink, 0], [blue, 1]],
        faceup="offer",
        trading="end",
        kept=True,
    )

    assert (state.active, state.phase, state.turn) == (BOB, "plant", 2)
    assert field_beans(state, ALICE) == [("stink", 2), ("blue", 1)]  # the Stink kept
    assert field_beans(state, CAROL) == [("green", 2), None]  # the Green offered to Carol
    assert hand(state, ALICE) == ["green", "cocoa", "cocoa", "cocoa"]
    assert "plan_stopped" not in kinds(events)
    assert ALICE not in state.book.plans
    offered = [event for event in events if event.kind == "offered"]
    assert [(event.seat, event.data["to"]) for event in offered] == [(ALICE, CAROL)]
    for kind in ("offered", "trading_ended"):
        assert [event.by for event in events if event.kind == kind] == ["plan"]
    assert [e.by for e in events if e.kind == "planted" and e.seat == ALICE][:2] == ["plan"] * 2


def test_a_plan_stops_when_its_front_card_was_traded_away_and_the_game_waits_for_its_player():
    state = market()
    chili = state.hands[BOB][0]
    act(state, BOB, "plan", plant=[[chili, 0]], trading="end")
    deal = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")], ask={"chili": 1})[0]
    act(state, BOB, "accept", offer=deal.data["offer"], give=[chili])
    act(state, ALICE, "end_trading")

    events = plant_everything(state)

    assert (state.active, state.phase, state.planted) == (BOB, "plant", 0)
    assert waiting_for(state) == [BOB]
    assert hand(state, BOB)[0] == "red"
    assert BOB not in state.book.plans
    stopped = [event for event in events if event.kind == "plan_stopped"]
    assert [event.seat for event in stopped] == [BOB]
    assert "no longer at the front" in line(stopped[0], BOB)
    assert "The game waits for you" in line(stopped[0], BOB)
    for other in (ALICE, CAROL, None):
        assert stopped[0].for_seat(other) == {"kind": "plan_stopped", "seat": BOB}
        assert line(stopped[0], other) == ""


# What each seat sees, saving and replaying


def test_a_seat_never_sees_another_seats_hidden_cards_rules_or_plan():
    state = market()
    red = card_in_hand(state, BOB, "red")
    number = stand(state, BOB, give=[red], ask={"blue": 1}, fields={"blue": 1})
    private = act(state, BOB, "rules", gifts=True, keep=1)
    private += act(state, BOB, "plan", plant=[[state.hands[BOB][0], 0]], trading="end")

    for other in (ALICE, CAROL):
        book = view(state, other)["book"]
        assert book["standing"] == [
            {
                "id": number,
                "maker": BOB,
                "mine": False,
                "give": [{"id": None, "bean": "red"}],
                "ask": {"blue": 1},
                "fields": {},
                "gift": False,
                "takable": other == ALICE,
            }
        ]
        assert (book["rules"], book["plan"]) == (None, None)
        for event in private:
            assert event.for_seat(other) == {"kind": event.kind, "seat": BOB}
            assert line(event, other) == ""
    mine = view(state, BOB)["book"]
    assert mine["standing"][0]["give"] == [{"id": red, "bean": "red"}]
    assert mine["standing"][0]["fields"] == {"blue": 1}
    assert mine["rules"]["gifts"] and mine["rules"]["keep"] == 1
    assert mine["plan"]["plant"] == [[state.hands[BOB][0], 0]]
    assert view(state, None)["book"]["standing"] == []


def test_a_game_with_a_book_survives_saving_and_loading():
    state = market()
    blue = card_in_hand(state, ALICE, "blue")
    number = stand(state, BOB, give=[card_in_hand(state, BOB, "red")], ask={"blue": 1})
    act(state, CAROL, "rules", gifts=True, keep=2, otherwise="decline", plant=True)
    act(state, DAVE, "pass")
    act(state, BOB, "plan", plant=[[state.hands[BOB][0], 1]], faceup="give", kept=True)
    data = state.to_dict()
    assert "book" in data and "book" not in game().to_dict()

    loaded = State.from_dict(json.loads(json.dumps(data)))

    assert loaded.to_dict() == data
    assert view(loaded, BOB) == view(state, BOB)
    act(state, ALICE, "take", offer=number, give=[blue])
    act(loaded, ALICE, "take", offer=number, give=[blue])
    assert loaded.to_dict() == state.to_dict()


def test_replaying_a_move_log_with_book_moves_rebuilds_the_same_game():
    state = game("rio-grande", 4, seed="book")
    log = []

    def play(seat, kind, **params):
        move = {"kind": kind, **params}
        act(state, seat, kind, **params)
        log.append((seat, move))

    play(CAROL, "rules", gifts=True, otherwise="decline", plant=True)
    play(DAVE, "plan", plant=[[state.hands[DAVE][0], 0]], faceup="give", trading="end", kept=True)
    ask = beans(state, state.hands[ALICE][-1:])[0]
    play(BOB, "stand", give=[state.hands[BOB][-1]], ask={ask: 1})
    play(ALICE, "plant", card=state.hands[ALICE][0], field=0)
    play(ALICE, "stop_planting")
    listed = takes(state, ALICE)[0]
    play(ALICE, "take", offer=listed["offer"], give=listed["give"])
    for card in list(state.faceup):
        play(ALICE, "offer", to=CAROL, give=[card], ask={}, ask_faceup=[])
    for seat, move, _ in random_moves(state, random.Random("book")):
        log.append((seat, move))
        if len(log) > 150 or state.over:
            break
    assert state.turn >= 4  # Dave's plan came to be played

    rebuilt = replay("rio-grande", FOUR, "book", {}, log)

    assert rebuilt.to_dict() == state.to_dict()


def test_a_gift_rule_never_hands_over_the_active_players_faceup_cards():
    state = market()
    act(state, ALICE, "rules", gifts=True)
    soy = faceup_card(state, "soy")

    offer(state, BOB, ALICE, ask_faceup=[soy])  # nothing given: not a gift

    assert soy in state.faceup
    assert state.to_plant[BOB] == []


def test_cards_a_plan_keeps_are_planted_by_the_plan_not_by_answer_rules():
    state = market()
    events = act(state, ALICE, "plan", trading="end", kept=True)  # ends trading, keeps both

    planted = [event for event in events if event.kind == "planted"]
    assert state.book.rules == {} and len(planted) == 2
    assert [event.by for event in planted] == ["plan", "plan"]


# Bots


def test_a_book_bot_without_rules_stands_its_misfits_and_takes_a_gift_it_grows():
    state = market(fields={BOB: [("red", 1), None, None], ALICE: [("wax", 1), None, None]})
    bob = BookBot(make_bot("heuristic", "book/bob"), rules=False)
    with_rules = BookBot(make_bot("heuristic", "book/bob"))

    assert with_rules.choose(state, BOB)["kind"] == "rules"
    move = bob.choose(state, BOB)
    assert move["kind"] == "stand"
    act(state, BOB, "stand", give=move["give"], ask=move["ask"])
    gift = stand(state, DAVE, give=[card_in_hand(state, DAVE, "wax")])
    alice = BookBot(make_bot("heuristic", "book/alice"), rules=False)

    assert alice.choose(state, ALICE)["kind"] == "take"
    assert alice.choose(state, ALICE)["offer"] == gift
    assert state.book.rules == {}


def test_random_bots_take_the_standing_offers_of_book_bots_with_the_cards_asked_for():
    state = game("rio-grande", 4, seed="book and random bots")
    table = [
        BookBot(make_bot("heuristic", f"book/{seat}"), rules=False) if seat % 2 else None
        for seat in range(4)
    ]
    table = [bot or make_bot("random", f"random/{seat}") for seat, bot in enumerate(table)]
    taken = 0

    for _ in range(3000):
        if state.over:
            break
        seat = waiting_for(state)[0]
        move = table[seat].choose(state, seat)
        taken += seat % 2 == 0 and move["kind"] == "take"
        act(state, seat, move.pop("kind"), **move)

    assert state.over
    assert taken
