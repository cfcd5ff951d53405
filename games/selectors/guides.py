"""The "How to play" page of an edition: its turn and its numbers, from the engine's rules."""

from django.utils.translation import gettext

from games import engine
from games.engine import guide
from games.engine.typed_numbers import small_number
from games.refusals import GameNotFound


def how_to_play(*, edition: str, players: str) -> dict:
    """The page for a game of this edition with this many players (its smallest table when
    the count is missing or not one it is played by); with no edition named, the first's (the
    site's header links there), each page linking to the others."""
    chosen = engine.EDITIONS.get(edition or next(iter(engine.EDITIONS)))
    if chosen is None:
        raise GameNotFound()
    counts = list(range(chosen.min_players, chosen.max_players + 1))
    count = small_number(players) or 0
    count = count if count in counts else counts[0]
    return {
        "edition": chosen,
        "editions": [(key, gettext(other.name)) for key, other in engine.EDITIONS.items()],
        "title": chosen.title(count),
        "players": count,
        "counts": counts,
        "steps": guide.turn_steps(chosen.key, count),
        "facts": guide.facts(chosen.key, count),
    }
