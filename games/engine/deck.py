"""The draw pile: shuffles derived from the seed, exhaustions, reshuffles."""

import random
from collections.abc import Iterable

from .beans import BEAN_KEYS
from .events import Event
from .language import gettext_noop
from .state import State


def shuffled(state: State, cards: list[int]) -> list[int]:
    """Shuffle number `state.shuffles`, derived only from the seed and that number."""
    rng = random.Random(f"{state.seed}/{state.shuffles}")
    state.shuffles += 1
    return _fisher_yates(rng, list(cards))


def _fisher_yates(rng: random.Random, cards: list[int]) -> list[int]:
    """`rng.shuffle(cards)` written out: the same draws of `getrandbits` in the same order, so
    the same order of cards, without a Python call per card (and whatever a later Python
    does to `random.shuffle`, every recorded game keeps its deck)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        below = i + 1
        bits = below.bit_length()
        j = getrandbits(bits)
        while j >= below:  # as random's _randbelow: draw again until below i + 1
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def take_cards(state: State, count: int, events: list[Event]) -> list[int]:
    """Take up to `count` cards one by one from the top of the draw pile, counting an
    exhaustion whenever that empties it; stop at a final exhaustion.

    After a final exhaustion (or one with nothing to reshuffle) `state.ending` is set and the
    pile stays empty.
    """
    taken: list[int] = []
    while len(taken) < count and not state.ending:
        taken.append(state.deck.pop())
        if not state.deck:
            _exhausted(state, events)
    return taken


def _exhausted(state: State, events: list[Event]) -> None:
    rules = state.rules
    state.exhaustions += 1
    events.append(
        Event("exhausted", None, {"count": state.exhaustions, "of": rules.exhaustions_to_end})
    )
    if state.exhaustions >= rules.exhaustions_to_end:
        reason = gettext_noop("the draw pile ran out for the last time.")
    elif not state.discard:
        reason = gettext_noop("the draw pile ran out and the discard pile is empty.")
    else:
        state.deck = shuffled(state, state.discard)
        state.discard = []
        events.append(Event("reshuffled", None, {"count": len(state.deck)}))
        return
    state.ending = True
    events.append(Event("game_ending", None, {"reason": reason}))


def draw_to_hand(state: State, seat: int, count: int, events: list[Event]) -> None:
    """Draw up to `count` cards one by one to the back of the hand; stop at a final exhaustion."""
    deck_events: list[Event] = []
    drawn = take_cards(state, count, deck_events)
    state.hands[seat] += drawn
    events.append(
        Event.private(
            "drew", seat, {"count": len(drawn)}, {"cards": drawn, "beans": keys(state, drawn)}
        )
    )
    events.extend(deck_events)


def keys(state: State, cards: Iterable[int]) -> list[str]:
    beans = state.card_beans
    return [BEAN_KEYS[beans[card]] for card in cards]
