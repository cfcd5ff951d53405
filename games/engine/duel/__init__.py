"""The Bean Duel (Rio Grande, 2 players): `expansion` is the Duel as one object, installed by
`games.engine`; `steps` holds its turn's phases and moves, `wording` its words.
"""

from ..compiled import search_path

__path__ = search_path(__path__, __name__)  # the compiled modules, where built
