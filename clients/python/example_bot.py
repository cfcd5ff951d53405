"""An example bot for the Bohnanza bot API v2, whole: it plays every seat of its account with
the plainest moves (plant, say no to every offer, end trading), from the account's stream.

    python clients/python/example_bot.py --site https://bohnanza.example --token bz….…

Replace `choose` to play better: `seat["view"]` is what the seat sees, and `seat["legal"]`
every move open to it, each ready to send as it is."""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bohnanza_bot import Client, Refused  # noqa: E402
from bohnanza_bot.models import Action, SeatState  # noqa: E402

# The kinds it prefers, the first open one first; else the first move but leaving the game.
KINDS = ("plant", "decline", "end_trading", "stop_planting", "end_turn", "pass", "harvest")
RANK = {kind: rank for rank, kind in enumerate(KINDS)}


def choose(seat: SeatState) -> Action | None:
    moves = [action for action in seat["legal"] if action["kind"] != "resign"]
    return min(moves, key=lambda action: RANK.get(action["kind"], len(RANK)), default=None)


def play(api: Client, seat: SeatState) -> SeatState:
    """Moves while the game waits for the seat: each move's answer is the seat after it."""
    while seat["awaited"] and (action := choose(seat)) is not None:
        try:
            seat = api.move(seat["seat_id"], action, seat["seq"])["seat"]
        except Refused as refused:
            if refused.status != 409:  # anything but a stale board is news
                print(f"seat {seat['seat_id']}: {action} refused: {refused}")
                return seat
            seat = refused.body["seat"]
    return seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", required=True)
    parser.add_argument("--token", default=os.environ.get("BOHNANZA_TOKEN", ""))
    parser.add_argument("--until-done", action="store_true", help="stop when no game runs")
    args = parser.parse_args()
    api = Client(args.site, args.token)
    running: set[int] = set()
    for line in api.lines():  # "started", "awaited", "over", challenges, open games
        if line["type"] == "awaited":
            line["seat"] = play(api, line["seat"])
        if (seat := line.get("seat")) is not None:  # started, awaited or over
            (running.add if seat["status"] == "running" else running.discard)(seat["seat_id"])
        if args.until_done and not running:
            return


if __name__ == "__main__":
    main()
