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
# Player counts that play alike enough to share a pool.
GROUPS = {2: (2,), 3: (3,), 4: (4, 5), 5: (4, 5), 6: (6, 7), 7: (6, 7)}
FAMILY_NAMES = {"bohnanza": _("Bohnanza"), "bohnaparte": _("Bohnaparte")}
# Named by the counts a family is played with: Bohnaparte's largest table is six, so its pool
# of the largest tables is of six players only.
COUNT_NAMES = {
    (2,): _("2 players"),
    (3,): _("3 players"),
    (4, 5): _("4 or 5 players"),
    (6, 7): _("6 or 7 players"),
    (6,): _("6 players"),
}


BOTS_SUFFIX = "-bots"


@dataclass(frozen=True)
class Pool:
    key: str
    family: str
    counts: tuple[int, ...]
    bots: bool = False

    @property
    def label(self) -> str:
        label = f"{FAMILY_NAMES[self.family]}, {COUNT_NAMES[self.counts]}"
        return _("%(pool)s, with bots") % {"pool": label} if self.bots else label


def _played(family: str, group: tuple[int, ...]) -> tuple[int, ...]:
    """The counts of the group that some edition of the family is played with."""
    return tuple(
        players
        for players in group
        if any(
            FAMILIES[edition.key] == family
            and edition.min_players <= players <= edition.max_players
            for edition in EDITIONS.values()
        )
    )


def _key(family: str, counts: tuple[int, ...], bots: bool = False) -> str:
    key = "-".join([family, *(str(n) for n in sorted({counts[0], counts[-1]}))])
    return key + BOTS_SUFFIX if bots else key


# Only the pools a game can be played in (Bohnaparte has no game of two, nor of seven), the
# people's first.
POOLS: dict[str, Pool] = {
    _key(family, counts, bots): Pool(_key(family, counts, bots), family, counts, bots)
    for bots in (False, True)
    for family in FAMILY_NAMES
    for group in dict.fromkeys(GROUPS.values())
    if (counts := _played(family, group))
}


def pool_of(edition: str, players: int, *, bots: bool = False) -> Pool | None:
    """The pool a game of this edition and size is rated in, if any: the bots' pool when a
    bot account played in it."""
    family = FAMILIES.get(edition)
    counts = _played(family, GROUPS[players]) if family and players in GROUPS else ()
    return POOLS.get(_key(family, counts, bots)) if players in counts else None


def displayed(mu: float, sigma: float) -> int:
    return round(BASE + SCALE * (mu - 3 * sigma))
