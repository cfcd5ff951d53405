"""One attack's battle: the face-down cards, their battle values and the result (seed 003,
"Fase 4: Attacco").

The attack being fought is `part(state).battle`:

- `land`, `attacker`, `defender` (None: a neutral land, which the deck defends);
- `cavalry`: the paddock whose cavalry rides the first round (None: a normal attack), `round`;
- `attack`, `defence`: the face-down cards (None: not chosen yet, or no card at all), and
  `attack_from`, `defence_from` where each came from: "hand", "depot", "deck", "cavalry"
  (the attacker's first round with cavalry) or "none" (a seat with nothing to fight with);
- `ending`: whether the draw pile had run out for the last time when the attack began, and
  `final`: whether the attack needed the discard pile shuffled after that: an attack during
  which the pile runs out for the last time is fought to its end, then the game ends.
"""

from ..beans import BEAN_KEYS, BEANS
from ..deck import shuffled, take_cards
from ..errors import IllegalMove
from ..events import Event
from ..language import gettext
from ..state import State
from .board import board_map, cannon_applies, part
from .lands import CANNON_TIE_LIMIT, CAVALRY_VALUE, FORTRESS_BONUS, KINDS, SWAMP

HAND, DEPOT, DECK, CAVALRY, NONE = "hand", "depot", "deck", "cavalry", "none"


def new_battle(state: State, attacker: int, land: int, cavalry: int | None) -> dict:
    return {
        "land": land,
        "attacker": attacker,
        "defender": part(state).owners[land],
        "cavalry": cavalry,
        "round": 1,
        "attack": None,
        "attack_from": CAVALRY if cavalry is not None else None,
        "defence": None,
        "defence_from": None,
        "ending": state.ending,
        "final": False,
    }


def chooser(battle: dict) -> tuple[int | None, str] | None:
    """Whose card the battle needs next, and for which side; None once both are in. The side
    of a neutral land has no seat."""
    if battle["attack_from"] is None:
        return battle["attacker"], "attack"
    if battle["defence_from"] is None:
        return battle["defender"], "defence"
    return None


def depot_usable(state: State, seat: int, land: int) -> list[int]:
    """The depot cards `seat` may fight with at `land`: none in a swamp."""
    depot = part(state).depots[seat]
    if not depot or board_map(state).kinds[land] == SWAMP:
        return []
    return depot


def deck_available(state: State) -> bool:
    """Whether a card can be drawn for a battle: after the last exhaustion the discard pile is
    shuffled for it (seed 003, "Fine della partita")."""
    return bool(state.deck or state.discard)


def may_fight(state: State, seat: int, land: int) -> bool:
    return bool(state.hands[seat] or depot_usable(state, seat, land) or deck_available(state))


def parse_choice(state: State, seat: int, action: dict, land: int) -> tuple[str, int | None]:
    """The battle card a move names: a card of the hand or the depot, or "deck"."""
    card = action.get("card")
    if card == DECK:
        if not deck_available(state):
            raise IllegalMove(gettext("There is no card left to draw from the deck."))
        return DECK, None
    if type(card) is not int:
        raise IllegalMove(
            gettext(
                "Choose a battle card: a card of your hand or of your munitions depot, or the top "
                "of the deck."
            )
        )
    if card in state.hands[seat]:
        return HAND, card
    if card in (part(state).depots[seat] or ()):
        if board_map(state).kinds[land] == SWAMP:
            raise IllegalMove(gettext("Cards of a munitions depot cannot fight in a swamp."))
        return DEPOT, card
    raise IllegalMove(gettext("That card is neither in your hand nor in your munitions depot."))


def take(state: State, seat: int, source: str, card: int | None, events: list[Event]) -> int | None:
    """Lay the chosen card face down: out of the hand or the depot, or drawn blind."""
    if source == HAND:
        state.hands[seat].remove(card)
    elif source == DEPOT:
        part(state).depots[seat].remove(card)
    elif source == DECK:
        return draw(state, events)
    return card


def draw(state: State, events: list[Event]) -> int | None:
    """The top card of the deck for a battle. Drawing the last card counts an exhaustion as
    ever; after the last one the discard pile is shuffled into a pile for this attack alone."""
    if not state.ending:
        return take_cards(state, 1, events)[0]
    part(state).battle["final"] = True
    if not state.deck:
        if not state.discard:
            return None
        state.deck = shuffled(state, state.discard)
        state.discard = []
        events.append(Event("reshuffled", None, {"count": len(state.deck)}))
    return state.deck.pop()


def card_value(state: State, card: int | None) -> int:
    """A bean's battle value is its count in the deck (RULES.md 6.1); no card fights with 0."""
    return 0 if card is None else BEANS[state.card_beans[card]].count


def attack_value(state: State, battle: dict) -> int:
    if battle["attack_from"] == CAVALRY:
        return CAVALRY_VALUE
    return card_value(state, battle["attack"])


def defence_value(state: State, battle: dict) -> int:
    """The card's value, +2 for a fortress under the land, and at least the land's minimum: a
    fortified village with a Green (14) defends at 16, with a Stink (16) at 18."""
    land = battle["land"]
    value = card_value(state, battle["defence"])
    if land in part(state).fortresses:
        value += FORTRESS_BONUS
    return max(value, KINDS[board_map(state).kinds[land]].least_defence)


def fight(state: State, battle: dict, events: list[Event]) -> bool:
    """Reveal both cards, discard them and say whether the attacker won: a higher value wins,
    a tie goes to the defender, unless the attacker's cannon applies (never at 20 to 20)."""
    attack, defence = attack_value(state, battle), defence_value(state, battle)
    attacker, land = battle["attacker"], battle["land"]
    cannon = battle["attack_from"] != CAVALRY and cannon_applies(state, attacker, land)
    won = attack > defence or (cannon and attack == defence and attack < CANNON_TIE_LIMIT)
    for card in (battle["attack"], battle["defence"]):
        if card is not None:
            state.discard.append(card)
    events.append(
        Event(
            "battle",
            attacker,
            {
                "land": land,
                "land_kind": board_map(state).kinds[land],
                "defender": battle["defender"],
                "round": battle["round"],
                "attack_from": battle["attack_from"],
                "attack_bean": _bean(state, battle["attack"]),
                "attack_value": attack,
                "defence_from": battle["defence_from"],
                "defence_bean": _bean(state, battle["defence"]),
                "defence_value": defence,
                "cannon": cannon and attack == defence and won,
                "won": won,
            },
        )
    )
    return won


def _bean(state: State, card: int | None) -> str | None:
    return None if card is None else BEAN_KEYS[state.card_beans[card]]
