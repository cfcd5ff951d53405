"""Whole games between bots, checking the rules' invariants after every move: the work of
`simulate`'s command line, the benches and the tests that play games through.
"""

from dataclasses import dataclass, field
from typing import Final

from .bots import make_bot
from .bots.base import BaseBot
from .errors import IllegalMove
from .events import Event
from .invariants import count_coins, violations
from .kinds import apply
from .phases import PHASES
from .setup import new_game
from .state import State

MAX_MOVES: Final = 20_000  # far beyond any real game; a game that needs more is a dead end


@dataclass
class Outcome:
    finished: bool
    moves: int
    illegal: int
    violations: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    log: list[tuple[int, dict]] = field(default_factory=list)
    counts: str = "coins"
    ended_by: str = ""  # what ended a finished game (see _end_cause)
    bots: list[str] = field(default_factory=list)  # the kind of bot at each seat
    harvests: list[int] = field(default_factory=list)  # harvest moves made by each seat
    idle_harvests: list[int] = field(default_factory=list)  # ... of them that paid nothing


def play(
    edition: str,
    players: int,
    seed: str,
    bots: list[str],
    check: bool = True,
    options: dict | None = None,
    keep_log: bool = True,
) -> Outcome:
    """One game; `keep_log` false keeps only the figures, not every move (a run of many games
    that kept every log would spend its time in the garbage collector walking them)."""
    names = [f"seat{seat}" for seat in range(players)]
    state, _ = new_game(edition, names, seed, options)
    seats: list[BaseBot] = [
        make_bot(bots[seat % len(bots)], f"{seed}/bot{seat}") for seat in range(players)
    ]
    outcome = Outcome(
        finished=False,
        moves=0,
        illegal=0,
        bots=[bots[seat % len(bots)] for seat in range(players)],
        harvests=[0] * players,
        idle_harvests=[0] * players,
    )
    coins = [0] * players
    unprompted = _UnpromptedOffers(seats)
    log = outcome.log
    moves = 0
    while not state.over and moves < MAX_MOVES:
        phase = PHASES[state.phase]
        action = None
        if phase.name == "trade":
            seat, action = unprompted.ask_next(state)
        if action is None:
            # The phase's own waiting_for: `views.waiting_for` only adds the case of a game over.
            # The seats answering offers go first: the active player waits for their answers.
            waiting = phase.waiting_for(state)
            seat = waiting[0] if waiting[0] != state.active else waiting[-1]
            action = seats[seat].choose(state, seat)
        try:
            events = apply(state, seat, action)
        except IllegalMove:
            outcome.illegal += 1
            if outcome.illegal > 100:
                break
            continue
        moves += 1
        if keep_log:
            log.append((seat, action))
        if action["kind"] == "harvest":
            _count_harvest(events, outcome)
        if check:
            _check(state, events, coins, outcome)
        if state.over:
            outcome.ended_by = _end_cause(events)
    outcome.moves = moves
    outcome.finished = state.over
    if state.over:
        outcome.scores = state.result["scores"]
        outcome.winners = state.result["winners"]
        outcome.counts = state.result["counts"]
    return outcome


def _count_harvest(events: list[Event], outcome: Outcome) -> None:
    for event in events:
        if event.kind == "harvested":
            outcome.harvests[event.seat] += 1
            outcome.idle_harvests[event.seat] += not event.data["coins"]


def _end_cause(events: list[Event]) -> str:
    """The draw pile running out ("exhaustion"), or what an expansion's `game_ends` event
    names (Bohnaparte: "twelve_lands", "no_land", an exhaustion during an attack)."""
    for event in reversed(events):
        if event.kind == "game_ends":
            return event.data["cause"]
    return "exhaustion"


class _UnpromptedOffers:
    """Seats are awaited only to answer the offers made to them, so during each trade phase
    every seat but the active one is asked once, one seat a move, whether it wants to make an
    offer of its own."""

    def __init__(self, seats: list[BaseBot]):
        self.seats = seats
        self.turn = -1  # the turn whose trade phase the seats are being asked in
        self.asked = 0

    def ask_next(self, state: State) -> tuple[int | None, dict | None]:
        if self.turn != state.turn:
            self.turn, self.asked = state.turn, 0
        if self.asked >= len(self.seats) - 1:
            return None, None
        seat = (state.active + 1 + self.asked) % len(self.seats)
        self.asked += 1
        return seat, self.seats[seat].choose(state, seat, awaited=False)


def _check(state: State, events, coins: list[int], outcome: Outcome) -> None:
    """Invariants, and that coins change only through harvests and purchases."""
    count_coins(events, coins)
    found = violations(state)
    if [len(stack) for stack in state.coins] != coins:
        found.append("coins changed other than by a harvest or a purchase")
    outcome.violations += found
