"""The trade book: what a player says in advance so that the game need not wait for them to say
it. Standing offers to whoever is the active player (`standing`), answer rules that answer
offers as the seat's own moves (`answers`), the obvious field for what a seat receives
(`placing`), a pass for the current trading phase and a plan of the seat's whole turn
(`plans`). `part` keeps all of it in the state; `follow` makes the moves it calls for after
each move; `moves` holds its kinds of move, `wording` its words.

The rules of the game do not change: trades are made only with the active player in the
trading phase, and everything received is planted before the draw.
"""

from ..compiled import search_path

__path__ = search_path(__path__, __name__)  # the compiled modules, where built
