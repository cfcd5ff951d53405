"""The "How to play" page of an edition: its turn and its numbers, from the engine's rules."""

from games import engine
from games.engine import guide
from games.engine.typed_numbers import small_number
from games.refusals import GameNotFound


def how_to_play(*, edition: str, players: str) -> dict:
    """The page for a game of this edition with this many players (its smallest table when
    the count is missing or not one it is played by)."""
    chosen = engine.EDITIONS.get(edition)
    if chosen is None:
        raise GameNotFound()
    counts = list(range(chosen.min_players, chosen.max_players + 1))
    count = small_number(players) or 0
    count = count if count in counts else counts[0]
    return {
        "edition": chosen,
        "title": chosen.title(count),
        "players": count,
        "counts": counts,
        "steps": guide.turn_steps(edition, count),
        "facts": guide.facts(edition, count),
    }
