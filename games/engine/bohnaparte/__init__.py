"""Bohnaparte (seed 003): the map-conquest expansion for 3 to 6 players, with its cavalry
variant. `expansion` registers it with the engine; the other modules hold its lands and maps,
its board, battles, phases, moves, listings, view, wording and invariants.

Importing this package registers nothing, so that the bots may read the board and the view
without pulling in the moves (which import the whole turn).
"""

from ..compiled import search_path

__path__ = search_path(__path__, __name__)  # the compiled modules, where built
