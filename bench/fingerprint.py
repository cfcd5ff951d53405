"""A fingerprint of how games play, to show that a change of structure changed no game.

    python -m bench.fingerprint [--games 470] [--bohnaparte-games 80]

Plays seeded games of every edition and player count with random, heuristic and mixed bots,
then prints four SHA-256 hashes:

- games: each game's move log, scores and winners;
- events: every event of every game as every seat (and a spectator) reads it, worded;
- protocol: after every move, what each seat is told (the status line of its page and the
  reason "my games" gives), the move a timeout would make for each awaited seat and the clock
  it runs on;
- ranking: the final ranking of every finished game, as the page shows it.

A fifth, printed apart, covers Bohnaparte (3 to 6 players, with and without cavalry and the
square grid, random, normal, strong and mixed bots): its games, events, prompts, timeouts and
rankings, and each state as it is saved.

Run it before and after a change; equal hashes mean equal games, events and prompts.
"""

import argparse
import hashlib
import json
import os
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bohnanza_site.settings")
django.setup()

from games import engine  # noqa: E402
from games.clocks import deadlines  # noqa: E402
from games.engine.simulate import play  # noqa: E402
from games.selectors.boards import board  # noqa: E402

TABLES = [
    ("amigo-classic", 3, {}),
    ("amigo-classic", 4, {}),
    ("amigo-classic", 5, {}),
    ("amigo-1997", 3, {}),
    ("amigo-1997", 3, {"three_fields_at_three": True}),
    ("amigo-1997", 4, {}),
    ("amigo-1997", 5, {}),
    ("amigo-1997", 5, {"cheap_third_field_at_five": True}),
    ("rio-grande", 2, {}),
    ("rio-grande", 3, {}),
    ("rio-grande", 4, {}),
    ("rio-grande", 5, {}),
    ("rio-grande", 6, {}),
    ("rio-grande", 7, {}),
]
BOTS = (["random"], ["heuristic"], ["random", "heuristic"])
BOHNAPARTE_TABLES = [
    (players, options)
    for players in (3, 4, 5, 6)
    for options in ({}, {"cavalry": True}, {"grid": True}, {"cavalry": True, "grid": True})
]
BOHNAPARTE_BOTS = (["random"], ["heuristic"], ["strong"], ["easy", "random", "strong"])
# What each row of the final ranking shows.
RANKED = ("name", "coins", "hand", "winner")


def _digest(hasher, value) -> None:
    hasher.update(json.dumps(value, sort_keys=True, default=list).encode())


def fingerprint(games: int) -> dict[str, str]:
    hashes = {name: hashlib.sha256() for name in ("games", "events", "protocol", "ranking")}
    combos = [(table, bots) for table in TABLES for bots in BOTS]
    for number in range(games):
        (edition, players, options), bots = combos[number % len(combos)]
        seed = f"fingerprint/{number}"
        outcome = play(edition, players, seed, bots, check=False, options=options)
        _digest(hashes["games"], [outcome.log, outcome.scores, outcome.winners])
        _replay(edition, players, seed, options, outcome.log, hashes)
    return {name: hasher.hexdigest() for name, hasher in hashes.items()}


def bohnaparte_fingerprint(games: int) -> str:
    """One hash of Bohnaparte's games, events, prompts, rankings and saved states."""
    hasher = hashlib.sha256()
    hashes = dict.fromkeys(("events", "protocol", "ranking", "saved"), hasher)
    combos = [(table, bots) for table in BOHNAPARTE_TABLES for bots in BOHNAPARTE_BOTS]
    for number in range(games):
        (players, options), bots = combos[number % len(combos)]
        seed = f"fingerprint/bohnaparte/{number}"
        outcome = play("bohnaparte", players, seed, bots, check=False, options=options)
        _digest(hasher, [outcome.log, outcome.scores, outcome.winners])
        _replay("bohnaparte", players, seed, options, outcome.log, hashes)
    return hasher.hexdigest()


def _replay(edition, players, seed, options, log, hashes) -> None:
    names = [f"seat{seat}" for seat in range(players)]
    state, events = engine.new_game(edition, names, seed, options)
    viewers = [*range(players), None]
    saved = hashes.get("saved")
    _digest(hashes["events"], _worded(events, names, viewers))
    _digest(hashes["protocol"], _protocol(state, viewers))
    for seat, action in log:
        events = engine.apply(state, seat, action)
        _digest(hashes["events"], _worded(events, names, viewers))
        _digest(hashes["protocol"], _protocol(state, viewers))
        if saved is not None:
            _digest(saved, engine.to_dict(state))
    if state.over:
        ranking = board(engine.view(state, None))["result"]["ranking"]
        _digest(hashes["ranking"], [[row[key] for key in RANKED] for row in ranking])


def _worded(events, names, viewers) -> list:
    return [
        [engine.describe(event.for_seat(viewer), names, viewer) for event in events]
        for viewer in viewers
    ]


def _protocol(state, viewers) -> list:
    told = []
    for viewer in viewers:
        asked = engine.view(state, viewer)["prompt"]
        told.append([asked["text"], asked["reason"] if asked["awaited"] else None])
    clocks = deadlines.awaited_kinds(state)
    for seat in engine.waiting_for(state):
        told.append([seat, clocks[seat], engine.default_move(state, seat)])
    return told


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.fingerprint", description=__doc__)
    parser.add_argument("--games", type=int, default=470)
    parser.add_argument("--bohnaparte-games", type=int, default=80)
    args = parser.parse_args()
    started = time.perf_counter()
    hashes = fingerprint(args.games)
    print(f"games={args.games} seconds={time.perf_counter() - started:.0f}")
    for name, digest in hashes.items():
        print(f"{name}: {digest}")
    started = time.perf_counter()
    bohnaparte = bohnaparte_fingerprint(args.bohnaparte_games)
    print(f"bohnaparte games={args.bohnaparte_games} seconds={time.perf_counter() - started:.0f}")
    print(f"bohnaparte: {bohnaparte}")


if __name__ == "__main__":
    main()
