"""Editions as data: each resolves, for a player count and options, to the rules of one game.

The base game's editions are here; an expansion brings its own (Bohnaparte) or plays a table of
another's (the Bean Duel, Rio Grande with two players), resolved by the expansion
(`registry.install` registers them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from .beans import BEAN_INDEX, BEANS
from .errors import SetupError
from .language import gettext, gettext_noop, ngettext

STANDARD_TURN: Final = ("plant", "trade", "plant_traded", "draw")


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that varies between editions and player counts, resolved for one game. The
    defaults are the base game's, so that an edition names only what it changes."""

    edition: str
    players: int
    beans: tuple[int, ...]
    deal: tuple[int, ...]  # cards dealt to each seat, counted from the start player
    fields_at_start: int = 2
    third_field_cost: int | None = None
    paid_coins_leave_game: bool = False
    reveal: int = 2
    draw: int = 3
    exhaustions_to_end: int = 3
    # The 1997 rules end the game at once even when the pile runs out while revealing; the
    # later editions finish that turn's trading and planting first.
    final_exhaustion_ends_at_once: bool = False
    # "clockwise" (furthest from the start player), "shared", "hand", or an expansion's own
    # (ending.TIE_VALUES: Bohnaparte's "lands").
    tie_break: str = "shared"
    # Why a harvest in another player's turn is refused, where harvests are made only in
    # one's own turn (the Bean Duel's words); None: at any time.
    harvest_in_own_turn_only: str | None = None
    turn: tuple[str, ...] = STANDARD_TURN
    # Expansions this game plays with (see expansions.py): each keeps its own part of the
    # state and may change how many cards are turned up and drawn.
    expansions: tuple[str, ...] = ()
    # A phase played once before the first turn (Bohnaparte's choice of camps), or None.
    opening: str | None = None
    # What the outcome counts to rank the seats (see ending.COUNTS): coins, or an
    # expansion's own score (Bohnaparte's victory points).
    counts: str = "coins"


@dataclass(frozen=True, slots=True)
class Option:
    key: str
    label: str
    players: tuple[int, ...] = ()  # the player counts it is for; none named: every count

    def applies(self, players: int) -> bool:
        return not self.players or players in self.players


@dataclass(frozen=True, slots=True)
class Edition:
    key: str
    name: str
    source: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    # Titles by player count, where a count plays a game of its own (the Bean Duel).
    titles: tuple[tuple[int, str], ...] = ()

    def title(self, players: int) -> str:
        """The name of the game this edition plays with this many players."""
        return gettext(dict(self.titles).get(players, self.name))

    def unused_options(self, players: int, options: dict) -> list[Option]:
        """Options switched on that do nothing at this player count: a game is not created
        with them, so that it never shows a rule it does not play."""
        return [o for o in self.options if options.get(o.key) and not o.applies(players)]

    def resolve(self, players: int, options: dict) -> Rules:
        if not self.min_players <= players <= self.max_players:
            raise SetupError(
                ngettext(
                    "{edition} is played by {least} to {most} player, not {players}.",
                    "{edition} is played by {least} to {most} players, not {players}.",
                    self.max_players,
                ).format(
                    edition=gettext(self.name),
                    least=self.min_players,
                    most=self.max_players,
                    players=players,
                )
            )
        known = {option.key for option in self.options}
        for key, value in options.items():
            if key not in known:
                raise SetupError(
                    gettext("{edition} has no option {key!r}.").format(
                        edition=gettext(self.name), key=key
                    )
                )
            if not isinstance(value, bool):
                raise SetupError(gettext("The option {key!r} is either on or off.").format(key=key))
        made_by = _TABLES.get((self.key, players)) or _PLAYED_BY.get(self.key)
        if made_by is not None:
            return made_by(self.key, players, options)
        return _RESOLVERS[self.key](players, options)


def _beans(*keys: str) -> tuple[int, ...]:
    return tuple(BEAN_INDEX[key] for key in keys)


AMIGO_BEANS: Final = _beans("blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden")
ALL_BEANS: Final = tuple(range(len(BEANS)))


def without(*keys: str) -> tuple[int, ...]:
    removed = set(_beans(*keys))
    return tuple(bean for bean in ALL_BEANS if bean not in removed)


def _amigo_classic(players: int, options: dict) -> Rules:
    return Rules(
        edition="amigo-classic",
        players=players,
        beans=AMIGO_BEANS,
        deal=(5,) * players,
        fields_at_start=3 if players == 3 else 2,
        tie_break="clockwise",
    )


def _amigo_1997(players: int, options: dict) -> Rules:
    three_fields = players == 3 and options.get("three_fields_at_three", False)
    cheap = players == 5 and options.get("cheap_third_field_at_five", False)
    return Rules(
        edition="amigo-1997",
        players=players,
        beans=AMIGO_BEANS,
        deal=(5,) * players,
        fields_at_start=3 if three_fields else 2,
        third_field_cost=None if three_fields else (2 if cheap else 3),
        final_exhaustion_ends_at_once=True,
    )


def _rio_grande(players: int, options: dict) -> Rules:
    big = players >= 6
    removed = {3: ("cocoa",), 4: ("coffee",), 5: ("coffee",)}.get(players, ("cocoa", "garden"))
    return Rules(
        edition="rio-grande",
        players=players,
        beans=without(*removed),
        deal=(3, 4, 5) + (6,) * (players - 3) if big else (5,) * players,
        fields_at_start=3 if players == 3 else 2,
        third_field_cost=None if players == 3 else (2 if big else 3),
        draw=4 if big else 3,
        exhaustions_to_end=2 if players == 3 else 3,
        tie_break="hand",
    )


_RESOLVERS: Final = {
    "amigo-classic": _amigo_classic,
    "amigo-1997": _amigo_1997,
    "rio-grande": _rio_grande,
}

_EDITIONS: Final[dict[str, Edition]] = {
    "amigo-classic": Edition(
        "amigo-classic",
        gettext_noop("Bohnanza (Amigo, current rules)"),
        "seed 001",
        3,
        5,
        (),
    ),
    "amigo-1997": Edition(
        "amigo-1997",
        gettext_noop("Bohnanza (Amigo, 1997 rules)"),
        "seed 002",
        3,
        5,
        (
            Option(
                "three_fields_at_three",
                gettext_noop("3 players start with 3 fields (beginners)"),
                (3,),
            ),
            Option(
                "cheap_third_field_at_five",
                gettext_noop("5 players buy the third field for 2 coins"),
                (5,),
            ),
        ),
    ),
    "rio-grande": Edition(
        "rio-grande",
        gettext_noop("Bohnanza (Rio Grande; 2 players: the Bean Duel)"),
        "seeds 000 and 004",
        2,
        7,
        (),
        titles=((2, gettext_noop("The Bean Duel (Rio Grande, 2 players)")),)
        + tuple((n, gettext_noop("Bohnanza (Rio Grande)")) for n in range(3, 8)),
    ),
}
# Every edition, the base game's first, then the expansions' in the order they are installed.
EDITIONS: Final[MappingProxyType[str, Edition]] = MappingProxyType(_EDITIONS)
# How an expansion resolves each edition of its own, and each table of another edition it
# plays: its `rules` (edition, players, options). An expansion's module imports the editions to
# make its rules, so they know it only by that method.
RulesOf = Callable[[str, int, dict], "Rules"]
_PLAYED_BY: Final[dict[str, RulesOf]] = {}
_TABLES: Final[dict[tuple[str, int], RulesOf]] = {}


def register(edition: Edition, rules: RulesOf) -> None:
    _EDITIONS[edition.key] = edition
    _PLAYED_BY[edition.key] = rules


def register_table(edition: str, players: int, rules: RulesOf) -> None:
    _TABLES[(edition, players)] = rules


def resolve(edition: object, players: object, options: object = None) -> Rules:
    """The rules of a game as a request may ask for it: anything wrong is a SetupError."""
    try:
        chosen = EDITIONS[edition]
    except (KeyError, TypeError):
        raise SetupError(
            gettext("There is no edition called {edition!r}.").format(edition=edition)
        ) from None
    if type(players) is not int:
        raise SetupError(gettext("The number of players must be a whole number."))
    if options is not None and not isinstance(options, dict):
        raise SetupError(gettext("Options must map each option's name to on or off."))
    return chosen.resolve(players, dict(options or {}))
