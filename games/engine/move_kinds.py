"""A kind of move, registered once with everything it needs: the keys its action reads, its
checks and what it does, the moves of its kind a seat may make now, what a move chosen on an
older board reads (so that it is refused when that changed), and the kinds of event it emits,
each with its line in the log.

A kind lives beside its handler: the base game's in `actions` (registered when it is
imported), an expansion's in its own folder (`duel.steps`, `bohnaparte.moves` and `attacks`),
registered when the expansion is installed. `apply` never changes the state before every check
has passed, so an `IllegalMove` leaves the game exactly as it was.
"""

from typing import Final

from mypy_extensions import mypyc_attr

from .errors import IllegalMove
from .events import Event
from .language import gettext
from .state import State


@mypyc_attr(allow_interpreted_subclasses=True)
class MoveKind:
    """One kind of move. Each kind is a subclass that overrides every method but `open`.

    Methods, not functions kept in fields (as `phases.Phase`): compiled, a method is called as
    C code, and `apply` and `moves` are on every move's path. A kind may also be a class of
    plain Python (a test's), so the compiled class allows subclasses that are not compiled.
    """

    def __init__(self, name: str, keys: tuple[str, ...] = (), emits: tuple[str, ...] = ()):
        self.name = name
        # The keys its action reads, besides "kind": what a move log keeps (`trimmed`).
        self.keys = keys
        # The kinds of event the move itself emits, each worded in the log (`events`); those
        # of the steps it leads into (a turn beginning, a draw) belong to those steps.
        self.emits = emits

    def apply(self, state: State, seat: int, action: dict, events: list[Event]) -> None:
        """Check the move completely, or raise IllegalMove; then carry it out."""
        raise NotImplementedError(self.name)

    def moves(self, state: State, seat: int) -> list[dict]:
        """The moves of this kind open to the seat now, with their parameters, as
        `legal.legal_actions` lists them."""
        raise NotImplementedError(self.name)

    def open(self, state: State, seat: int) -> bool:
        """Whether `moves` lists any: an expansion's kind may say it more cheaply."""
        return bool(self.moves(state, seat))

    def what_changed(self, before: State, now: State, seat: int, action: dict) -> str | None:
        """For a move chosen on `before` and arriving on `now`: None when everything it reads
        for its seat is as it was, else what changed, as a sentence for the player."""
        raise NotImplementedError(self.name)


MOVES: Final[dict[str, MoveKind]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)
class FollowUp:
    """What is done on a seat's behalf after each move (answers its rules or the defaults
    give, steps of its plan): `book.follow` installs the one there is."""

    def run(self, state: State, events: list[Event]) -> None:
        raise NotImplementedError


FOLLOW_UPS: Final[list[FollowUp]] = []


def register(kind: MoveKind) -> MoveKind:
    MOVES[kind.name] = kind
    return kind


def apply(state: State, seat: object, action: object) -> list[Event]:
    """Apply one seat's move and return what happened, or raise IllegalMove. The seat and the
    move may be anything a request or a mail brought: they are checked here."""
    if state.over:
        raise IllegalMove(gettext("The game is over."))
    if type(seat) is not int or not 0 <= seat < len(state.names):
        raise IllegalMove(gettext("There is no such seat in this game."))
    if not isinstance(action, dict):
        raise IllegalMove(gettext("A move must be an object with a 'kind'."))
    try:
        kind = MOVES[action["kind"]]
    except (KeyError, TypeError):  # no kind, or not one of the names (TypeError: unhashable)
        raise IllegalMove(
            gettext("Unknown kind of move: {kind!r}.").format(kind=action.get("kind"))
        ) from None
    events: list[Event] = []
    kind.apply(state, seat, action, events)
    for follow in FOLLOW_UPS:
        follow.run(state, events)
    return events


def trimmed(action):
    """The action with only "kind" and the keys its kind reads: what a move log keeps, so that
    nothing the rules ignore is stored with a move. Anything but a move of a known kind comes
    back as it is, for `apply` to refuse."""
    if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
        return action
    kind = MOVES.get(action["kind"])
    if kind is None:
        return action
    return {key: action[key] for key in ("kind", *kind.keys) if key in action}


def whole_number(action: dict, key: str) -> int:
    value = action.get(key)
    if type(value) is not int:
        raise IllegalMove(gettext("The move needs a whole number for {key!r}.").format(key=key))
    return value
