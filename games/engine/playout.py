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
from .move_kinds import apply
from .setup import new_game
from .state import State
from .table import Table

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
    seated: list[BaseBot] | None = None,
) -> Outcome:
    """One game; `keep_log` false keeps only the figures, not every move (a run of many games
    that kept every log would spend its time in the garbage collector walking them).
    `seated`: the bots, made already (a test's, on a budget of its own); `bots` then names
    them."""
    names = [f"seat{seat}" for seat in range(players)]
    state, _ = new_game(edition, names, seed, options)
    seats: list[BaseBot] = seated or [
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
    table = Table(seats)
    log = outcome.log
    moves = 0
    while not state.over and moves < MAX_MOVES:
        seat, action = table.next_move(state)
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


def _check(state: State, events, coins: list[int], outcome: Outcome) -> None:
    """Invariants, and that coins change only through harvests and purchases."""
    count_coins(events, coins)
    found = violations(state)
    if [len(stack) for stack in state.coins] != coins:
        found.append("coins changed other than by a harvest or a purchase")
    outcome.violations += found
