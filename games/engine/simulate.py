"""Play whole games between bots, checking the rules' invariants after every move.

    python -m games.engine.simulate --edition rio-grande --players 4 --games 200 --seed 1 \\
        --bots heuristic
    python -m games.engine.simulate --edition bohnaparte --players 4 --games 200 --seed 1 \\
        --bots heuristic --option cavalry
    python -m games.engine.simulate --edition rio-grande --players 4 --games 1000 --seed 1 \\
        --bots expert,strong,strong,strong --rotate --no-check

`--bots` names the bot of each seat in turn (the list repeats when it is shorter than the
table); `--rotate` moves the list one seat on with each game, so that every bot sits at every
seat as often. `--first` numbers the first game, so that a long run may be split into parts
that play the same games as the whole run.

A game that counts victory points (Bohnaparte) reports the mean points and how often each
end condition ended a game.
"""

import argparse
import math
import sys
import time

from .bots import BOTS
from .editions import EDITIONS
from .playout import Outcome, play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.simulate", description=__doc__)
    parser.add_argument("--edition", choices=sorted(EDITIONS), default="rio-grande")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="1")
    parser.add_argument(
        "--bots", default="heuristic", help=f"one of {', '.join(BOTS)}, or a comma-separated list"
    )
    parser.add_argument(
        "--rotate", action="store_true", help="move the bots one seat on with each game"
    )
    parser.add_argument("--first", type=int, default=0, help="the number of the first game")
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
            seated_bots(bots, args.players, game) if args.rotate else bots,
            check=not args.no_check,
            options=options,
            keep_log=False,
        )
        for game in range(args.first, args.first + args.games)
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


def seated_bots(bots: list[str], players: int, game: int) -> list[str]:
    """The bots of each seat for this game: the list moved `game` seats on."""
    seats = [bots[seat % len(bots)] for seat in range(players)]
    turn = game % players
    return seats[-turn:] + seats[:-turn] if turn else seats


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
        low, high = _interval(wins, len(seats))
        lines.append(
            f"bot={kind} seats={len(seats)} wins={wins:.1f} "
            f"win_share={wins / len(seats):.1%} ({low:.1%}-{high:.1%}) "
            f"par={1 / len(finished[0].bots):.1%} "
            f"mean_{score}={_mean([o.scores[seat] for o, seat in seats]):.2f} "
            f"harvests={harvests} zero_pay_harvests={idle / harvests if harvests else 0:.1%}"
        )
    return lines


def _interval(wins: float, seats: int) -> tuple[float, float]:
    """The 95 % (Wilson score) interval of a share of wins."""
    z = 1.96
    share = wins / seats
    centre = (share + z * z / (2 * seats)) / (1 + z * z / seats)
    spread = z * math.sqrt(share * (1 - share) / seats + z * z / (4 * seats * seats))
    return centre - spread / (1 + z * z / seats), centre + spread / (1 + z * z / seats)


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


if __name__ == "__main__":
    sys.exit(main())
