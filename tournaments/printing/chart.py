"""The standings-progression chart of the championship report: an inline SVG (weasyprint draws
it), one line per player through his rank after each round, told apart in black and white by
dash pattern and marker rather than by colour, and labelled at its end with a sample of its line.
Drawn in millimetres (the SVG's user unit), for the A4 text width."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 178.0, 118.0
LEFT, RIGHT, TOP, BOTTOM = 14.0, 56.0, 6.0, 14.0
"""Margins round the plot: the rank axis on the left, the labels on the right."""
LABEL_GAP = 3.4
"""Smallest vertical distance between two end labels (7-point text)."""
DASHES = ("none", "3 1.4", "0.7 1", "4 1.2 0.8 1.2", "6 1.8")
MARKERS = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class Line:
    """One player's line: his label and his rank after each round of the chart."""

    label: str
    ranks: Sequence[int]


def _style(index: int) -> tuple[str, str, bool]:
    """Dash pattern, marker shape and whether it is filled for the ``index``-th line: the first
    twenty differ in at least the dash or the marker (5 dashes × 4 markers), and each run of
    four markers is filled, then hollow, in turn."""
    filled = (index // len(MARKERS)) % 2 == 0
    return DASHES[index % len(DASHES)], MARKERS[index % len(MARKERS)], filled


def _marker(shape: str, filled: bool, x: float, y: float, size: float = 1.1) -> str:
    fill = "#000" if filled else "#fff"
    common = f'fill="{fill}" stroke="#000" stroke-width="0.3"'
    if shape == "circle":
        return f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{size:.2f}" {common}/>'
    if shape == "square":
        s = size * 0.9
        return (
            f'<rect x="{x - s:.2f}" y="{y - s:.2f}" width="{2 * s:.2f}" height="{2 * s:.2f}" '
            f"{common}/>"
        )
    if shape == "triangle":
        s = size * 1.2
        points = f"{x:.2f},{y - s:.2f} {x - s:.2f},{y + s * 0.8:.2f} {x + s:.2f},{y + s * 0.8:.2f}"
    else:  # diamond
        s = size * 1.25
        points = f"{x:.2f},{y - s:.2f} {x + s:.2f},{y:.2f} {x:.2f},{y + s:.2f} {x - s:.2f},{y:.2f}"
    return f'<polygon points="{points}" {common}/>'


def _spread(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Label heights as near ``wanted`` (sorted ascending) as possible, at least ``gap`` apart,
    kept within ``low``…``high`` where there is room."""
    placed: list[float] = []
    for y in wanted:
        placed.append(max(y, placed[-1] + gap) if placed else max(y, low))
    overflow = placed[-1] - high if placed else 0
    if overflow > 0:  # shift the block up, never above ``low`` nor closer than ``gap``
        placed = [max(low + i * gap, y - overflow) for i, y in enumerate(placed)]
    return placed


def _offsets(lines: Sequence[Line], spacing: float) -> list[list[float]]:
    """Per line and round, a small vertical shift that sets lines sharing a rank after a round
    side by side instead of on top of each other (within 70 % of the rank spacing)."""
    shifts = [[0.0] * len(line.ranks) for line in lines]
    for n in range(len(lines[0].ranks) if lines else 0):
        sharing: dict[int, list[int]] = {}
        for i, line in enumerate(lines):
            sharing.setdefault(line.ranks[n], []).append(i)
        for group in sharing.values():
            step = min(0.9, 0.7 * spacing / len(group))
            for k, i in enumerate(group):
                shifts[i][n] = (k - (len(group) - 1) / 2) * step
    return shifts


def _rank_ticks(worst: int) -> list[int]:
    if worst <= 12:
        return list(range(1, worst + 1))
    step = 5 if worst <= 60 else 10 ** (len(str(worst)) - 1)
    return [1, *range(step, worst + 1, step)]


def progression_svg(
    rounds: Sequence[int], lines: Sequence[Line], *, round_title: str, rank_title: str
) -> str:
    """The chart as an ``<svg>`` element: x = ``rounds`` (one tick each), y = rank (1 at the
    top, down to the worst rank any line reaches), one line per :class:`Line` (each with as many
    ranks as there are rounds), labelled at its end. ``round_title`` and ``rank_title`` are the
    axis titles, already translated. Every text is escaped."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    worst = max((rank for line in lines for rank in line.ranks), default=1)

    def x(index: int) -> float:
        return LEFT + (plot_w * index / (len(rounds) - 1) if len(rounds) > 1 else plot_w / 2)

    def y(rank: int) -> float:
        return TOP + (plot_h * (rank - 1) / (worst - 1) if worst > 1 else 0)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}mm" height="{HEIGHT}mm" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans, sans-serif" font-size="2.6">'
    ]
    for rank in _rank_ticks(worst):
        parts.append(
            f'<line x1="{LEFT}" y1="{y(rank):.2f}" x2="{LEFT + plot_w}" y2="{y(rank):.2f}" '
            f'stroke="#bbb" stroke-width="0.15"/>'
            f'<text x="{LEFT - 2.5}" y="{y(rank) + 0.9:.2f}" text-anchor="end">{rank}</text>'
        )
    for index, number in enumerate(rounds):
        parts.append(
            f'<line x1="{x(index):.2f}" y1="{TOP}" x2="{x(index):.2f}" y2="{TOP + plot_h}" '
            f'stroke="#bbb" stroke-width="0.15"/>'
            f'<text x="{x(index):.2f}" y="{TOP + plot_h + 4.5}" text-anchor="middle">'
            f"{number}</text>"
        )
    parts.append(
        f'<text x="{LEFT + plot_w / 2:.2f}" y="{HEIGHT - 1.5}" text-anchor="middle">'
        f"{escape(round_title)}</text>"
        f'<text x="3" y="{TOP + plot_h / 2:.2f}" text-anchor="middle" '
        f'transform="rotate(-90 3 {TOP + plot_h / 2:.2f})">{escape(rank_title)}</text>'
    )
    shifts = _offsets(lines, plot_h / (worst - 1) if worst > 1 else plot_h)
    ends = sorted(range(len(lines)), key=lambda i: (lines[i].ranks[-1], i))
    heights = _spread([y(lines[i].ranks[-1]) for i in ends], LABEL_GAP, TOP, TOP + plot_h)
    label_x = LEFT + plot_w + 4
    for i, label_y in zip(ends, heights, strict=True):
        line = lines[i]
        dash, shape, filled = _style(i)
        points = [(x(n), y(rank) + shifts[i][n]) for n, rank in enumerate(line.ranks)]
        path = " ".join(f"{px:.2f},{py:.2f}" for px, py in points)
        parts.append(
            f'<g><polyline points="{path}" fill="none" stroke="#000" stroke-width="0.45" '
            f'stroke-dasharray="{dash}"/>'
            + "".join(_marker(shape, filled, px, py) for px, py in points)
            + f'<line x1="{points[-1][0] + 1.2:.2f}" y1="{points[-1][1]:.2f}" '
            f'x2="{label_x - 0.5:.2f}" y2="{label_y:.2f}" stroke="#777" stroke-width="0.15"/>'
            f'<line x1="{label_x:.2f}" y1="{label_y:.2f}" x2="{label_x + 7:.2f}" '
            f'y2="{label_y:.2f}" stroke="#000" stroke-width="0.45" stroke-dasharray="{dash}"/>'
            + _marker(shape, filled, label_x + 3.5, label_y)
            + f'<text x="{label_x + 8.5:.2f}" y="{label_y + 0.9:.2f}">{escape(line.label)}</text>'
            "</g>"
        )
    parts.append("</svg>")
    return "".join(parts)
