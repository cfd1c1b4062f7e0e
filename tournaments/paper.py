"""The table sheet's paper grid typed in at the desk, when the phones failed altogether.

A grid is the table's deals as rows, each row the cells of the printed sheet's grid (the game's
minimal entry, Scoring specification §1.3, §2.4, §2.10, §3.5, §4.4, §5.3). Each game's module
(``tournaments.games.<game key>``) names its columns and turns a row into the
engine's entry:

* ``columns(seats: tuple[str, ...]) -> list[Column]``: the grid's columns for a table with
  these seat labels (in playing order);
* ``entry(cells: dict[str, str], state) -> dict``: the raw deal entry of a row, given the
  engine's state before that deal (for what the sheet leaves implicit: Hintersche's game number,
  Kein Stich's contract).

:func:`check` replays the rows deal by deal through the engine after the deals the table has
already stored, and names the first wrong deal and its column.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

import scoring
from tournaments.entries import entry_from_post
from tournaments.errors import deal_error_message
from tournaments.games import module

MAX_ROWS = 60
"""Rows one grid holds at most; a whole rubber of Hintersche has fewer deals."""

Row = dict[str, str]
"""A typed row: column key → the text typed (stripped; empty cells left out)."""


@dataclass(frozen=True)
class Column:
    """One column of the paper grid.

    ``key`` names the cell; it is the entry path (``points.B``) where the cell is one field of
    the entry. ``kind`` is ``number`` (a whole number, a sign allowed), ``seat`` (one of the
    table's seats), ``choice`` (one of ``choices``: value → words) or ``text``. ``seat`` is the
    seat whose player the heading names, if any."""

    key: str
    label: Any
    kind: str = "number"
    seat: str | None = None
    choices: tuple[tuple[str, Any], ...] = ()


def columns(game: str, seats: Sequence[str]) -> list[Column]:
    """The paper grid's columns for ``game`` at a table with ``seats`` (in playing order)."""
    return module(game).columns(tuple(seats))


def default_entry(cells: Mapping[str, str], state: Any) -> dict[str, Any]:
    """A row whose cells are entry paths, as :func:`tournaments.entries.entry_from_post` reads
    them (``points.B=52`` → ``{"points": {"B": 52}}``)."""
    return entry_from_post(dict(cells))


def row_entry(game: str, cells: Mapping[str, str], state: Any) -> dict[str, Any]:
    """The engine's raw entry for one typed row, given the state before that deal."""
    return getattr(module(game), "entry", default_entry)(cells, state)


def rows_from_post(data: Mapping[str, Any], keys: Sequence[str]) -> list[Row]:
    """The grid's rows from a posted form (cells named ``r<row>-<key>``, rows from 1), blank
    rows after the last filled one dropped; a blank row between filled ones stays (and is named
    as a missing deal by :func:`check`)."""
    rows: list[Row] = []
    for index in range(1, MAX_ROWS + 1):
        row = {}
        for key in keys:
            value = str(data.get(f"r{index}-{key}", "")).replace("\x00", "").strip()
            if value:
                row[key] = value[:40]
        rows.append(row)
    while rows and not rows[-1]:
        rows.pop()
    return rows


@dataclass(frozen=True)
class Problem:
    """The first wrong row: its deal ``number`` (the table's numbering), its 1-based ``row`` in
    the grid, the ``column`` key it concerns (None: the row as a whole) and the ``message`` in
    the user's language."""

    number: int
    row: int
    column: str | None
    message: str


@dataclass(frozen=True)
class Checked:
    """A grid checked by the engine: the ``entries`` of the rows that passed, the ``steps``
    they made, the state after them, and the first ``problem`` (None: every row passed)."""

    entries: list[dict[str, Any]]
    steps: list[scoring.Step]
    state: Any
    problem: Problem | None = None


def _column_of(keys: Sequence[str], engine_field: str) -> str | None:
    """The grid column an engine error field belongs to: the column of that name, or the one
    column under it (``melds.0.kind`` → ``_melds``…) ; None (the row as a whole) when it names
    several columns at once (``points``: the sum of a row)."""
    if engine_field in keys:
        return engine_field
    head = engine_field.split(".")[0]
    under = [k for k in keys if k.split(".")[0].lstrip("_").split("_")[0] == head]
    return under[0] if len(under) == 1 else None


def check(
    game_key: str,
    game: scoring.Game,
    variant: Any,
    state: Any,
    rows: Sequence[Row],
    first_number: int,
) -> Checked:
    """Replay ``rows`` deal by deal from ``state`` (the table's state after its stored deals;
    the first row is deal ``first_number``), fully validated, and stop at the first wrong one.

    A blank row before a filled one is a missing deal; a row after the table's round is over is
    one too many (``UNIT_OVER``)."""
    keys = [c.key for c in columns(game_key, state.seats)]
    entries: list[dict[str, Any]] = []
    steps: list[scoring.Step] = []
    for index, cells in enumerate(rows, start=1):
        problem = _row_problem(game_key, game, variant, state, cells, keys)
        if isinstance(problem, tuple):
            column, message = problem
            found = Problem(first_number + index - 1, index, column, message)
            return Checked(entries, steps, state, found)
        entries.append(problem.entry)
        steps.append(problem.step)
        state = problem.step.state
    return Checked(entries, steps, state)


@dataclass(frozen=True)
class _Passed:
    entry: dict[str, Any]
    step: scoring.Step


def _row_problem(
    game_key: str, game: scoring.Game, variant: Any, state: Any, cells: Row, keys: Sequence[str]
) -> _Passed | tuple[str | None, str]:
    """One row checked on ``state``: its entry and step, or (column, message) of its fault."""
    if not cells:
        return None, _("This row is empty, but rows below it are filled in.")
    if state.unit_over:
        return None, _(
            "The table's round was already over before this deal; this row is one too many."
        )
    try:
        entry = row_entry(game_key, cells, state)
        return _Passed(entry, game.apply(entry, state, variant))
    except scoring.InvalidDeal as exc:
        return _column_of(keys, exc.field), str(deal_error_message(game_key, exc))


def differences(first: Sequence[Row], second: Sequence[Row]) -> list[tuple[int, str, str, str]]:
    """Where two typings of one sheet differ: (row, column key, first value, second value), in
    row order; an empty cell is ``""``."""
    found = []
    for index in range(max(len(first), len(second))):
        a = first[index] if index < len(first) else {}
        b = second[index] if index < len(second) else {}
        for key in sorted(set(a) | set(b)):
            if a.get(key, "") != b.get(key, ""):
                found.append((index + 1, key, a.get(key, ""), b.get(key, "")))
    return found
