"""Editions as data: decks, fields, deals, draws and the game end per edition and table size."""

import pytest

from games.engine import EDITIONS, SetupError, legal_actions, new_game, resolve
from games.engine.beans import BEAN_KEYS

from .helpers import ALICE, BOB, CAROL, NAMES, TABLES, act, arrange, beans, game, refused


def deck_beans(edition: str, players: int) -> set[str]:
    return {BEAN_KEYS[bean] for bean in resolve(edition, players).beans}


@pytest.mark.parametrize(
    ("edition", "players", "cards"),
    [
        ("amigo-classic", 3, 104),
        ("amigo-classic", 5, 104),
        ("amigo-1997", 4, 104),
        ("rio-grande", 3, 150),
        ("rio-grande", 4, 130),
        ("rio-grande", 5, 130),
        ("rio-grande", 6, 144),
        ("rio-grande", 7, 144),
    ],
)
def test_the_deck_has_as_many_cards_as_the_rule_book_says(edition, players, cards):
    state = game(edition, players)

    assert len(state.card_beans) == cards
    assert len(state.all_cards()) == cards


def test_the_amigo_editions_play_with_the_eight_beans_from_blue_to_garden():
    eight = {"blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden"}

    assert deck_beans("amigo-classic", 4) == eight
    assert deck_beans("amigo-1997", 4) == eight


def test_rio_grande_removes_cocoa_at_three_coffee_at_four_and_five_cocoa_and_garden_at_six():
    every = set(BEAN_KEYS)

    assert every - deck_beans("rio-grande", 3) == {"cocoa"}
    assert every - deck_beans("rio-grande", 4) == {"coffee"}
    assert every - deck_beans("rio-grande", 5) == {"coffee"}
    assert every - deck_beans("rio-grande", 6) == {"cocoa", "garden"}
    assert every - deck_beans("rio-grande", 7) == {"cocoa", "garden"}


@pytest.mark.parametrize(
    ("edition", "players", "options", "fields"),
    [
        ("amigo-classic", 3, {}, 3),
        ("amigo-classic", 4, {}, 2),
        ("amigo-classic", 5, {}, 2),
        ("amigo-1997", 3, {}, 2),
        ("amigo-1997", 3, {"three_fields_at_three": True}, 3),
        ("amigo-1997", 4, {"three_fields_at_three": True}, 2),
        ("rio-grande", 3, {}, 3),
        ("rio-grande", 4, {}, 2),
        ("rio-grande", 7, {}, 2),
    ],
)
def test_every_seat_starts_with_the_editions_number_of_empty_fields(
    edition, players, options, fields
):
    state = game(edition, players, options=options)

    assert [len(seat_fields) for seat_fields in state.fields] == [fields] * players
    assert all(field == [] for seat_fields in state.fields for field in seat_fields)


THIRD_FIELD_COSTS = [
    ("amigo-classic", 3, {}, None),
    ("amigo-classic", 4, {}, None),
    ("amigo-1997", 3, {}, 3),
    ("amigo-1997", 3, {"three_fields_at_three": True}, None),
    ("amigo-1997", 4, {}, 3),
    ("amigo-1997", 5, {}, 3),
    ("amigo-1997", 5, {"cheap_third_field_at_five": True}, 2),
    ("amigo-1997", 4, {"cheap_third_field_at_five": True}, 3),
    ("rio-grande", 3, {}, None),
    ("rio-grande", 4, {}, 3),
    ("rio-grande", 5, {}, 3),
    ("rio-grande", 6, {}, 2),
    ("rio-grande", 7, {}, 2),
]


def rich_bob(edition, players, options):
    """A fresh game in which bob has 5 coins, with the buy moves the engine lists for him."""
    state = arrange(game(edition, players, options=options), coins={BOB: 5})
    return state, [action for action in legal_actions(state, BOB) if action["kind"] == "buy_field"]


@pytest.mark.parametrize(
    ("edition", "players", "options", "cost"), [row for row in THIRD_FIELD_COSTS if row[3]]
)
def test_the_third_field_costs_what_the_edition_and_options_say(edition, players, options, cost):
    state, buyable = rich_bob(edition, players, options)

    assert buyable == [{"kind": "buy_field", "cost": cost}]
    act(state, BOB, "buy_field")
    assert len(state.coins[BOB]) == 5 - cost
    assert len(state.fields[BOB]) == 3


@pytest.mark.parametrize(
    ("edition", "players", "options"), [row[:3] for row in THIRD_FIELD_COSTS if not row[3]]
)
def test_no_third_field_is_for_sale_where_the_edition_and_options_say_so(edition, players, options):
    state, buyable = rich_bob(edition, players, options)

    assert resolve(edition, players, options).third_field_cost is None
    assert buyable == []
    refused(state, BOB, {"kind": "buy_field"}, match="cannot be bought|already have")


@pytest.mark.parametrize(("edition", "players"), [table for table in TABLES if table[1] < 6])
def test_the_deal_gives_five_cards_each_below_six_players(edition, players):
    state = game(edition, players)

    assert [len(hand) for hand in state.hands] == [5] * players
    assert len(state.deck) == len(state.card_beans) - 5 * players


def test_six_players_are_dealt_three_four_five_then_six_cards_from_the_start_player():
    state = game("rio-grande", 6)

    assert [len(hand) for hand in state.hands] == [3, 4, 5, 6, 6, 6]
    assert len(state.deck) == 144 - 30


def test_seven_players_are_dealt_three_four_five_and_six_to_the_other_four():
    state = game("rio-grande", 7)

    assert [len(hand) for hand in state.hands] == [3, 4, 5, 6, 6, 6, 6]
    assert len(state.deck) == 144 - 36


@pytest.mark.parametrize(("players", "draw"), [(3, 3), (4, 3), (5, 3), (6, 4), (7, 4)])
def test_the_active_player_draws_four_cards_at_six_and_seven_players_and_three_below(players, draw):
    state = game("rio-grande", players)
    arrange(state, phase="trade", deck=["blue"] * 6)

    act(state, ALICE, "end_trading")

    assert len(state.hands[ALICE]) == draw
    assert state.active == BOB


@pytest.mark.parametrize(
    ("edition", "players", "exhaustions"),
    [
        ("amigo-classic", 3, 3),
        ("amigo-classic", 5, 3),
        ("amigo-1997", 3, 3),
        ("amigo-1997", 5, 3),
        ("rio-grande", 3, 2),
        ("rio-grande", 4, 3),
        ("rio-grande", 7, 3),
    ],
)
def test_the_game_ends_at_the_editions_number_of_exhaustions(edition, players, exhaustions):
    assert resolve(edition, players).exhaustions_to_end == exhaustions


def test_a_three_field_beginners_game_of_the_1997_rules_still_ends_at_the_third_exhaustion():
    rules = resolve("amigo-1997", 3, {"three_fields_at_three": True})

    assert rules.exhaustions_to_end == 3
    assert rules.fields_at_start == 3


def test_every_seat_is_dealt_from_the_top_of_the_shuffled_deck_and_alice_begins():
    state = game("amigo-classic", 3)

    assert state.active == ALICE
    assert state.start_player == ALICE
    assert state.turn == 1
    assert state.phase == "plant"
    assert sorted(state.deck + [card for hand in state.hands for card in hand]) == list(range(104))


def test_the_editions_advertise_their_player_counts():
    assert (EDITIONS["amigo-classic"].min_players, EDITIONS["amigo-classic"].max_players) == (3, 5)
    assert (EDITIONS["amigo-1997"].min_players, EDITIONS["amigo-1997"].max_players) == (3, 5)
    assert (EDITIONS["rio-grande"].min_players, EDITIONS["rio-grande"].max_players) == (2, 7)


@pytest.mark.parametrize(
    ("edition", "players", "options", "message"),
    [
        ("bohnanza", 4, {}, "no edition"),
        (None, 4, {}, "no edition"),
        ("amigo-classic", 2, {}, "3 to 5 players"),
        ("amigo-classic", 6, {}, "3 to 5 players"),
        ("amigo-1997", 6, {}, "3 to 5 players"),
        ("rio-grande", 1, {}, "2 to 7 players"),
        ("rio-grande", 8, {}, "2 to 7 players"),
        ("amigo-classic", 3, {"three_fields_at_three": True}, "no option"),
        ("rio-grande", 4, {"extra": True}, "no option"),
        ("amigo-1997", 3, {"three_fields_at_three": "yes"}, "on or off"),
        ("amigo-1997", 3, {"three_fields_at_three": 1}, "on or off"),
    ],
)
def test_a_game_that_cannot_be_set_up_raises_a_setup_error(edition, players, options, message):
    names = [f"player{seat}" for seat in range(players)]
    with pytest.raises(SetupError, match=message):
        new_game(edition, names, "seed", options)


@pytest.mark.parametrize("options", [["three_fields_at_three"], "three_fields_at_three", 5])
def test_options_that_are_not_a_mapping_raise_a_setup_error(options):
    with pytest.raises(SetupError, match="Options must map"):
        new_game("amigo-1997", NAMES[:3], "seed", options)


@pytest.mark.parametrize("players", ["4", 4.0, True, None])
def test_a_player_count_that_is_not_a_whole_number_raises_a_setup_error(players):
    with pytest.raises(SetupError, match="whole number"):
        resolve("rio-grande", players)


def test_a_game_needs_a_seed_and_distinct_names():
    with pytest.raises(SetupError, match="seed"):
        new_game("rio-grande", NAMES[:4], "")
    with pytest.raises(SetupError, match="own name"):
        new_game("rio-grande", ["alice", "bob", "alice"], "seed")


def test_the_setup_events_tell_each_seat_its_own_cards_and_the_others_only_a_count():
    state, events = new_game("amigo-classic", NAMES[:3], "seed")
    dealt = [event for event in events if event.kind == "dealt"]

    assert [event.seat for event in dealt] == [ALICE, BOB, CAROL]
    assert dealt[BOB].for_seat(BOB)["cards"] == state.hands[BOB]
    assert dealt[BOB].for_seat(BOB)["beans"] == beans(state, state.hands[BOB])
    assert "cards" not in dealt[BOB].for_seat(ALICE)
    assert dealt[BOB].for_seat(None) == {"kind": "dealt", "seat": BOB, "count": 5}
