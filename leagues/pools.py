"""Rating pools: one per edition family and player-count group, and the value players read.

Games of two, of three, of four or five and of six or seven play differently enough that a
rating earned in one says little about another; Bohnaparte, a game of conquest, has its own.
A game with a bot account at its table (a program playing through the bot API) is rated in a
pool of its own beside each of these, so that programs never move the people's ratings.
"""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from games.engine import EDITIONS

# The displayed value: 1500 + 50 * (mu - 3 * sigma), a conservative estimate on a familiar
# scale. A new player (mu 25, sigma 25/3) starts at 1500 and rises as the games add certainty.
BASE = 1500
SCALE = 50
# Games in a pool before a player appears on its leaderboard.
LEADERBOARD_MIN_GAMES = 5

FAMILIES = {
    "amigo-classic": "bohnanza",
    "amigo-1997": "bohnanza",
    "rio-grande": "bohnanza",
    "bohnaparte": "bohnaparte",
}
GROUPS = {2: "2", 3: "3", 4: "4-5", 5: "4-5", 6: "6-7", 7: "6-7"}
FAMILY_NAMES = {"bohnanza": _("Bohnanza"), "bohnaparte": _("Bohnaparte")}
GROUP_NAMES = {
    "2": _("2 players"),
    "3": _("3 players"),
    "4-5": _("4 or 5 players"),
    "6-7": _("6 or 7 players"),
}


BOTS_SUFFIX = "-bots"


@dataclass(frozen=True)
class Pool:
    key: str
    family: str
    group: str
    bots: bool = False

    @property
    def label(self) -> str:
        label = f"{FAMILY_NAMES[self.family]}, {GROUP_NAMES[self.group]}"
        return _("%(pool)s, with bots") % {"pool": label} if self.bots else label


# Only the pools a game can be played in (Bohnaparte has no game of two), the people's first.
POOLS: dict[str, Pool] = {
    f"{family}-{group}{BOTS_SUFFIX if bots else ''}": Pool(
        f"{family}-{group}{BOTS_SUFFIX if bots else ''}", family, group, bots
    )
    for bots in (False, True)
    for family in FAMILY_NAMES
    for group in GROUP_NAMES
    if any(
        FAMILIES[edition.key] == family and GROUPS[players] == group
        for edition in EDITIONS.values()
        for players in range(edition.min_players, edition.max_players + 1)
    )
}


def pool_of(edition: str, players: int, *, bots: bool = False) -> Pool | None:
    """The pool a game of this edition and size is rated in, if any: the bots' pool when a
    bot account played in it."""
    suffix = BOTS_SUFFIX if bots else ""
    return POOLS.get(f"{FAMILIES.get(edition)}-{GROUPS.get(players)}{suffix}")


def displayed(mu: float, sigma: float) -> int:
    return round(BASE + SCALE * (mu - 3 * sigma))
