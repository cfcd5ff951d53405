"""The turn of the 3-to-7-player game: plant, reveal and trade, plant traded beans, draw."""

from .deck import draw_to_hand, keys, take_cards
from .ending import finish_game
from .events import Event
from .expansions import draw_count, reveal_count
from .language import gettext_noop
from .phases import BANK, PHASES, TRADING_WINDOW, Phase, register
from .protocol import least_move
from .state import State


def begin_turn(state: State, events: list[Event]) -> None:
    state.turn += 1
    state.planted = 0
    events.append(Event("turn_started", state.active, {"turn": state.turn}))
    enter(state, state.rules.turn[0], events)


def enter(state: State, phase: str, events: list[Event]) -> None:
    state.phase = phase
    PHASES[phase].enter(state, events)


def advance(state: State, events: list[Event]) -> None:
    """Leave the current phase for the next one of the edition's turn."""
    turn = state.rules.turn
    following = _index(turn, state.phase) + 1
    if following < len(turn):
        enter(state, turn[following], events)
    else:
        state.active = (state.active + 1) % state.players
        begin_turn(state, events)


def _index(turn: tuple[str, ...], phase: str) -> int:
    """`turn.index(phase)` without a method call (compiled, a loop over a few names is less)."""
    for i in range(len(turn)):
        if turn[i] == phase:
            return i
    raise ValueError(phase)


# Phase 1: the active player plants the front card of the hand, then may plant the next.


def _enter_plant(state: State, events: list[Event]) -> None:
    if not state.hands[state.active]:
        advance(state, events)


def _front_card(state: State, seat: int) -> tuple[int, ...]:
    hand = state.hands[seat]
    if seat != state.active or not hand or state.planted >= 2:
        return ()
    return (hand[0],)


def _after_front_planted(state: State, seat: int, events: list[Event]) -> None:
    state.planted += 1
    if state.planted >= 2 or not state.hands[seat]:
        advance(state, events)


def _active(state: State) -> list[int]:
    return [state.active]


def hand(state: State, seat: int) -> list[int]:
    return state.hands[seat]


def _plant_prompt(state: State, seat: int) -> str:
    return "plant_next" if state.planted else "plant_front"


def stop_after_first(state: State, seat: int) -> dict | None:
    """An absent active player plants the front card, never a second one."""
    if state.planted:
        return {"kind": "stop_planting"}
    return least_move(state, seat)


register(
    Phase(
        "plant",
        _enter_plant,
        plantable=_front_card,
        after_plant=_after_front_planted,
        waiting_for=_active,
        plants_from="hand",
        place=hand,
        wrong_card=gettext_noop("You must plant the front card of your hand first."),
        prompt=_plant_prompt,
        default_move=stop_after_first,
    )
)


# Phase 2: turn up cards, trade until the active player ends trading.


def _enter_trade(state: State, events: list[Event]) -> None:
    deck_events: list[Event] = []
    revealed = take_cards(state, reveal_count(state), deck_events)
    state.faceup = revealed
    data = {"cards": revealed, "beans": keys(state, revealed)}
    events.append(Event("revealed", state.active, data))
    events.extend(deck_events)
    if state.ending and state.rules.final_exhaustion_ends_at_once:
        finish_game(state, events)


def _trade_waiting(state: State) -> list[int]:
    if not state.offers:  # nobody has an offer to answer: the active player trades or ends
        return [state.active]
    answering: list[int] = []
    for offer in state.offers.values():  # a loop, not a set: cheaper for the few offers open
        if offer.to not in answering:
            answering.append(offer.to)
    answering.sort()
    if state.active not in answering:
        answering.append(state.active)
    return answering


def _trade_prompt(state: State, seat: int) -> str:
    answering = any(offer.to == seat for offer in state.offers.values())
    if seat != state.active:
        return "answer"
    return "trade_answer" if answering else "trade"


def _trade_default(state: State, seat: int) -> dict | None:
    """The active player ends trading; a seat with offers to answer declines them."""
    if seat == state.active:
        return {"kind": "end_trading"}
    for offer in state.offers.values():
        if offer.to == seat:
            return {"kind": "decline", "offer": offer.id}
    return None


def _trade_clock(state: State, seat: int) -> str:
    return TRADING_WINDOW if seat == state.active else BANK


register(
    Phase(
        "trade",
        _enter_trade,
        waiting_for=_trade_waiting,
        prompt=_trade_prompt,
        default_move=_trade_default,
        clock=_trade_clock,
    )
)


# Phase 3: everyone plants what they received (the active player also the face-up cards).


def _enter_plant_traded(state: State, events: list[Event]) -> None:
    if _all_planted(state):
        advance(state, events)


def _received(state: State, seat: int) -> list[int]:
    return state.to_plant[seat]


def _after_received_planted(state: State, seat: int, events: list[Event]) -> None:
    if _all_planted(state):
        advance(state, events)


def _all_planted(state: State) -> bool:
    """Whether every seat has planted what it received. (Compiled, all() of a generator is a
    loop, all() of a list a call to Python's all.)"""
    return all(not cards for cards in state.to_plant)


def _planters(state: State) -> list[int]:
    to_plant = state.to_plant
    return [seat for seat in range(len(to_plant)) if to_plant[seat]]


register(
    Phase(
        "plant_traded",
        _enter_plant_traded,
        plantable=_received,
        after_plant=_after_received_planted,
        waiting_for=_planters,
        plants_from="to_plant",
        place=_received,
        prompt=lambda state, seat: "plant_kept" if seat == state.active else "plant_received",
    )
)


# Phase 4: draw; a final exhaustion here ends the game at once.


def _enter_draw(state: State, events: list[Event]) -> None:
    if not state.ending:
        draw_to_hand(state, state.active, draw_count(state, state.active), events)
    if state.ending:
        finish_game(state, events)
    else:
        advance(state, events)


register(Phase("draw", _enter_draw))
