"""The championship report's figures, counted from what the rules engine says about the stored
deals: each table's counted deals are replayed (``tournaments.tables.table_replay``) and the
steps' events tallied (``scoring.base.Event``; each game's module documents its event kinds and
figures). Nothing here decides a rule: a game names which of its events are worth a line in the
``statistics`` function of its module in :mod:`tournaments.games`, built from the counts and
records here. Pure functions, no database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring import Event, Step
from tournaments.games import module


@dataclass(frozen=True)
class PlayedTable:
    """One table's counted deals, replayed through its game's engine."""

    round: int
    table: int
    players: Mapping[str, str]
    """Seat label → player name."""
    deals: tuple[int, ...]
    """The deal numbers, one per step."""
    steps: tuple[Step, ...]

    def events(self, kind: str) -> Iterator[tuple[int, Event]]:
        """``(deal number, event)`` for every event of ``kind``, in the order of play."""
        for number, step in zip(self.deals, self.steps, strict=True):
            for event in step.events:
                if event.kind == kind:
                    yield number, event

    def names(self, seats: Iterable[str]) -> str:
        """The players in ``seats``, joined by " & " (a team's two partners)."""
        return " & ".join(self.players.get(seat, seat) for seat in seats)


@dataclass(frozen=True)
class Record:
    """Where a best or worst figure was first reached."""

    who: str
    """The player (or partners) it belongs to; empty for a table's figure such as a pot."""
    round: int
    table: int
    deal: int
    also: int = 0
    """How many more times the same figure was reached later."""


@dataclass(frozen=True)
class Statistic:
    """One line of the report's statistics: a count or sum, or a best/worst with its record."""

    label: str
    value: int
    record: Record | None = None
    optional: bool = False
    """Left out of the report when the value is 0 (a rare event under these house rules)."""


Candidates = Callable[[Event], Iterable[tuple[Sequence[str], int | None]]]
"""From an event, the ``(seats, figure)`` pairs a best or worst is looked for among; a figure of
None (a minimal entry that did not give it) is skipped."""


def count(
    tables: Sequence[PlayedTable],
    kind: str,
    where: Callable[[Event], bool] = lambda event: True,
    *,
    per_seat: bool = False,
) -> int:
    """How many events of ``kind`` (that satisfy ``where``) the tables' deals produced; with
    ``per_seat`` each seat the event names counts once (a Strich chalked for two players is
    two)."""
    return sum(
        len(event.seats) if per_seat else 1
        for table in tables
        for _number, event in table.events(kind)
        if where(event)
    )


def total(tables: Sequence[PlayedTable], kind: str, figure: Callable[[Event], int]) -> int:
    """The sum of ``figure`` over the events of ``kind``."""
    return sum(figure(event) for table in tables for _number, event in table.events(kind))


def extreme(
    label: str,
    tables: Sequence[PlayedTable],
    kind: str,
    candidates: Candidates,
    *,
    highest: bool = True,
) -> Statistic | None:
    """The highest (or lowest) figure among the ``candidates`` of the events of ``kind``, with
    where it was first reached and how often it was reached again; None when no event gives
    one."""
    found: list[tuple[int, Record]] = []
    for table in tables:
        for number, event in table.events(kind):
            for seats, value in candidates(event):
                if value is not None:
                    record = Record(table.names(seats), table.round, table.table, number)
                    found.append((value, record))
    if not found:
        return None
    best = (max if highest else min)(value for value, _record in found)
    first, *others = [record for value, record in found if value == best]
    return Statistic(
        label, best, Record(first.who, first.round, first.table, first.deal, len(others))
    )


def per_seat(name: str) -> Candidates:
    """Candidates from a per-seat mapping figure (``{"A": 3, "B": -1}``)."""
    return lambda event: (((seat,), value) for seat, value in event.figures[name].items())


def per_event(name: str) -> Candidates:
    """The event's ``name`` figure, credited to the seats the event names."""
    return lambda event: [(event.seats, event.figures[name])]


def tournament_statistics(game: str, tables: Sequence[PlayedTable]) -> list[Statistic]:
    """The report's statistics for ``game`` over ``tables``: the deals played, then the game's
    own figures (``statistics`` of its module in :mod:`tournaments.games`; none for a game without
    one), without the optional
    ones that did not occur and the bests that no deal gave."""
    figures = [
        Statistic(_("Deals played"), sum(len(t.steps) for t in tables)),
        *getattr(module(game), "statistics", lambda tables: [])(tables),
    ]
    return [f for f in figures if f is not None and not (f.optional and not f.value)]
