"""What a seat may see: its own hand and everything public, never another hand or the deck."""

import json
import random

import pytest

from games.engine import apply, describe, seed_hash, simulate, view

from .helpers import (
    ALICE,
    ALL_TABLES,
    BOB,
    BOHNAPARTE_TABLES,
    CAROL,
    DAVE,
    act,
    arrange,
    card_in_hand,
    edition_and_options,
    faceup_card,
    game,
    random_moves,
)

# Keys under which a view or an event holds card ids (offer numbers and counts live elsewhere).
CARD_KEYS = {"id", "card", "cards", "give", "choices", "ask_faceup"}


def card_ids(value, under_card_key: bool = False) -> set[int]:
    """Every int found below a card key, however deeply nested; an offer's own "id" is its
    number, not a card."""
    if isinstance(value, dict):
        offer = "maker" in value
        return set().union(
            *(
                card_ids(item, under_card_key or (key in CARD_KEYS and not (offer and key == "id")))
                for key, item in value.items()
            )
        )
    if isinstance(value, list):
        return set().union(*(card_ids(item, under_card_key) for item in value))
    if under_card_key and type(value) is int:
        return {value}
    return set()


def secret_cards(state, seat) -> set[int]:
    """Cards this seat (None: a spectator) may not know the ids of: the deck, other hands, and
    in Bohnaparte other seats' depots and phase-5 draws and the face-down battle cards (a
    seat knows its own if it came from its hand or depot)."""
    hidden = set(state.deck)
    for other in range(state.players):
        if other != seat:
            hidden |= set(state.hands[other])
    ours = state.ext.get("bohnaparte")
    if ours:
        for other, depot in enumerate(ours.depots):
            if other != seat and depot:
                hidden |= set(depot)
        if seat != state.active:
            hidden |= set(ours.drawn)
        battle = ours.battle
        if battle:
            for side, fighter in (("attack", "attacker"), ("defence", "defender")):
                known = battle[fighter] == seat and battle[f"{side}_from"] in ("hand", "depot")
                if battle[side] is not None and not known:
                    hidden.add(battle[side])
    return hidden


def seat_sees(state, seat) -> dict:
    """The seat's view as JSON, without Bohnaparte's map: drawn from the map file alone, the
    same for everyone, it holds land numbers, never a card."""
    seen = json.loads(json.dumps(view(state, seat)))
    if "bohnaparte" in seen:
        del seen["bohnaparte"]["map"]
    return seen


def assert_nothing_leaks(state, events=()) -> None:
    for seat in [None, *range(state.players)]:
        seen = seat_sees(state, seat)
        hidden = secret_cards(state, seat)
        assert not card_ids(seen) & hidden, f"view of seat {seat} in phase {state.phase}"
        for event in events:
            assert not card_ids(event.for_seat(seat)) & hidden, f"{event} for seat {seat}"


def test_the_card_id_walk_finds_ids_but_not_counts():
    page = {
        "hand": [{"id": 7, "bean": "red"}],
        "deck_size": 9,
        "fields": [{"count": 3, "cards": [1, 2]}],
        "legal": [{"kind": "accept", "offer": 4, "choices": {"red": [5]}}],
        "offers": [{"id": 3, "maker": 0, "to": 1, "give": [{"id": 6, "bean": "soy"}]}],
    }

    assert card_ids(page) == {7, 1, 2, 5, 6}


@pytest.mark.parametrize(("edition", "players"), BOHNAPARTE_TABLES)
def test_no_view_or_event_of_a_game_of_conquest_shows_a_face_down_card(edition, players):
    """Games played by the bots, which attack and defend far more than random moves do."""
    named, options = edition_and_options(edition)
    log = simulate.play(named, players, "leak", ["heuristic", "random"], False, options).log
    state = game(edition, players, "leak")
    viewers = [None, *range(players)]
    for seat, move in log:
        # A battle card is shown once the battle is fought and may be back in a reshuffled
        # deck by the end of the move: an event leaks a card hidden before and after it.
        hidden_before = {viewer: secret_cards(state, viewer) for viewer in viewers}
        events = apply(state, seat, move)
        for viewer in viewers:
            hidden = secret_cards(state, viewer)
            seen = card_ids(seat_sees(state, viewer))
            assert not seen & hidden, f"view of seat {viewer} in phase {state.phase}"
            for event in events:
                shown = card_ids(event.for_seat(viewer))
                assert not shown & hidden & hidden_before[viewer], f"{event} for {viewer}"
    assert state.over


@pytest.mark.parametrize(("edition", "players"), ALL_TABLES)
def test_no_view_or_event_shows_a_seat_another_hand_or_the_deck(edition, players):
    state = game(edition, players, seed=f"leak/{players}")
    rng = random.Random(f"leak/{edition}/{players}")
    assert_nothing_leaks(state)
    for number, (_, _, events) in enumerate(random_moves(state, rng)):
        if number % 7 == 0 or state.over:
            assert_nothing_leaks(state, events)


def test_a_seat_sees_its_own_hand_in_order_and_only_the_size_of_the_others():
    state = arrange(game(), hands={ALICE: ["red", "soy"], BOB: ["blue", "blue", "chili"]})

    page = view(state, ALICE)

    assert page["hand"] == [
        {"id": card, "bean": bean}
        for card, bean in zip(state.hands[ALICE], ["red", "soy"], strict=True)
    ]
    assert [player["hand_size"] for player in page["players"]] == [2, 3, 0, 0]
    assert "hand" not in page["players"][BOB]


def test_a_spectator_sees_no_hand_no_offers_and_no_moves():
    state = arrange(game(), hands={ALICE: ["red"]}, faceup=["soy"], phase="trade")
    act(state, ALICE, "offer", to=BOB, give=state.hands[ALICE])

    page = view(state, None)

    assert page["hand"] is None
    assert page["offers"] == []
    assert page["legal"] == []
    assert page["seat"] is None


def test_the_seed_is_hidden_until_the_game_is_over_and_then_matches_its_hash():
    state = arrange(game(seed="secret seed"), deck=["red"], rest="discard", phase="trade")
    state.exhaustions = state.rules.exhaustions_to_end - 1

    for seat in (None, ALICE, BOB):
        assert view(state, seat)["seed"] is None
        assert view(state, seat)["seed_hash"] == seed_hash("secret seed")
    act(state, ALICE, "end_trading")

    for seat in (None, ALICE, BOB):
        page = view(state, seat)
        assert page["over"]
        assert page["seed"] == "secret seed"
        assert seed_hash(page["seed"]) == page["seed_hash"]


def offers_seen(state, seat) -> list[int]:
    return [offer["id"] for offer in view(state, seat)["offers"]]


def test_an_offer_appears_only_to_its_maker_and_its_receiver():
    state = arrange(game(), hands={ALICE: ["red"], CAROL: ["green"]}, faceup=["soy"], phase="trade")
    to_bob = act(state, ALICE, "offer", to=BOB, give=state.hands[ALICE])[-1].data["offer"]
    from_carol = act(state, CAROL, "offer", to=ALICE, give=state.hands[CAROL])[-1].data["offer"]

    assert offers_seen(state, ALICE) == [to_bob, from_carol]
    assert offers_seen(state, BOB) == [to_bob]
    assert offers_seen(state, CAROL) == [from_carol]
    assert offers_seen(state, DAVE) == []


def test_what_an_offer_holds_is_logged_only_for_its_maker_and_its_receiver():
    state = arrange(game(), hands={ALICE: ["red"], CAROL: ["stink", "green"]}, phase="trade")
    event = act(state, CAROL, "offer", to=ALICE, give=state.hands[CAROL])[-1]
    names = state.names

    def line(seat):
        return describe(event.for_seat(seat), names, seat)

    assert line(CAROL) == "You offered alice a gift of 1 Stink and 1 Green (offer 1)."
    assert line(ALICE) == "carol offered you a gift of 1 Stink and 1 Green (offer 1)."
    # The others, spectators too, learn that there is an offer, not which beans carol holds.
    assert line(BOB) == "carol made alice an offer (offer 1)."
    assert line(None) == "carol made alice an offer (offer 1)."
    stored = type(event).from_dict(json.loads(json.dumps(event.to_dict())))
    assert [stored.for_seat(seat) for seat in (ALICE, BOB)] == [
        event.for_seat(seat) for seat in (ALICE, BOB)
    ]


def test_the_receiver_of_an_offer_sees_the_beans_of_hand_cards_but_not_their_ids():
    state = arrange(game(), hands={ALICE: ["red"]}, faceup=["soy"], phase="trade")
    red, soy = card_in_hand(state, ALICE, "red"), faceup_card(state, "soy")
    act(state, ALICE, "offer", to=BOB, give=[red, soy], ask={"blue": 1})

    mine, theirs = view(state, ALICE)["offers"][0], view(state, BOB)["offers"][0]

    assert mine["give"] == [{"id": red, "bean": "red"}, {"id": soy, "bean": "soy"}]
    assert theirs["give"] == [{"id": None, "bean": "red"}, {"id": soy, "bean": "soy"}]
    assert theirs["ask"] == {"blue": 1}
    assert (mine["mine"], theirs["mine"], theirs["gift"]) == (True, False, False)


def test_a_view_is_plain_json():
    state = game("rio-grande", 5)

    for seat in (None, *range(5)):
        page = view(state, seat)
        assert json.loads(json.dumps(page)) == page


@pytest.mark.parametrize(
    ("edition", "players"),
    [
        ("rio-grande", 2),
        ("amigo-classic", 3),
        ("amigo-1997", 4),
        ("rio-grande", 6),
        ("bohnaparte", 4),
        ("bohnaparte/cavalry", 5),
    ],
)
def test_every_event_of_a_game_reads_as_a_line_of_the_log_for_every_viewer(edition, players):
    state = game(edition, players, seed="log")
    for _, _, events in random_moves(state, random.Random("log")):
        for event in events:
            for viewer in (None, *range(players)):
                line = describe(event.for_seat(viewer), state.names, viewer)
                assert line != event.kind and line.endswith("."), line


def test_the_log_writes_player_names_as_the_players_spell_them():
    names = ["alice.tester", "bob", "carol", "dave"]
    gift = {"kind": "traded", "seat": 1, "offer": 3, "maker": 0, "to": 1, "given": ["soy"]}

    as_bob = describe({**gift, "received": []}, names, 1)
    as_carol = describe({**gift, "received": []}, names, 2)
    asked = describe({**gift, "given": [], "received": ["red"]}, names, 2)

    assert as_bob == "alice.tester gave you 1 Soy as a gift."
    assert as_carol == "alice.tester gave bob 1 Soy as a gift."
    assert asked == "bob gave alice.tester 1 Red as a gift."
    assert describe({**gift, "received": []}, names, 0).startswith("You gave bob")


def test_the_first_line_of_the_log_shows_the_seed_hash_cut_short_with_one_ellipsis():
    started = {"kind": "game_started", "seed_hash": "0123456789abcdef0123"}
    assert describe(started, ["alice", "bob", "carol"], 0) == (
        "The game began. Seed hash 0123456789ab…"
    )
