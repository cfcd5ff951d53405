"""The parts an expansion adds to the game page and the history: each is built from the view
under its own key and shown by its own template, included after the board."""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BoardPart:
    key: str
    build: Callable[[dict], dict | None]
    template: str


# Filled by each expansion's web side when the app is ready (games.expansions).
BOARD_PARTS: list[BoardPart] = []


def add_board_part(part: BoardPart) -> None:
    BOARD_PARTS.append(part)


def board_parts(view: dict) -> dict:
    """Each part under its key (None where the game has none of it), and the templates of the
    parts the game has, in the order they are shown."""
    built = {part.key: part.build(view) for part in BOARD_PARTS}
    shown = [part.template for part in BOARD_PARTS if built[part.key] is not None]
    return {**built, "part_templates": shown}


def part_templates() -> list[str]:
    return [part.template for part in BOARD_PARTS]
