"""Charts drawn on the server: a rating's history as an SVG line with its axes.

The chart says where things go in the SVG's own units; the template writes the words (dates in
the reader's zone and language, the games' names and links) and the table beside it."""

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone

# The SVG's units: its text is drawn at FONT units, which a 390 px phone shows at about 13 px.
WIDTH, HEIGHT, FONT = 440, 230, 16
LEFT, RIGHT, TOP, BOTTOM = 54, 14, 12, 38  # room for the value axis' and the date axis' labels
DATE_GAP = 100  # the width of a date's label, and some room
VALUE_TICKS = 4


@dataclass(frozen=True)
class Point:
    """One value drawn, with what it came from (None for the value before the first)."""

    x: float
    y: float
    value: int
    change: int = 0  # from the value before
    source: Any = None


@dataclass(frozen=True)
class Tick:
    at: float
    label: int | datetime
    anchor: str = "middle"


@dataclass(frozen=True)
class LineChart:
    points: tuple[Point, ...]
    value_ticks: tuple[Tick, ...]
    date_ticks: tuple[Tick, ...]
    low: int
    high: int
    first: int
    last: int
    width: int = WIDTH
    height: int = HEIGHT
    font: int = FONT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"

    @property
    def plot_width(self) -> int:
        return self.right - self.left

    @property
    def plot_height(self) -> int:
        return self.bottom - self.top

    @property
    def line(self) -> str:
        return " ".join(f"{point.x:.1f},{point.y:.1f}" for point in self.points)

    @property
    def sources(self) -> list[Point]:
        """The points that came from something (a game), oldest first."""
        return [point for point in self.points if point.source is not None]


def line_chart(start: int, steps: list[Any]) -> LineChart:
    """`start`, then each step's `value`, evenly spread from left to right; the value axis
    runs over round numbers that hold them all, and the date axis names the days (`rated_at`)
    of the first, middle and last step."""
    values = [start, *(step.value for step in steps)]
    low, high = min(values), max(values)
    bottom_value, top_value, every = _round_range(low, high)
    across = (WIDTH - RIGHT - LEFT) / max(len(values) - 1, 1)

    def y(value: int) -> float:
        return TOP + (HEIGHT - BOTTOM - TOP) * (top_value - value) / (top_value - bottom_value)

    sources = [None, *steps]
    points = tuple(
        Point(LEFT + index * across, y(value), value, value - values[index - 1], sources[index])
        if index
        else Point(LEFT, y(value), value)
        for index, value in enumerate(values)
    )
    value_ticks = tuple(
        Tick(y(value), value) for value in range(bottom_value, top_value + 1, every)
    )
    return LineChart(
        points=points,
        value_ticks=value_ticks,
        date_ticks=_date_ticks(points[1:]),
        low=low,
        high=high,
        first=values[0],
        last=values[-1],
    )


def _round_range(low: int, high: int) -> tuple[int, int, int]:
    """The round numbers below and above the values, and the step between the ticks: 1, 2 or
    5 times a power of ten, so that about VALUE_TICKS ticks cover them."""
    span = max(high - low, 1)
    power = 10 ** math.floor(math.log10(span / VALUE_TICKS)) if span >= VALUE_TICKS else 1
    every = next(f * power for f in (1, 2, 5, 10) if span / (f * power) <= VALUE_TICKS)
    bottom = math.floor(low / every) * every
    top = math.ceil(high / every) * every
    if top == bottom:
        bottom, top = bottom - every, top + every
    return bottom, top, every


def _date_ticks(points: tuple[Point, ...]) -> tuple[Tick, ...]:
    """The days of the first, the middle and the last game, in the reader's zone (the one
    active), each at its first game; no two labels so close that they would overlap, and
    anchored so that none leaves the chart."""
    days: dict = {}
    for point in points:
        days.setdefault(timezone.localtime(point.source.rated_at).date(), point)
    firsts = list(days.values())
    if not firsts:
        return ()
    middle_x = (firsts[0].x + firsts[-1].x) / 2
    middle = min(firsts, key=lambda point: abs(point.x - middle_x))
    kept: list[Point] = []
    for point in (firsts[-1], firsts[0], middle):
        if all(abs(point.x - other.x) >= DATE_GAP for other in kept):
            kept.append(point)
    kept.sort(key=lambda point: point.x)
    right_end = points[-1].x
    return tuple(
        Tick(
            point.x,
            point.source.rated_at,
            "end" if point.x >= right_end - DATE_GAP / 2 else "start" if index == 0 else "middle",
        )
        for index, point in enumerate(kept)
    )
