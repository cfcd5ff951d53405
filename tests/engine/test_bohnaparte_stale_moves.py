"""Bohnaparte's moves chosen on an older board: each is applied when what it reads is as the
page showed it (its battle, its land, its card, its step), and refused with what changed when
it is not. Each test lets the game move on between the board the player saw (`before`) and
the one the move arrives on (`now`)."""

from games.engine import apply, default_move, what_changed
from games.engine.bohnaparte.board import part

from .bohnaparte_helpers import (
    attacking,
    clear_map,
    conquest,
    farm_by_alice,
    give_depot,
    give_merchant,
    hold,
    lands_of,
    pair,
)
from .helpers import ALICE, BOB, CAROL, DAVE, act, arrange, card_in_hand, game


def meanwhile(state, *moves):
    """`state` (the board the page showed) and a copy on which the moves were made, each a
    (seat, move) pair."""
    now = state.copy()
    for seat, move in moves:
        apply(now, seat, move)
    return state, now


def accepted(before, now, seat, move) -> bool:
    """The move stands, and is made on the newer board."""
    if what_changed(before, now, seat, move) is not None:
        return False
    apply(now.copy(), seat, move)
    return True


def legal_now(now, seat, move) -> bool:
    apply(now.copy(), seat, move)
    return True


def bob_buys_a_depot():
    return BOB, {"kind": "buy_depot"}


# The opening.


def test_choosing_a_camp_stands_unless_the_clock_chose_it_meanwhile():
    state = game("bohnaparte", 4, "camps")
    act(state, BOB, "choose_camp", land=lands_of(state, "camp")[0])
    camp = lands_of(state, "camp")[1]
    move = {"kind": "choose_camp", "land": camp}

    before, now = meanwhile(state, (DAVE, {"kind": "resign"}))
    assert accepted(before, now, CAROL, move)

    before, now = meanwhile(state, (CAROL, default_move(state, CAROL)))
    assert what_changed(before, now, CAROL, move) == (
        "That camp has been taken since your page showed it."
    )


# The monastery's draws.


def monastery_turn():
    """alice's turn begins with two monasteries to draw at; bob may buy a depot."""
    state = clear_map(conquest())
    hold(state, ALICE, *lands_of(state, "monastery")[:2])
    arrange(
        state,
        phase="trade",
        active=DAVE,
        hands={ALICE: ["red"], DAVE: ["soy"]},
        coins={BOB: 3},
        deck=["garden", "garden", "garden", "red", "blue"],
    )
    act(state, DAVE, "end_trading")
    assert state.phase == "monastery"
    return state


def test_drawing_at_a_monastery_stands_unless_a_draw_was_made_meanwhile():
    state = monastery_turn()
    move = {"kind": "monastery_draw"}

    before, now = meanwhile(state, bob_buys_a_depot())
    assert accepted(before, now, ALICE, move)

    before, now = meanwhile(state, (ALICE, default_move(state, ALICE)))  # the clock drew
    assert legal_now(now, ALICE, move)
    assert what_changed(before, now, ALICE, move) == (
        "A card has been drawn at your monasteries since your page showed it."
    )


def test_skipping_the_monasteries_stands_until_the_turn_moved_on():
    state = monastery_turn()
    move = {"kind": "monastery_skip"}

    before, now = meanwhile(state, bob_buys_a_depot(), (ALICE, {"kind": "monastery_draw"}))
    assert accepted(before, now, ALICE, move)

    before, now = meanwhile(state, (ALICE, move))  # in another tab
    assert what_changed(before, now, ALICE, move) == (
        "The turn has moved on since your page showed it."
    )


# The munitions depot and the purchases.


def test_storing_a_card_stands_unless_it_was_planted_meanwhile():
    state = arrange(
        clear_map(conquest()), phase="plant", hands={ALICE: ["blue", "red"]}, coins={BOB: 3}
    )
    give_depot(state, ALICE, [])
    move = {"kind": "store", "card": state.hands[ALICE][0]}

    before, now = meanwhile(state, bob_buys_a_depot())
    assert accepted(before, now, ALICE, move)

    before, now = meanwhile(state, (ALICE, {"kind": "plant", "card": move["card"], "field": 0}))
    assert what_changed(before, now, ALICE, move) == "That card is no longer yours to plant."


def test_buying_a_depot_stands_whatever_another_seat_does_and_is_made_once():
    state = arrange(conquest(), phase="trade", hands={ALICE: ["red"]}, coins={ALICE: 6, BOB: 3})
    move = {"kind": "buy_depot"}

    before, now = meanwhile(state, bob_buys_a_depot())
    assert accepted(before, now, ALICE, move)

    before, now = meanwhile(state, (ALICE, move))  # in another tab
    assert what_changed(before, now, ALICE, move) is None
    assert refusal(now, ALICE, move) == "You have a munitions depot already."


def refusal(state, seat, move) -> str:
    try:
        apply(state.copy(), seat, move)
    except Exception as refused:  # noqa: BLE001  (the test reads the refusal's words)
        return str(refused)
    return ""


def fortress_turn():
    """alice, in her attack phase, holds a mine, a village and a farm, and three coins."""
    state = clear_map(conquest())
    mine, village = pair(state, "mine", "village")
    farm = lands_of(state, "farm")[0]
    hold(state, ALICE, mine, village, farm)
    attacking(state, hands={ALICE: ["red"]}, coins={ALICE: 4, BOB: 3})
    return state, mine, village, farm


def test_building_a_fortress_stands_unless_its_mine_was_emptied_meanwhile():
    state, mine, village, farm = fortress_turn()
    move = {"kind": "build_fortress", "mine": mine, "land": village}

    before, now = meanwhile(state, bob_buys_a_depot())
    assert accepted(before, now, ALICE, move)

    built = {"kind": "build_fortress", "mine": mine, "land": farm}
    before, now = meanwhile(state, (ALICE, built))  # in another tab
    assert what_changed(before, now, ALICE, move) == (
        f"Land {mine + 1} has changed since your page showed it."
    )


def cavalry_trade():
    state = clear_map(conquest(options={"cavalry": True}))
    forest = lands_of(state, "forest")[0]
    hold(state, ALICE, forest)
    hold(state, BOB, lands_of(state, "forest")[1])
    return arrange(state, phase="trade", hands={ALICE: ["red"]}, coins={ALICE: 3, BOB: 3})


def test_buying_a_merchant_stands_whatever_another_seat_does_and_is_made_once():
    state = cavalry_trade()
    move = {"kind": "buy_merchant"}

    before, now = meanwhile(state, (BOB, move))
    assert accepted(before, now, ALICE, move)

    before, now = meanwhile(state, (ALICE, move))  # in another tab
    assert what_changed(before, now, ALICE, move) is None
    assert "already" in refusal(now, ALICE, move)


def test_taking_the_merchants_cards_stands_until_the_clock_took_them():
    state = cavalry_trade()
    arrange(state, phase="trade", hands={ALICE: ["red"]}, coins={BOB: 3}, deck=["garden"] * 3)
    give_merchant(state, ALICE, ["blue", "soy"])
    act(state, ALICE, "end_trading")
    assert state.phase == "merchant_draw"
    move = {"kind": "merchant_take", "cards": part(state).merchants[ALICE][:1]}
    move["cards"] += part(state).drawn[:2]

    before, now = meanwhile(state, (BOB, {"kind": "buy_merchant"}))
    assert accepted(before, now, ALICE, move)

    before, now = meanwhile(state, (ALICE, default_move(state, ALICE)))
    assert what_changed(before, now, ALICE, move) == (
        "The turn has moved on since your page showed it."
    )


# Attacks and battles.


def test_an_attack_stands_after_a_lost_attack_but_not_once_its_land_has_changed_hands():
    state, farm = farm_by_alice(
        None, hands={ALICE: ["soy", "blue"]}, coins={ALICE: 3, BOB: 3}, deck=["stink", "red"]
    )
    soy, blue = state.hands[ALICE]
    move = {"kind": "attack", "land": farm, "card": blue}

    lost = {"kind": "attack", "land": farm, "card": soy}  # Soy (12) against Stink (16)
    before, now = meanwhile(state, (ALICE, lost), bob_buys_a_depot())
    assert part(now).owners[farm] is None
    assert accepted(before, now, ALICE, move)

    state.deck.append(state.deck.pop(-2))  # Red (8) on top: the same attack wins
    before, now = meanwhile(state, (ALICE, lost))
    assert part(now).owners[farm] == ALICE
    assert what_changed(before, now, ALICE, move) == (
        f"Land {farm + 1} has changed since your page showed it."
    )


def test_a_battle_card_chosen_for_a_battle_the_clock_settled_is_not_played_in_the_next():
    """bob's page shows alice's attack on his farm; his clock runs out and the top of the deck
    defends; alice attacks the same farm again; bob's card arrives."""
    state, farm = farm_by_alice(
        BOB,
        hands={ALICE: ["soy", "soy"], BOB: ["blue", "red"]},
        coins={ALICE: 2, CAROL: 3},
        deck=["chili"],
    )
    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])
    move = {"kind": "battle_card", "card": card_in_hand(state, BOB, "blue")}

    before, now = meanwhile(state, (CAROL, {"kind": "buy_depot"}))
    assert accepted(before, now, BOB, move)

    again = {"kind": "attack", "land": farm, "card": state.hands[ALICE][-1]}
    before, now = meanwhile(state, (BOB, default_move(state, BOB)), (ALICE, again))
    assert part(now).battle["land"] == farm and legal_now(now, BOB, move)
    assert what_changed(before, now, BOB, move) == (
        "The battle your page showed has been settled since."
    )


def test_a_battle_card_stands_only_while_the_card_is_where_the_page_showed_it():
    state, farm = farm_by_alice(
        BOB, hands={ALICE: ["soy"], BOB: ["blue", "red"]}, coins={ALICE: 1}, deck=["chili"]
    )
    give_depot(state, BOB, ["green"])
    act(state, ALICE, "attack", land=farm, card=state.hands[ALICE][0])
    green = part(state).depots[BOB][0]
    before = state.copy()
    part(state).depots[BOB].remove(green)
    state.hands[BOB].append(green)

    assert what_changed(before, state, BOB, {"kind": "battle_card", "card": green}) == (
        "That card is no longer where your page showed it."
    )
    assert what_changed(before, state, BOB, {"kind": "battle_card", "card": "deck"}) is None


def test_ending_the_attacks_stands_after_another_attack_but_not_once_the_turn_moved_on():
    state, farm = farm_by_alice(
        None, hands={ALICE: ["soy"]}, coins={ALICE: 3, BOB: 3}, deck=["stink"]
    )
    move = {"kind": "end_attacks"}

    attack = {"kind": "attack", "land": farm, "card": state.hands[ALICE][0]}
    before, now = meanwhile(state, (ALICE, attack), bob_buys_a_depot())
    assert now.phase == "attack"
    assert accepted(before, now, ALICE, move)

    before, now = meanwhile(state, (ALICE, move))  # in another tab
    assert what_changed(before, now, ALICE, move) == (
        "The turn has moved on since your page showed it."
    )
