"""The moves a seat may make now, by kind, with the parameters each kind allows.

`legal_kinds` says cheaply which kinds of move are open; `moves_of_kind` lists the moves of one
of those kinds with their parameters; `legal_actions` is all of them, kind after kind, for the
pages. A bot that picks a kind first needs to spell out only the kind it picked.
"""

from collections.abc import Callable
from typing import Final

from . import fields, trading
from .beans import BEAN_KEYS
from .expansions import extra_actions
from .phases import PHASES
from .state import Offer, State


def legal_actions(state: State, seat: int | None) -> list[dict]:
    """The moves of the game open to this seat now. Leaving the game is not among them: a seat
    may resign at any time until it has (`may_resign`)."""
    return [
        move for kind in legal_kinds(state, seat) for move in moves_of_kind(state, seat, kind)
    ]


def legal_kinds(state: State, seat: int | None) -> list[str]:
    """The kinds of move open to this seat now, in the order `legal_actions` lists them."""
    if state.over or seat is None:
        return []
    phase = PHASES[state.phase]
    plantable = phase.plantable(state, seat)
    kinds = ["plant"] if plantable and fields.has_room(state, seat, plantable) else []
    active = seat == state.active
    if active and state.planted and phase.plants_from == "hand":
        kinds.append("stop_planting")
    rules = state.rules
    # The protection rule never shuts every field: a field of two or more beans may be
    # harvested, and when there is none, any field with a bean. (Compiled, any() of a
    # generator is a loop, any() of a list a call to Python's any.)
    own = state.fields[seat]
    if (active or not rules.harvest_in_own_turn_only) and any(field for field in own):
        kinds.append("harvest")
    if rules.third_field_cost is not None:  # not even asked in editions that sell none
        cost = fields.third_field_cost(state, seat)
        if cost is not None and len(state.coins[seat]) >= cost:
            kinds.append("buy_field")
    if phase.name == "trade":
        _add_trading_kinds(state, seat, active, kinds)
    for move in phase.extra_actions(state, seat):
        if move["kind"] not in kinds:
            kinds.append(move["kind"])
    if rules.expansions:
        for move in extra_actions(state, seat):
            if move["kind"] not in kinds:
                kinds.append(move["kind"])
    return kinds


def moves_of_kind(state: State, seat: int, kind: str) -> list[dict]:
    """The moves of one kind that `legal_kinds` gave for this seat, with their parameters."""
    spell_out = _MOVES_OF_KIND.get(kind)
    if spell_out is None:  # a kind of move particular to the phase or to an expansion
        moves = PHASES[state.phase].extra_actions(state, seat)
        if state.rules.expansions:
            moves += extra_actions(state, seat)
        return [move for move in moves if move["kind"] == kind]
    return spell_out(state, seat)


def may_resign(state: State, seat: int | None) -> bool:
    return seat is not None and not state.over and seat not in state.resigned


def may_offer(state: State, seat: int) -> bool:
    """Whether `legal_kinds` lists "offer" for this seat, without working out the rest."""
    if state.over or state.phase != "trade":
        return False
    return trading.open_offers(state, seat) < trading.MAX_OPEN_OFFERS


def _add_trading_kinds(state: State, seat: int, active: bool, kinds: list[str]) -> None:
    offers_made = 0
    for offer in state.offers.values():
        if offer.to == seat:
            if "accept" not in kinds and _can_pay(state, seat, offer):
                kinds.append("accept")
            if "decline" not in kinds:
                kinds.append("decline")
        elif offer.maker == seat:
            offers_made += 1
            if "withdraw" not in kinds:
                kinds.append("withdraw")
    if offers_made < trading.MAX_OPEN_OFFERS:
        kinds.append("offer")
    if active:
        kinds.append("end_trading")


def _can_pay(state: State, seat: int, offer: Offer) -> bool:
    """Whether the hand holds the beans the offer asks for."""
    beans = state.card_beans
    hand = state.hands[seat]
    # Loops that stop at the last card needed: an offer asks for a bean or two.
    for bean, count in offer.ask.items():
        for card in hand:
            if beans[card] == bean:
                count -= 1
                if not count:
                    break
        else:
            return False
    return True


def plant_choices(state: State, seat: int) -> list[tuple[int, list[int]]]:
    """The plant moves as (card, fields it may go to) pairs: `moves_of_kind(..., "plant")`
    without a dict for each."""
    choices = []
    for card in PHASES[state.phase].plantable(state, seat):
        allowed = fields.fitting_fields(state, seat, card)
        if allowed:
            choices.append((card, allowed))
    return choices


def _plant_moves(state: State, seat: int) -> list[dict]:
    return [
        {"kind": "plant", "card": card, "fields": allowed}
        for card, allowed in plant_choices(state, seat)
    ]


def _harvest_moves(state: State, seat: int) -> list[dict]:
    return [{"kind": "harvest", "field": field} for field in fields.harvestable(state, seat)]


def _buy_field_moves(state: State, seat: int) -> list[dict]:
    return [{"kind": "buy_field", "cost": fields.third_field_cost(state, seat)}]


def _accept_moves(state: State, seat: int) -> list[dict]:
    """Each offer the seat can pay for, with the hand cards of every asked bean (`choices`) and
    the ones suggested (`give`): those nearest the back of the hand, so that the cards due to
    be planted next stay where they are."""
    moves = []
    hand = state.hands[seat]
    beans = state.card_beans
    for offer in state.offers.values():
        if offer.to == seat and _can_pay(state, seat, offer):
            ask = {BEAN_KEYS[bean]: count for bean, count in offer.ask.items()}
            choices = {
                BEAN_KEYS[bean]: [card for card in hand if beans[card] == bean]
                for bean in offer.ask
            }
            give = [
                card
                for bean, count in offer.ask.items()
                for card in choices[BEAN_KEYS[bean]][-count:]
            ]
            moves.append(
                {"kind": "accept", "offer": offer.id, "ask": ask, "choices": choices, "give": give}
            )
    return moves


def _decline_moves(state: State, seat: int) -> list[dict]:
    return [
        {"kind": "decline", "offer": offer.id}
        for offer in state.offers.values()
        if offer.to == seat
    ]


def _withdraw_moves(state: State, seat: int) -> list[dict]:
    return [
        {"kind": "withdraw", "offer": offer.id}
        for offer in state.offers.values()
        if offer.maker == seat
    ]


def _offer_moves(state: State, seat: int) -> list[dict]:
    active = seat == state.active
    return [
        {
            "kind": "offer",
            "to": trading.partners(state, seat),
            "give": trading.tradable(state, seat),
            "ask_faceup": [] if active else list(state.faceup),
            "ask": [BEAN_KEYS[bean] for bean in state.rules.beans],
        }
    ]


def _stop_planting_moves(state: State, seat: int) -> list[dict]:
    return [{"kind": "stop_planting"}]


def _end_trading_moves(state: State, seat: int) -> list[dict]:
    return [{"kind": "end_trading"}]


_MOVES_OF_KIND: Final[dict[str, Callable[[State, int], list[dict]]]] = {
    "plant": _plant_moves,
    "stop_planting": _stop_planting_moves,
    "harvest": _harvest_moves,
    "buy_field": _buy_field_moves,
    "accept": _accept_moves,
    "decline": _decline_moves,
    "withdraw": _withdraw_moves,
    "offer": _offer_moves,
    "end_trading": _end_trading_moves,
}
