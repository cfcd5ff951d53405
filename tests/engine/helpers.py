"""Small helpers that arrange engine states for the tests and read them back in bean names.

Seats are named after the players who sit there: ALICE is seat 0 (the start player), BOB
seat 1, and so on clockwise. Beans are named by their keys ("chili", "black-eyed").
"""

import random

import pytest

from games.engine import IllegalMove, apply, legal_actions, new_game, simulate
from games.engine.beans import BEAN_INDEX, BEAN_KEYS
from games.engine.book.move_words import NO_RULES
from games.engine.bots.sight import deal_unseen
from games.engine.state import State

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "gina"]
ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GINA = range(7)

# Every edition with the player counts of its 3-to-7-player game.
TABLES = [
    ("amigo-classic", 3),
    ("amigo-classic", 4),
    ("amigo-classic", 5),
    ("amigo-1997", 3),
    ("amigo-1997", 4),
    ("amigo-1997", 5),
    ("rio-grande", 3),
    ("rio-grande", 4),
    ("rio-grande", 5),
    ("rio-grande", 6),
    ("rio-grande", 7),
]
# Bohnaparte at every table, base and cavalry: an option is named after a slash.
BOHNAPARTE_TABLES = [
    (edition, players)
    for edition in ("bohnaparte", "bohnaparte/cavalry")
    for players in (3, 4, 5, 6)
]
# ... and with the Bean Duel and Bohnaparte, for the tests that hold for every game.
ALL_TABLES = [("rio-grande", 2), *TABLES, *BOHNAPARTE_TABLES]


def edition_and_options(table_edition: str) -> tuple[str, dict]:
    """ "bohnaparte/cavalry" is the edition bohnaparte with its option cavalry on."""
    edition, _, option = table_edition.partition("/")
    return edition, {option: True} if option else {}


def game(edition: str = "rio-grande", players: int = 4, seed: str = "test", options=None) -> State:
    """A freshly dealt game: alice is active and about to plant from her hand (in Bohnaparte,
    the seats are about to choose their camps)."""
    edition, named = edition_and_options(edition)
    state, _ = new_game(edition, NAMES[:players], seed, options if options is not None else named)
    return state


def arrange(
    state: State,
    *,
    hands: dict | None = None,
    fields: dict | None = None,
    faceup: list[str] | None = None,
    to_plant: dict | None = None,
    coins: dict | None = None,
    discard: list[str] | None = None,
    deck: list[str] | None = None,
    rest: str = "deck",
    phase: str | None = None,
    active: int | None = None,
    planted: int = 0,
) -> State:
    """Lay the cards out as described, keeping every card of the game somewhere.

    hands, to_plant: {seat: [bean, ...]}, front card first. Seats not named hold nothing.
    fields: {seat: [(bean, count), ...]} with None for an empty field; its length is the
    number of fields. Seats not named keep empty fields.
    coins: {seat: how many coin cards}. discard: bottom first.
    deck: the beans in the order they will be drawn. The cards not placed anywhere, in the
    order the shuffle left them, go under the deck (rest="deck"), under the discard pile
    (rest="discard") or out of the game (any other `rest`).
    """
    shuffled = state.all_cards()  # the deck first, in its shuffled order
    pool: dict[int, list[int]] = {}
    for card in sorted(shuffled):
        pool.setdefault(state.card_beans[card], []).append(card)

    def take(bean: str) -> int:
        cards = pool.get(BEAN_INDEX[bean])
        if not cards:
            raise ValueError(f"no {bean} card left to arrange")
        return cards.pop()

    def take_all(beans) -> list[int]:
        return [take(bean) for bean in beans]

    n = state.players
    state.hands = [take_all((hands or {}).get(seat, [])) for seat in range(n)]
    state.to_plant = [take_all((to_plant or {}).get(seat, [])) for seat in range(n)]
    state.fields = []
    for seat in range(n):
        layout = (fields or {}).get(seat, [None] * state.rules.fields_at_start)
        state.fields.append([take_all([spec[0]] * spec[1]) if spec else [] for spec in layout])
    state.faceup = take_all(faceup or [])
    state.discard = take_all(discard or [])
    drawn_in_order = take_all(deck or [])
    left = {card for cards in pool.values() for card in cards}
    leftover = [card for card in shuffled if card in left]
    state.coins = []
    for seat in range(n):
        count = (coins or {}).get(seat, 0)
        state.coins.append(leftover[:count])
        del leftover[:count]
    state.out = []
    if rest == "deck":
        state.deck = leftover + drawn_in_order[::-1]
    else:
        state.deck = drawn_in_order[::-1]
        if rest == "discard":
            state.discard = leftover + state.discard
        else:
            state.out = leftover
    state.offers = {}
    if phase is not None:
        state.phase = phase
    if active is not None:
        state.active = active
    state.planted = planted
    return state


def act(state: State, seat: int, kind: str, **params) -> list:
    """Make one move; returns the events."""
    return apply(state, seat, {"kind": kind, **params})


def answers_everything(state: State, *seats: int) -> State:
    """The seats set answer rules with every part off: the game's defaults (`book/defaults.py`)
    no longer act for them, so every offer and every card to plant waits for them."""
    for seat in seats:
        act(state, seat, "rules", **NO_RULES)
    return state


def refused(state: State, seat: int, action, match: str | None = None) -> str:
    """Assert that the move is refused with a readable reason and the state is untouched."""
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=match) as caught:
        apply(state, seat, action)
    assert state.to_dict() == before
    reason = str(caught.value)
    assert reason[0].isupper() or reason.startswith("'"), reason
    assert reason.rstrip()[-1] in ".!?", reason
    return reason


def beans(state: State, cards) -> list[str]:
    return [BEAN_KEYS[state.card_beans[card]] for card in cards]


def hand(state: State, seat: int) -> list[str]:
    return beans(state, state.hands[seat])


def field_beans(state: State, seat: int) -> list[tuple[str, int] | None]:
    """Each field as (bean, count), or None when empty."""
    return [
        (BEAN_KEYS[state.card_beans[field[0]]], len(field)) if field else None
        for field in state.fields[seat]
    ]


def card_in_hand(state: State, seat: int, bean: str, nth: int = 0) -> int:
    """The id of the nth card of that bean in the seat's hand, counted from the front."""
    return [card for card in state.hands[seat] if BEAN_KEYS[state.card_beans[card]] == bean][nth]


def faceup_card(state: State, bean: str) -> int:
    return next(card for card in state.faceup if BEAN_KEYS[state.card_beans[card]] == bean)


def kinds(events) -> list[str]:
    return [event.kind for event in events]


def concrete(state: State, listed: dict, rng) -> dict:
    """A move made from one entry of legal_actions, with its parameters picked at random from
    what the entry allows (offers: any partner, a few cards and beans)."""
    kind = listed["kind"]
    if kind == "plant":
        return {"kind": kind, "card": listed["card"], "field": rng.choice(listed["fields"])}
    if kind == "accept":
        give = [
            card
            for bean, count in listed["ask"].items()
            for card in rng.sample(listed["choices"][bean], count)
        ]
        return {"kind": kind, "offer": listed["offer"], "give": give}
    if kind == "offer":
        give = rng.sample(listed["give"], min(len(listed["give"]), rng.randint(0, 3)))
        ask_faceup = rng.sample(
            listed["ask_faceup"], min(len(listed["ask_faceup"]), rng.randint(0, 1))
        )
        ask: dict[str, int] = {}
        for _ in range(rng.randint(0 if give or ask_faceup else 1, 2)):
            bean = rng.choice(listed["ask"])
            ask[bean] = ask.get(bean, 0) + 1
        return {
            "kind": kind,
            "to": rng.choice(listed["to"]),
            "give": give,
            "ask": ask,
            "ask_faceup": ask_faceup,
        }
    if kind in BOHNAPARTE_CHOICES:
        return BOHNAPARTE_CHOICES[kind](listed, rng)
    return {
        key: value
        for key, value in listed.items()
        if key in ("kind", "offer", "field", "card", "land")
    }


def _battle_card(listed: dict, rng) -> str | int:
    return rng.choice([*listed["cards"], *(["deck"] if listed["deck"] else [])])


def _attack(listed: dict, rng) -> dict:
    move = {"kind": "attack", "land": listed["land"]}
    if listed["cavalry"] and rng.random() < 0.5:
        return {**move, "cavalry": rng.choice(listed["cavalry"])}
    return {**move, "card": _battle_card(listed, rng)}


# Bohnaparte's moves whose parameters are picked from what the entry allows.
BOHNAPARTE_CHOICES = {
    "attack": _attack,
    "battle_card": lambda listed, rng: {"kind": "battle_card", "card": _battle_card(listed, rng)},
    "build_fortress": lambda listed, rng: {
        "kind": "build_fortress",
        "mine": listed["mine"],
        "land": rng.choice(listed["lands"]),
    },
    "merchant_take": lambda listed, rng: {
        "kind": "merchant_take",
        "cards": rng.sample(listed["cards"], listed["take"]),
    },
}


def random_moves(state: State, rng, limit: int = 20_000):
    """Make moves picked at random (a seat that may move, then one of its legal moves) until
    the game is over, yielding (seat, move, events) after each. A listed move that is refused,
    or a game that does not end within `limit` moves, fails the test."""
    for _ in range(limit):
        if state.over:
            return
        choices = [
            (seat, legal) for seat in range(state.players) if (legal := legal_actions(state, seat))
        ]
        assert choices, f"nobody can move in phase {state.phase}"
        seat, legal = rng.choice(choices)
        move = concrete(state, rng.choice(legal), rng)
        try:
            events = apply(state, seat, move)
        except IllegalMove as refusal:
            raise AssertionError(f"a listed move was refused: {move}: {refusal}") from None
        yield seat, move, events
    raise AssertionError(f"the game did not end in {limit} moves")


def random_states(edition: str, players: int, seed: str, every: int = 40):
    """The states of one randomly played game at random points about `every` moves apart
    (so that every phase turns up), ending with the finished game."""
    rng = random.Random(seed)
    state = game(edition, players, seed)
    gap = rng.randint(1, every)
    for _ in random_moves(state, rng):
        gap -= 1
        if not gap:
            gap = rng.randint(1, 2 * every)
            yield state
    yield state


def bot_states(edition: str, players: int, seed: str, every: int = 10):
    """The states of a game played by the careful and the random bot (which, unlike random
    moves, take lands, build fortresses and buy merchants), about `every` moves apart."""
    edition, options = edition_and_options(edition)
    log = simulate.play(edition, players, seed, ["heuristic", "random"], False, options).log
    state, _ = new_game(edition, NAMES[:players], seed, options)
    rng = random.Random(seed)
    gap = rng.randint(1, every)
    for seat, move in log:
        apply(state, seat, move)
        gap -= 1
        if not gap:
            gap = rng.randint(1, 2 * every)
            yield state


def reshuffled(state: State, seat: int, rng: random.Random) -> State:
    """The same game as the seat sees it, with every card it cannot see moved at random among
    the places it cannot see into, and another seed. Cards offered stay, as the seat knows the
    beans of those offered to it."""
    other = state.copy()
    other.seed = "another seed"
    deal_unseen(other, seat, rng)
    return other


def states_along(edition: str, players: int, seed: str, every: int):
    """States along a game played by heuristic bots, every few moves."""
    name, options = edition_and_options(edition)
    log = simulate.play(name, players, seed, ["heuristic"], check=False, options=options).log
    state, _ = new_game(name, NAMES[:players], seed, options)
    for number, (seat, action) in enumerate(log):
        if number % every == 0:
            yield state
        apply(state, seat, action)
