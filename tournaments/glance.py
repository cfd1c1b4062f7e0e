"""The phones' glance at the live standings: the top of the table and one player's own line with
its neighbours, instead of every line (issue 18: 2,000 phones refreshing a 1,000-player table
while every table enters deals; the whole table is 350 KiB, a glance a few KiB).

The lines come from :func:`tournaments.standings.cached_standings` boiled down to what a phone
shows (rank, name, the latest round's score, the total) and are kept in the cache per version
and rounds shown, as plain tuples: a hit unpickles a thousand small tuples, not a thousand
``Row`` objects with their ``RoundScore`` dataclasses.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import NamedTuple

from django.conf import settings
from django.core.cache import cache

from tournaments.models import ShownGlance, Tournament
from tournaments.standings import STANDINGS_SECONDS, Standings, cached_standings

TOP = 10
"""How many lines from the top a glance shows."""
AROUND = 2
"""How many lines above and below the player's own a glance shows."""
FROM_PLAYERS = 40
"""The standings glance only from this many ranked players on; a smaller table is shown whole
(it fits a phone's refresh anyway)."""
PARTS_SIZE = 1024
"""How many renderings of a phone's refresh one glance keeps (:meth:`Glance.part`): about 3 KiB
each."""


class Line(NamedTuple):
    """One player's line as a glance shows it."""

    pk: int
    rank: str
    """"3", or "3=" where the rank is shared."""
    name: str
    withdrawn: bool
    decided_by: str
    """``Row.decided_by``: "stechen", "lot" or ""."""
    latest: int | None
    """The score of the latest round shown; None where the player has none in it."""
    latest_mark: str
    """What that score is: "" (final), "provisional" (the table still plays), "bye", "missed"."""
    total: int
    last: bool
    """The player ranked last (Hintersche: the Bollenkönig)."""


@dataclass(frozen=True)
class Glance:
    """Every ranked player's :class:`Line` in rank order, and where each player stands."""

    lines: tuple[Line, ...]
    positions: dict[int, int]
    """Player pk → index into :attr:`lines` (players außer Konkurrenz are not there)."""
    latest_round: int | None
    """The latest round the standings cover (its score is the glance's one round column)."""
    parts: dict[Hashable, str] = field(default_factory=dict, compare=False, repr=False)
    """The phones' refreshes rendered from this glance (:meth:`part`)."""

    def __len__(self) -> int:
        return len(self.lines)

    def follows(self, pk: int | None) -> bool:
        """``pk`` is a ranked player of these standings."""
        return pk is not None and pk in self.positions

    def part(self, key: Hashable, render: Callable[[], str]) -> str:
        """A phone's refresh made from this glance, rendered once (``render()``) for every phone
        that asks the same (``key``: the player followed, the language and whatever else the
        rendering reads besides the glance): a glance is one version's, so its parts are too,
        and go with it. Up to :data:`PARTS_SIZE` renderings are kept; beyond that each is
        rendered afresh."""
        rendered = self.parts.get(key)
        if rendered is None:
            rendered = render()
            if len(self.parts) < PARTS_SIZE:
                self.parts[key] = rendered
        return rendered

    def pick(self, pk: int | None, top: int | None = None, around: int | None = None):
        """The lines to show: the first ``top`` (:data:`TOP`) and, for the player ``pk``, his own
        line with ``around`` (:data:`AROUND`) on either side; None between two lines that are not
        neighbours (the gap). An unknown ``pk`` gives the top alone."""
        top = TOP if top is None else top
        around = AROUND if around is None else around
        wanted = set(range(min(top, len(self.lines))))
        if self.follows(pk):
            at = self.positions[pk]
            wanted.update(range(max(0, at - around), min(len(self.lines), at + around + 1)))
        picked: list[Line | None] = []
        previous = -1
        for index in sorted(wanted):
            if index != previous + 1:
                picked.append(None)
            picked.append(self.lines[index])
            previous = index
        if previous != len(self.lines) - 1 and picked:
            picked.append(None)  # more below
        return picked


def _mark(score) -> str:
    if score.bye:
        return "bye"
    if score.missed:
        return "missed"
    return "" if score.finished else "provisional"


def glance_of(standings: Standings) -> Glance:
    """The :class:`Glance` of ``standings``."""
    last = standings.last
    column = len(standings.rounds) - 1
    lines = []
    for row in standings.rows:
        latest = row.cells[column] if column >= 0 else None
        lines.append(
            Line(
                pk=row.player.pk,
                rank=f"{row.rank}{'=' if row.tied else ''}",
                name=row.player.name,
                withdrawn=row.player.withdrawn,
                decided_by=row.decided_by,
                latest=None if latest is None else latest.score,
                latest_mark="" if latest is None else _mark(latest),
                total=row.total,
                last=row is last,
            )
        )
    return _glance(lines, standings.rounds[-1] if standings.rounds else None)


def _glance(lines: list[Line], latest_round: int | None) -> Glance:
    return Glance(
        lines=tuple(lines),
        positions={line.pk: index for index, line in enumerate(lines)},
        latest_round=latest_round,
    )


def glance_json(table: Glance) -> dict[str, object]:
    """``table`` as JSON (``ShownGlance.glance``): ``{"latest_round": n, "lines": [[pk, rank,
    name, withdrawn, decided_by, latest, latest_mark, total, last], …]}``."""
    return {"latest_round": table.latest_round, "lines": [list(line) for line in table.lines]}


def glance_from_json(data: dict) -> Glance:
    """The :class:`Glance` that :func:`glance_json` wrote."""
    return _glance([Line(*line) for line in data["lines"]], data["latest_round"])


_MEMO: dict[tuple[int, int | None], tuple[int, Glance]] = {}
"""This process's newest glance of each tournament (its id) and rounds shown, with its version:
a phone's refresh reads its glance without unpickling a thousand lines from the cache. A glance
is the one of its version; the version moves with every write."""
MEMO_SIZE = 16
_computing = threading.Lock()


def forget() -> None:
    """Empty this process's memo (:data:`_MEMO`), as ``cache.clear()`` empties the cache."""
    _MEMO.clear()


def _key(pk: int, version: int, through_round: int | None) -> str:
    return f"glance:v1:{pk}:{version}:{through_round}"


def at_hand(pk: int, version: int, through_round: int | None) -> Glance | None:
    """The glance of tournament ``pk`` at ``version`` if this process has it at hand (no query,
    no cache read); while a thread of the process gets a new one, the one before
    (:func:`cached_glance`); else None."""
    held = _MEMO.get((pk, through_round))
    if held is None:
        return None
    if held[0] == version or held[0] < version and _computing.locked():
        return held[1]
    return None


def cached_glance(tournament: Tournament, *, through_round: int | None = None) -> Glance:
    """:func:`glance_of` the standings through ``through_round`` (None: all rounds) at the
    tournament's ``version``: from this process's memo; else the version shown's
    :class:`~tournaments.models.ShownGlance`, which the request that moved it on made for every
    worker (:func:`shown_glance`); else kept in the cache like the standings (which are computed,
    or read from the cache, only when the glance is missing).

    One thread of this process fetches a new version's glance; after every change of the version
    shown every thread's next refresh misses at once. Meanwhile the others are given the glance
    of the version before, where the process has one (a few tenths of a second older than the
    version shown, which itself lags the deals by up to ``PUBLIC_REFRESH_SECONDS``), instead of
    waiting for it; without one they wait."""
    held = _MEMO.get((tournament.pk, through_round))
    if held is not None and held[0] == tournament.version:
        return held[1]
    if held is None:
        _computing.acquire()
    elif not _computing.acquire(blocking=False):
        return held[1]  # another thread gets the new one
    try:
        return _fetched(tournament, through_round, shown=True)
    finally:
        _computing.release()


def shown_glance(tournament: Tournament, *, through_round: int | None) -> Glance:
    """The glance of ``tournament`` at its ``version`` through ``through_round``, made here if
    this process has not got it (never the one before: it becomes the version shown's
    :class:`~tournaments.models.ShownGlance`). For ``services.shown_version_advance``."""
    with _computing:
        return _fetched(tournament, through_round, shown=False)


def _fetched(tournament: Tournament, through_round: int | None, *, shown: bool) -> Glance:
    """The glance of :func:`cached_glance`, under ``_computing``, kept in the memo; ``shown``:
    look for the version shown's ``ShownGlance`` (one query) before the cache."""
    slot = (tournament.pk, through_round)
    held = _MEMO.get(slot)
    if held is not None and held[0] == tournament.version:
        return held[1]
    found = None
    if shown and settings.PUBLIC_REFRESH_SECONDS > 0:
        stored = (
            ShownGlance.objects.filter(
                tournament_id=tournament.pk, version=tournament.version, through=through_round
            )
            .values_list("glance", flat=True)
            .first()
        )
        found = None if stored is None else glance_from_json(stored)
    if found is None:
        found = cache.get_or_set(
            _key(tournament.pk, tournament.version, through_round),
            lambda: glance_of(cached_standings(tournament, through_round=through_round)),
            timeout=STANDINGS_SECONDS,
        )
    if held is None or held[0] < tournament.version:
        if len(_MEMO) >= MEMO_SIZE:
            _MEMO.clear()
        _MEMO[slot] = (tournament.version, found)
    return found
