"""The expert bot: the strong bot's moves, checked by playing the game on in worlds its seat
cannot tell from the real one.

For a decision with more than one move worth weighing, it deals the cards its seat cannot see
(the other hands and the deck) anew, at random, a number of times (`SAMPLES`, fewer when a
time cap runs out); in each such world it makes every candidate move and plays the game on,
`HORIZON` turns or to its end, with strong bots at every seat. A game played on is worth the
seat's coins over the best of the others', its fields counted as harvested (as at the game's
end), and a win when the game ended. Every candidate is played in the same worlds, so that
they are compared on the same luck, and it leaves the strong bot's move only for one that
beats it by more than chance would (`SURE` standard errors of the differences).

What it weighs: where to plant, whether to plant a second card, harvesting a field that pays,
buying the third field; accepting or declining an offer; as the active player, making the
strong bot's offer or ending trading instead; asked whether it wants to make an offer, the
strong bot's offer or none. What to offer, to whom and for what is the strong bot's choice.

Fair by construction: it decides from its seat's sight (`sight.seat_state`) like every bot, and
the worlds are drawn from a random generator seeded by that sight, never by the real deck or
the game's seed; the same sight gives the same worlds and the same move.
"""

import hashlib
import time
from random import Random
from typing import Final

from ..beans import payout
from ..errors import IllegalMove
from ..legal import legal_actions, moves_of_kind
from ..move_kinds import apply
from ..state import State
from ..table import Table
from .base import BaseBot
from .sight import deal_unseen, seat_state
from .strong import StrongBot

SAMPLES: Final = 10  # worlds dealt for one decision at most
TIME_CAP: Final = 0.5  # seconds: no new world is dealt after this
WIN: Final = 10  # a win is worth this many coins over the best of the others
MAX_ROLLOUT_MOVES: Final = 5_000  # a bound on a game played on, far beyond HORIZON turns
HORIZON: Final = 8  # turns played on in each world; then each seat counts its coins and fields
SURE: Final = 2.0  # standard errors by which a move must beat the strong bot's move


class ExpertBot(StrongBot):
    def __init__(self, rng: Random, samples: int = SAMPLES, time_cap: float = TIME_CAP):
        super().__init__(rng)
        self.samples = samples
        self.time_cap = time_cap
        self.worlds_dealt = 0  # over the bot's life: what the last decisions cost

    def decide(self, state: State, seat: int, awaited: bool) -> dict | None:
        remembered = self.memory()
        default = super().decide(state, seat, awaited)
        if state.rules.expansions:  # Bohnaparte, the Bean Duel: the strong bot's moves
            return default
        candidates = _candidates(state, seat, awaited, default)
        if len(candidates) < 2:
            return default
        chosen = self._search(state, seat, candidates)
        if chosen != default:
            self.recall(remembered)
            if chosen is not None and chosen["kind"] == "offer":
                self._offer(chosen)
        return chosen

    def _search(self, state: State, seat: int, candidates: list[dict | None]) -> dict | None:
        """The candidate whose games beat the strong bot's move (the first) by more than
        chance would, in the same worlds; else the strong bot's move."""
        rng = Random(_digest(state, seat))
        results: list[list[float]] = [[] for _ in candidates]
        started = time.perf_counter()
        for sample in range(self.samples):
            if sample and time.perf_counter() - started > self.time_cap:
                break
            world = _deal(state, seat, rng)
            seed = rng.random()
            self.worlds_dealt += 1
            for i, move in enumerate(candidates):
                results[i].append(_play_on(world, seat, move, seed))
        base = results[0]
        best, best_gain = 0, 0.0
        for i in range(1, len(candidates)):
            gain = _sure_gain([a - b for a, b in zip(results[i], base, strict=True)])
            if gain > best_gain:
                best, best_gain = i, gain
        return candidates[best]


def _sure_gain(diffs: list[float]) -> float:
    """The mean gain when it stands out from the noise (more than SURE standard errors
    above nothing), else 0."""
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if mean <= 0 or mean * mean * n <= SURE * SURE * variance:
        return 0.0
    return mean


def _candidates(state: State, seat: int, awaited: bool, default: dict | None) -> list[dict | None]:
    """The strong bot's move first, then the other moves worth weighing."""
    found: list[dict | None] = [default]
    phase = state.phase
    if not awaited:
        if default is not None:
            found.append(None)
        return found
    if phase in ("plant", "plant_traded"):
        for move in legal_actions(state, seat):
            kind = move["kind"]
            if kind == "plant":
                for field in move["fields"]:
                    found.append({"kind": "plant", "card": move["card"], "field": field})
            elif kind in ("stop_planting", "buy_field"):
                found.append({"kind": kind})
            elif kind == "harvest" and _pays(state, seat, move["field"]):
                found.append({"kind": "harvest", "field": move["field"]})
    elif phase == "trade" and default is not None:
        kind = default["kind"]
        if kind == "accept":
            found.append({"kind": "decline", "offer": default["offer"]})
        elif kind == "decline":
            for move in _accepts(state, seat, default["offer"]):
                found.append(move)
        elif kind == "offer" and seat == state.active:
            found.append({"kind": "end_trading"})
    unique: list[dict | None] = []
    for move in found:
        if move not in unique:
            unique.append(move)
    return unique


def _pays(state: State, seat: int, field: int) -> bool:
    cards = state.fields[seat][field]
    return payout(state.card_beans[cards[0]], len(cards)) > 0


def _accepts(state: State, seat: int, offer_id: int) -> list[dict]:
    return [
        {"kind": "accept", "offer": offer_id, "give": move["give"]}
        for move in moves_of_kind(state, seat, "accept")
        if move["offer"] == offer_id
    ]


def _digest(state: State, seat: int) -> int:
    """A seed from the seat's sight alone."""
    data = repr((seat, state.to_dict())).encode()
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


def _deal(state: State, seat: int, rng: Random) -> State:
    """A world the seat cannot tell from the real game."""
    world = seat_state(state, seat)
    world.seed = str(rng.random())  # the shuffles of the discard pile, unknown too
    deal_unseen(world, seat, rng)
    return world


class _Imagined(BaseBot):
    """A strong bot inside a world of the look-ahead: the world is already what its seat
    imagines, so it decides from it as it is."""

    def __init__(self, rng: Random):
        super().__init__(rng)
        self.bot = StrongBot(rng)

    def choose(self, state: State, seat: int, awaited: bool = True) -> dict | None:
        return self.bot.decide(state, seat, awaited)


def _play_on(world: State, seat: int, move: dict | None, seed: float) -> float:
    """The game played on in a copy of `world` after `move` (None: no move now), HORIZON turns
    or to its end, with strong bots at every seat, as `_value` counts it for the seat. The
    candidates are the seat's legal moves, the same in every world; one refused would never
    be chosen."""
    state = world.copy()
    if move is not None:
        try:
            apply(state, seat, move)
        except IllegalMove:
            return -1e9
    rng = Random(seed)
    table = Table([_Imagined(rng) for _ in range(state.players)])
    moves = 0
    last_turn = state.turn + HORIZON
    while not state.over and state.turn < last_turn and moves < MAX_ROLLOUT_MOVES:
        mover, action = table.next_move(state)
        try:
            apply(state, mover, action)
        except IllegalMove:  # a bot with no move it may make: the game is counted as it is
            break
        moves += 1
    return _value(state, seat)


def _value(state: State, seat: int) -> float:
    """The seat's coins over the best of the others', counting the fields as harvested now
    (as at the game's end), and a win when the game is over."""
    if state.over and state.result is not None:
        scores = state.result["scores"]
        winners = state.result["winners"]
        won = WIN / len(winners) if seat in winners else 0.0
    else:
        beans = state.card_beans
        scores = [
            len(state.coins[i])
            + sum(payout(beans[field[0]], len(field)) for field in state.fields[i] if field)
            for i in range(state.players)
        ]
        won = 0.0
    best_other = max(score for i, score in enumerate(scores) if i != seat)
    return scores[seat] - best_other + won
