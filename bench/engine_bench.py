"""Engine figures, with the per-move invariant checks switched off.

- throughput of whole games: 4 players, amigo-classic, random bots, 200 seeded games;
- median time of a whole 5-player rio-grande game between heuristic bots;
- median time of a whole 4-player Bohnaparte game (base map) between heuristic bots;
- median time of one `apply`, of replaying a finished game's log, and of one `view`;
- the strong and the expert bot's decisions: median and p99 (the expert's also over the
  decisions it looked ahead on).
"""

import random
import statistics
import time

from games.engine import apply, from_dict, new_game, replay, view
from games.engine.bots import ExpertBot, make_bot
from games.engine.simulate import play

TARGETS = {"games_per_s": 300.0, "heuristic_game_ms": 25.0, "apply_us": 10.0}


def throughput(games: int = 200) -> float:
    started = time.perf_counter()
    for game in range(games):
        play("amigo-classic", 4, f"bench/{game}", ["random"], check=False)
    return games / (time.perf_counter() - started)


def heuristic_game_ms(edition: str = "rio-grande", players: int = 5, games: int = 50):
    times = []
    for game in range(games):
        started = time.perf_counter()
        play(edition, players, f"bench/{game}", ["heuristic"], check=False)
        times.append((time.perf_counter() - started) * 1000)
    return times


def strong_decision_ms(games: int = 20) -> list[float]:
    """Each decision of the strong bot over whole 4-player Rio Grande games (asked at every
    move, awaited or not)."""
    times = []
    for game in range(games):
        seed = f"bench/strong/{game}"
        seats = [make_bot("strong", f"{seed}/{seat}") for seat in range(4)]
        state, _ = new_game("rio-grande", NAMES[:4], seed)
        for seat, action in play("rio-grande", 4, seed, ["strong"], check=False).log:
            started = time.perf_counter()
            seats[seat].choose(state, seat)
            times.append((time.perf_counter() - started) * 1000)
            apply(state, seat, action)
    return times


def expert_decision_ms(games: int = 4) -> tuple[list[float], list[float]]:
    """Each decision of the expert bot over whole 4-player Rio Grande games between strong
    bots (asked at every move, awaited or not): all of them, and those it looked ahead on. In
    processor time, as its budget is one core's: on a shared machine, waiting for the processor
    would count otherwise."""
    times, searched = [], []
    for game in range(games):
        seed = f"bench/expert/{game}"
        seats = [ExpertBot(random.Random(f"{seed}/{seat}")) for seat in range(4)]
        state, _ = new_game("rio-grande", NAMES[:4], seed)
        for seat, action in play("rio-grande", 4, seed, ["strong"], check=False).log:
            dealt = seats[seat].worlds_dealt
            started = time.process_time()
            seats[seat].choose(state, seat)
            times.append((time.process_time() - started) * 1000)
            if seats[seat].worlds_dealt > dealt:
                searched.append(times[-1])
            apply(state, seat, action)
    return times, searched


def _recorded_games(games: int = 10):
    """Finished heuristic games as (seed, log) pairs, to replay and sample from."""
    return [
        (f"bench/{game}", play("rio-grande", 5, f"bench/{game}", ["heuristic"], check=False).log)
        for game in range(games)
    ]


NAMES = [f"seat{seat}" for seat in range(5)]


def apply_and_view_us(recorded) -> tuple[list[float], list[float]]:
    """Time each move on a fresh copy of the state before it (the copy is not timed)."""
    apply_times, view_times = [], []
    for seed, log in recorded:
        state, _ = new_game("rio-grande", NAMES, seed)
        for seat, action in log:
            before = state.to_dict()
            copy = from_dict(before)
            started = time.perf_counter_ns()
            apply(copy, seat, action)
            apply_times.append((time.perf_counter_ns() - started) / 1000)
            started = time.perf_counter_ns()
            view(state, seat)
            view_times.append((time.perf_counter_ns() - started) / 1000)
            apply(state, seat, action)
    return apply_times, view_times


def replay_ms(recorded) -> list[float]:
    times = []
    for seed, log in recorded:
        started = time.perf_counter()
        replay("rio-grande", NAMES, seed, {}, log)
        times.append((time.perf_counter() - started) * 1000)
    return times


def main() -> None:
    rate = throughput()
    game_ms = statistics.median(heuristic_game_ms())
    conquest_ms = statistics.median(heuristic_game_ms("bohnaparte", 4, games=20))
    recorded = _recorded_games()
    apply_times, view_times = apply_and_view_us(recorded)
    moves = statistics.mean(len(log) for _, log in recorded)
    print("engine (one core, invariant checks off)")
    print(
        f"  random 4p amigo-classic, 200 games: {rate:.0f} games/s "
        f"(target >= {TARGETS['games_per_s']:.0f})"
    )
    print(
        f"  heuristic 5p rio-grande game: median {game_ms:.1f} ms "
        f"(target <= {TARGETS['heuristic_game_ms']:.0f})"
    )
    print(f"  heuristic 4p bohnaparte game: median {conquest_ms:.1f} ms")
    print(
        f"  apply: median {statistics.median(apply_times):.1f} us, "
        f"p99 {statistics.quantiles(apply_times, n=100)[98]:.1f} us "
        f"(target median <= {TARGETS['apply_us']:.0f})"
    )
    print(
        f"  replay of a finished game ({moves:.0f} moves): "
        f"median {statistics.median(replay_ms(recorded)):.1f} ms"
    )
    print(f"  view: median {statistics.median(view_times):.1f} us")
    decisions = strong_decision_ms()
    print(
        f"  strong bot decision: median {statistics.median(decisions):.2f} ms, "
        f"p99 {statistics.quantiles(decisions, n=100)[98]:.2f} ms (target <= 50 and <= 500)"
    )
    decisions, searched = expert_decision_ms()
    print(
        f"  expert bot decision: median {statistics.median(decisions):.2f} ms, "
        f"p99 {statistics.quantiles(decisions, n=100)[98]:.2f} ms (target <= 200 and <= 1000); "
        f"the {len(searched) / len(decisions):.0%} it looked ahead on: "
        f"median {statistics.median(searched):.1f} ms, "
        f"p99 {statistics.quantiles(searched, n=100)[98]:.1f} ms"
    )
