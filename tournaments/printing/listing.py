"""Long lists of the printed documents set as monospaced lines: a ranking of a thousand players,
a round's 250 table results. weasyprint lays out every table cell as a text run of its own
(about a millisecond each, so 15,000 cells took 20 s), but a line of monospaced text is one run:
the same ranking set as lines takes about one second (docs/benchmarks.md, "Printing").

A :class:`Listing` is printed by ``templates/print/_listing.html``: a table with the heading line
in its ``thead`` (repeated on every page) and one row for each :data:`BLOCK` lines, a thin rule
between blocks to guide the eye. Columns are padded with spaces to their widest cell, and the
font shrinks (down to :data:`SMALLEST`) until the widest line fits the A4 text width."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments import messages
from tournaments.standings import RoundScore, Standings

ADVANCE = 0.6021
"""The advance width of every glyph of DejaVu Sans Mono, in em."""
TEXT_WIDTH = 178 / 25.4 * 72
"""The A4 text width of ``print/_base.html`` (210 mm less two 16 mm margins), in points."""
LARGEST, SMALLEST = 8.0, 5.0
"""Font sizes in points."""
BLOCK = 5
"""Lines between two rules."""


@dataclass(frozen=True)
class Cell:
    """A cell's text; ``italic`` for a figure still changing (its table is still playing)."""

    text: str
    italic: bool = False


@dataclass(frozen=True)
class Listing:
    """The heading line, the body lines in blocks of :data:`BLOCK` (each block's lines joined by
    newlines; every text escaped) and the font size in points."""

    heading: SafeString
    blocks: list[SafeString]
    size: float
    marks: Mapping[str, bool] = field(default_factory=dict)
    """Which cell marks a standings listing uses (``Standings.marks``), for its legend."""


def listing(
    heading: Sequence[str], rows: Sequence[Sequence[str | Cell]], right: Sequence[bool]
) -> Listing:
    """``rows`` under ``heading`` as padded lines, one space between columns; ``right[i]`` aligns
    column ``i`` to the right (figures) rather than the left (names). An empty heading column of
    width 0 is a spacer (two spaces between groups). A row may have fewer cells than the heading.

    Raises:
        ValueError: ``right`` and ``heading`` differ in length.
    """
    if len(right) != len(heading):
        raise ValueError(f"{len(heading)} columns but {len(right)} alignments")
    widths = [len(text) for text in heading]
    for row in rows:
        for i, cell in enumerate(row):
            length = len(cell.text if isinstance(cell, Cell) else cell)
            if length > widths[i]:
                widths[i] = length

    def line(row: Sequence[str | Cell]) -> str:
        parts = []
        for cell, width, to_right in zip(row, widths, right, strict=False):
            text = cell.text if isinstance(cell, Cell) else cell
            text = escape(text.rjust(width) if to_right else text.ljust(width))
            parts.append(f"<i>{text}</i>" if isinstance(cell, Cell) and cell.italic else text)
        return " ".join(parts).rstrip()

    lines = [line(row) for row in rows]
    chars = sum(widths) + len(widths) - 1
    size = max(SMALLEST, min(LARGEST, int(10 * TEXT_WIDTH / (ADVANCE * max(chars, 1))) / 10))
    blocks = ["\n".join(lines[i : i + BLOCK]) for i in range(0, len(lines), BLOCK)]
    return Listing(
        heading=mark_safe(line(heading)),  # noqa: S308 - escaped
        blocks=[mark_safe(block) for block in blocks],  # noqa: S308 - every text escaped
        size=size,
    )


def _score(score: RoundScore | None) -> str | Cell:
    if score is None:
        return "–"
    if score.bye:
        return f"{score.score}*"
    if score.missed:
        return f"{score.score}°"
    return str(score.score) if score.finished else Cell(str(score.score), italic=True)


def standings_listing(
    standings: Standings, game: str, last_place_title: str | None = None, teams: bool = False
) -> Listing:
    """``standings`` as the web's standings table has it (``kreide.standings_rows``): rank
    ("3=" where shared, "(Stechen)" or "(lot)" where a Stechen or the lot ordered equals), name
    (flagged when withdrawn, the last place's title after the last), one column per round (a
    bye's score starred, a round missed marked °, "–" where nobody has played yet, italic while
    the table plays), total,
    and each figure tie-break in force; ``teams`` heads the name column "Team"; its ``marks``
    for the legend."""
    lot, withdrawn, stechen = _("(lot)"), _("(withdrawn)"), _("(Stechen)")
    columns = standings.figure_columns
    heading = [
        _("Rank"),
        _("Team") if teams else _("Player"),
        *(_("R%(number)s") % {"number": number} for number in standings.rounds),
        messages.score_column(game),
        *(str(messages.tiebreak_label(game, key)) for key in columns),
    ]
    last = standings.last if last_place_title else None
    rows = []
    for row in standings.rows:
        name = row.player.name
        if row.player.withdrawn:
            name = f"{name} {withdrawn}"
        if row is last:
            name = f"{name} {last_place_title}"
        mark = {"stechen": stechen, "lot": lot, "": ""}[row.decided_by]
        rank = f"{row.rank}{'=' if row.tied else ''}{' ' + mark if mark else ''}"
        rows.append(
            [
                rank,
                name,
                *(_score(score) for score in row.cells),
                str(row.total),
                *(str(row.figure(key)) for key in columns),
            ]
        )
    right = [False, False, *(True for _n in standings.rounds), True, *(True for _k in columns)]
    return replace(listing(heading, rows, right), marks=standings.marks)
