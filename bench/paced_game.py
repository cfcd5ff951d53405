"""One Rio Grande game between people who answer each call to move after a delay, played on a
virtual clock through the engine's protocol; `bench.pace` says what is modelled and why.

A call is one notification that the game waits for a seat: a seat is called when it is among
those `waiting_for` names and is not only waiting for the answers to its own offers, unless a
call to it is still out. It answers after its delay and makes, in that one visit, every move it
wants while the game waits for it; in the trading phase it may also make the offer of its own
that it wants, as a person on the page may. Delays are exponential and drawn, in call order,
from a generator seeded by the game's seed, so a seed gives the same game every time.
"""

import heapq
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Final

from games.engine import apply, default_move, legal_kinds, new_game, prompt, waiting_for
from games.engine.bots import make_bot
from games.engine.bots.base import BaseBot
from games.engine.bots.book import BookBot
from games.engine.bots.sight import Bot
from games.engine.legal import moves_of_kind
from games.engine.state import State

EDITION: Final = "rio-grande"
BOT: Final = "strong"
# Far beyond any real game or visit: more means the model is stuck, not that people are slow.
MAX_CALLS: Final = 20_000
MAX_MOVES_A_VISIT: Final = 200


@dataclass
class GameFigures:
    hours: float = 0.0  # virtual time from the first call to the end of the game
    turns: int = 0
    calls: list[int] = field(default_factory=list)  # per seat
    asked: Counter[str] = field(default_factory=Counter)  # calls by the prompt they were for
    real_choices: int = 0  # calls where the seat had something to choose
    offers: int = 0
    trades: int = 0  # accepted offers
    most_offers_a_turn: int = 0  # by one seat in one turn
    stand_ins: int = 0  # moves the game made for a seat that wanted none (see `_visit`)

    @property
    def days(self) -> float:
        return self.hours / 24

    @property
    def calls_per_player_turn(self) -> float:
        return sum(self.calls) / (len(self.calls) * self.turns)


class Person:
    """A seat's player: decides as the strong bot does, from what the seat may see, and makes
    at most `cap` offers a turn (None: as many as the bot wants). Past the cap, the active
    player ends trading where the bot would have offered, and another player offers nothing."""

    def __init__(self, bot: BaseBot, cap: int | None):
        self.bot = bot
        self.cap = cap
        self.turn = -1
        self.offers = 0  # made in `turn`

    def choose(self, state: State, seat: int, awaited: bool) -> dict | None:
        move = self.bot.choose(state, seat, awaited)
        if move is None or move["kind"] != "offer":
            return move
        if self.turn != state.turn:
            self.turn, self.offers = state.turn, 0
        if self.cap is not None and self.offers >= self.cap:
            return {"kind": "end_trading"} if seat == state.active and awaited else None
        self.offers += 1
        return move


def play(
    players: int, seed: str, mean_hours: float, cap: int | None, book: bool = False
) -> GameFigures:
    return PacedGame(players, seed, mean_hours, cap, book).play()


class PacedGame:
    def __init__(
        self, players: int, seed: str, mean_hours: float, cap: int | None, book: bool = False
    ):
        names = [f"seat{seat}" for seat in range(players)]
        self.state, _ = new_game(EDITION, names, seed)
        self.people = [Person(_bot(f"{seed}/bot{seat}", book), cap) for seat in range(players)]
        self.delays = random.Random(f"{seed}/delays")
        self.mean_hours = mean_hours
        self.clock = 0.0
        self.due: list[tuple[float, int, int]] = []  # (answer time, call number, seat)
        self.called = [False] * players  # a call is out to the seat, not yet answered
        self.figures = GameFigures(calls=[0] * players)
        self.offers_a_turn: dict[tuple[int, int], int] = {}

    def play(self) -> GameFigures:
        state = self.state
        while not state.over:
            self._call_awaited()
            if not self.due or sum(self.figures.calls) > MAX_CALLS:
                raise RuntimeError(f"the game stalled at turn {state.turn}, {state.phase}")
            self.clock, _, seat = heapq.heappop(self.due)
            self.called[seat] = False
            self._visit(seat)
        self.figures.hours = self.clock
        self.figures.turns = state.turn
        self.figures.most_offers_a_turn = max(self.offers_a_turn.values(), default=0)
        return self.figures

    def _call_awaited(self) -> None:
        for seat in waiting_for(self.state):
            if not self.called[seat] and callable_now(self.state, seat):
                self.called[seat] = True
                self.figures.calls[seat] += 1
                self.figures.asked[prompt(self.state, seat).key] += 1
                delay = self.delays.expovariate(1 / self.mean_hours)
                heapq.heappush(self.due, (self.clock + delay, sum(self.figures.calls), seat))

    def _visit(self, seat: int) -> None:
        """The seat's moves on one visit. A seat the game waits for that wants no move (the bot
        has none for it) gets the move the game would make when its time ran out, counted: a
        visit never leaves the game waiting on a seat that is here."""
        state = self.state
        person = self.people[seat]
        for moves in range(MAX_MOVES_A_VISIT):
            if state.over:
                return
            awaited = callable_now(state, seat)
            if moves == 0 and awaited:
                self.figures.real_choices += real_choice(state, seat)
            move = person.choose(state, seat, awaited)
            if move is None and awaited:
                move = default_move(state, seat)
                self.figures.stand_ins += move is not None
            if move is None:
                return
            self._count(seat, move)
            for event in apply(state, seat, move):
                self.figures.trades += event.kind == "traded"
        raise RuntimeError(f"seat {seat} made {MAX_MOVES_A_VISIT} moves in one visit")

    def _count(self, seat: int, move: dict) -> None:
        if move["kind"] in ("offer", "stand"):
            self.figures.offers += 1
            key = (self.state.turn, seat)
            self.offers_a_turn[key] = self.offers_a_turn.get(key, 0) + 1


def _bot(seed: str, book: bool) -> BaseBot:
    bot = make_bot(BOT, seed)
    return BookBot(bot) if book and isinstance(bot, Bot) else bot


def callable_now(state: State, seat: int) -> bool:
    """Whether the game waits for the seat to do something: it is among those `waiting_for`
    names, and is not the active player waiting only for the answers to its own offers (as a
    bot trading as the active player waits for them, `games.after_move.bots_to_ask`)."""
    if seat not in waiting_for(state):
        return False
    if seat != state.active:
        return True
    offers = state.offers.values()
    made = any(offer.maker == seat for offer in offers)
    return not made or any(offer.to == seat for offer in offers)


def real_choice(state: State, seat: int) -> bool:
    """More than one kind of move open to the seat (leaving the game is not among them), or
    more than one move of its one kind, a card planted in one field or another counting as two."""
    kinds = legal_kinds(state, seat)
    if len(kinds) != 1:
        return len(kinds) > 1
    moves = moves_of_kind(state, seat, kinds[0])
    if kinds[0] == "plant":
        return sum(len(move["fields"]) for move in moves) > 1
    return len(moves) > 1
