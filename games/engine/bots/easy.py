"""The easy bot: plants a second card wherever it fits, even in the field the next card would
have needed, neither makes nor takes offers, and when it must make room harvests the first field
the rules allow."""

from ..fields import harvestable
from ..state import State
from .heuristic import HeuristicBot, field_for


class EasyBot(HeuristicBot):
    def _plants_second(self, state: State, seat: int, card: int) -> bool:
        return field_for(state, seat, card) is not None

    def _harvest_for_room(self, state: State, seat: int) -> int:
        return harvestable(state, seat)[0]

    def _propose_as_active(self, state: State, seat: int) -> dict | None:
        return None

    def _propose(self, state: State, seat: int) -> dict | None:
        return None

    def _answer(self, state: State, seat: int, offer) -> dict:
        return {"kind": "decline", "offer": offer.id}
