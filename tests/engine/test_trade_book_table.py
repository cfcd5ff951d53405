"""The trade book at the table as it comes: its refusals say what they would take, and its
rules never cost a player what they would not have given."""

from games.engine import may_offer, view, waiting_for
from games.engine.bots import make_bot
from games.engine.bots.book import MOST_OFFERED, BookBot

from .helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    act,
    card_in_hand,
    faceup_card,
    field_beans,
    refused,
)
from .test_trade_book import line, market, offer


def test_the_books_refusals_name_the_values_they_take():
    state = market()
    rules = {"kind": "rules", "gifts": True, "otherwise": "maybe"}
    reason = refused(state, BOB, rules)
    assert '"ask"' in reason and '"decline"' in reason
    reason = refused(state, BOB, {"kind": "plan", "trading": "soon"})
    assert '"end"' in reason and '"passed"' in reason
    reason = refused(state, BOB, {"kind": "plan", "faceup": "sell"})
    assert all(f'"{value}"' in reason for value in ("keep", "offer", "give"))


def test_an_offer_that_never_was_is_not_called_no_longer_open():
    state = market()
    made = offer(state, ALICE, BOB, give=[card_in_hand(state, ALICE, "blue")])
    number = made[0].data["offer"]
    act(state, ALICE, "withdraw", offer=number)
    for kind in ("accept", "decline", "withdraw", "take"):
        seat = ALICE if kind == "take" else BOB
        refused(state, seat, {"kind": kind, "offer": number}, match="no longer open")
        refused(state, BOB, {"kind": kind, "offer": 4711}, match="There is no offer 4711")


def test_an_empty_plan_says_what_it_did():
    state = market()
    empty = {"plant": [], "faceup": "", "trading": "", "kept": False}
    events = act(state, BOB, "plan", **empty)
    said = "Your turn plan has nothing in it: the game asks you at each step."
    assert [line(event, BOB) for event in events] == [said]

    act(state, BOB, "plan", trading="passed")
    events = act(state, BOB, "plan", **empty)
    assert [line(event, BOB) for event in events] == ["You dropped your turn plan."]
    assert BOB not in state.book.plans


def bobs_gift(bean: str) -> list:
    """Alice gives Bob a face-up card of `bean`. Bob grows Chili and has one empty field; Red
    is at the front of his hand; his rules take gifts and plant what he receives."""
    hands = {ALICE: ["stink"], BOB: ["red", "chili"], CAROL: ["blue"]}
    state = market(hands=hands, fields={BOB: [("chili", 2), None]}, faceup=[bean, "garden"])
    act(state, BOB, "rules", gifts=True, growing=True, otherwise="decline", plant=True)
    offer(state, ALICE, BOB, give=[faceup_card(state, bean)])
    act(state, ALICE, "end_trading")
    return field_beans(state, BOB)


def test_a_gift_the_rules_accept_never_takes_the_field_the_front_card_needs():
    assert bobs_gift("soy") == [("chili", 2), None]  # declined: his Red needs that field
    assert bobs_gift("chili") == [("chili", 3), None]  # his own bean costs no field


def test_a_bot_with_nothing_to_offer_passes_and_still_answers_what_it_is_offered():
    state = market()
    bot = BookBot(make_bot("strong", "test/carol"), rules=False)
    for _ in range(10):  # its standing offers first, then its pass
        move = bot.choose(state, CAROL, awaited=False)
        if move is None or move["kind"] == "pass":
            break
        act(state, CAROL, **move)
    assert move == {"kind": "pass", "offers": "answer"}
    act(state, CAROL, **move)
    assert CAROL in state.book.passes(state.turn)
    assert bot.choose(state, CAROL, awaited=False) is None  # once a trading phase

    offer(state, ALICE, CAROL, give=[faceup_card(state, "soy")])
    assert [o.to for o in state.offers.values()] == [CAROL]  # not declined for her
    assert CAROL in waiting_for(state)


def test_a_plan_waiting_for_passes_ends_trading_once_everyone_has_passed():
    state = market()
    act(state, ALICE, "plan", trading="passed")
    refused(state, BOB, {"kind": "pass", "offers": "later"}, match='"answer"')
    act(state, BOB, "pass")
    act(state, CAROL, "pass", offers="answer")
    assert state.phase == "trade"
    events = act(state, DAVE, "pass")
    assert "trading_ended" in [event.kind for event in events]


def test_without_rules_a_gift_of_a_bean_you_grow_is_taken_and_planted_for_you():
    hands = {ALICE: ["stink"], BOB: ["red"], CAROL: ["blue"]}
    state = market(hands=hands, fields={BOB: [("chili", 2), None]}, faceup=["chili", "soy"])
    events = offer(state, ALICE, BOB, give=[faceup_card(state, "chili")])
    assert "traded" in [event.kind for event in events]
    remark = "(as the game does unless your answer rules say otherwise)."
    assert any(line(event, BOB).endswith(remark) for event in events)

    # A gift that would take his empty field is his to answer.
    offer(state, ALICE, BOB, give=[faceup_card(state, "soy")])
    assert [o.to for o in state.offers.values()] == [BOB]
    act(state, BOB, "decline", offer=next(iter(state.offers)))

    act(state, ALICE, "end_trading")
    assert field_beans(state, BOB) == [("chili", 3), None]  # planted where Chili grows
    assert state.to_plant[ALICE]  # Alice's Soy fits a field of none of hers: hers to plant


def test_answer_rules_replace_the_defaults():
    hands = {ALICE: ["stink"], BOB: ["red"], CAROL: ["blue"]}
    state = market(hands=hands, fields={BOB: [("chili", 2), None]}, faceup=["chili", "soy"])
    act(state, BOB, "rules", gifts=False, growing=False, otherwise="ask", plant=False)
    offer(state, ALICE, BOB, give=[faceup_card(state, "chili")])
    assert [o.to for o in state.offers.values()] == [BOB]


def test_a_pass_assumed_for_a_seat_away_answers_offers_and_ends_with_its_own_offer_or_pass():
    state = market()
    act(state, BOB, "pass", assumed=True)
    act(state, CAROL, "pass", assumed=True)
    assert view(state, BOB)["book"]["may_pass"]  # its Pass button stays
    assert may_offer(state, BOB)
    offer(state, ALICE, BOB, give=[faceup_card(state, "soy")])
    assert BOB in waiting_for(state)  # his to answer, not declined for him

    offer(state, CAROL, ALICE, give=[card_in_hand(state, CAROL, "blue")])
    assert CAROL not in state.book.passes(state.turn)  # back in the trading
    act(state, BOB, "pass")  # his own pass replaces the one assumed
    assert not may_offer(state, BOB)


def test_the_field_a_plan_names_for_the_front_card_stays_free_of_what_the_rules_take():
    # Bob's plan puts his Red, at the front of his hand, into his empty field 1 next turn.
    hands = {ALICE: ["stink"], BOB: ["red", "chili"], CAROL: ["blue"]}
    state = market(hands=hands, fields={BOB: [None, None]}, faceup=["soy", "wax"])
    act(state, BOB, "rules", gifts=True, growing=True, otherwise="decline", plant=True)
    act(state, BOB, "plan", plant=[[state.hands[BOB][0], 0]])

    offer(state, ALICE, BOB, give=[faceup_card(state, "soy")])  # taken, for field 2
    offer(state, ALICE, BOB, give=[faceup_card(state, "wax")])  # declined: no field left
    act(state, ALICE, "end_trading")

    assert field_beans(state, BOB) == [None, ("soy", 1)]
    assert BOB in state.book.plans  # his plan still plants his Red in field 1


def test_a_plan_whose_field_took_another_bean_plants_the_front_card_where_it_fits():
    hands = {ALICE: ["stink"], BOB: ["red", "chili"], CAROL: ["blue"]}
    state = market(hands=hands, fields={BOB: [None, None]}, faceup=["soy", "garden"])
    act(state, BOB, "plan", plant=[[state.hands[BOB][0], 0]])  # his Red into field 1
    number = offer(state, ALICE, BOB, give=[faceup_card(state, "soy")])[0].data["offer"]
    act(state, BOB, "accept", offer=number, give=[])
    act(state, ALICE, "end_trading")
    act(state, BOB, "plant", card=state.to_plant[BOB][0], field=0)  # the Soy he had to plant
    act(state, ALICE, "plant", card=state.to_plant[ALICE][0], field=0)

    assert state.active == BOB
    assert field_beans(state, BOB) == [("soy", 1), ("red", 1)]  # his plan, in field 2


def test_a_site_bot_trading_offers_a_few_cards_a_turn_then_ends_trading():
    # Alice, a site bot, grows Chili and Blue; the Soy and Garden turned up fit neither, and
    # every offer she makes is declined.
    state = market(fields={ALICE: [("chili", 2), ("blue", 2)]})
    bot = BookBot(make_bot("strong", "test/alice"), rules=False)
    offered, last = 0, None
    for _ in range(40):
        last = bot.choose(state, ALICE, awaited=True)
        if last is None or last["kind"] == "end_trading":
            break
        act(state, ALICE, **last)
        for offer_id, made in list(state.offers.items()):
            offered += len(made.give)
            act(state, made.to, "decline", offer=offer_id)
    assert last == {"kind": "end_trading"}
    assert 0 < offered <= MOST_OFFERED
