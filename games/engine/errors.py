"""Errors the engine raises; every message is written for the player who caused it."""


class IllegalMove(Exception):
    """A move the rules do not allow. The state is left exactly as it was."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class SetupError(ValueError):
    """A game that cannot be set up: unknown edition, wrong player count or option."""
