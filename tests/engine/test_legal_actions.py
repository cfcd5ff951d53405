"""legal_actions and apply agree: what is listed can be played, what is not is refused.

States come from randomly played games at every table; for each seat, moves are sampled from
the listing (with the parameters it allows), from the other seats' listings, and from outside
them (other seats' cards, fields a card does not fit, offers no longer open, moves of another
phase).
"""

import itertools
import random
from collections import Counter

import pytest

from games.engine import IllegalMove, apply, legal_actions
from games.engine.beans import BEAN_KEYS
from games.engine.bohnaparte.listing import MOVE_KINDS

from .bohnaparte_helpers import clear_map, conquest, hold, lands_of
from .helpers import (
    ALICE,
    ALL_TABLES,
    BOB,
    BOHNAPARTE_TABLES,
    act,
    arrange,
    bot_states,
    concrete,
    game,
    random_states,
)

KINDS = (
    "plant",
    "harvest",
    "buy_field",
    "stop_planting",
    "end_trading",
    "end_turn",
    "discard",
    "offer",
    "accept",
    "decline",
    "withdraw",
    *MOVE_KINDS,
)
PARAMETERLESS = (
    "buy_field",
    "stop_planting",
    "end_trading",
    "end_turn",
    "monastery_draw",
    "monastery_skip",
    "buy_depot",
    "buy_merchant",
    "end_attacks",
)


def is_listed(state, move: dict, legal: list[dict]) -> bool:
    """Whether the move is one that an entry of legal_actions allows."""
    return any(_allows(state, entry, move) for entry in legal if entry["kind"] == move["kind"])


def _allows(state, entry: dict, move: dict) -> bool:
    kind = move["kind"]
    if kind == "plant":
        return entry["card"] == move["card"] and move["field"] in entry["fields"]
    if kind == "harvest":
        return entry["field"] == move["field"]
    if kind in ("discard", "store"):
        return entry["card"] == move["card"]
    if kind == "choose_camp":
        return entry["land"] == move["land"]
    if kind == "build_fortress":
        return entry["mine"] == move["mine"] and move["land"] in entry["lands"]
    if kind == "attack":
        if entry["land"] != move["land"]:
            return False
        if "cavalry" in move:
            return "card" not in move and move["cavalry"] in entry["cavalry"]
        return _fights_with(entry, move)
    if kind == "battle_card":
        return _fights_with(entry, move)
    if kind == "merchant_take":
        cards = move["cards"]
        return (
            len(cards) == entry["take"]
            and len(set(cards)) == len(cards)
            and set(cards) <= set(entry["cards"])
        )
    if kind in ("decline", "withdraw"):
        return entry["offer"] == move["offer"]
    if kind == "accept":
        give = move["give"]
        chosen = Counter(BEAN_KEYS[state.card_beans[card]] for card in give)
        return (
            entry["offer"] == move["offer"]
            and len(set(give)) == len(give)
            and chosen == Counter(entry["ask"])
            and all(card in entry["choices"][BEAN_KEYS[state.card_beans[card]]] for card in give)
        )
    if kind == "offer":
        give, asked, ask = move["give"], move["ask_faceup"], move["ask"]
        return (
            move["to"] in entry["to"]
            and set(give) <= set(entry["give"])
            and set(asked) <= set(entry["ask_faceup"])
            and set(ask) <= set(entry["ask"])
            and len(set(give)) == len(give)
            and len(set(asked)) == len(asked)
            and bool(give or asked or any(ask.values()))
        )
    return True


def _fights_with(entry: dict, move: dict) -> bool:
    card = move.get("card")
    return (card == "deck" and entry["deck"]) or card in entry["cards"]


def sample_moves(state, seat: int, rng: random.Random) -> list[dict]:
    """Moves of every kind, with parameters from anywhere in the game."""
    cards = list(state.all_cards())
    nearby = state.hands[seat] + state.faceup + state.to_plant[seat]
    offers = [*state.offers, max(state.offers, default=0) + 1]
    moves = []
    for _ in range(3):
        card = rng.choice(nearby) if nearby and rng.random() < 0.7 else rng.choice(cards)
        moves += [
            {"kind": "plant", "card": card, "field": rng.randint(-1, 3)},
            {"kind": "discard", "card": card},
            {"kind": "harvest", "field": rng.randint(-1, 3)},
            {
                "kind": "accept",
                "offer": rng.choice(offers),
                "give": rng.sample(
                    state.hands[seat], min(len(state.hands[seat]), rng.randint(0, 2))
                ),
            },
            {"kind": rng.choice(["decline", "withdraw"]), "offer": rng.choice(offers)},
            {
                "kind": "offer",
                "to": rng.randrange(state.players),
                "give": rng.sample(cards, rng.randint(0, 1))
                + rng.sample(nearby, min(len(nearby), 1)),
                "ask": {rng.choice(BEAN_KEYS): rng.randint(0, 2)},
                "ask_faceup": rng.sample(state.faceup, min(len(state.faceup), rng.randint(0, 1))),
            },
        ]
    if "bohnaparte" in state.ext:
        moves += bohnaparte_moves(state, cards, nearby, rng)
    moves += [{"kind": kind} for kind in PARAMETERLESS]
    return moves


def bohnaparte_moves(state, cards: list[int], nearby: list[int], rng) -> list[dict]:
    """Bohnaparte's moves with lands and cards from anywhere: other seats' lands, rivers,
    other hands, depots and the deck."""
    ours = state.ext["bohnaparte"]
    lands = len(ours.owners)
    land = rng.randrange(-1, lands + 1)
    card = rng.choice(nearby) if nearby and rng.random() < 0.5 else rng.choice(cards)
    battle_card = rng.choice([card, "deck", None])
    return [
        {"kind": "choose_camp", "land": land},
        {"kind": "store", "card": card},
        {"kind": "attack", "land": land, "card": battle_card},
        {"kind": "attack", "land": land, "cavalry": rng.randrange(lands)},
        {"kind": "battle_card", "card": battle_card},
        {"kind": "build_fortress", "mine": rng.randrange(lands), "land": land},
        {"kind": "merchant_take", "cards": rng.sample(cards, rng.randint(0, 4))},
    ]


def check_agreement(state, rng: random.Random) -> None:
    """Each seat tries its own listed moves, the other seats' listed moves and sampled ones."""
    before = state.to_dict()
    seats = range(state.players)
    listed = [
        [concrete(state, entry, rng) for entry in legal_actions(state, seat)] for seat in seats
    ]
    for seat in seats:
        legal = legal_actions(state, seat)
        others = [move for other in seats if other != seat for move in listed[other]]
        tried = listed[seat] + rng.sample(others, min(len(others), 6))
        for move in tried + sample_moves(state, seat, rng):
            copy = state.copy()
            if is_listed(state, move, legal):
                try:
                    apply(copy, seat, move)
                except IllegalMove as refusal:
                    raise AssertionError(f"seat {seat} may {move} but: {refusal}") from None
            else:
                try:
                    apply(copy, seat, move)
                except IllegalMove:
                    assert copy.to_dict() == before
                else:
                    raise AssertionError(f"seat {seat} may not {move} in phase {state.phase}")


@pytest.mark.parametrize(("edition", "players"), ALL_TABLES)
def test_every_listed_move_applies_and_every_unlisted_one_is_refused(edition, players):
    rng = random.Random(f"agree/{edition}/{players}")
    for state in random_states(edition, players, f"agree/{edition}/{players}", every=players * 15):
        check_agreement(state, rng)


def merchant_states():
    """A player who may buy a merchant, and one choosing cards with it: moments too rare in
    played games to be met by sampling them."""
    state = clear_map(conquest(options={"cavalry": True}))
    hold(state, ALICE, lands_of(state, "forest")[0])
    arrange(state, phase="trade", hands={ALICE: ["red"]}, coins={ALICE: 3})
    yield state
    act(state, ALICE, "buy_merchant")
    act(state, ALICE, "end_trading")
    yield state


@pytest.mark.parametrize(("edition", "players"), BOHNAPARTE_TABLES)
def test_listed_and_refused_moves_agree_along_games_of_conquest_too(edition, players):
    rng = random.Random(f"conquest/{edition}/{players}")
    for state in bot_states(edition, players, f"conquest/{edition}/{players}", every=12):
        check_agreement(state, rng)


def test_listed_and_refused_moves_agree_around_a_merchant():
    rng = random.Random("merchant")
    for state in merchant_states():
        check_agreement(state, rng)


def test_a_listed_card_is_refused_in_a_field_the_listing_leaves_out():
    state = arrange(game(), hands={ALICE: ["soy"]}, fields={ALICE: [("blue", 2), None]})

    assert legal_actions(state, ALICE)[0]["fields"] == [1]
    with pytest.raises(IllegalMove, match="holds Blue beans"):
        apply(state, ALICE, {"kind": "plant", "card": state.hands[ALICE][0], "field": 0})


def test_a_seat_not_listed_for_a_move_is_refused_it():
    state = arrange(game(), hands={ALICE: ["soy"], BOB: ["soy"]})

    assert [entry["kind"] for entry in legal_actions(state, BOB)] == []
    with pytest.raises(IllegalMove, match="not the time"):
        apply(state, BOB, {"kind": "plant", "card": state.hands[BOB][0], "field": 0})


def test_the_games_played_list_every_kind_of_move_the_tests_sample():
    seen = set()
    for edition, players in ALL_TABLES:
        states = random_states(edition, players, "kinds", every=20)
        if edition.startswith("bohnaparte"):
            states = itertools.chain(states, bot_states(edition, players, "kinds", every=2))
        if edition == "bohnaparte/cavalry" and players == 4:
            states = itertools.chain(states, merchant_states())
        for state in states:
            for seat in range(players):
                seen |= {entry["kind"] for entry in legal_actions(state, seat)}

    assert seen == set(KINDS)
