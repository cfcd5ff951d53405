"""The site's bots trade like people: a few offers a turn, a bean asked for only of a player seen
to hold it, and no offer made again once it was refused."""

from collections import Counter

import pytest

from games.engine import apply, waiting_for
from games.engine.beans import BEAN_KEYS
from games.engine.bots import make_bot
from games.engine.bots.book import MOST_OFFERED, BookBot

from .helpers import ALICE, BOB, CAROL, act, arrange, game

PERSON = 0


def offers_to_a_person_who_declines_them_all(seed: str) -> list[tuple[int, dict, bool]]:
    """A game of a person (seat 0: declines every offer, plays the rest as the strong bot does)
    and three of the site's bots; every offer made, with its turn and whether it came after
    the same offer was declined in that turn."""
    state = game("rio-grande", 4, seed=seed)
    person = make_bot("strong", f"{seed}/person")
    bots = {seat: BookBot(make_bot("strong", f"{seed}/{seat}"), rules=False) for seat in (1, 2, 3)}
    made: list[tuple[int, dict, bool]] = []
    declined: set[tuple] = set()
    for _ in range(5000):
        if state.over:
            break
        seat = waiting_for(state)[0]
        offered = [offer for offer in state.offers.values() if offer.to == seat]
        if seat == PERSON and offered:
            offer = offered[0]
            asked = {BEAN_KEYS[bean]: count for bean, count in offer.ask.items()}
            declined.add((state.turn, *key(offer.maker, offer.to, offer.give, asked)))
            act(state, seat, "decline", offer=offer.id)
            continue
        move = (person if seat == PERSON else bots[seat]).choose(state, seat)
        if move["kind"] == "offer" and seat != PERSON:
            again = (state.turn, *key(seat, move["to"], move["give"], move.get("ask", {})))
            made.append((state.turn, dict(move, maker=seat), again in declined))
        apply(state, seat, move)
    assert state.over
    return made


def key(maker: int, to: int, give, ask: dict) -> tuple:
    return maker, to, tuple(sorted(give)), tuple(sorted(ask.items()))


@pytest.mark.parametrize("seed", ["bots beside a person 1", "bots beside a person 2"])
def test_bots_offer_a_few_cards_a_turn_ask_no_hidden_bean_and_repeat_no_refused_offer(seed):
    made = offers_to_a_person_who_declines_them_all(seed)

    assert made
    to_the_person = [move for _turn, move, _again in made if move["to"] == PERSON]
    # The person never posted a standing offer, so no bot has seen them hold any bean.
    assert to_the_person and all(not move.get("ask") for move in to_the_person)
    assert not [move for _turn, move, again in made if again]
    cards: Counter[tuple[int, int]] = Counter()
    for turn, move, _again in made:
        cards[turn, move["maker"]] += len(move["give"]) + len(move.get("ask_faceup", []))
    assert max(cards.values()) <= MOST_OFFERED



def test_a_bot_leaves_up_a_standing_offer_still_costing_it_nothing_and_withdraws_one_that_would():
    state = arrange(
        game("rio-grande", 4),
        hands={ALICE: ["red"], BOB: ["wax", "chili", "chili", "chili"], CAROL: ["red"]},
        fields={BOB: [("chili", 2), ("blue", 1), None]},
        deck=["wax"],
        phase="plant",
    )
    bob = BookBot(make_bot("strong", "bob"), rules=False)
    wax = state.hands[BOB][0]
    apply(state, BOB, {"kind": "stand", "give": [wax], "ask": {}})
    state.hands[BOB] = [*state.hands[BOB][1:], wax]  # the Wax is far back in his hand now

    assert bob.choose(state, BOB) != {"kind": "withdraw", "offer": 1}  # still a misfit

    state.fields[BOB][2] = [state.deck.pop()]  # he grows Wax now

    assert bob.choose(state, BOB) == {"kind": "withdraw", "offer": 1}
