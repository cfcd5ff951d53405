"""Bohnaparte's maps, kept as data files in `maps/` and read once, when the engine is imported.

The seed's setup drawings are lost, so every map is ours (RULES.md 6.1): one for each player
count, for the base game and for the cavalry variant, laid out as cards in a brick bond (each
row half a card to the side of the next: a card touches two cards beside it, two above and two
below), and one of each on a square grid, where cards touching only at a corner are not
neighbours (the seed's variant 3). A map file draws its rows with one letter per card
(`lands.KINDS`), "." where there is none:

    {"players": 4, "variant": "base", "layout": "brick", "shifted_rows": "odd",
     "rows": [". @ F R F @ .", "M V C C V M .", ...]}

`shifted_rows` says which rows of a brick map lie half a card to the right ("odd" or "even").
A land's number is its place in reading order, row by row.
"""

import json
from dataclasses import dataclass
from importlib import resources
from typing import Final

from .lands import BY_LETTER, FOREST, RIVER

BRICK: Final = "brick"
GRID: Final = "grid"


@dataclass(frozen=True, slots=True)
class Map:
    key: str
    players: int
    cavalry: bool
    layout: str
    kinds: tuple[str, ...]  # each land's kind, by land number
    cells: tuple[tuple[int, int], ...]  # each land's (row, column)
    shifted: bool  # whether row 0 lies half a card to the right (brick maps)
    neighbours: tuple[tuple[int, ...], ...]
    # For each forest, the lands across the rivers next to it: its holder may attack them.
    across: dict[int, tuple[int, ...]]

    @property
    def lands(self) -> range:
        return range(len(self.kinds))

    def x(self, land: int) -> float:
        """Where the land lies across the table, in card widths."""
        row, column = self.cells[land]
        half = self.layout == BRICK and (row % 2 == 1) != self.shifted
        return column + (0.5 if half else 0.0)


def _neighbour_cells(layout: str, shifted: bool, row: int, column: int) -> list[tuple[int, int]]:
    beside = [(row, column - 1), (row, column + 1)]
    if layout == GRID:
        return [*beside, (row - 1, column), (row + 1, column)]
    # In a brick bond the rows above and below touch the card under its left or right half,
    # depending on which way this row is shifted.
    right = (row % 2 == 1) != shifted
    near = (column, column + 1) if right else (column - 1, column)
    return [*beside, *[(other, c) for other in (row - 1, row + 1) for c in near]]


def parse(key: str, data: dict) -> Map:
    layout = data["layout"]
    shifted = data.get("shifted_rows", "odd") == "even"
    kinds: list[str] = []
    cells: list[tuple[int, int]] = []
    for row, line in enumerate(data["rows"]):
        for column, letter in enumerate(line.split()):
            if letter != ".":
                kinds.append(BY_LETTER[letter])
                cells.append((row, column))
    number = {cell: land for land, cell in enumerate(cells)}
    neighbours = tuple(
        tuple(
            sorted(
                number[cell]
                for cell in _neighbour_cells(layout, shifted, *cells[land])
                if cell in number
            )
        )
        for land in range(len(cells))
    )
    across = {
        forest: tuple(
            sorted(
                {
                    land
                    for river in neighbours[forest]
                    if kinds[river] == RIVER
                    for land in neighbours[river]
                    if land != forest and kinds[land] != RIVER
                }
            )
        )
        for forest in range(len(kinds))
        if kinds[forest] == FOREST
    }
    return Map(
        key=key,
        players=data["players"],
        cavalry=data["variant"] == "cavalry",
        layout=layout,
        kinds=tuple(kinds),
        cells=tuple(cells),
        shifted=shifted,
        neighbours=neighbours,
        across=across,
    )


def map_key(players: int, cavalry: bool, grid: bool) -> str:
    return f"{'cavalry' if cavalry else 'base'}-{players}{'-grid' if grid else ''}"


def _load() -> dict[str, Map]:
    # The package's own folder, where the module itself may be compiled and lie elsewhere.
    folder = resources.files("games.engine.bohnaparte") / "maps"
    names = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".json"))
    return {
        name.removesuffix(".json"): parse(
            name.removesuffix(".json"), json.loads((folder / name).read_text())
        )
        for name in names
    }


MAPS: Final[dict[str, Map]] = _load()
