"""What the game does for a seat that has set no answer rules: only what costs it nothing it
would keep. A gift whose every card joins a field the seat grows is accepted (no card given, no
field taken); a card it receives or keeps is planted in a field growing its bean. Anything else
waits for the player. Setting answer rules replaces the defaults (rules with every part off make
every choice the player's)."""

from ..fields import grows
from ..offer import Offer
from ..state import State


def default_answer(state: State, offer: Offer) -> dict | None:
    """The move the defaults make for the offer's receiver, or None: left to the player."""
    if offer.ask or offer.ask_faceup or not offer.give:
        return None
    beans = state.card_beans
    for card in offer.give:
        if not grows(state, offer.to, beans[card]):
            return None
    return {"kind": "accept", "offer": offer.id, "give": []}


def default_field(state: State, seat: int, card: int) -> int:
    """The field growing the card's bean, or -1 (then the player chooses)."""
    bean = state.card_beans[card]
    fields = state.fields[seat]
    for i in range(len(fields)):
        if fields[i] and state.card_beans[fields[i][0]] == bean:
            return i
    return -1
