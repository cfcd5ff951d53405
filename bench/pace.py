"""The pace of an asynchronous game: how many days a Rio Grande game between people takes, with
and without the trade book, and how often each of them is called to move.

    python -m bench.pace                        # 4 players answering after 6 h, 30 games a table
    python -m bench.pace --players 3 4 5 --hours 6 12 --games 100 --seed other

The model (bench.paced_game plays one game):

- People answer each call to move after a delay drawn from an exponential distribution (a mean
  of 6 hours by default), and decide as the strong bots do, each from what its seat may see (the
  bots read the game through `bots.sight`, as in `playout`). No bank runs out (the bank and its
  default moves are left out): only the two clocks said below end anything, the daily clock's
  trading window and the site's bots' patience.
- Calls follow the site's calling rule: a seat is called when `protocol.to_call` names it (those
  the game waits for, less an active player whose turn plan carries its trading), unless a call
  to it is still out. One case `to_call` leaves in: the active player waiting only for the
  answers to its own offers, with no plan that carries them. The site does not call it then (the
  offer was its own move, and each answer calls it: the maker is mailed "accepted" or
  "declined") and does not ask a bot in its place (`after_move._awaits_answers`), so neither
  does the model (`paced_game.awaits_answers`): it is called again once an answer is in. A call
  whose reason is gone by the time it is answered still counts.
- On answering, a seat makes every move it wants in that one visit while the game calls for it:
  the active player plants, turns up the cards, trades, ends trading and plants what it kept in
  one visit when nobody has to answer it; the last player to plant traded beans, when the next
  turn is theirs, plays it on in the same visit. A seat that is visiting during the trading
  while the game does not call it makes the offers of its own it wants and no other trading
  move: a player who is not active the one offer the strong bot makes (asking for face-up cards,
  or giving away cards that fit none of its fields), or a pass if it passes when it has nothing
  to offer; the active player whose plan carries its trading the offers the strong bot makes as
  the active player, leaving it to the plan to end the trading (and not waiting for the
  answers). No seat comes to the page uncalled, so a player nobody calls in a turn makes no
  offer in it and does not pass. A seat that wants no move when the game calls for it gets the
  move the game makes when its time runs out (counted, and printed when there are any).
- Every offer to a person is a round trip: the maker makes it and leaves; the receiver answers
  after its delay; the maker is called again and answers, offers again or ends trading after its
  own delay. Each accepted offer leaves its receiver cards to plant, and the next turn starts
  only once everyone has planted, each after a call and a delay of their own unless the trade
  book plants for them.
- The trade book (`games.engine.book`), as a person uses it: answer rules set on their first
  visit; one standing offer at most, the first one the site's bots would stand (a card of the
  next ones of the hand that fits no field, for nothing; else a bean of the fullest field, asked
  for nothing), withdrawn once it would cost them something; as the active player, the standing
  offers worth more to it than they cost taken (`bots.book.book_move`); on their first visit, a
  turn plan for every turn of theirs: the front card planted where it obviously goes (the field
  that earns most harvested when it fits none), the face-up cards and the next two cards of the
  hand that grow none of its fields offered for nothing to the players who grow them, the cards
  kept planted in the obvious field, and trading ended "at once" (once the plan's offers are
  answered) or once all have passed. A person called to their own turn (a turn their plan
  stopped in) plays the rest of it by hand, trading and ending the trading themselves. As each
  trading phase begins, a pass is assumed for every person not visiting (as the site assumes it
  for the people away from the page, `services.moves`); a plan that waits for the passes ends
  trading once everyone has passed. Every active player's trading ends, as at the site, when the
  daily clock's trading window closes, 12 hours after it began: the game's default move ends it,
  and the offers still open lapse.
- Tables, each seat with its habit: nobody uses the book; everyone trusting (rules: gifts, and
  offers that give a bean they grow, accepted when the cards fit; nothing kept back; the rest
  declined; received cards planted in the obvious field; plans end once all passed); the same
  with plans that end at once; everyone cautious (rules: gifts accepted, offers that would cost
  one of the hand's first two cards declined, the rest left to the player; a player who has
  nothing to offer in another's trading passes; plans end once all passed); a mixed table (the
  first two seats trusting, the others never touching the book); one person (seat 0, no book)
  against the site's bots; and the site's bots alone, making no offer. The bots move at once,
  after every move, as the site asks them (`after_move.bots_to_ask`), so a person still on the
  page answers their offers in the same visit; they use the book as the site's bots do
  (`BookBot(bot, rules=False)`: standing offers, taking those worth it, no rules: each offer is
  answered the moment it is made), and while the person trades, each may offer them something. A
  bot trading as the active player waits for the answers to its offers, and before it ends
  trading for the person's offers while the person is at the page (visiting) and has not passed,
  for its patience on the daily clock at most: 2 hours from its last move; then it withdraws its
  offers and ends trading.
- Figures per table: days per game (median and 90th percentile), calls a person a turn (the
  calls to the people over their seats and the game's turns, averaged over the games; the bots
  are never called), offers (standing ones too), trades (accepted offers, standing offers taken)
  and moves (the game's log: the seats' own moves and the passes assumed for them; what the book
  does for a seat is part of the move it follows) per game. The last table, the site's bots
  playing without a single offer, is the log of a game without trading, to hold the others'
  against. At a mixed table, the calls of the seats with and without the book apart; against the
  bots, the calls to the person over the turns they were the active player in, and the hours a
  game the bots' trading lasted (a bot moves at once: all of it is waiting for the person). The
  last, partial turn counts as a turn. `--why` adds under each table its calls by the prompt
  they were for (`protocol.prompt` when the call went out): "trade" the active player's,
  "answer" an offer's receiver's, "trade_answer" the active player answering an offer,
  "plant_received" a receiver planting, "plant_kept" the active player planting the cards it
  kept.
- The delays of a game are drawn in the order of its calls from a generator seeded by its seed,
  and the bots' generators are seeded as `playout` seeds them: the same seed gives the same
  figures, and every table plays the same deals.
"""

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bench.paced_game import GameFigures, Habit, play
from games.engine.book.part import ASK, DECLINE, END, PASSED

PLAYERS = (3, 4, 5)
HOURS = (6.0,)
GAMES = 30

TRUSTING_RULES = {
    "gifts": True,
    "growing": True,
    "keep": 0,
    "otherwise": DECLINE,
    "plant": True,
    "away": False,
}
CAUTIOUS_RULES = {
    "gifts": True,
    "keep": 2,
    "growing": False,
    "otherwise": ASK,
    "plant": True,
    "away": False,
}
NO_BOOK = Habit()
TRUSTING = Habit(TRUSTING_RULES, standing=1, plan=PASSED)
TRUSTING_END = Habit(TRUSTING_RULES, standing=1, plan=END)
CAUTIOUS = Habit(CAUTIOUS_RULES, standing=1, plan=PASSED, passes=True)
SITE_BOT = Habit(bot=True)
NO_TRADE_BOT = Habit(bot=True, offers=False)


@dataclass(frozen=True)
class Table:
    """A kind of table: the habits of its first seats, and of every other seat."""

    name: str
    rest: Habit
    first: tuple[Habit, ...] = ()

    def habits(self, players: int) -> list[Habit]:
        return [*self.first, *[self.rest] * (players - len(self.first))]


TABLES = (
    Table("nobody uses the book", NO_BOOK),
    Table("everyone trusting", TRUSTING),
    Table("everyone trusting, plans end at once", TRUSTING_END),
    Table("everyone cautious", CAUTIOUS),
    Table("a mixed table", NO_BOOK, first=(TRUSTING, TRUSTING)),
    Table("one person against bots, daily clock", SITE_BOT, first=(NO_BOOK,)),
    Table("bots that never offer (no trading)", NO_TRADE_BOT),
)


@dataclass(frozen=True)
class Line:
    """One row of the table: the figures of a table's games."""

    players: int
    table: Table
    games: list[GameFigures]

    def seats(self, book: bool | None = None) -> list[int]:
        """The people's seats; those who use the book (True) or not (False)."""
        habits = self.table.habits(self.players)
        return [
            seat
            for seat, habit in enumerate(habits)
            if not habit.bot and book in (None, habit.rules is not None)
        ]

    def median_days(self) -> float:
        return statistics.median(game.days for game in self.games)

    def p90_days(self) -> float:
        days = [game.days for game in self.games]
        return statistics.quantiles(days, n=10, method="inclusive")[-1]

    def calls_per_turn(self, seats: list[int]) -> float:
        return statistics.mean(game.calls_per_turn(seats) for game in self.games)

    def calls_per_own_turn(self, seats: list[int]) -> float:
        """The seats' calls over the turns they were the active player in."""
        return statistics.mean(
            sum(game.calls[seat] for seat in seats) / sum(game.active[seat] for seat in seats)
            for game in self.games
        )

    def offers(self) -> float:
        return statistics.mean(game.offers for game in self.games)

    def moves(self) -> float:
        return statistics.mean(game.moves for game in self.games)

    def trades(self) -> float:
        return statistics.mean(game.trades for game in self.games)

    def bots_waited(self) -> float:
        return statistics.mean(game.bots_waited for game in self.games)

    def asked(self) -> list[tuple[str, float]]:
        """Calls per game by the prompt they were for, the most first."""
        total: Counter[str] = Counter()
        for game in self.games:
            total += game.asked
        return [(key, count / len(self.games)) for key, count in total.most_common()]

    def stand_ins(self) -> int:
        return sum(game.stand_ins for game in self.games)


def measure(
    players: int, table: Table, mean_hours: float, games: int = GAMES, seed: str = "pace"
) -> Line:
    habits = table.habits(players)
    return Line(
        players,
        table,
        [play(players, f"{seed}/{players}/{game}", mean_hours, habits) for game in range(games)],
    )


HEADER = (
    f"{'players':>7}  {'table':<37} {'days median':>11} {'p90':>6} "
    f"{'calls/person/turn':>17} {'offers/game':>11} {'trades/game':>11} {'moves/game':>10}"
)


def format_line(line: Line) -> list[str]:
    people = line.seats()
    calls = f"{line.calls_per_turn(people):.2f}" if people else "-"
    lines = [
        f"{line.players:>7}  {line.table.name:<37} {line.median_days():>11.1f} "
        f"{line.p90_days():>6.1f} {calls:>17} "
        f"{line.offers():>11.1f} {line.trades():>11.1f} {line.moves():>10.1f}"
    ]
    book, no_book = line.seats(True), line.seats(False)
    if book and no_book:
        lines.append(
            f"{'':>9}calls a person a turn: {line.calls_per_turn(no_book):.2f} at the seats "
            f"without the book, {line.calls_per_turn(book):.2f} at those with it"
        )
    if people and len(people) < line.players:
        lines.append(
            f"{'':>9}calls to the person a turn of theirs (calls to them / turns they were the "
            f"active player in): {line.calls_per_own_turn(line.seats()):.2f}; hours the bots "
            f"waited for them a game: {line.bots_waited():.1f}"
        )
    return lines


def table(
    mean_hours: float,
    players: Sequence[int] = (4,),
    games: int = GAMES,
    seed: str = "pace",
    why: bool = False,
) -> list[str]:
    lines = [
        f"pace: Rio Grande, people answering each call after {mean_hours:g} h on average "
        f"(exponential), deciding as the strong bots do; games a table: {games}, seed {seed!r}",
        HEADER,
    ]
    stand_ins = 0
    for count in players:
        for kind in TABLES:
            line = measure(count, kind, mean_hours, games, seed)
            stand_ins += line.stand_ins()
            lines += format_line(line)
            if why and line.seats():
                asked = ", ".join(f"{key} {count:.1f}" for key, count in line.asked())
                lines.append(f"{'':>9}calls a game for: {asked}")
    if stand_ins:
        lines.append(f"  moves made for a seat that wanted none: {stand_ins}")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.pace", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--players", type=int, nargs="+", choices=PLAYERS, default=[4])
    parser.add_argument(
        "--hours", type=float, nargs="+", default=HOURS, help="mean answer delays to run"
    )
    parser.add_argument("--games", type=int, default=GAMES, help="games a table")
    parser.add_argument("--seed", default="pace")
    parser.add_argument(
        "--why", action="store_true", help="under each table, its calls by what they asked for"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    for mean_hours in args.hours:
        for text in table(mean_hours, args.players, args.games, args.seed, args.why):
            print(text)
    print(f"pace: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
