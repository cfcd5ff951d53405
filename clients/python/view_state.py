"""A game's state rebuilt from one seat's view, as the bot API gives it: what the seat sees is
where it is, and every card it cannot see (the deck, the other hands, the coins, the discard
pile under its top card) is one of the cards it has not seen, dealt in a fixed order.

The engine's bots decide from such a state exactly as they decide at the site: they look only
at what their seat may see (games/engine/bots/sight.py), so a rebuilt state gives them all they
read. Games with an expansion (the Duel, Bohnaparte) keep parts of their own that a view does
not rebuild; this client plays the base editions.
"""

from games.engine.beans import BEAN_KEYS
from games.engine.state import Offer, State


class NotRebuilt(Exception):
    """The view is of a game this module cannot rebuild (an expansion's)."""


def state_from_view(view: dict, options: dict) -> State:
    names = [player["name"] for player in view["players"]]
    state = State(view["edition"], options, names, "")
    if state.rules.expansions:
        raise NotRebuilt(f"{view['edition']} with {options}: a game with an expansion")
    seat = view["seat"]
    for name in ("start_player", "active", "phase", "planted", "turn", "exhaustions"):
        setattr(state, name, view[name])
    state.ending, state.over, state.resigned = view["ending"], view["over"], list(view["resigned"])
    state.faceup = [card["id"] for card in view["faceup"]]
    state.fields = [[list(field["cards"]) for field in p["fields"]] for p in view["players"]]
    state.to_plant = [[card["id"] for card in p["to_plant"]] for p in view["players"]]
    hand = [card["id"] for card in view["hand"]]
    seen = set(hand) | set(state.faceup)
    seen |= {card for own in state.fields for field in own for card in field}
    seen |= {card for cards in state.to_plant for card in cards}
    top = view["discard_top"]["id"] if view["discard_top"] else None
    if top is not None:
        seen.add(top)
    pool = sorted(card for card in range(len(state.card_beans)) if card not in seen)
    pledged: list[list[int]] = [[] for _ in names]
    state.offers = {}
    for offer in view["offers"]:
        give = []
        for card in offer["give"]:
            if card["id"] is None:  # from another's hand: an unseen card of its bean
                card_id = _take(pool, state.card_beans, BEAN_KEYS.index(card["bean"]))
                pledged[offer["maker"]].append(card_id)
            else:
                card_id = card["id"]
            give.append(card_id)
        ask = {BEAN_KEYS.index(bean): count for bean, count in offer["ask"].items()}
        ask_faceup = tuple(card["id"] for card in offer["ask_faceup"])
        state.offers[offer["id"]] = Offer(
            offer["id"], offer["maker"], offer["to"], tuple(give), ask, ask_faceup
        )
    state.next_offer = max(state.offers, default=0) + 1
    hands = []
    for other, player in enumerate(view["players"]):
        if other == seat:
            hands.append(hand)
        else:
            size = player["hand_size"] - len(pledged[other])
            hands.append(pledged[other] + _deal(pool, size))
    state.hands = hands
    state.coins = [_deal(pool, player["coins"]) for player in view["players"]]
    state.discard = _deal(pool, view["discard_size"] - (top is not None))
    if top is not None:
        state.discard.append(top)
    state.deck = _deal(pool, view["deck_size"])
    state.out = pool
    return state


def _deal(pool: list[int], count: int) -> list[int]:
    dealt = pool[:count]
    del pool[:count]
    return dealt


def _take(pool: list[int], beans: tuple[int, ...], bean: int) -> int:
    for i, card in enumerate(pool):
        if beans[card] == bean:
            return pool.pop(i)
    raise NotRebuilt("an offered card of a bean no unseen card has")
