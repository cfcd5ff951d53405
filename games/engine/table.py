"""A table of bots: who moves next and what it plays, as whole games (`playout`) and a bot's
look-ahead (`bots.expert`) both ask it."""

from .bots.base import BaseBot
from .phases import PHASES
from .state import State


class Table:
    """The bots at each seat. Seats are awaited only to answer the offers made to them, so
    during each trade phase every seat but the active one is asked once, one seat a move,
    whether it wants to make an offer of its own."""

    def __init__(self, seats: list[BaseBot]):
        self.seats = seats
        self.turn = -1  # the turn whose trade phase the seats are being asked in
        self.asked = 0

    def next_move(self, state: State) -> tuple[int, dict | None]:
        """The seat to move next and its move (None: a bot with nothing to play)."""
        if state.phase == "trade":
            seat = self._unprompted(state)
            if seat >= 0:
                action = self.seats[seat].choose(state, seat, awaited=False)
                if action is not None:
                    return seat, action
        # The phase's own waiting_for: `views.waiting_for` only adds the case of a game over.
        # The seats answering offers go first: the active player waits for their answers.
        waiting = PHASES[state.phase].waiting_for(state)
        seat = waiting[0] if waiting[0] != state.active else waiting[-1]
        return seat, self.seats[seat].choose(state, seat)

    def _unprompted(self, state: State) -> int:
        """The next seat to ask whether it wants to make an offer, or -1 when all were."""
        if self.turn != state.turn:
            self.turn, self.asked = state.turn, 0
        if self.asked >= len(self.seats) - 1:
            return -1
        seat = (state.active + 1 + self.asked) % len(self.seats)
        self.asked += 1
        return seat
