"""A seat's moves as the short commands a mail lists, each worded by its kind
(`engine.move_words`): numbered, the moves the mail chose for the player; unnumbered, examples
of the commands whose choices are the player's (an offer). A reply is read back by
`mailplay.commands`.

    plant chili in field 1        harvest 2        buy field        stop        end
    accept 3  /  accept 3 using 1,4        decline 3        withdraw 3        discard soy
    offer bob give 2 ask 1 red    offer alice give 1,3 ask faceup soy    offer bob give faceup blue

and the trade book's (a standing offer gives beans of the hand, its cards taken from the back):

    take 5        stand give 2 chili ask 1 soy        pass
    rules gifts growing keep 2 decline plant        rules away  /  rules back  /  rules off
    plan plant 1 2 faceup offer trading end kept    plan off
"""

from games.engine import move_words
from games.engine.move_words import Command


def commands(view: dict, *, examples: bool = False) -> list[Command]:
    """Each move open to the seat now, as a command, in the order of the legal moves; or, with
    `examples`, the forms of the moves whose choices are the player's (an offer)."""
    found = [command for listed in _per_move(view) for command in listed]
    unique = {command.text: command for command in found if command.example == examples}
    return list(unique.values())


def page_only(view: dict) -> bool:
    """Whether the seat may make moves that no command writes (an expansion's map and
    battles, say): those are made on the game page."""
    return not all(_per_move(view))


def _per_move(view: dict) -> list[list[Command]]:
    """The commands of each legal move, in their order (none for a move no command writes)."""
    listed = []
    for move in view["legal"]:
        words = move_words.of(move["kind"])
        listed.append(words.commands(move, view) if words else [])
    return listed


def commands_text(view: dict) -> str:
    """The moves, numbered, then the examples, not numbered: a reply of a number makes a move
    the mail chose, never an example's."""
    numbered = enumerate(commands(view), 1)
    listed = [
        *((f"{n:>2}", c) for n, c in numbered),
        *(("  ", c) for c in commands(view, examples=True)),
    ]
    lines = []
    for number, command in listed:
        note = f"   ({command.note})" if command.note else ""
        lines.append(f"  {number}  {command.text}{note}")
    return "\n".join(lines)
