"""Charts drawn on the server: a rating's history as the points of an SVG polyline."""

from dataclasses import dataclass

WIDTH, HEIGHT, MARGIN = 480, 160, 8


@dataclass(frozen=True)
class LineChart:
    points: str
    low: int
    high: int
    first: int
    last: int
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"


def line_chart(values: list[int]) -> LineChart:
    """Values evenly spread from left to right, the lowest at the bottom, the highest at the
    top (a flat history runs through the middle)."""
    low, high = min(values), max(values)
    span = (high - low) or 1
    step = (WIDTH - 2 * MARGIN) / max(len(values) - 1, 1)
    inner = HEIGHT - 2 * MARGIN

    def y(value: int) -> float:
        return MARGIN + inner / 2 if high == low else MARGIN + inner * (high - value) / span

    points = " ".join(
        f"{MARGIN + index * step:.1f},{y(value):.1f}" for index, value in enumerate(values)
    )
    return LineChart(points=points, low=low, high=high, first=values[0], last=values[-1])
