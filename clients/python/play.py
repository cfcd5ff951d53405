"""A reference bot for the site's bot API: plays every seat its token holds with one of the
engine's bots, over the API only (standard library HTTP), waiting by long-poll.

    python clients/python/play.py --site https://bohnanza.example --token bz….… [--bot strong]

It imports the engine (games/engine/, pure Python) for the bot's decisions and nothing else
of the site: no Django, no database. See README.md beside it.
"""

import argparse
import os
import sys

# The engine is the repository's games/engine package, two folders up.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from bohnanza_bot import Client, Refused  # noqa: E402
from bohnanza_bot.models import Action, SeatState  # noqa: E402
from view_state import NotRebuilt, state_from_view  # noqa: E402

from games.engine import bots  # noqa: E402


class Player:
    """Plays the token's seats: waits until a game waits for one of them (one request over
    the whole account), then each awaited seat's moves from its bot, each move's answer being
    the seat after it."""

    def __init__(self, api: Client, bot: str, out=sys.stdout):
        self.api, self.bot_kind, self.out = api, bot, out
        self.bots: dict[int, bots.BaseBot] = {}

    def run(self, until_done: bool) -> None:
        while True:
            update = self.api.wait()
            running = {row["seat_id"] for row in update["seats"]}
            for seat in update["awaited"]:
                if self.play(seat)["view"]["over"]:
                    running.discard(seat["seat_id"])
            if until_done and not running:
                return

    def play(self, seat: SeatState) -> SeatState:
        """Moves for the seat while the game waits for it; the seat as it leaves it. A move
        refused on a board is followed by the plainest legal move on the same board, and after
        that refused too, the seat waits for the game to move on."""
        refused_at = None
        while seat["view"] and seat["awaited"] and not seat["view"]["over"]:
            seq = seat["seq"]
            action = plain_move(seat["legal"]) if seq == refused_at else self.choose(seat)
            try:
                seat = self.api.move(seat["seat_id"], action, seq)["seat"]
            except Refused as refused:
                if refused.status == 409:  # a stale board: the answer is the seat now
                    seat = refused.body["seat"]
                    continue
                print(f"seat {seat['seat_id']}: {action} refused: {refused}", file=self.out)
                if seq == refused_at:
                    return seat
                refused_at = seq
                seat = self.api.seat(seat["seat_id"])
        return seat

    def choose(self, seat: SeatState) -> Action:
        view = seat["view"]
        bot = self.bots.setdefault(
            seat["seat_id"], bots.make_bot(self.bot_kind, f"client/{seat['seat_id']}")
        )
        try:
            state = state_from_view(view, seat["options"])
        except NotRebuilt:
            return plain_move(seat["legal"])
        return bot.choose(state, view["seat"]) or plain_move(seat["legal"])


def plain_move(legal: list[Action]) -> Action:
    """The first move open to the seat but leaving the game: for a game the bot cannot read,
    and for a bot with nothing to say when it is asked."""
    return next(action for action in legal if action["kind"] != "resign")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", required=True, help="the site's address")
    parser.add_argument("--token", default=os.environ.get("BOHNANZA_TOKEN", ""))
    parser.add_argument("--bot", default="strong", choices=sorted(bots.BOTS))
    parser.add_argument(
        "--until-done", action="store_true", help="stop once no seat is in a running game"
    )
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("give the token with --token or BOHNANZA_TOKEN")
    Player(Client(args.site, args.token), args.bot).run(args.until_done)


if __name__ == "__main__":
    main()
