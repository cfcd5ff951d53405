"""Who besides a game's seats may watch a game only for people with the link. Another app adds
a rule when it is ready (the leagues app: a league's games are watched by its players, and a
public league's by anyone); an onlooker sees what any onlooker sees, never a hand."""

from collections.abc import Callable

# A rule: (game id, signed-in user) -> whether that user may watch the game.
WatchRule = Callable[[int, object], bool]

WATCH_RULES: list[WatchRule] = []


def add_watch_rule(rule: WatchRule) -> None:
    if rule not in WATCH_RULES:  # an app made ready twice adds its rule once
        WATCH_RULES.append(rule)


def watched_by_rule(*, game_id: int, user) -> bool:
    return any(rule(game_id, user) for rule in WATCH_RULES)
