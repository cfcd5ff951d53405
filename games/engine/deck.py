"""The draw pile: shuffles derived from the seed, exhaustions, reshuffles."""

import random
from collections.abc import Iterable

from .beans import BEAN_KEYS
from .events import Event
from .state import State


def shuffled(state: State, cards: list[int]) -> list[int]:
    """Shuffle number `state.shuffles`, derived only from the seed and that number."""
    rng = random.Random(f"{state.seed}/{state.shuffles}")
    state.shuffles += 1
    cards = list(cards)
    rng.shuffle(cards)
    return cards


def take_top(state: State, events: list[Event]) -> int:
    """Take the top card of the draw pile; count an exhaustion when that empties it.

    After a final exhaustion (or one with nothing to reshuffle) `state.ending` is set and the
    pile stays empty; callers stop taking cards then.
    """
    card = state.deck.pop()
    if not state.deck:
        _exhausted(state, events)
    return card


def _exhausted(state: State, events: list[Event]) -> None:
    rules = state.rules
    state.exhaustions += 1
    events.append(
        Event("exhausted", None, {"count": state.exhaustions, "of": rules.exhaustions_to_end})
    )
    if state.exhaustions >= rules.exhaustions_to_end:
        reason = "the draw pile ran out for the last time."
    elif not state.discard:
        reason = "the draw pile ran out and the discard pile is empty."
    else:
        state.deck = shuffled(state, state.discard)
        state.discard = []
        events.append(Event("reshuffled", None, {"count": len(state.deck)}))
        return
    state.ending = True
    events.append(Event("game_ending", None, {"reason": reason}))


def draw_to_hand(state: State, seat: int, count: int, events: list[Event]) -> None:
    """Draw up to `count` cards one by one to the back of the hand; stop at a final exhaustion."""
    drawn: list[int] = []
    deck_events: list[Event] = []
    hand = state.hands[seat]
    while len(drawn) < count and not state.ending:
        card = take_top(state, deck_events)
        hand.append(card)
        drawn.append(card)
    events.append(
        Event("drew", seat, {"count": len(drawn)}, {"cards": drawn, "beans": keys(state, drawn)})
    )
    events.extend(deck_events)


def keys(state: State, cards: Iterable[int]) -> list[str]:
    beans = state.card_beans
    return [BEAN_KEYS[beans[card]] for card in cards]
