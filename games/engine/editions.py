"""Editions as data: each resolves, for a player count and options, to the rules of one game."""

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from .beans import BEAN_INDEX, BEANS
from .errors import SetupError
from .language import gettext, gettext_noop

STANDARD_TURN: Final = ("plant", "trade", "plant_traded", "draw")
DUEL_TURN: Final = ("duel_offer", "duel_plant", "duel_reveal", "draw")
# Bohnaparte: the monastery's draw before planting, and the attacks before the draw; with
# cavalry the draw may be swapped with the merchant's cards.
BOHNAPARTE_TURN: Final = ("monastery", "plant", "trade", "plant_traded", "attack", "draw")
CAVALRY_TURN: Final = ("monastery", "plant", "trade", "plant_traded", "attack", "merchant_draw")


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
    harvest_in_own_turn_only: bool = False
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
                gettext("{edition} is played by {least} to {most} players, not {players}.").format(
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
        return _RESOLVERS[self.key](players, options)


def _beans(*keys: str) -> tuple[int, ...]:
    return tuple(BEAN_INDEX[key] for key in keys)


AMIGO_BEANS: Final = _beans("blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden")
ALL_BEANS: Final = tuple(range(len(BEANS)))


def _without(*keys: str) -> tuple[int, ...]:
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
    if players == 2:
        return Rules(
            edition="rio-grande",
            players=2,
            beans=_without("garden", "cocoa"),
            deal=(5, 5),
            third_field_cost=3,
            paid_coins_leave_game=True,
            reveal=3,
            draw=2,
            exhaustions_to_end=1,
            tie_break="hand",
            harvest_in_own_turn_only=True,
            turn=DUEL_TURN,
            expansions=("duel",),
        )
    big = players >= 6
    removed = {3: ("cocoa",), 4: ("coffee",), 5: ("coffee",)}.get(players, ("cocoa", "garden"))
    return Rules(
        edition="rio-grande",
        players=players,
        beans=_without(*removed),
        deal=(3, 4, 5) + (6,) * (players - 3) if big else (5,) * players,
        fields_at_start=3 if players == 3 else 2,
        third_field_cost=None if players == 3 else (2 if big else 3),
        draw=4 if big else 3,
        exhaustions_to_end=2 if players == 3 else 3,
        tie_break="hand",
    )


def _bohnaparte(players: int, options: dict) -> Rules:
    """RULES.md 6.1: the 104-card Amigo deck, two fields and none to buy, the base game's deal,
    reveal and draw for every player count; the end at the 4th exhaustion unless chosen."""
    shorter = options.get("end_at_third_exhaustion", False)
    longer = options.get("end_at_fifth_exhaustion", False)
    if shorter and longer:
        raise SetupError(
            gettext("Choose one end for the game: the 3rd or the 5th exhaustion, not both.")
        )
    return Rules(
        edition="bohnaparte",
        players=players,
        beans=AMIGO_BEANS,
        deal=(5,) * players,
        exhaustions_to_end=3 if shorter else 5 if longer else 4,
        tie_break="lands",
        turn=CAVALRY_TURN if options.get("cavalry", False) else BOHNAPARTE_TURN,
        expansions=("bohnaparte",),
        opening="choose_camp",
        counts="points",
    )


_RESOLVERS: Final = {
    "amigo-classic": _amigo_classic,
    "amigo-1997": _amigo_1997,
    "rio-grande": _rio_grande,
    "bohnaparte": _bohnaparte,
}

EDITIONS: Final[MappingProxyType[str, Edition]] = MappingProxyType(
    {
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
        "bohnaparte": Edition(
            "bohnaparte",
            gettext_noop("Bohnaparte (map conquest, Amigo deck)"),
            "seed 003",
            3,
            6,
            (
                Option(
                    "cavalry",
                    gettext_noop("Cavalry variant: forests, horse paddocks and merchants"),
                ),
                Option("grid", gettext_noop("Square grid map: no attacks across corners")),
                Option(
                    "end_at_third_exhaustion",
                    gettext_noop("Shorter game: end at the 3rd exhaustion"),
                ),
                Option(
                    "end_at_fifth_exhaustion",
                    gettext_noop("Longer game: end at the 5th exhaustion"),
                ),
            ),
        ),
    }
)


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
