"""Expansions: what an edition adds to the base game, each one object.

An expansion (the Bean Duel, Bohnaparte) is a subclass of `Expansion` whose methods say what
it adds: its phases and its kinds of move, the rules of the games it plays (its own edition,
or a table of another's), its own part of the state (`state.ext[key]`, made by `new_part` when
the game is set up), how many more cards are turned up and drawn (Bohnaparte's farms and
villages), cards kept in places of its own (a depot), checks for the invariants, its part of a
seat's view, its words (events, prompts, the guide), its scores and tie-breaks, and what bots
make of its moves. `registry.install` registers one where the core looks each part up; the
core asks the functions below and never learns which expansion answered.

Methods, not functions kept in fields (as `phases.Phase`): compiled, a method is called as C
code, and the reveal, the draw and the listing of moves ask the game's expansions every turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:  # state.py asks the expansions for their cards, so it cannot be imported here
    from .editions import Edition, Rules
    from .move_kinds import MoveKind
    from .phases import Phase
    from .state import State


# A bot's move planting a card (state, seat, card): what an expansion's step asks of the bot
# that plays it, without the rules' plug-in knowing any bot.
PlantMove = Callable[["State", int, int], dict]


@mypyc_attr(allow_interpreted_subclasses=True)
class Expansion:
    """An expansion that adds nothing; each expansion overrides what it adds. It may also be a
    class of plain Python (a test's), so the compiled class allows subclasses that are not
    compiled."""

    key: ClassVar[str] = ""
    # Whether hand cards are what battles are fought with (Bohnaparte): a bot then keeps
    # them rather than give them away.
    hand_cards_fight: ClassVar[bool] = False

    def __init__(self) -> None:
        # Its own kinds of move, and their names, in the order `legal_actions` lists them.
        self.move_kinds: tuple[MoveKind, ...] = self.kinds()
        self.moves: tuple[str, ...] = tuple(kind.name for kind in self.move_kinds)

    # What it plays.

    def editions(self) -> tuple[Edition, ...]:
        """Editions of its own, each resolved by `rules`."""
        return ()

    def tables(self) -> tuple[tuple[str, int], ...]:
        """Tables of another edition it plays, as (edition, players), resolved by `rules`."""
        return ()

    def rules(self, edition: str, players: int, options: dict) -> Rules:
        """The rules of one of its games, for a player count and options."""
        raise NotImplementedError(self.key)

    def phases(self) -> tuple[Phase, ...]:
        return ()

    def kinds(self) -> tuple[MoveKind, ...]:
        """Its kinds of move, in the order `legal_actions` lists them."""
        return ()

    # Its part of the state, and what it changes in the base game's turn.

    def new_part(self, state: State) -> object:
        """Its part of a new game's state: an object of its own, or a dict of plain data."""
        return {}

    def part_to_dict(self, part: object) -> dict:
        """Its part as a game is saved: `state.ext[key]` as it always was stored."""
        return cast(dict, part)

    def part_from_dict(self, data: dict) -> object:
        """Its part from how a game is saved (`part_to_dict`)."""
        return data

    def extra_reveal(self, state: State, seat: int) -> int:
        """Cards turned up beyond the edition's number by the active seat."""
        return 0

    def extra_draw(self, state: State, seat: int) -> int:
        """Cards drawn beyond the edition's number by a seat."""
        return 0

    def cards(self, state: State) -> list[int]:
        """Every card lying in its own places, for the invariants."""
        return []

    def violations(self, state: State) -> list[str]:
        """What breaks its own rules, as the invariants word it."""
        return []

    def view(self, state: State, seat: int | None) -> dict | None:
        """Its part of a seat's view (None: a spectator), under its key; None: no part."""
        return None

    # Its words: its kinds of event and their lines in the log, worded as `events.describe`'s;
    # its prompts (`prompts.Wording`) by key; each of its phases in a game's turn, for the
    # guide, as (name, text) message ids; its rules in brief for the "How to play" page, as
    # (name, text) message ids in order.
    event_wordings: ClassVar[dict] = {}
    prompt_wordings: ClassVar[dict] = {}
    turn_steps: ClassVar[dict[str, tuple[str, str]]] = {}
    guide: ClassVar[tuple[tuple[str, str], ...]] = ()
    # Its kinds' words (`move_words.MoveWords`): their buttons on the page, their commands in
    # a mail. A kind without words is shown by the expansion's own part of the page.
    kind_words: ClassVar[tuple] = ()

    # How its games end.

    def counts(self) -> dict[str, tuple[Callable[[State], list[int]], str]]:
        """Scores of its own (`Rules.counts`): what each seat has, and the unit's message id."""
        return {}

    def tie_breaks(self) -> dict[str, tuple[str, Callable[[State], list[int]]]]:
        """Tie-breaks of its own (`Rules.tie_break`): the rule's wording, and each seat's value
        (the highest wins)."""
        return {}

    # What bots make of it.

    def bot_move(self, state: State, seat: int, awaited: bool) -> dict | None:
        """The careful bots' move for its own phases and moves, before anything of the base
        game's (Bohnaparte's purchases come first); None: the base game's."""
        return None

    def step_move(self, plant: PlantMove, state: State, seat: int) -> dict | None:
        """The careful bots' move, once awaited, in a step of its own that plants as the bot
        plants (`plant`, the bot's choice of field for a card: the Duel's); None: the base
        game's."""
        return None

    def random_move(self, listed: dict, pick: Callable, sample: Callable) -> dict:
        """A move made from one entry of `legal_actions` of its own kinds, at random."""
        raise NotImplementedError(self.key)


EXPANSIONS: Final[dict[str, Expansion]] = {}


def new_parts(state: State) -> dict[str, object]:
    """The parts of a new game's state that its expansions keep."""
    return {key: EXPANSIONS[key].new_part(state) for key in state.rules.expansions}


def reveal_count(state: State) -> int:
    """How many cards the active seat turns up now."""
    count = state.rules.reveal
    for key in state.rules.expansions:
        count += EXPANSIONS[key].extra_reveal(state, state.active)
    return count


def draw_count(state: State, seat: int) -> int:
    """How many cards `seat` draws at the end of its turn now."""
    count = state.rules.draw
    for key in state.rules.expansions:
        count += EXPANSIONS[key].extra_draw(state, seat)
    return count


def expansion_kinds(state: State) -> tuple[str, ...]:
    """The kinds of move the game's expansions add to the base game's, in order."""
    kinds: tuple[str, ...] = ()
    for key in state.rules.expansions:
        kinds += EXPANSIONS[key].moves
    return kinds


def extra_violations(state: State) -> list[str]:
    found: list[str] = []
    for key in state.rules.expansions:
        found += EXPANSIONS[key].violations(state)
    return found


def extra_views(state: State, seat: int | None) -> dict[str, dict]:
    views = {}
    for key in state.rules.expansions:
        part = EXPANSIONS[key].view(state, seat)
        if part is not None:
            views[key] = part
    return views


def hand_cards_fight(state: State) -> bool:
    """Whether the game's hand cards are what battles are fought with."""
    return any(EXPANSIONS[key].hand_cards_fight for key in state.rules.expansions)


def bot_move(state: State, seat: int, awaited: bool) -> dict | None:
    """The game's expansions' move for a careful bot, if one has one."""
    for key in state.rules.expansions:
        move = EXPANSIONS[key].bot_move(state, seat, awaited)
        if move is not None:
            return move
    return None


def step_move(plant: PlantMove, state: State, seat: int) -> dict | None:
    """The game's expansions' move for a careful bot awaited in a step of theirs."""
    for key in state.rules.expansions:
        move = EXPANSIONS[key].step_move(plant, state, seat)
        if move is not None:
            return move
    return None


def random_move(state: State, listed: dict, pick: Callable, sample: Callable) -> dict:
    """A random bot's move from an entry of the listed moves of an expansion's kind."""
    for key in state.rules.expansions:
        expansion = EXPANSIONS[key]
        if listed["kind"] in expansion.moves:
            return expansion.random_move(listed, pick, sample)
    raise KeyError(listed["kind"])
