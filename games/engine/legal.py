"""The moves a seat may make now, by kind, with the parameters each kind allows."""

from . import fields, trading
from .beans import BEAN_KEYS
from .phases import PHASES
from .state import State


def legal_actions(state: State, seat: int | None) -> list[dict]:
    if state.over or seat is None:
        return []
    actions: list[dict] = []
    phase = PHASES[state.phase]
    for card in phase.plantable(state, seat):
        allowed = fields.fitting_fields(state, seat, card)
        if allowed:
            actions.append({"kind": "plant", "card": card, "fields": allowed})
    if phase.plants_from == "hand" and seat == state.active and state.planted >= 1:
        actions.append({"kind": "stop_planting"})
    if not state.rules.harvest_in_own_turn_only or seat == state.active:
        for field in fields.harvestable(state, seat):
            actions.append({"kind": "harvest", "field": field})
        cost = fields.third_field_cost(state, seat)
        if cost is not None and len(state.coins[seat]) >= cost:
            actions.append({"kind": "buy_field", "cost": cost})
    if state.phase == "trade":
        actions += _trading_actions(state, seat)
    actions += PHASES[state.phase].extra_actions(state, seat)
    return actions


def _trading_actions(state: State, seat: int) -> list[dict]:
    actions: list[dict] = []
    active = seat == state.active
    offers_made = 0
    for offer in state.offers.values():
        if offer.to == seat:
            choices: dict[str, list[int]] = {}
            for bean in offer.ask:
                choices[BEAN_KEYS[bean]] = [
                    card for card in state.hands[seat] if state.card_beans[card] == bean
                ]
            if all(len(choices[BEAN_KEYS[b]]) >= n for b, n in offer.ask.items()):
                ask = {BEAN_KEYS[bean]: count for bean, count in offer.ask.items()}
                actions.append(
                    {"kind": "accept", "offer": offer.id, "ask": ask, "choices": choices}
                )
            actions.append({"kind": "decline", "offer": offer.id})
        elif offer.maker == seat:
            offers_made += 1
            actions.append({"kind": "withdraw", "offer": offer.id})
    if offers_made < trading.MAX_OPEN_OFFERS:
        actions.append(
            {
                "kind": "offer",
                "to": trading.partners(state, seat),
                "give": trading.tradable(state, seat),
                "ask_faceup": [] if active else list(state.faceup),
                "ask": [BEAN_KEYS[bean] for bean in state.rules.beans],
            }
        )
    if active:
        actions.append({"kind": "end_trading"})
    return actions
