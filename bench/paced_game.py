"""One Rio Grande game at a table of people (and perhaps the site's bots) who answer each call
to move after a delay, played on a virtual clock through the engine's protocol; `bench.pace`
says what is modelled and why.

A call is one notification that the game waits for a person: a seat is called when the site's
calling rule (`to_call`) names it and it is not the active player waiting only for the answers
to its own offers (`awaits_answers`), unless a call to it is still out. It answers after its
delay and makes, in that one visit, every move it wants while the game calls for it; in the
trading phase it may also make the offers of its own that it wants, as a person on the page may.
The trading ends by the clock where a turn plan waits for passes (the trading window) and where
a bot trades (its patience). A `Habit` says how each seat plays: with or without the trade
book, or as the site's bot. The site's bots move at once, after every move, as the site asks
them (`after_move.bots_to_ask`). Delays are exponential and drawn, in call order, from a
generator seeded by the game's seed, so a seed gives the same game every time.
"""

import heapq
import random
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Final

from games.clocks.timecontrol import DEFAULT_PRESET, PRESETS
from games.engine import (
    apply,
    default_move,
    may_offer,
    new_game,
    prompt,
    to_call,
    waiting_for,
)
from games.engine.book.part import BEST
from games.engine.bots import make_bot
from games.engine.bots.base import BaseBot
from games.engine.bots.book import BookBot, book_move
from games.engine.bots.heuristic import HeuristicBot
from games.engine.bots.sight import Bot, seat_state
from games.engine.events import Event
from games.engine.state import State

EDITION: Final = "rio-grande"
BOT: Final = "strong"
# Far beyond any real game or visit: more means the model is stuck, not that people are slow.
MAX_CALLS: Final = 20_000
MAX_MOVES_IN_A_ROW: Final = 200
MAX_BOT_MOVES: Final = 20_000  # a whole game, at a table of bots alone
# The daily clock's trading window (a plan that waits for "passed" ends trading when it
# closes) and the site's bots' patience with the people, in hours.
DAILY = PRESETS[DEFAULT_PRESET]
WINDOW: Final = DAILY.trading_window / timedelta(hours=1)
PATIENCE: Final = DAILY.bot_patience / timedelta(hours=1)
END_TRADING: Final = {"kind": "end_trading"}
PASS: Final = {"kind": "pass"}
ASSUMED_PASS: Final = {"kind": "pass", "assumed": True}


@dataclass(frozen=True)
class Habit:
    """How a seat plays. `rules`: the answer rules a person sets on their first visit (None: they
    never touch the trade book); `standing`: the standing offers they keep at most; `plan`: the
    trading end of the turn plan they set at the start of each of their turns ("" for none);
    `passes`: they pass in another's trading when they have nothing to offer; `bot`: the site's
    bot, which moves at once and uses the book as the site's bots do; `offers`: whether it
    makes offers (a bot that makes none plays the game without trading)."""

    rules: dict | None = None
    standing: int = 0
    plan: str = ""
    passes: bool = False
    bot: bool = False
    offers: bool = True


@dataclass
class GameFigures:
    hours: float = 0.0  # virtual time from the first call to the end of the game
    turns: int = 0
    calls: list[int] = field(default_factory=list)  # per seat (bots are never called)
    active: list[int] = field(default_factory=list)  # turns each seat was the active player in
    asked: Counter[str] = field(default_factory=Counter)  # calls by the prompt they were for
    offers: int = 0  # offers and standing offers made
    moves: int = 0  # moves in the game's log: the seats' own and the passes assumed for them
    trades: int = 0  # accepted offers and standing offers taken
    stand_ins: int = 0  # moves the game made for a seat that wanted none (see `_visit`)
    bots_waited: float = 0.0  # hours the site's bots spent trading, all of it waiting for people

    @property
    def days(self) -> float:
        return self.hours / 24

    def calls_per_turn(self, seats: list[int]) -> float:
        """The seats' calls a seat a turn of the game."""
        return sum(self.calls[seat] for seat in seats) / (len(seats) * self.turns)


class Person:
    """A seat's person: decides as the strong bot does, from what the seat may see, and uses the
    trade book as its habit says (before any other move)."""

    def __init__(self, bot: Bot, habit: Habit):
        self.bot = bot
        self.habit = habit

    def choose(self, state: State, seat: int, awaited: bool) -> dict | None:
        seen = seat_state(state, seat)
        move = self._book(seen, seat) if self.habit.rules is not None else None
        if move is not None:
            return move
        move = self.bot.decide(seen, seat, awaited)
        if awaited or seen.phase != "trade":
            return move
        if seat == seen.active:
            carried = seen.book is not None and seat in seen.book.plans
            return None if move == END_TRADING and carried else move  # its plan ends it
        if move is not None and move["kind"] != "offer":
            return move
        if not may_offer(seen, seat):
            return None  # it passed
        passed = seen.book is not None and seat in seen.book.passes(seen.turn)
        return PASS if move is None and self.habit.passes and not passed else move

    def _book(self, seen: State, seat: int) -> dict | None:
        habit = self.habit
        book = seen.book
        if book is None or seat not in book.rules:
            return {"kind": "rules", **habit.rules}
        if habit.plan and seat not in book.plans:
            return turn_plan(habit.plan)  # for every turn of its
        move = book_move(seen, seat, rules=False)
        if move is not None and move["kind"] == "stand":
            mine = sum(1 for offer in book.standing.values() if offer.maker == seat)
            return move if mine < habit.standing else None
        return move


def turn_plan(trading: str) -> dict:
    """The plan a person sets on their first visit, for every turn of theirs: the front card
    planted where it obviously goes (the field that earns most harvested when it fits none),
    face-up cards and the next two cards of the hand that grow none of their fields offered to
    those who grow them, the cards kept planted in the obvious field, and trading ended as the
    habit says."""
    return {
        "kind": "plan",
        "obvious": 1,
        "harvest": BEST,
        "faceup": "offer",
        "hand": "offer",
        "trading": trading,
        "kept": True,
        "every": True,
    }


def awaits_answers(state: State, seat: int) -> bool:
    """Whether the seat is the active player waiting only for the answers to its own offers:
    `to_call` names it (unless its plan carries the trading), but the site neither asks its bot
    then (`after_move._awaits_answers`) nor calls its person (the answers do)."""
    if seat != state.active:
        return False
    offers = state.offers.values()
    made = any(offer.maker == seat for offer in offers)
    return made and not any(offer.to == seat for offer in offers)


def called(state: State) -> list[int]:
    return [seat for seat in to_call(state) if not awaits_answers(state, seat)]


def play(players: int, seed: str, mean_hours: float, habits: list[Habit]) -> GameFigures:
    return PacedGame(players, seed, mean_hours, habits).play()


class PacedGame:
    def __init__(self, players: int, seed: str, mean_hours: float, habits: list[Habit]):
        names = [f"seat{seat}" for seat in range(players)]
        self.state, events = new_game(EDITION, names, seed)
        self.players = [_player(f"{seed}/bot{seat}", habits[seat]) for seat in range(players)]
        self.bots = [seat for seat in range(players) if habits[seat].bot]
        self.silent = [seat for seat in range(players) if not habits[seat].offers]
        self.delays = random.Random(f"{seed}/delays")
        self.mean_hours = mean_hours
        self.clock = 0.0
        self.due: list[tuple[float, int, int]] = []  # (answer time, call number, seat)
        self.called = [False] * players  # a call is out to the seat, not yet answered
        self.figures = GameFigures(calls=[0] * players, active=[0] * players)
        self.visiting: int | None = None  # the seat whose person is at the page
        self.trading_began = 0.0
        self.active_moved = 0.0  # the active player's last move in its trading
        self._count(events)

    def play(self) -> GameFigures:
        state = self.state
        while True:
            self._bots_move()
            if state.over:
                break
            self._call()
            timeout = self._timeout()
            if (timeout is None and not self.due) or sum(self.figures.calls) > MAX_CALLS:
                raise RuntimeError(f"the game stalled at turn {state.turn}, {state.phase}")
            if timeout is not None and (not self.due or timeout < self.due[0][0]):
                self.clock = timeout
                self._time_out()
                continue
            self.clock, _, seat = heapq.heappop(self.due)
            self.called[seat] = False
            self.visiting = seat
            self._visit(seat)
            self.visiting = None
        self.figures.hours = self.clock
        self.figures.turns = state.turn
        return self.figures

    def _call(self) -> None:
        for seat in called(self.state):
            if not self.called[seat] and seat not in self.bots:
                self.called[seat] = True
                self.figures.calls[seat] += 1
                self.figures.asked[prompt(self.state, seat).key] += 1
                delay = self.delays.expovariate(1 / self.mean_hours)
                heapq.heappush(self.due, (self.clock + delay, sum(self.figures.calls), seat))

    def _visit(self, seat: int) -> None:
        """The seat's moves on one visit, the bots answering each at once. A seat the game calls
        for that wants no move (the bot has none for it) gets the move the game would make when
        its time ran out, counted: a visit never leaves the game calling a seat that is here."""
        state = self.state
        for _ in range(MAX_MOVES_IN_A_ROW):
            if state.over:
                return
            awaited = seat in called(state)
            move = self.players[seat].choose(state, seat, awaited)
            if move is None and awaited:
                move = default_move(state, seat)
                self.figures.stand_ins += move is not None
            if move is None:
                return
            self._apply(seat, move)
            self._bots_move()
        raise RuntimeError(f"seat {seat} made {MAX_MOVES_IN_A_ROW} moves in one visit")

    def _bots_move(self, patient: bool = True) -> None:
        """The site's bots move, one move at a time, until none wants to (`bot_moves.bot_move`);
        not `patient`, the active bot has waited out its patience: it makes no more offers and
        ends trading, and the others carry on once the trading is over."""
        state = self.state
        step = (state.turn, state.phase)
        for _ in range(MAX_BOT_MOVES):
            if state.over or (not patient and (state.turn, state.phase) != step):
                return
            for seat, awaited in self._bots_to_ask(patient):
                move = self.players[seat].choose(state, seat, awaited)
                silent = not patient or seat in self.silent
                if silent and move is not None and move["kind"] == "offer":
                    move = END_TRADING if seat == state.active else None
                if patient and move == END_TRADING and self._people_may_offer():
                    move = None  # the people beside get its patience to offer something
                if move is not None:
                    self._apply(seat, move)
                    break
            else:
                return
        raise RuntimeError(f"the bots made {MAX_BOT_MOVES} moves in a row")

    def _bots_to_ask(self, patient: bool) -> list[tuple[int, bool]]:
        """As `after_move.bots_to_ask`: the bots the game waits for, and while a person trades
        as the active player, the bots beside who may offer something."""
        if not self.bots:
            return []
        state = self.state
        waiting = waiting_for(state)
        asked = [
            (seat, True)
            for seat in waiting
            if seat in self.bots and not (patient and awaits_answers(state, seat))
        ]
        if state.active not in self.bots:
            asked += [
                (seat, False)
                for seat in self.bots
                if seat not in waiting and may_offer(state, seat)
            ]
        return asked

    def _people_may_offer(self) -> bool:
        """As `bot_moves._people_may_offer`: a person at the page (visiting) who may offer."""
        state = self.state
        seat = self.visiting
        return seat is not None and seat != state.active and may_offer(state, seat)

    def _timeout(self) -> float | None:
        """When the trading ends by the clock: a bot's patience from its last move, or the
        trading window (None: no clock runs out)."""
        state = self.state
        if state.phase != "trade":
            return None
        window = self.trading_began + WINDOW
        if state.active in self.bots:
            return min(window, self.active_moved + PATIENCE)
        return window

    def _time_out(self) -> None:
        """The active player's trading ends: a bot withdraws its offers and ends it
        (`timeouts._bots_move_on`), a plan's is ended by the game's default move."""
        state = self.state
        step = (state.turn, state.phase)
        if state.active in self.bots:
            self._bots_move(patient=False)
        for _ in range(MAX_MOVES_IN_A_ROW):
            move = default_move(state, state.active) if (state.turn, state.phase) == step else None
            if move is None:
                return
            self._apply(state.active, move)
        raise RuntimeError(f"the time-out made {MAX_MOVES_IN_A_ROW} moves")

    def _apply(self, seat: int, move: dict) -> None:
        state = self.state
        before = (state.turn, state.phase)
        bot_trading = state.phase == "trade" and state.active in self.bots
        self._count(apply(state, seat, move))
        self.figures.moves += 1
        if (state.turn, state.phase) == before:
            if seat == state.active:
                self.active_moved = self.clock
            return
        if bot_trading:
            self.figures.bots_waited += self.clock - self.trading_began
        self._passes_of_the_away()

    def _passes_of_the_away(self) -> None:
        """As `services.moves._passes_of_the_away`: as each trading phase begins, a pass is
        assumed for each person who is not at the page (not visiting); the passes may end it
        and plans carry the game into the next trading phase, which brings passes of its own."""
        state = self.state
        step = None
        while not state.over and state.phase == "trade" and (state.turn, state.phase) != step:
            step = (state.turn, state.phase)
            self.trading_began = self.active_moved = self.clock
            for seat in range(state.players):
                if state.over or state.phase != "trade":
                    break
                away = seat not in self.bots and seat != self.visiting
                if away and seat != state.active and may_offer(state, seat):
                    self._count(apply(state, seat, ASSUMED_PASS))
                    self.figures.moves += 1

    def _count(self, events: list[Event]) -> None:
        figures = self.figures
        for event in events:
            figures.offers += event.kind in ("offered", "stood")
            figures.trades += event.kind == "traded"
            if event.kind == "turn_started":
                figures.active[event.seat] += 1


def _player(seed: str, habit: Habit) -> BaseBot | Person:
    bot = make_bot(BOT, seed)
    assert isinstance(bot, HeuristicBot)
    if habit.bot and not habit.offers:
        return bot  # no standing offers either
    return BookBot(bot, rules=False) if habit.bot else Person(bot, habit)
