"""The turn of the 3-to-7-player game: plant, reveal and trade, plant traded beans, draw."""

from .deck import draw_to_hand, keys, take_cards
from .ending import finish_game
from .events import Event
from .expansions import draw_count, reveal_count
from .language import gettext_noop
from .phases import BANK, PHASES, TRADING_WINDOW, Phase, register
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


class ActiveSeatPhase(Phase):
    """A phase that waits for the active seat alone."""

    def waiting_for(self, state: State) -> list[int]:
        return [state.active]


# Phase 1: the active player plants the front card of the hand, then may plant the next.


class PlantFromHand(ActiveSeatPhase):
    def enter(self, state: State, events: list[Event]) -> None:
        if not state.hands[state.active]:
            advance(state, events)

    def plantable(self, state: State, seat: int) -> tuple[int, ...]:
        hand = state.hands[seat]
        if seat != state.active or not hand or state.planted >= 2:
            return ()
        return (hand[0],)

    def place(self, state: State, seat: int) -> list[int]:
        return state.hands[seat]

    def after_plant(self, state: State, seat: int, events: list[Event]) -> None:
        state.planted += 1
        if state.planted >= 2 or not state.hands[seat]:
            advance(state, events)

    def prompt(self, state: State, seat: int) -> str:
        return "plant_next" if state.planted else "plant_front"

    def default_move(self, state: State, seat: int) -> dict | None:
        """An absent active player plants the front card (the least move), never a second."""
        return {"kind": "stop_planting"} if state.planted else None


register(
    PlantFromHand(
        "plant",
        plants_from="hand",
        wrong_card=gettext_noop("You must plant the front card of your hand first."),
    )
)


# Phase 2: turn up cards, trade until the active player ends trading.


def turn_up(state: State, events: list[Event]) -> list[int]:
    """The active seat turns up its cards for the step (the trading phase, the Duel's third
    step): the event saying which, then what the deck did meanwhile. Returns the cards."""
    deck_events: list[Event] = []
    revealed = take_cards(state, reveal_count(state), deck_events)
    data = {"cards": list(revealed), "beans": keys(state, revealed)}
    events.append(Event("revealed", state.active, data))
    events.extend(deck_events)
    return revealed


class _Trade(Phase):
    def enter(self, state: State, events: list[Event]) -> None:
        state.faceup = turn_up(state, events)
        if state.ending and state.rules.final_exhaustion_ends_at_once:
            finish_game(state, events)

    def waiting_for(self, state: State) -> list[int]:
        if not state.offers:  # nobody has an offer to answer: the active player trades or ends
            return [state.active]
        answering: list[int] = []
        for offer in state.offers.values():  # a loop, not a set: cheaper for the few offers
            if offer.to not in answering:
                answering.append(offer.to)
        answering.sort()
        if state.active not in answering:
            answering.append(state.active)
        return answering

    def prompt(self, state: State, seat: int) -> str:
        answering = any(offer.to == seat for offer in state.offers.values())
        if seat != state.active:
            return "answer"
        return "trade_answer" if answering else "trade"

    def default_move(self, state: State, seat: int) -> dict | None:
        """The active player ends trading; a seat with offers to answer declines them."""
        if seat == state.active:
            return {"kind": "end_trading"}
        for offer in state.offers.values():
            if offer.to == seat:
                return {"kind": "decline", "offer": offer.id}
        return None

    def clock(self, state: State, seat: int) -> str:
        return TRADING_WINDOW if seat == state.active else BANK


register(_Trade("trade"))


# Phase 3: everyone plants what they received (the active player also the face-up cards).


class _PlantTraded(Phase):
    def enter(self, state: State, events: list[Event]) -> None:
        if _all_planted(state):
            advance(state, events)

    def plantable(self, state: State, seat: int) -> list[int]:
        return state.to_plant[seat]

    def place(self, state: State, seat: int) -> list[int]:
        return state.to_plant[seat]

    def after_plant(self, state: State, seat: int, events: list[Event]) -> None:
        if _all_planted(state):
            advance(state, events)

    def waiting_for(self, state: State) -> list[int]:
        to_plant = state.to_plant
        return [seat for seat in range(len(to_plant)) if to_plant[seat]]

    def prompt(self, state: State, seat: int) -> str:
        return "plant_kept" if seat == state.active else "plant_received"


def _all_planted(state: State) -> bool:
    """Whether every seat has planted what it received. (Compiled, all() of a generator is a
    loop, all() of a list a call to Python's all.)"""
    return all(not cards for cards in state.to_plant)


register(_PlantTraded("plant_traded", plants_from="to_plant"))


# Phase 4: draw; a final exhaustion here ends the game at once.


class _Draw(Phase):
    def enter(self, state: State, events: list[Event]) -> None:
        if not state.ending:
            draw_to_hand(state, state.active, draw_count(state, state.active), events)
        if state.ending:
            finish_game(state, events)
        else:
            advance(state, events)


register(_Draw("draw"))
