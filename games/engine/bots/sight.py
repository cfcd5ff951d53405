"""What a seat may see, as a State a bot can read: the seat's own hand, everything public,
and in place of every card it cannot see (the deck and the other hands) a card from the same
unseen pool, dealt in a fixed order.

The pool holds the cards the seat has not seen, whatever order the deck is in and whoever holds
them, so a bot that decides from this State decides the same whatever the hidden cards are:
fair by construction. Card counts per place stay as they are, so a bot may still play the game
on from here (a look-ahead draws from the pool in its own random order). The discard pile and
the coins are made of cards every seat saw harvested or discarded (public history), so they stay.
Offers the seat is not part of are left out, as the seat's page leaves them out; the cards
another player offers it are known by their bean only, so they become the first unseen cards of
those beans. The seed is secret too. Bohnaparte's own parts are read through its own view of the
seat (`board_view`).
"""

from random import Random
from typing import Final

from ..book.part import Book
from ..state import Offer, State, deep_copy, parts_from_dict, parts_to_dict
from .base import BaseBot

HIDDEN_SEED: Final = ""


class Bot(BaseBot):
    """A bot: `choose` hands `decide` only what the seat may see."""

    def choose(self, state: State, seat: int, awaited: bool = True) -> dict | None:
        return self.decide(seat_state(state, seat), seat, awaited)

    def decide(self, state: State, seat: int, awaited: bool) -> dict | None:
        raise NotImplementedError


def seat_state(state: State, seat: int) -> State:
    hands = state.hands
    pool = list(state.deck)
    for other in range(len(hands)):
        if other != seat:
            pool += hands[other]
    pool.sort()
    offers, pledged, stand_ins = _offers_seen(state, seat, pool)
    seen = State(state.edition, state.options, state.names, HIDDEN_SEED, like=state)
    seen.shuffles = state.shuffles
    seen.start_player = state.start_player
    seen.active = state.active
    seen.phase = state.phase
    seen.planted = state.planted
    seen.turn = state.turn
    seen.exhaustions = state.exhaustions
    seen.ending = state.ending
    seen.over = state.over
    seen.result = state.result
    seen.resigned = list(state.resigned)
    seen.next_offer = state.next_offer
    seen.offers = offers
    seen.faceup = list(state.faceup)
    seen.fields = [[list(field) for field in own] for own in state.fields]
    seen.to_plant = [list(cards) for cards in state.to_plant]
    seen.coins = [list(stack) for stack in state.coins]
    seen.discard = list(state.discard)
    seen.out = list(state.out)
    seen.ext = parts_from_dict(deep_copy(parts_to_dict(state.ext))) if state.ext else {}
    if state.book is not None:
        seen.book = _book_seen(state.book, seat, stand_ins)
    # Dealt in a fixed order from the sorted pool: the other hands, then the deck.
    dealt = 0
    seen_hands = []
    for other in range(len(hands)):
        if other == seat:
            seen_hands.append(list(hands[seat]))
            continue
        size = len(hands[other]) - len(pledged[other])
        seen_hands.append(pledged[other] + pool[dealt : dealt + size])
        dealt += size
    seen.hands = seen_hands
    seen.deck = pool[dealt:]
    return seen


def deal_unseen(state: State, seat: int, rng: Random) -> None:
    """Deal the cards the seat cannot see anew, at random, among the places it cannot see into
    (the deck, the other hands), keeping how many each holds. A card offered in an open offer
    or a standing one stays where it is: the seat knows the bean of those offered to it, and an
    offer holds on to its cards."""
    offered = {card for offer in state.offers.values() for card in offer.give}
    if state.book is not None:
        for standing in state.book.standing.values():
            offered.update(standing.give)
    places = [state.deck, *[hand for i, hand in enumerate(state.hands) if i != seat]]
    hidden = [(place, i) for place in places for i, card in enumerate(place) if card not in offered]
    cards = [place[i] for place, i in hidden]
    rng.shuffle(cards)
    for (place, i), card in zip(hidden, cards, strict=True):
        place[i] = card


def _offers_seen(
    state: State, seat: int, pool: list[int]
) -> tuple[dict[int, Offer], list[list[int]], dict[int, int]]:
    """The offers the seat makes or receives; and for each other seat, the unseen cards standing
    in for those it offers the seat (taken from the pool)."""
    faceup = state.faceup
    offers: dict[int, Offer] = {}
    stand_ins: dict[int, int] = {}  # a card another seat offers -> the unseen card for it
    for offer in state.offers.values():
        if seat not in (offer.maker, offer.to):
            continue
        give = offer.give
        if offer.maker != seat:
            give = tuple(
                card if card in faceup else _stand_in(state, pool, stand_ins, card) for card in give
            )
        offers[offer.id] = Offer(
            offer.id, offer.maker, offer.to, give, dict(offer.ask), offer.ask_faceup
        )
    if state.book is not None:
        for standing in state.book.standing.values():
            if standing.maker != seat:
                for card in standing.give:
                    _stand_in(state, pool, stand_ins, card)
    # In the order the seat saw them offered: the order of a hand stays unseen.
    pledged: list[list[int]] = [[] for _ in range(state.players)]
    hands = state.hands
    for card, stand_in in stand_ins.items():
        for other in range(state.players):
            if other != seat and card in hands[other]:
                pledged[other].append(stand_in)
    return offers, pledged, stand_ins


def _stand_in(state: State, pool: list[int], stand_ins: dict[int, int], card: int) -> int:
    found = stand_ins.get(card)
    if found is None:
        found = _take(pool, state.card_beans, state.card_beans[card])
        stand_ins[card] = found
    return found


def _book_seen(book: Book, seat: int, stand_ins: dict[int, int]) -> Book:
    """The standing offers with the unseen cards in place of another seat's, and the seat's
    own rules and plan: another's are its player's alone."""
    seen = Book.from_dict(book.to_dict())
    for standing in seen.standing.values():
        if standing.maker != seat:
            standing.give = tuple(stand_ins[card] for card in standing.give)
    seen.rules = {other: rules for other, rules in seen.rules.items() if other == seat}
    seen.plans = {other: plan for other, plan in seen.plans.items() if other == seat}
    seen.plant_to = [entry for entry in seen.plant_to if entry[0] == seat]
    return seen


def _take(pool: list[int], beans: tuple[int, ...], bean: int) -> int:
    for i, card in enumerate(pool):
        if beans[card] == bean:
            return pool.pop(i)
    raise ValueError("an offered card that is in no hidden place")
