"""The pace of an asynchronous game: how many days a Rio Grande game between people takes, and
how often each of them is called to move.

    python -m bench.pace                        # 3, 4 and 5 players, at 6 and 12 hours
    python -m bench.pace --players 4 --hours 6 --games 400 --seed other

The model (bench.paced_game plays one game):

- People answer each call to move after a delay drawn from an exponential distribution (a
  mean of 6 hours, and of 12), and decide as the strong bots do, each from what its seat may
  see (the bots read the game through `bots.sight`, as in `playout`). Nobody runs out of time:
  the clocks and their default moves are left out, so a game lasts as long as its calls take.
- The game goes through the engine's protocol. A call is one notification that the game waits
  for a seat: a seat is called when `waiting_for` names it (the active player at the start of
  its turn and after each answer to its offers, a player an offer is made to, every player who
  has beans to plant after the trading), unless a call to it is still out; a seat named while
  it is only waiting for the answers to its own offers is not called (the site's bots wait for
  them too). A call whose reason is gone by the time it is answered still counts.
- On answering, a seat makes every move it wants in that one visit while the game waits for
  it: the active player plants, turns up the cards, trades, ends trading and plants what it
  kept in one visit when nobody has to answer it; the last player to plant traded beans, when
  the next turn is theirs, plays it on in the same visit (the site calls nobody to the move
  they have just made possible themselves). A seat that is visiting during the trading
  may also make the one offer of its own the strong bot makes as a player who is not active
  (asking for face-up cards, or giving away cards that fit none of its fields); no seat comes
  to the page uncalled, so a player nobody offers anything makes no offer in that turn.
- Every offer is a round trip: the active player makes it and leaves; the receiver answers after
  its delay; the active player is called again and answers, offers again or ends trading after
  its own delay. Each accepted offer leaves its receiver cards to plant, and the next turn
  starts only once everyone has planted, each after a call and a delay of their own.
- Rows: the strong bots' trading as it is; at most N offers a seat a turn (the cap is the
  people's, kept here, not the engine's: past it the active player ends trading where the bot
  would have offered, and another player offers nothing); no trading at all (the floor: the
  active player ends trading at once, and nobody makes an offer).
- The row "with the trade book": the people use it as the bots do (`bots.book`): each sets
  answer rules on its first visit (gifts that fit and offers of a bean it grows are accepted,
  the rest declined, received cards planted in the obvious field), stands offers of the cards
  its fields cannot take and asks whoever is active for the beans it grows, and as the active
  player takes the standing offers worth more to it than they cost, then trades and ends
  trading as the strong bot does; offers are answered by the rules at once, so only a seat
  without rules yet (in its first round) is called to answer.
- Figures per row: days per game (median and 90th percentile), calls per game and per player
  per turn (a game's calls over its seats and turns, averaged over the games), offers and trades
  (accepted offers) per game, and the share of calls that asked for a real choice: at the start
  of the visit, more than one kind of move was open to the seat, or more than one move of its
  one kind (a card planted in one field or another counts as two). "Offer" is open to every seat
  in the trading phase and "harvest" to the active player with a bean in a field, so nearly
  every call counts as a choice by this measure. The last, partial turn counts as a turn.
  `--why` adds under each row its calls by the prompt they were for (`protocol.prompt` when
  the call went out): "trade" the active player's, "answer" an offer's receiver's,
  "trade_answer" the active player answering an offer, "plant_received" a receiver planting.
- The delays of a game are drawn in the order of its calls from a generator seeded by its seed,
  and the bots' generators are seeded as `playout` seeds them: the same seed gives the same
  table. The same seed at 12 hours plays the same games with every delay doubled.
"""

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bench.paced_game import GameFigures, play

PLAYERS = (3, 4, 5)
HOURS = (6.0, 12.0)
GAMES = 50
CAP = 2


@dataclass(frozen=True)
class Row:
    name: str
    cap: int | None  # offers a seat may make in a turn; None: as many as the bots want
    book: bool = False  # the people use the trade book as the bots do


def rows(cap: int = CAP) -> list[Row]:
    return [
        Row("as it is", None),
        Row(f"at most {cap} offers a seat a turn", cap),
        Row("no trading at all", 0),
        Row("with the trade book", None, book=True),
    ]


@dataclass(frozen=True)
class Line:
    """One row of the table: the figures of its games."""

    players: int
    row: Row
    games: list[GameFigures]

    @property
    def days(self) -> list[float]:
        return [game.days for game in self.games]

    def median_days(self) -> float:
        return statistics.median(self.days)

    def p90_days(self) -> float:
        return statistics.quantiles(self.days, n=10, method="inclusive")[-1]

    def calls_per_game(self) -> float:
        return statistics.mean(sum(game.calls) for game in self.games)

    def calls_per_player_turn(self) -> float:
        return statistics.mean(game.calls_per_player_turn for game in self.games)

    def offers(self) -> float:
        return statistics.mean(game.offers for game in self.games)

    def trades(self) -> float:
        return statistics.mean(game.trades for game in self.games)

    def real_choices(self) -> float:
        return sum(game.real_choices for game in self.games) / sum(
            sum(game.calls) for game in self.games
        )

    def asked(self) -> list[tuple[str, float]]:
        """Calls per game by the prompt they were for, the most first."""
        total: Counter[str] = Counter()
        for game in self.games:
            total += game.asked
        return [(key, count / len(self.games)) for key, count in total.most_common()]

    def stand_ins(self) -> int:
        return sum(game.stand_ins for game in self.games)


def measure(
    players: int, row: Row, mean_hours: float, games: int = GAMES, seed: str = "pace"
) -> Line:
    return Line(
        players,
        row,
        [
            play(players, f"{seed}/{players}/{game}", mean_hours, row.cap, row.book)
            for game in range(games)
        ],
    )


HEADER = (
    f"{'players':>7}  {'trading':<32} {'days median':>11} {'p90':>6} {'calls/game':>10} "
    f"{'calls/player/turn':>17} {'offers/game':>11} {'trades/game':>11} {'real choices':>12}"
)


def format_line(line: Line) -> str:
    return (
        f"{line.players:>7}  {line.row.name:<32} {line.median_days():>11.1f} "
        f"{line.p90_days():>6.1f} {line.calls_per_game():>10.1f} "
        f"{line.calls_per_player_turn():>17.2f} {line.offers():>11.1f} {line.trades():>11.1f} "
        f"{line.real_choices():>12.1%}"
    )


def table(
    mean_hours: float,
    players: Sequence[int] = PLAYERS,
    games: int = GAMES,
    seed: str = "pace",
    cap: int = CAP,
    why: bool = False,
) -> list[str]:
    lines = [
        f"pace: Rio Grande, people answering each call after {mean_hours:g} h on average "
        f"(exponential), deciding as the strong bots do; games a row: {games}, seed {seed!r}",
        HEADER,
    ]
    stand_ins = 0
    for count in players:
        for row in rows(cap):
            line = measure(count, row, mean_hours, games, seed)
            stand_ins += line.stand_ins()
            lines.append(format_line(line))
            if why:
                asked = ", ".join(f"{key} {count:.1f}" for key, count in line.asked())
                lines.append(f"{'':>9}calls a game for: {asked}")
    if stand_ins:
        lines.append(f"  moves made for a seat that wanted none: {stand_ins}")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.pace", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--players", type=int, nargs="+", choices=PLAYERS, default=PLAYERS)
    parser.add_argument(
        "--hours", type=float, nargs="+", default=HOURS, help="mean answer delays to run"
    )
    parser.add_argument("--games", type=int, default=GAMES, help="games a row")
    parser.add_argument("--seed", default="pace")
    parser.add_argument("--cap", type=int, default=CAP, help="offers a seat a turn, capped row")
    parser.add_argument(
        "--why", action="store_true", help="under each row, its calls by what they asked for"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    for mean_hours in args.hours:
        for text in table(mean_hours, args.players, args.games, args.seed, args.cap, args.why):
            print(text)
    print(f"pace: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
