"""Play whole games between bots, checking the rules' invariants after every move.

    python -m games.engine.simulate --edition rio-grande --players 4 --games 200 --seed 1 \\
        --bots heuristic
    python -m games.engine.simulate --edition bohnaparte --players 4 --games 200 --seed 1 \\
        --bots heuristic --option cavalry

A game that counts victory points (Bohnaparte) reports the mean points and how often each
end condition ended a game.
"""

import argparse
import sys
import time
from dataclasses import dataclass, field

from .actions import apply
from .bots import BOTS, make_bot
from .editions import EDITIONS
from .errors import IllegalMove
from .invariants import count_coins, violations
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
) -> Outcome:
    names = [f"seat{seat}" for seat in range(players)]
    state, _ = new_game(edition, names, seed, options)
    seats = [make_bot(bots[seat % len(bots)], f"{seed}/bot{seat}") for seat in range(players)]
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
    while not state.over and len(log) < MAX_MOVES:
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
        log.append((seat, action))
        if action["kind"] == "harvest":
            _count_harvest(events, outcome)
        if check:
            _check(state, events, coins, outcome)
        if state.over:
            outcome.ended_by = _end_cause(events)
    outcome.moves = len(log)
    outcome.finished = state.over
    if state.over:
        outcome.scores = state.result["scores"]
        outcome.winners = state.result["winners"]
        outcome.counts = state.result["counts"]
    return outcome


def _count_harvest(events, outcome: Outcome) -> None:
    for event in events:
        if event.kind == "harvested":
            outcome.harvests[event.seat] += 1
            outcome.idle_harvests[event.seat] += not event.data["coins"]


def _end_cause(events) -> str:
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
    """Invariants, and that coins change only through harvests and purchases."""
    count_coins(events, coins)
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
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        help="switch on one of the edition's options (repeat for more)",
    )
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    for bot in bots:
        if bot not in BOTS:
            parser.error(f"unknown bot {bot!r}")
    known = {option.key for option in EDITIONS[args.edition].options}
    for key in args.option:
        if key not in known:
            parser.error(f"{args.edition} has no option {key!r}; it has {', '.join(sorted(known))}")
    options = dict.fromkeys(args.option, True)
    started = time.perf_counter()
    outcomes = [
        play(
            args.edition,
            args.players,
            f"{args.seed}/{game}",
            bots,
            check=not args.no_check,
            options=options,
        )
        for game in range(args.games)
    ]
    elapsed = time.perf_counter() - started
    finished = [o for o in outcomes if o.finished]
    print(
        f"games={len(outcomes)} finished={len(finished)} "
        f"invariant_violations={sum(len(o.violations) for o in outcomes)} "
        f"illegal_actions={sum(o.illegal for o in outcomes)} "
        f"games_per_s={len(outcomes) / elapsed:.1f} " + _scores(finished)
    )
    for line in by_bot(finished):
        print(line)
    return 0 if len(finished) == len(outcomes) else 1


def _scores(finished: list[Outcome]) -> str:
    winners = _mean([o.scores[o.winners[0]] for o in finished])
    everyone = _mean([score for o in finished for score in o.scores])
    if not finished or finished[0].counts == "coins":
        return f"mean_winner_coins={winners:.2f} mean_coins={everyone:.2f}"
    causes: dict[str, int] = {}
    for o in finished:
        causes[o.ended_by] = causes.get(o.ended_by, 0) + 1
    ended = " ".join(f"ended_by_{cause}={n}" for cause, n in sorted(causes.items()))
    return f"mean_winner_points={winners:.2f} mean_points={everyone:.2f} {ended}"


def by_bot(finished: list[Outcome]) -> list[str]:
    """For each kind of bot: its wins (a tie shares the win) and the share of its seats that won
    (par is one seat in the table's size), its mean score and the share of its harvests that
    paid nothing."""
    lines = []
    for kind in sorted({kind for o in finished for kind in o.bots}):
        seats = [(o, seat) for o in finished for seat, bot in enumerate(o.bots) if bot == kind]
        wins = sum(1 / len(o.winners) for o, seat in seats if seat in o.winners)
        harvests = sum(o.harvests[seat] for o, seat in seats)
        idle = sum(o.idle_harvests[seat] for o, seat in seats)
        score = "coins" if finished[0].counts == "coins" else "points"
        lines.append(
            f"bot={kind} seats={len(seats)} wins={wins:.1f} "
            f"win_share={wins / len(seats):.1%} par={1 / len(finished[0].bots):.1%} "
            f"mean_{score}={_mean([o.scores[seat] for o, seat in seats]):.2f} "
            f"harvests={harvests} zero_pay_harvests={idle / harvests if harvests else 0:.1%}"
        )
    return lines


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


if __name__ == "__main__":
    sys.exit(main())
