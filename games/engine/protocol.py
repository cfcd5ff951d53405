"""The game's protocol as the world outside the engine asks for it.

Whom the game waits for, what it asks of each seat (the prompt), the clock each awaited seat
runs on, the move the game makes for a seat whose time ran out, and which step of the game it
is in. Every answer comes from the current phase (phases.py); pages, mail and the timeout
sweep ask here and never read a phase's name.
"""

import random
from typing import Final

from .book.plans import plan_carries
from .book.standing import takable as takable_standing
from .bots.heuristic import HeuristicBot
from .ending import worded_summary
from .fields import best_paying
from .legal import legal_actions, may_offer
from .phases import PHASES
from .prompts import Prompt
from .state import State

# The moves a default move may be: never an offer, a trade, a purchase or a resignation.
_LEAST_KINDS: Final = frozenset(("plant", "harvest", "discard", "stop_planting", "end_turn"))


def waiting_for(state: State) -> list[int]:
    if state.over:
        return []
    return PHASES[state.phase].waiting_for(state)


def to_call(state: State) -> list[int]:
    """The seats the game waits for that must be told: those whose own turn plan does not carry
    the step for them (a plan that trades for the active player waits for the answers to its
    offers, or for the others to pass, without its player)."""
    waiting = waiting_for(state)
    book = state.book
    if book is None or not waiting:
        return waiting
    return [seat for seat in waiting if not plan_carries(state, book, seat)]


def trading_begun(state: State) -> bool:
    """Whether the active player trades now (the players beside may offer or pass)."""
    return not state.over and state.phase == "trade"


def call_key(state: State, seat: int) -> str:
    """What a call to `seat` shows it of the game, as a key: the step the game waits on it for
    (turn, phase, what it asks), the open offers it makes or is made, and the standing offers
    it may take now. A player who answers calls from their mail needs a new call whenever the
    key of the step the game waits on them for is not the one their last mail showed (a
    standing offer posted while they trade is one more move they can make); a move that
    leaves it alone needs none."""
    offers = ",".join(
        str(offer.id) for offer in state.offers.values() if seat in (offer.maker, offer.to)
    )
    key = f"{state.turn}:{state.phase}:{prompt(state, seat).key}:{offers}"
    standing = state.book.standing.values() if state.book is not None else ()
    takable = ",".join(str(offer.id) for offer in standing if takable_standing(state, seat, offer))
    return f"{key}:{takable}" if takable else key


def prompt(state: State, seat: int | None) -> Prompt:
    """What the game asks of `seat` now (None: a spectator), and whether it waits for it."""
    if state.over:
        return Prompt("over", False, {"summary": worded_summary(state.result, state.names)})
    waiting = waiting_for(state)
    if seat is not None and seat in waiting:
        asked = PHASES[state.phase].prompt(state, seat)
        if isinstance(asked, tuple):  # a prompt with parameters (who attacks which land)
            return Prompt(asked[0], True, asked[1])
        return Prompt(asked, True)
    names = state.names
    others = [names[other] for other in waiting if other != seat]
    if not others:
        return Prompt("wait_nobody", False)
    if seat is not None and may_offer(state, seat):
        return Prompt("may_offer", False, {"active": names[state.active], "waiting": others})
    return Prompt("wait", False, {"waiting": others})


def clocks(state: State) -> dict[int, str]:
    """Each awaited seat and the clock it runs on (phases.BANK or phases.TRADING_WINDOW)."""
    if state.over:
        return {}
    phase = PHASES[state.phase]
    return {seat: phase.clock(state, seat) for seat in phase.waiting_for(state)}


def step(state: State) -> tuple[int, str]:
    """The step of the game: equal before and after a move that did not end it. A timeout
    moves for a seat until its step is over, and no further."""
    return state.turn, state.phase


def default_move(state: State, seat: int) -> dict | None:
    """The move the game makes for `seat` when its time runs out: the least that lets the game
    go on. None if the game does not wait for it."""
    if seat not in waiting_for(state):
        return None
    move = PHASES[state.phase].default_move(state, seat)
    return least_move(state, seat) if move is None else move


def least_move(state: State, seat: int) -> dict | None:
    """Plant (or discard, in the Duel) as the careful bot would, harvesting what it must; the
    careful bot's other wishes (buying a field, say) are not made for an absent player: then
    the first card that fits is planted, or the best-paying field harvested."""
    # The careful bot draws no random numbers. Its generator is not seeded from the game's
    # seed all the same: that would let it know the deck.
    choice = HeuristicBot(random.Random("default move")).choose(state, seat)
    if choice and choice.get("kind") in _LEAST_KINDS:
        return choice
    return _first_forced(state, seat)


def _first_forced(state: State, seat: int) -> dict | None:
    legal = legal_actions(state, seat)
    for action in legal:
        if action["kind"] == "plant":
            return {"kind": "plant", "card": action["card"], "field": action["fields"][0]}
    harvests = [action["field"] for action in legal if action["kind"] == "harvest"]
    if harvests:
        return {"kind": "harvest", "field": best_paying(state, seat, harvests)}
    for action in legal:
        if action["kind"] in _LEAST_KINDS:
            return {"kind": action["kind"]}
    return None
