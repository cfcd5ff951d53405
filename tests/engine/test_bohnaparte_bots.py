"""The bots in Bohnaparte: the careful bot attacks where its expected gain beats the coin and
defends with a card that wins when it can spare one, deciding only from what its seat sees."""

import random

import pytest

from games.engine import apply, bots, describe, new_game, simulate
from games.engine.bohnaparte.board import part

from .bohnaparte_helpers import attacking, beside, clear_map, conquest, give_depot, hold, lands_of
from .helpers import ALICE, BOB, NAMES, act, card_in_hand


def careful():
    return bots.make_bot("heuristic", "test")


def next_to_a_neutral(kind: str, hand: list[str], coins: int = 1):
    state = clear_map(conquest())
    land = lands_of(state, kind)[0]
    hold(state, ALICE, beside(state, land))
    attacking(state, hands={ALICE: hand}, coins={ALICE: coins})
    return state, land


def test_the_careful_bot_attacks_a_city_with_a_blue():
    state, city = next_to_a_neutral("city", ["blue"])

    move = careful().choose(state, ALICE)

    assert move == {"kind": "attack", "land": city, "card": state.hands[ALICE][0]}


def test_the_careful_bot_spends_no_coin_on_battles_it_would_most_likely_lose():
    """Every land but alice's camp is bob's, and bob has many cards and a full depot to
    defend with; alice holds a Garden."""
    state = clear_map(conquest())
    owners = part(state).owners
    for land in range(len(owners)):
        if owners[land] is None and land not in lands_of(state, "river"):
            owners[land] = BOB
    attacking(state, hands={ALICE: ["garden"], BOB: ["soy"] * 6}, coins={ALICE: 1})
    give_depot(state, BOB, ["blue", "blue", "chili", "chili"])

    move = careful().choose(state, ALICE)

    assert move == {"kind": "end_attacks"}


def test_the_careful_bot_defends_against_cavalry_with_a_card_that_beats_17():
    state = clear_map(conquest(options={"cavalry": True}))
    paddock = lands_of(state, "paddock")[0]
    farm = lands_of(state, "farm")[0]
    hold(state, ALICE, paddock, beside(state, farm))
    hold(state, BOB, farm)
    attacking(state, hands={ALICE: ["red"], BOB: ["red", "chili", "soy"]}, coins={ALICE: 1})
    act(state, ALICE, "attack", land=farm, cavalry=paddock)

    move = careful().choose(state, BOB)

    assert move == {"kind": "battle_card", "card": card_in_hand(state, BOB, "chili")}


def test_the_careful_bot_keeps_the_cards_its_fields_need_and_defends_with_the_deck_top():
    state = clear_map(conquest())
    farm = lands_of(state, "farm")[0]
    hold(state, ALICE, beside(state, farm))
    hold(state, BOB, farm)
    attacking(
        state,
        hands={ALICE: ["blue"], BOB: ["garden", "red"]},
        fields={BOB: [("garden", 2), ("red", 2)]},
        coins={ALICE: 1},
    )
    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])

    move = careful().choose(state, BOB)

    assert move == {"kind": "battle_card", "card": "deck"}


def test_the_careful_bot_decides_the_same_whatever_it_cannot_see():
    """Other hands, other depots and the order of the deck change nothing it decides."""
    state, city = next_to_a_neutral("city", ["stink", "soy"], coins=2)
    give_depot(state, BOB, ["blue"])
    other = state.copy()
    rng = random.Random(5)
    hidden = other.deck + other.hands[BOB] + part(other).depots[BOB]
    rng.shuffle(hidden)
    sizes = len(other.deck), len(other.hands[BOB])
    other.deck = hidden[: sizes[0]]
    other.hands[BOB] = hidden[sizes[0] : sizes[0] + sizes[1]]
    part(other).depots[BOB] = hidden[sizes[0] + sizes[1] :]

    assert careful().choose(state, ALICE) == careful().choose(other, ALICE)


def test_the_random_bot_chooses_among_the_listed_attacks():
    state, _ = next_to_a_neutral("farm", ["red"], coins=3)
    bot = bots.make_bot("random", "attack")
    kinds = set()
    for _ in range(40):
        copy = state.copy()
        move = bot.choose(copy, ALICE)
        kinds.add(move["kind"])
        act(copy, ALICE, move.pop("kind"), **move)

    assert {"attack", "end_attacks"} <= kinds


@pytest.mark.parametrize("options", [{}, {"cavalry": True}])
def test_every_event_of_a_game_between_bots_reads_as_a_line_of_the_log(options):
    log = simulate.play("bohnaparte", 4, "log", ["heuristic", "random"], False, options).log
    state, events = new_game("bohnaparte", NAMES[:4], "log", options)
    kinds = set()
    for seat, move in log:
        events = apply(state, seat, move)
        for event in events:
            kinds.add(event.kind)
            for viewer in (None, ALICE, BOB):
                line = describe(event.for_seat(viewer), state.names, viewer)
                assert line != event.kind and line.endswith("."), line

    assert {"camp_chosen", "attacked", "battle", "conquered"} <= kinds
