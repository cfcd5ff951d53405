"""The protocol the engine gives the world: prompts, clocks, default moves, steps, the replay,
resignation and the expansions' own parts of the state."""

import dataclasses
import random

import pytest

from games.engine import (
    BANK,
    TRADING_WINDOW,
    IllegalMove,
    ReplayError,
    apply,
    clocks,
    default_move,
    legal_actions,
    new_game,
    prompt,
    replay,
    step,
    view,
    waiting_for,
)
from games.engine.expansions import EXPANSIONS, Expansion
from games.engine.invariants import violations
from games.engine.legal import legal_kinds, moves_of_kind
from games.engine.move_kinds import MOVES, MoveKind
from games.engine.simulate import play
from games.engine.state import PART_CARDS

from .helpers import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    NAMES,
    act,
    arrange,
    field_beans,
    game,
    random_states,
    refused,
)


def told(state, seat) -> tuple[str, bool, str]:
    asked = prompt(state, seat)
    return asked.key, asked.awaited, asked.text


def planting(**layout):
    return arrange(game("rio-grande", 4), phase="plant", active=ALICE, **layout)


def trading(**layout):
    table = {
        "hands": {ALICE: ["stink"], BOB: ["red", "chili"], CAROL: ["blue"], DAVE: ["soy"]},
        "faceup": ["soy", "garden"],
        "phase": "trade",
    }
    return arrange(game("rio-grande", 4), **{**table, **layout})


# Prompts.


def test_the_active_player_is_asked_for_the_front_card_then_for_the_next_or_to_stop():
    state = planting(hands={ALICE: ["red", "soy", "blue"]})
    assert told(state, ALICE) == (
        "plant_front",
        True,
        "Your turn: plant the front card of your hand.",
    )

    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)

    assert told(state, ALICE) == (
        "plant_next",
        True,
        "Your turn: plant the next card too, or stop planting.",
    )
    assert prompt(state, ALICE).default == "stop planting for you"


def test_the_seats_the_game_does_not_wait_for_are_told_whom_it_waits_for():
    state = planting(hands={ALICE: ["red"]})

    assert told(state, BOB) == ("wait", False, "Waiting for alice.")
    assert told(state, None) == ("wait", False, "Waiting for alice.")
    assert prompt(state, BOB).reason == ""


def test_while_a_player_trades_the_others_may_offer_and_the_receiver_of_an_offer_must_answer():
    state = trading()
    assert told(state, ALICE) == (
        "trade",
        True,
        "Your turn: trade the face-up cards and your hand, then end trading.",
    )
    assert told(state, BOB) == (
        "may_offer",
        False,
        "alice is trading: you may make an offer. Waiting for alice.",
    )

    act(state, ALICE, "offer", to=BOB, give=[state.faceup[0]], ask={"red": 1})

    assert told(state, BOB) == ("answer", True, "An offer waits for your answer.")
    assert prompt(state, BOB).ask == "answer the offers made to you"
    assert told(state, CAROL)[2] == (
        "alice is trading: you may make an offer. Waiting for bob and alice."
    )


def test_an_offer_to_the_active_player_is_its_prompt_while_its_clock_stays_the_trading_window():
    state = trading()
    act(state, BOB, "offer", to=ALICE, give=[state.hands[BOB][0]], ask_faceup=[state.faceup[0]])

    assert told(state, ALICE) == ("trade_answer", True, "An offer waits for your answer.")
    assert prompt(state, ALICE).ask == "finish trading"
    assert clocks(state) == {ALICE: TRADING_WINDOW}


def test_every_seat_with_cards_to_plant_is_asked_to_plant_them():
    state = trading()
    act(state, ALICE, "offer", to=BOB, give=[state.faceup[0]])
    act(state, BOB, "accept", offer=1, give=[])
    act(state, ALICE, "end_trading")

    assert {seat: prompt(state, seat).key for seat in waiting_for(state)} == {
        ALICE: "plant_kept",
        BOB: "plant_received",
    }
    assert prompt(state, ALICE).text == (
        "Plant the cards beside your fields: the face-up cards you kept and any you received."
    )
    assert prompt(state, BOB).reason == "plant the beans you received"
    assert clocks(state) == {ALICE: BANK, BOB: BANK}


def test_the_bean_duel_prompts_each_of_its_steps():
    state = game("rio-grande", 2, "duel-prompts")
    assert told(state, ALICE)[0] == "duel_plant"
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    assert told(state, ALICE)[2] == (
        "Plant the next card too, discard one card from your hand, or stop planting."
    )
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=1)
    assert told(state, ALICE)[2] == "Discard one card from your hand, or stop planting."
    assert prompt(state, ALICE).default == "stop planting for you"
    act(state, ALICE, "stop_planting")
    assert told(state, ALICE)[0] == "duel_reveal"
    act(state, ALICE, "end_turn")
    assert told(state, BOB)[0] == "duel_offer"
    assert told(state, ALICE) == ("wait", False, "Waiting for bob.")


def test_a_finished_game_tells_everyone_its_result():
    outcome = play("amigo-classic", 3, "finished", ["heuristic"])
    state, _ = new_game("amigo-classic", [f"seat{seat}" for seat in range(3)], "finished")
    for seat, action in outcome.log:
        apply(state, seat, action)

    assert told(state, 0) == ("over", False, state.result["summary"])
    assert clocks(state) == {}


def test_the_view_carries_the_prompt_of_its_own_seat():
    state = trading()

    assert view(state, ALICE)["prompt"]["key"] == "trade"
    assert view(state, BOB)["prompt"] == {
        "key": "may_offer",
        "awaited": False,
        "params": {"active": "alice", "waiting": ["alice"]},
        "text": "alice is trading: you may make an offer. Waiting for alice.",
        "reason": "",
    }


# Default moves and steps.


def test_the_default_move_plants_the_front_card_and_then_stops_planting():
    state = planting(hands={ALICE: ["red", "soy"]}, fields={ALICE: [("red", 1), None]})

    assert default_move(state, ALICE) == {
        "kind": "plant",
        "card": state.hands[ALICE][0],
        "field": 0,
    }
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    assert default_move(state, ALICE) == {"kind": "stop_planting"}


def test_the_default_move_harvests_the_best_field_when_the_front_card_fits_none():
    state = planting(
        hands={ALICE: ["red"]}, fields={ALICE: [("soy", 2), ("blue", 6)]}, coins={ALICE: 5}
    )

    assert default_move(state, ALICE) == {"kind": "harvest", "field": 1}


def test_the_default_move_never_spends_coins_on_a_field():
    state = planting(hands={ALICE: ["red"]}, fields={ALICE: [None, None]}, coins={ALICE: 9})

    assert default_move(state, ALICE)["kind"] == "plant"


def test_the_default_moves_of_trading_end_it_and_decline_the_offers():
    state = trading()
    act(state, ALICE, "offer", to=BOB, give=[state.faceup[0]], ask={"red": 1})

    assert default_move(state, ALICE) == {"kind": "end_trading"}
    assert default_move(state, BOB) == {"kind": "decline", "offer": 1}
    assert default_move(state, CAROL) is None


def test_the_default_move_plants_received_beans():
    state = arrange(
        game("rio-grande", 4),
        phase="plant_traded",
        to_plant={BOB: ["red"]},
        fields={BOB: [("red", 2), None]},
    )

    assert default_move(state, BOB) == {"kind": "plant", "card": state.to_plant[BOB][0], "field": 0}


def test_the_bean_duel_default_moves_stop_after_one_card_and_leave_the_turned_up_cards():
    state = game("rio-grande", 2, "duel-defaults")
    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    assert default_move(state, ALICE) == {"kind": "stop_planting"}
    act(state, ALICE, "stop_planting")
    assert default_move(state, ALICE) == {"kind": "end_turn"}


@pytest.mark.parametrize(
    ("edition", "players"),
    [
        ("rio-grande", 2),
        ("rio-grande", 5),
        ("amigo-1997", 3),
        ("bohnaparte", 4),
        ("bohnaparte/cavalry", 6),
    ],
)
def test_a_default_move_is_always_a_legal_move_and_keeps_to_its_step(edition, players):
    for state in random_states(edition, players, f"defaults/{players}", every=15):
        for seat in waiting_for(state):
            before = state.to_dict()
            copy = state.copy()
            move = default_move(copy, seat)
            assert move is not None and move["kind"] != "resign"
            apply(copy, seat, move)
            assert state.to_dict() == before


def test_the_step_stays_the_same_within_a_phase_and_changes_with_it():
    state = trading()
    before = step(state)
    act(state, ALICE, "offer", to=BOB, give=[state.faceup[0]])
    assert step(state) == before
    act(state, ALICE, "end_trading")
    assert step(state) != before


# Resignation.


def test_a_seat_may_resign_once_and_the_game_goes_on_waiting_for_it_as_before():
    state = planting(hands={ALICE: ["red"]})

    act(state, ALICE, "resign")

    assert state.resigned == [ALICE]
    assert waiting_for(state) == [ALICE]
    assert not view(state, ALICE)["may_resign"] and view(state, BOB)["may_resign"]
    refused(state, ALICE, {"kind": "resign"}, match="resigned from this game already")
    assert all(action["kind"] != "resign" for action in legal_actions(state, ALICE))


# The replay.


def test_a_log_replays_to_the_same_game_and_a_bad_log_says_which_move_fails():
    outcome = play("rio-grande", 3, "replayed", ["random"])
    names = [f"seat{seat}" for seat in range(3)]

    state = replay("rio-grande", names, "replayed", {}, outcome.log)
    assert state.over and state.result["scores"] == outcome.scores

    broken = list(outcome.log)
    broken[41] = (broken[41][0], {"kind": "harvest", "field": 7})
    with pytest.raises(ReplayError) as failed:
        replay("rio-grande", names, "replayed", {}, broken)
    assert failed.value.number == 42
    assert str(failed.value) == "move 42 does not replay: You have no field 8."


def test_a_setup_that_cannot_be_made_fails_as_move_zero():
    with pytest.raises(ReplayError) as failed:
        replay("rio-grande", NAMES[:1], "lonely", {}, [])
    assert failed.value.number == 0


# Expansions.


def test_the_bean_duel_keeps_its_discard_record_in_its_own_part_of_the_state():
    state = game("rio-grande", 2, "duel-part")
    assert state.to_dict()["ext"] == {"duel": {"discarded": False}}
    assert game("rio-grande", 3).to_dict()["ext"] == {}

    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    act(state, ALICE, "discard", card=state.hands[ALICE][-1])

    assert state.to_dict()["ext"] == {"duel": {"discarded": True}}
    assert state.copy().to_dict() == state.to_dict()


class Farms(Expansion):
    """An expansion that turns up one more card per planted field and draws one more."""

    key = "farms"

    def new_part(self, state):
        return {"farms": 1}

    def extra_reveal(self, state, seat):
        return state.ext["farms"]["farms"]

    def extra_draw(self, state, seat):
        return 1


@pytest.fixture
def farms():
    EXPANSIONS["farms"] = Farms()
    yield
    del EXPANSIONS["farms"]


def test_an_expansion_changes_how_many_cards_are_turned_up_and_drawn(farms):
    state = arrange(game("rio-grande", 4), phase="plant", hands={ALICE: ["red", "red"]})
    state.rules = dataclasses.replace(state.rules, expansions=("farms",))
    state.ext = {"farms": {"farms": 1}}
    hand = len(state.hands[ALICE])

    act(state, ALICE, "plant", card=state.hands[ALICE][0], field=0)
    act(state, ALICE, "stop_planting")
    assert len(state.faceup) == 3
    act(state, ALICE, "end_trading")
    for card in list(state.to_plant[ALICE]):
        fields = [f for f, cards in enumerate(field_beans(state, ALICE)) if cards is None]
        if not fields:
            act(state, ALICE, "harvest", field=0)
            fields = [0]
        act(state, ALICE, "plant", card=card, field=fields[0])

    assert len(state.hands[ALICE]) == hand - 1 + 4


class Peek(MoveKind):
    def moves(self, state, seat):
        return [{"kind": "peek"}] if seat == ALICE else []


class Vault(Expansion):
    """An expansion keeping cards in a vault of its own, with a move open in any phase."""

    key = "vault"

    def kinds(self):
        return (Peek("peek"),)

    def new_part(self, state):
        return {"cards": []}

    def cards(self, state):
        return state.ext["vault"]["cards"]

    def violations(self, state):
        return ["a crowded vault"] * (len(state.ext["vault"]["cards"]) > 1)

    def view(self, state, seat):
        return {"size": len(state.ext["vault"]["cards"])}


@pytest.fixture
def vault():
    vault = Vault()
    EXPANSIONS["vault"] = vault
    MOVES["peek"] = vault.kinds()[0]
    PART_CARDS["vault"] = vault.cards
    yield
    del EXPANSIONS["vault"], MOVES["peek"], PART_CARDS["vault"]


def test_an_expansion_adds_moves_places_for_cards_checks_and_a_part_of_the_view(vault):
    state = planting(hands={ALICE: ["red"]})
    state.rules = dataclasses.replace(state.rules, expansions=("vault",))
    state.ext = {"vault": {"cards": [state.deck.pop()]}}

    assert "peek" in legal_kinds(state, ALICE) and "peek" not in legal_kinds(state, BOB)
    assert moves_of_kind(state, ALICE, "peek") == [{"kind": "peek"}]
    assert len(state.all_cards()) == len(state.card_beans)
    assert view(state, BOB)["vault"] == {"size": 1}
    assert violations(state) == []
    state.ext["vault"]["cards"].append(state.deck.pop())
    assert violations(state) == ["a crowded vault"]


def test_junk_moves_never_resign_a_seat_by_accident():
    state = planting(hands={ALICE: ["red"]})
    rng = random.Random(3)
    for junk in ({"kind": "resign ", "seat": BOB}, {"kind": ["resign"]}, {"Kind": "resign"}):
        with pytest.raises(IllegalMove):
            apply(state, rng.choice([ALICE, BOB]), junk)
    assert state.resigned == []
