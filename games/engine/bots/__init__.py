"""Bots that fill seats. Each returns ordinary moves that go through `apply` like a player's.

A bot sees the game as its seat may: its own hand, the fields, the face-up cards and the
offers made to it. `choose` returns None when the bot has nothing it wants to do now (a seat
that is not awaited, asked whether it wants to make an offer).
"""

from typing import Final

from ..compiled import search_path

__path__ = search_path(__path__, __name__)  # the compiled modules, where built

import random as _random

from .base import BaseBot
from .easy import EasyBot
from .expert import ExpertBot
from .heuristic import HeuristicBot
from .random import RandomBot
from .strong import StrongBot

# The levels a bot seat may be given at a game's creation, weakest first.
LEVELS: Final = ("easy", "normal", "strong", "expert")
# "heuristic" is the normal bot's former name, which seats and scripts may still carry.
BOTS: Final = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": HeuristicBot,
    "strong": StrongBot,
    "expert": ExpertBot,
    "heuristic": HeuristicBot,
}


def make_bot(kind: str, seed: str) -> BaseBot:
    try:
        bot_class = BOTS[kind]
    except KeyError:
        choices = ", ".join(BOTS)
        raise ValueError(f"There is no bot called {kind!r}; choose from {choices}.") from None
    return bot_class(_random.Random(seed))


__all__ = [
    "BOTS",
    "LEVELS",
    "EasyBot",
    "ExpertBot",
    "HeuristicBot",
    "RandomBot",
    "StrongBot",
    "make_bot",
]
