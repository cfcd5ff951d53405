"""Editions as data: each resolves, for a player count and options, to the rules of one game."""

from dataclasses import dataclass
from types import MappingProxyType

from .beans import BEAN_INDEX, BEANS
from .errors import SetupError

STANDARD_TURN = ("plant", "trade", "plant_traded", "draw")
DUEL_TURN = ("duel_offer", "duel_plant", "duel_reveal", "draw")


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that varies between editions and player counts, resolved for one game."""

    edition: str
    players: int
    beans: tuple[int, ...]
    fields_at_start: int
    third_field_cost: int | None
    paid_coins_leave_game: bool
    deal: tuple[int, ...]  # cards dealt to each seat, counted from the start player
    reveal: int
    draw: int
    exhaustions_to_end: int
    # The 1997 rules end the game at once even when the pile runs out while revealing; the
    # later editions finish that turn's trading and planting first.
    final_exhaustion_ends_at_once: bool
    tie_break: str  # "clockwise" (furthest from the start player), "shared" or "hand"
    harvest_in_own_turn_only: bool
    turn: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Option:
    key: str
    label: str


@dataclass(frozen=True, slots=True)
class Edition:
    key: str
    name: str
    source: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]

    def resolve(self, players: int, options: dict) -> Rules:
        if not self.min_players <= players <= self.max_players:
            raise SetupError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, "
                f"not {players}."
            )
        known = {option.key for option in self.options}
        for key, value in options.items():
            if key not in known:
                raise SetupError(f"{self.name} has no option {key!r}.")
            if not isinstance(value, bool):
                raise SetupError(f"The option {key!r} is either on or off.")
        return _RESOLVERS[self.key](players, options)


def _beans(*keys: str) -> tuple[int, ...]:
    return tuple(BEAN_INDEX[key] for key in keys)


AMIGO_BEANS = _beans("blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden")
ALL_BEANS = tuple(range(len(BEANS)))


def _without(*keys: str) -> tuple[int, ...]:
    removed = set(_beans(*keys))
    return tuple(bean for bean in ALL_BEANS if bean not in removed)


def _amigo_classic(players: int, options: dict) -> Rules:
    return Rules(
        edition="amigo-classic",
        players=players,
        beans=AMIGO_BEANS,
        fields_at_start=3 if players == 3 else 2,
        third_field_cost=None,
        paid_coins_leave_game=False,
        deal=(5,) * players,
        reveal=2,
        draw=3,
        exhaustions_to_end=3,
        final_exhaustion_ends_at_once=False,
        tie_break="clockwise",
        harvest_in_own_turn_only=False,
        turn=STANDARD_TURN,
    )


def _amigo_1997(players: int, options: dict) -> Rules:
    three_fields = players == 3 and options.get("three_fields_at_three", False)
    cheap = players == 5 and options.get("cheap_third_field_at_five", False)
    return Rules(
        edition="amigo-1997",
        players=players,
        beans=AMIGO_BEANS,
        fields_at_start=3 if three_fields else 2,
        third_field_cost=None if three_fields else (2 if cheap else 3),
        paid_coins_leave_game=False,
        deal=(5,) * players,
        reveal=2,
        draw=3,
        exhaustions_to_end=3,
        final_exhaustion_ends_at_once=True,
        tie_break="shared",
        harvest_in_own_turn_only=False,
        turn=STANDARD_TURN,
    )


def _rio_grande(players: int, options: dict) -> Rules:
    if players == 2:
        return Rules(
            edition="rio-grande",
            players=2,
            beans=_without("garden", "cocoa"),
            fields_at_start=2,
            third_field_cost=3,
            paid_coins_leave_game=True,
            deal=(5, 5),
            reveal=3,
            draw=2,
            exhaustions_to_end=1,
            final_exhaustion_ends_at_once=False,
            tie_break="hand",
            harvest_in_own_turn_only=True,
            turn=DUEL_TURN,
        )
    big = players >= 6
    removed = {3: ("cocoa",), 4: ("coffee",), 5: ("coffee",)}.get(players, ("cocoa", "garden"))
    return Rules(
        edition="rio-grande",
        players=players,
        beans=_without(*removed),
        fields_at_start=3 if players == 3 else 2,
        third_field_cost=None if players == 3 else (2 if big else 3),
        paid_coins_leave_game=False,
        deal=(3, 4, 5) + (6,) * (players - 3) if big else (5,) * players,
        reveal=2,
        draw=4 if big else 3,
        exhaustions_to_end=2 if players == 3 else 3,
        final_exhaustion_ends_at_once=False,
        tie_break="hand",
        harvest_in_own_turn_only=False,
        turn=STANDARD_TURN,
    )


_RESOLVERS = {
    "amigo-classic": _amigo_classic,
    "amigo-1997": _amigo_1997,
    "rio-grande": _rio_grande,
}

EDITIONS: MappingProxyType[str, Edition] = MappingProxyType(
    {
        "amigo-classic": Edition(
            "amigo-classic", "Bohnanza (Amigo, current rules)", "seed 001", 3, 5, ()
        ),
        "amigo-1997": Edition(
            "amigo-1997",
            "Bohnanza (Amigo, 1997 rules)",
            "seed 002",
            3,
            5,
            (
                Option("three_fields_at_three", "3 players start with 3 fields (beginners)"),
                Option("cheap_third_field_at_five", "5 players buy the third field for 2 coins"),
            ),
        ),
        "rio-grande": Edition(
            "rio-grande",
            "Bohnanza (Rio Grande; 2 players: the Bean Duel)",
            "seeds 000 and 004",
            2,
            7,
            (),
        ),
    }
)


def resolve(edition: str, players: int, options: dict | None = None) -> Rules:
    try:
        chosen = EDITIONS[edition]
    except (KeyError, TypeError):
        raise SetupError(f"There is no edition called {edition!r}.") from None
    if type(players) is not int:
        raise SetupError("The number of players must be a whole number.")
    if options is not None and not isinstance(options, dict):
        raise SetupError("Options must map each option's name to on or off.")
    return chosen.resolve(players, dict(options or {}))
