"""Checks that must hold after every move; the simulator and the fuzzing tests run them."""

from .events import Event
from .expansions import extra_violations
from .phases import PHASES
from .state import State


def violations(state: State) -> list[str]:
    found: list[str] = []
    cards = state.all_cards()
    total = len(state.card_beans)
    if len(cards) != total or len(set(cards)) != total:
        found.append(f"{len(cards)} card places for {total} cards ({len(set(cards))} distinct)")
    beans = state.card_beans
    for seat, seat_fields in enumerate(state.fields):
        if len(seat_fields) > 3:
            found.append(f"seat {seat} has {len(seat_fields)} fields")
        for field in seat_fields:
            if len({beans[card] for card in field}) > 1:
                found.append(f"seat {seat} has a field of mixed beans")
    if state.phase != "trade" and state.offers:
        found.append(f"open offers outside trading (phase {state.phase})")
    if state.phase not in ("trade", "plant_traded") and any(state.to_plant) and not state.over:
        found.append(f"cards waiting to be planted in phase {state.phase}")
    if not state.over and not state.ending and not state.deck:
        found.append("the draw pile is empty while the game goes on")
    if state.faceup and state.phase not in ("trade", "over") and not _plants_faceup(state):
        found.append(f"face-up cards in phase {state.phase}")
    rules = state.rules
    if rules.paid_coins_leave_game:
        bought = sum(len(seat_fields) - rules.fields_at_start for seat_fields in state.fields)
        if len(state.out) != bought * rules.third_field_cost:
            found.append(f"{len(state.out)} cards out of the game for {bought} fields bought")
    if rules.expansions:
        found += extra_violations(state)
    return found


def count_coins(events: list[Event], coins: list[int]) -> None:
    """Add to each seat's count the coins the events say it earned, less those it paid: coins
    come only from harvests (and Bohnaparte's monasteries, as `earned`) and leave only by
    purchases (a field's `cost`, or what an expansion's move `paid`)."""
    for event in events:
        data = event.data
        if event.kind == "harvested":
            coins[event.seat] += data["coins"]
        elif event.kind == "field_bought":
            coins[event.seat] -= data["cost"]
        elif "paid" in data or "earned" in data:
            coins[event.seat] += data.get("earned", 0) - data.get("paid", 0)


def _plants_faceup(state: State) -> bool:
    """Whether the phase plants from the face-up cards (the Duel's offer and reveal)."""
    return PHASES[state.phase].plants_from in ("offer", "revealed")
