"""A reference bot for the site's bot API: plays every seat its token holds with one of the
engine's bots, over the API only (standard library HTTP), waiting by long-poll.

    python clients/python/play.py --site https://bohnanza.example --token bz….… [--bot strong]

It imports the engine (games/engine/, pure Python) for the bot's decisions and nothing else
of the site: no Django, no database. See README.md beside it.
"""

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request

# The engine is the repository's games/engine package, two folders up.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from view_state import NotRebuilt, state_from_view  # noqa: E402

from games.engine import bots  # noqa: E402

WAIT = 30
DONE = ("finished", "cancelled")


class Refused(Exception):
    def __init__(self, status: int, body: dict):
        super().__init__(f"{status}: {body.get('detail')}")
        self.status, self.body = status, body


class Api:
    """The site's bot API: JSON in, JSON out, the token in the Authorization header; a 429
    waits out its Retry-After and asks again."""

    def __init__(self, site: str, token: str):
        self.base = site.rstrip("/") + "/api/v1"
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None, timeout: float = 60):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        request.add_header("Content-Type", "application/json")
        while True:
            try:
                with urllib.request.urlopen(request, timeout=timeout) as response:
                    return json.load(response)
            except urllib.error.HTTPError as error:
                if error.code == 429:
                    time.sleep(int(error.headers.get("Retry-After", "1")))
                    continue
                raise Refused(error.code, json.load(error)) from None


class Player:
    """Plays the token's seats: each awaited seat's move from its bot, then a long-poll on a
    seat until something happens."""

    def __init__(self, api: Api, bot: str, out=sys.stdout):
        self.api, self.bot_kind, self.out = api, bot, out
        self.bots: dict[int, bots.BaseBot] = {}

    def run(self, until_done: bool) -> None:
        after: dict[int, int] = {}  # the move number each seat was last seen at
        while True:
            seats = [seat for seat in self.api.call("GET", "/seats") if seat["status"] not in DONE]
            if not seats:
                if until_done:
                    return
                time.sleep(WAIT)
                continue
            for seat in seats:
                after[seat["seat"]] = self.play(seat["seat"]) if seat["awaited"] else seat["seq"]
            # Everything answered: wait for the next thing to happen at the first table.
            first = seats[0]["seat"]
            self.api.call(
                "GET", f"/seats/{first}/events?after={after[first]}&wait={WAIT}", timeout=WAIT + 30
            )

    def play(self, seat_id: int) -> int:
        """Moves for the seat while the game waits for it; the move number it leaves it at.
        A move refused on a board is followed by the plainest legal move on the same board,
        and after that refused too, the seat waits for the game to move on."""
        page = self.api.call("GET", f"/seats/{seat_id}")
        refused_at = None
        while page["view"] and page["awaited"] and not page["view"]["over"]:
            seq = page["seq"]
            if seq == refused_at:
                action = plain_move(page["view"]["legal"])
            else:
                action = self.choose(seat_id, page)
            try:
                page = self.api.call(
                    "POST", f"/seats/{seat_id}/moves", {"action": action, "expected_seq": seq}
                )
            except Refused as refused:
                if refused.status != 409:  # a stale board is read again; anything else is news
                    print(f"seat {seat_id}: {action} refused: {refused}", file=self.out)
                    if seq == refused_at:
                        return seq
                    refused_at = seq
                page = self.api.call("GET", f"/seats/{seat_id}")
        return page["seq"]

    def choose(self, seat_id: int, page: dict) -> dict:
        view = page["view"]
        bot = self.bots.setdefault(seat_id, bots.make_bot(self.bot_kind, f"client/{seat_id}"))
        try:
            state = state_from_view(view, page["options"])
        except NotRebuilt:
            return plain_move(view["legal"])
        return bot.choose(state, view["seat"]) or plain_move(view["legal"])


def plain_move(legal: list[dict]) -> dict:
    """A move of the first legal kind that needs no choice but its first: for a game the bot
    cannot read, and for a bot with nothing to say when it is asked."""
    for action in legal:
        kind = action["kind"]
        if kind == "plant":
            return {"kind": kind, "card": action["card"], "field": action["fields"][0]}
        if kind == "harvest":
            return {"kind": kind, "field": action["field"]}
        if kind == "decline":
            return {"kind": kind, "offer": action["offer"]}
        if set(action) == {"kind"}:
            return {"kind": kind}
    return {"kind": "end_trading"}


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
    Player(Api(args.site, args.token), args.bot).run(args.until_done)


if __name__ == "__main__":
    main()
