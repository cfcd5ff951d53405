"""Play whole games between bots, checking the rules' invariants after every move.

    python -m games.engine.simulate --edition rio-grande --players 4 --games 200 --seed 1 \\
        --bots heuristic
"""

import argparse
import sys
import time
from dataclasses import dataclass, field

from .actions import apply
from .bots import BOTS, make_bot
from .editions import EDITIONS
from .errors import IllegalMove
from .invariants import violations
from .phases import PHASES
from .setup import new_game
from .state import State

MAX_MOVES = 20_000  # far beyond any real game; a game that needs more is a dead end


@dataclass
class Outcome:
    finished: bool
    moves: int
    illegal: int
    violations: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    log: list[tuple[int, dict]] = field(default_factory=list)


def play(
    edition: str,
    players: int,
    seed: str,
    bots: list[str],
    check: bool = True,
    options: dict | None = None,
) -> Outcome:
    names = [f"seat{seat}" for seat in range(players)]
    state, _ = new_game(edition, names, seed, options)
    seats = [make_bot(bots[seat % len(bots)], f"{seed}/bot{seat}") for seat in range(players)]
    outcome = Outcome(finished=False, moves=0, illegal=0)
    coins = [0] * players
    unprompted = _UnpromptedOffers(seats)
    log = outcome.log
    while not state.over and len(log) < MAX_MOVES:
        phase = PHASES[state.phase]
        action = None
        if phase.name == "trade":
            seat, action = unprompted.ask_next(state)
        if action is None:
            # The phase's own waiting_for: `views.waiting_for` only adds the case of a game over.
            seat = phase.waiting_for(state)[0]
            action = seats[seat].choose(state, seat)
        try:
            events = apply(state, seat, action)
        except IllegalMove:
            outcome.illegal += 1
            if outcome.illegal > 100:
                break
            continue
        log.append((seat, action))
        if check:
            _check(state, events, coins, outcome)
    outcome.moves = len(log)
    outcome.finished = state.over
    if state.over:
        outcome.scores = state.result["scores"]
        outcome.winners = state.result["winners"]
    return outcome


class _UnpromptedOffers:
    """Seats are awaited only to answer the offers made to them, so during each trade phase
    every seat but the active one is asked once, one seat a move, whether it wants to make an
    offer of its own."""

    def __init__(self, seats: list):
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
    """Invariants, and that coins change only through harvests and field purchases."""
    for event in events:
        if event.kind == "harvested":
            coins[event.seat] += event.data["coins"]
        elif event.kind == "field_bought":
            coins[event.seat] -= event.data["cost"]
    found = violations(state)
    if [len(stack) for stack in state.coins] != coins:
        found.append("coins changed other than by a harvest or a purchase")
    outcome.violations += found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.simulate", description=__doc__)
    parser.add_argument("--edition", choices=sorted(EDITIONS), default="rio-grande")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="1")
    parser.add_argument(
        "--bots", default="heuristic", help=f"one of {', '.join(BOTS)}, or a comma-separated list"
    )
    parser.add_argument("--no-check", action="store_true", help="skip the per-move checks")
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    for bot in bots:
        if bot not in BOTS:
            parser.error(f"unknown bot {bot!r}")
    started = time.perf_counter()
    outcomes = [
        play(args.edition, args.players, f"{args.seed}/{game}", bots, check=not args.no_check)
        for game in range(args.games)
    ]
    elapsed = time.perf_counter() - started
    finished = [o for o in outcomes if o.finished]
    winner_coins = [o.scores[o.winners[0]] for o in finished]
    all_coins = [coins for o in finished for coins in o.scores]
    print(
        f"games={len(outcomes)} finished={len(finished)} "
        f"invariant_violations={sum(len(o.violations) for o in outcomes)} "
        f"illegal_actions={sum(o.illegal for o in outcomes)} "
        f"games_per_s={len(outcomes) / elapsed:.1f} "
        f"mean_winner_coins={_mean(winner_coins):.2f} mean_coins={_mean(all_coins):.2f}"
    )
    return 0 if len(finished) == len(outcomes) else 1


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


if __name__ == "__main__":
    sys.exit(main())
