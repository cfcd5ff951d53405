"""The moves a seat may make now, by kind, with the parameters each kind allows.

`legal_kinds` says cheaply which kinds of move are open; `moves_of_kind` lists the moves of one
of those kinds with their parameters; `legal_actions` is all of them, kind after kind, for the
pages. A bot that picks a kind first needs to spell out only the kind it picked.
"""

from . import fields, trading
from .expansions import EXPANSIONS
from .move_kinds import MOVES
from .phases import PHASES
from .state import State


def legal_actions(state: State, seat: int | None) -> list[dict]:
    """The moves of the game open to this seat now. Leaving the game is not among them: a seat
    may resign at any time until it has (`may_resign`)."""
    return [move for kind in legal_kinds(state, seat) for move in moves_of_kind(state, seat, kind)]


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
    if (active or rules.harvest_in_own_turn_only is None) and any(field for field in own):
        kinds.append("harvest")
    if rules.third_field_cost is not None:  # not even asked in editions that sell none
        cost = fields.third_field_cost(state, seat)
        if cost is not None and len(state.coins[seat]) >= cost:
            kinds.append("buy_field")
    if phase.name == "trade":
        _add_trading_kinds(state, seat, active, kinds)
    for key in rules.expansions:
        for kind in EXPANSIONS[key].move_kinds:
            if kind.open(state, seat):
                kinds.append(kind.name)
    return kinds


def moves_of_kind(state: State, seat: int, kind: str) -> list[dict]:
    """The moves of one kind that `legal_kinds` gave for this seat, with their parameters."""
    return MOVES[kind].moves(state, seat)


def may_resign(state: State, seat: int | None) -> bool:
    return seat is not None and not state.over and seat not in state.resigned


def may_offer(state: State, seat: int) -> bool:
    """Whether `legal_kinds` lists "offer" for this seat, without working out the rest."""
    if state.over or state.phase != "trade" or _passed(state, seat):
        return False
    return trading.open_offers(state, seat) < trading.MAX_OPEN_OFFERS


def _passed(state: State, seat: int) -> bool:
    """Whether the seat said "nothing from me" in this trading phase (the trade book's pass; a
    pass assumed for a seat away leaves it free to offer)."""
    return state.book is not None and state.book.has_said_pass(seat, state.turn)


def _add_trading_kinds(state: State, seat: int, active: bool, kinds: list[str]) -> None:
    offers_made = 0
    for offer in state.offers.values():
        if offer.to == seat:
            if "accept" not in kinds and trading.can_pay(state, seat, offer):
                kinds.append("accept")
            if "decline" not in kinds:
                kinds.append("decline")
        elif offer.maker == seat:
            offers_made += 1
            if "withdraw" not in kinds:
                kinds.append("withdraw")
    if offers_made < trading.MAX_OPEN_OFFERS and not _passed(state, seat):
        kinds.append("offer")
    if active and state.book is not None and MOVES["take"].open(state, seat):
        kinds.append("take")
    if active:
        kinds.append("end_trading")


def plant_choices(state: State, seat: int) -> list[tuple[int, list[int]]]:
    """The plant moves as (card, fields it may go to) pairs: `moves_of_kind(..., "plant")`
    without a dict for each."""
    choices = []
    for card in PHASES[state.phase].plantable(state, seat):
        allowed = fields.fitting_fields(state, seat, card)
        if allowed:
            choices.append((card, allowed))
    return choices
