"""A series' standings and its roll of winners, read from its tournaments' final standings
(issue 19, part 3). A read: it never writes.

**What counts.** Only a *finished* tournament counts: its Endstand is final. A tournament still
running is listed as such ("läuft noch") and adds nothing, not even provisionally: a season table
that changes with every deal of one evening would say more than it knows. On the public page a
tournament counts only while its public pages are on and its standings are not hidden
(:mod:`tournaments.hidden`): until the prize-giving shows them again it is listed as "Endstand
folgt" and neither its winners nor its points appear.

**Who.** Players are recognised across tournaments by their person in the player register
(``Player.person``, :mod:`tournaments.services.register`); players außer Konkurrenz are never
ranked and score nothing.

**Scoring** (the organiser's choice, :class:`~tournaments.models.Series`):

* *Points per place* (``places``): place 1 scores the list's first number, place 2 the second
  (a Schafkopf or Jass season: 25, 20, 16, 13, 11, 10, 9 … 1); places beyond the list and
  tournaments missed score 0. **A shared place scores its own points, the higher ones, for each
  who shares it**: two players sharing place 2 (the Endstand prints "2." for both) get place 2's
  points each, and the next player, 4th, place 4's. This is how a club's season list is kept on
  paper: the place printed in the evening's Endstand is the place scored, no fractions; averaging
  the shared places' points would give a player a place the evening never gave him.
* *Scores added up* (``scores``, only for tournaments of one game): each tournament's total in
  the game's unit (Hintersche: Striche, fewer is better; the game's direction). A missed
  tournament has no score and cannot be counted as one: whoever has more tournaments counted
  ranks ahead, then the sum decides.

**Best N of M, worst dropped.** Of the M finished tournaments each player's results are sorted
best first, a missed tournament as the worst; ``drop_worst`` drops the worst k, ``best_of`` keeps
at most the best N: so min(N, M − k) count, but at least one while any tournament is finished.
Which tournament is dropped when two results are equal: the later one.

**Ties.** Equal on the counted total (and, with scores, on tournaments counted) share the rank:
"2., 2., 4.". The roll of winners names every player sharing an Endstand's place 1.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tournaments.hidden import public_through
from tournaments.models import Player, Series, Tournament
from tournaments.names import sort_key
from tournaments.standings import Standings, cached_standings


@dataclass(frozen=True)
class Event:
    """One tournament of the series, as the series reads it."""

    tournament: Tournament
    state: str
    """``"counted"`` (finished, its Endstand counts), ``"running"``, ``"coming"`` (not started)
    or ``"hidden"`` (finished, its standings not yet shown on the public pages)."""
    winners: tuple[str, ...] = ()
    """The names on its Endstand's place 1 (several for a shared first place, by surname);
    empty unless counted."""

    @property
    def counted(self) -> bool:
        return self.state == "counted"


@dataclass
class Result:
    """One person's result in one counted tournament."""

    place: int
    """His place in the tournament's Endstand (shared places: the shared one, 1-based)."""
    tied: bool
    """The place is shared."""
    value: int
    """What the series scores: the place's points (``places``) or the tournament's total in the
    game's unit (``scores``)."""
    counted: bool = True
    """False where this result is dropped (best N of M, the worst dropped)."""


@dataclass
class SeriesRow:
    """One line of the series standings: one person."""

    key: int
    """The person's id (a player without a person, which only a database older than the
    register holds, is his own: minus the player's id)."""
    name: str
    club: str
    results: list[Result | None] = field(default_factory=list)
    """Aligned with :attr:`SeriesStandings.events`; None for a tournament missed."""
    total: int = 0
    """The counted results summed: points (``places``) or the game's unit (``scores``)."""
    rank: int = 0
    tied: bool = False

    @property
    def played(self) -> int:
        return sum(1 for r in self.results if r is not None)

    @property
    def counted(self) -> int:
        return sum(1 for r in self.results if r is not None and r.counted)


@dataclass(frozen=True)
class SeriesStandings:
    series: Series
    events: list[Event]
    """The counted tournaments, by date (the columns of :attr:`rows`)."""
    others: list[Event]
    """The tournaments that do not count (yet): running, coming, standings hidden; by date."""
    rows: list[SeriesRow]
    counting: int
    """How many results of each person count: min(N, M − k), at least 1 (0 without any
    counted tournament)."""
    unit: str = ""
    """``"points"`` or, for scores added up, the game's key (its unit is the game's)."""

    @property
    def columns(self) -> list[tuple[str, Event]]:
        """The counted tournaments with their column headings: the year where each has its own
        ("2024"), else the day ("23.11.24")."""
        dates = [e.tournament.date for e in self.events]
        if len({d.year for d in dates}) == len(dates):
            return [(str(d.year), e) for d, e in zip(dates, self.events, strict=True)]
        return [(f"{d:%d.%m.%y}", e) for d, e in zip(dates, self.events, strict=True)]

    @property
    def roll(self) -> list[Event]:
        """The roll of winners: each counted tournament with its place-1 names, by date."""
        return self.events


def counting(series: Series, events: int) -> int:
    """How many results of each person count in a series with ``events`` counted tournaments:
    min(``best_of``, events − ``drop_worst``), at least one while there is any."""
    if events == 0:
        return 0
    count = events - series.drop_worst
    if series.best_of is not None:
        count = min(count, series.best_of)
    return max(count, 1)


def rank_rows(
    rows: list[SeriesRow], *, count: int, by_points: bool, ascending: bool = False
) -> list[SeriesRow]:
    """Mark each row's counted results (its best ``count``, a missed tournament the worst; of
    two equal results the later is dropped), sum them into ``total`` and rank the rows, shared
    ranks for equal keys: by points, more is better; by scores, more tournaments counted first,
    then the sum in the game's direction (``ascending``: fewer is better, Hintersche's Striche).
    Returns the rows in rank order (then by surname). Plain Python: the worked examples in
    ``tests/tournaments/test_series.py`` call it directly."""
    sign = 1 if ascending else -1
    for row in rows:
        present = [(i, r) for i, r in enumerate(row.results) if r is not None]
        if by_points:
            # Every tournament is a slot, a missed one worth 0 points; best first, of equal
            # values a missed one last (it is the one dropped) and the earlier first.
            slots = [
                (i, r.value if r is not None else 0, r is None) for i, r in enumerate(row.results)
            ]
            order = sorted(slots, key=lambda slot: (-slot[1], slot[2], slot[0]))
            keep = {i for i, _value, _missed in order[:count]}
        else:
            order = sorted(present, key=lambda ir: (sign * ir[1].value, ir[0]))
            keep = {i for i, _r in order[:count]}
        for i, result in present:
            result.counted = i in keep
        row.total = sum(r.value for r in row.results if r is not None and r.counted)

    def key(row: SeriesRow) -> tuple[int, ...]:
        if by_points:
            return (-row.total,)
        return (-row.counted, sign * row.total)

    rows.sort(key=lambda r: (key(r), sort_key(r.name)))
    for index, row in enumerate(rows):
        before = rows[index - 1] if index else None
        after = rows[index + 1] if index + 1 < len(rows) else None
        row.rank = before.rank if before is not None and key(before) == key(row) else index + 1
        row.tied = (before is not None and key(before) == key(row)) or (
            after is not None and key(after) == key(row)
        )
    return rows


def _state(tournament: Tournament, public: bool) -> str:
    if tournament.status == Tournament.Status.DRAFT:
        return "coming"
    if tournament.status == Tournament.Status.RUNNING:
        return "running"
    if public and public_through(tournament) is not None:
        return "hidden"
    return "counted"


def series_tournaments(series: Series, *, public: bool) -> list[Tournament]:
    """The series' tournaments by date (then name): on the public page only those whose
    public pages are on. One query."""
    tournaments = series.tournaments.order_by("date", "name")
    if public:
        tournaments = tournaments.filter(public=True)
    return list(tournaments)


def _persons(tournaments: Iterable[Tournament]) -> dict[int, tuple[int, str, str]]:
    """Per player id of ``tournaments``: (person key, name, club or village) as
    :attr:`SeriesRow.key` explains. One query."""
    players = Player.objects.filter(tournament__in=list(tournaments)).values_list(
        "pk", "person_id", "person__name", "person__club", "name", "club"
    )
    return {
        pk: (person, p_name, p_club) if person is not None else (-pk, name, club)
        for pk, person, p_name, p_club, name, club in players
    }


def _value(series: Series, standings_row_rank: int, total: int) -> int:
    if series.scoring == Series.Scoring.SCORES:
        return total
    points = series.place_points
    return points[standings_row_rank - 1] if standings_row_rank <= len(points) else 0


def series_standings(series: Series, *, public: bool) -> SeriesStandings:
    """The series' standings by person and its roll of winners, from its counted tournaments'
    final standings (the module's rules; ``public``: as the public page may show them, else as
    the desk sees them). Two queries, one for each counted tournament whose standings are not
    in the cache (six each) and, on the public page, one for each finished tournament that
    hides its standings from a round."""
    tournaments = series_tournaments(series, public=public)
    states = {t.pk: _state(t, public) for t in tournaments}
    counted = [t for t in tournaments if states[t.pk] == "counted"]
    persons = _persons(counted)
    rows: dict[int, SeriesRow] = {}
    events: list[Event] = []
    for column, tournament in enumerate(counted):
        standings: Standings = cached_standings(tournament)
        winners = tuple(
            sorted((row.player.name for row in standings.rows if row.rank == 1), key=sort_key)
        )
        events.append(Event(tournament, "counted", winners))
        for standing in standings.rows:
            key, name, club = persons[standing.player.pk]
            row = rows.get(key)
            if row is None:
                row = rows[key] = SeriesRow(key, name, club, [None] * len(counted))
            if row.results[column] is None:  # one person, one result an evening
                row.results[column] = Result(
                    standing.rank,
                    standing.tied,
                    _value(series, standing.rank, standing.total),
                )
    count = counting(series, len(counted))
    by_points = series.scoring == Series.Scoring.PLACES
    games = {t.game for t in counted}
    ascending = bool(games) and counted[0].scoring_game.metric_ascending
    ranked = rank_rows(list(rows.values()), count=count, by_points=by_points, ascending=ascending)
    others = [Event(t, states[t.pk]) for t in tournaments if states[t.pk] != "counted"]
    unit = "points" if by_points else (counted[0].game if counted else "")
    return SeriesStandings(series, events, others, ranked, count, unit)


def roll_years(events: Sequence[Event]) -> list[tuple[datetime.date, Event]]:
    """The roll as (date, event) pairs, by date: the printed roll's lines."""
    return [(e.tournament.date, e) for e in events]
