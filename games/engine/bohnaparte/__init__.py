"""Bohnaparte (seed 003): the map-conquest expansion for 3 to 6 players, with its cavalry
variant. `expansion` is Bohnaparte as one object, which `games.engine` installs; the other
modules hold its lands and maps, its board, battles, phases, moves and attacks, listings,
view, wording, invariants and what the bots make of it.

Importing this package registers nothing.
"""

from ..compiled import search_path

__path__ = search_path(__path__, __name__)  # the compiled modules, where built
