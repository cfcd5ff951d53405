"""What the table asks of every bot, whatever it decides from."""

from random import Random

from ..state import State


class BaseBot:
    def __init__(self, rng: Random):
        self.rng = rng

    def choose(self, state: State, seat: int, awaited: bool = True) -> dict | None:
        """The bot's move for `seat`, or None when it has nothing it wants to do now."""
        raise NotImplementedError

    def memory(self) -> dict:
        """What the bot remembers from one move to the next, as plain data."""
        return {}

    def recall(self, memory: dict) -> None:
        """Carries on with what `memory` gave."""
