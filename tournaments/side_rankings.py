"""Side rankings from the same scores (issue 19, part 4): the club (or village) ranking, the
teams the organiser puts together, and the categories (Damen, Jugend, Senioren), read from the
main standings and never scored anew.

The rules (also in docs/running-a-tournament.md, "Side rankings"):

* **Who counts**: exactly the players of the main standings (:func:`tournaments.standings.
  tournament_standings`) with their totals there: players außer Konkurrenz are never ranked, so
  never count; a withdrawn player keeps his results in the standings, so he counts for his club
  and team with them (flagged, as in the standings); byes and rounds missed count as the
  standings score them.
* **Club and team rankings** (``Tournament.club_ranking_best`` N for the clubs, grouped by the
  player's "club or village" as entered, players without one in no club;
  ``Tournament.team_ranking_best`` N for the teams, each a :class:`PrizeCategory` of kind
  ``team``): a group's score is the sum of the totals of its best N members, best as the
  standings rank them (the game's direction: fewest Striche first in Hintersche, else as
  ``Game.metric_ascending`` says). Groups with at least N members are ranked by that sum in the
  game's direction; equal sums share the place (no tie-break). Groups with fewer than N members
  are listed after them *without a place* (their sum of fewer totals would not compare: in
  Hintersche fewer players have fewer Striche), those with more members first, then by their
  sum in the game's direction, then by name.
* **Categories** (a :class:`PrizeCategory` of kind ``category``): its players in the standings'
  order, each with his place in the category (players level in the standings share it) beside
  his place overall.

Everything is computed from a :class:`~tournaments.standings.Standings` the caller holds, so the
public pages pass the standings they may show (while the live standings are hidden: those
through the last round shown) and the side rankings never tell more than the standings do.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Exists, OuterRef

from tournaments.models import Player, PrizeCategory, Tournament
from tournaments.names import sort_key
from tournaments.standings import STANDINGS_SECONDS, Row, Standings, cached_standings


@dataclass(frozen=True)
class Member:
    """One player of a club or team as the side ranking lists him."""

    pk: int
    name: str
    """As lists show it (:func:`tournaments.names.labels`)."""
    rank: int
    """His place in the main standings."""
    total: int
    """His total in the game's unit (Hintersche: Striche), as the standings have it."""
    counts: bool
    """Whether his total is one of the best N that make the group's score."""
    withdrawn: bool = False


@dataclass(frozen=True)
class GroupRow:
    """One club or team of a side ranking."""

    name: str
    rank: int | None
    """Its place; None for a group with fewer than N ranked members (listed after the others)."""
    tied: bool
    """True when the place is shared (the same sum as another group)."""
    total: int
    """The sum of the totals of its counting members (the best N, or all it has when fewer), in
    the game's unit."""
    members: tuple[Member, ...]
    """All its ranked members, in the standings' order (the counting ones first)."""

    @property
    def counted(self) -> int:
        """How many members' totals make :attr:`total`."""
        return sum(1 for member in self.members if member.counts)

    @property
    def complete(self) -> bool:
        return self.rank is not None


@dataclass(frozen=True)
class GroupRanking:
    """The club ranking or the team ranking."""

    kind: str
    """``"club"`` or ``"team"``."""
    best: int
    """N: how many members' totals count."""
    rows: list[GroupRow]
    """The ranked groups in order, then those with fewer than N members."""

    @property
    def ranked(self) -> list[GroupRow]:
        return [row for row in self.rows if row.complete]

    @property
    def incomplete(self) -> list[GroupRow]:
        return [row for row in self.rows if not row.complete]


@dataclass(frozen=True)
class CategoryLine:
    """One player of a category: his place in it and his line of the main standings."""

    place: int
    tied: bool
    row: Row


@dataclass(frozen=True)
class CategoryRanking:
    """One category (Damen, Jugend …) with its ranked players."""

    name: str
    lines: list[CategoryLine]


@dataclass(frozen=True)
class SideRankings:
    """Every side ranking of a tournament over the rounds of the standings it was read from."""

    rounds: list[int]
    """The round numbers the standings (and so these) cover."""
    clubs: GroupRanking | None
    """None where the tournament has no club ranking (``club_ranking_best`` empty)."""
    teams: GroupRanking | None
    """None where the organiser named no team with a ranked player."""
    categories: list[CategoryRanking]
    """The categories with a ranked player, by name."""

    def __bool__(self) -> bool:
        return bool(self.clubs and self.clubs.rows or self.teams or self.categories)


def side_groups() -> Exists:
    """An annotation for a tournament query: whether a category or team of it has a player
    (it then has a side ranking besides the club ranking), learnt in the query that finds the
    tournament."""
    through = PrizeCategory.players.through
    return Exists(through.objects.filter(prizecategory__tournament=OuterRef("pk")))


def _by_name(name: str) -> tuple[str, str]:
    """A club's, team's or category's name in alphabetical order (case ignored)."""
    return (name.casefold(), name)


def group_ranking(
    kind: str, best: int, groups: Mapping[str, Iterable[Row]], ascending: bool
) -> GroupRanking:
    """Rank ``groups`` (name → its members' standings rows, in any order) by the sum of the
    totals of each one's ``best`` best-ranked members, in the game's direction (``ascending``:
    fewer is better, as Hintersche's Striche); the module's rules. No query."""
    sign = 1 if ascending else -1
    built: list[tuple[str, int, tuple[Member, ...]]] = []
    for name, rows in groups.items():
        ordered = sorted(rows, key=lambda row: (row.rank, sort_key(row.player.name)))
        if not ordered:
            continue
        members = tuple(
            Member(
                pk=row.player.pk,
                name=row.player.name,
                rank=row.rank,
                total=row.total,
                counts=index < best,
                withdrawn=row.player.withdrawn,
            )
            for index, row in enumerate(ordered)
        )
        built.append((name, sum(m.total for m in members if m.counts), members))
    full = sorted(
        (g for g in built if len(g[2]) >= best), key=lambda g: (sign * g[1], _by_name(g[0]))
    )
    short = sorted(
        (g for g in built if len(g[2]) < best),
        key=lambda g: (-len(g[2]), sign * g[1], _by_name(g[0])),
    )
    rows: list[GroupRow] = []
    for index, (name, total, members) in enumerate(full):
        previous = rows[-1] if rows else None
        if previous is not None and previous.total == total:
            rows[-1] = dataclasses.replace(previous, tied=True)
            rows.append(GroupRow(name, previous.rank, True, total, members))
        else:
            rows.append(GroupRow(name, index + 1, False, total, members))
    rows.extend(GroupRow(name, None, False, total, members) for name, total, members in short)
    return GroupRanking(kind=kind, best=best, rows=rows)


def category_ranking(name: str, rows: Sequence[Row]) -> CategoryRanking:
    """A category's players (their standings rows, in the standings' order) with their places
    in the category: players level in the standings (the same rank) share one. No query."""
    lines: list[CategoryLine] = []
    for index, row in enumerate(rows):
        previous = lines[-1] if lines else None
        if previous is not None and previous.row.rank == row.rank:
            lines[-1] = dataclasses.replace(previous, tied=True)
            lines.append(CategoryLine(previous.place, True, row))
        else:
            lines.append(CategoryLine(index + 1, False, row))
    return CategoryRanking(name=name, lines=lines)


def side_rankings(tournament: Tournament, standings: Standings) -> SideRankings:
    """The side rankings of ``tournament`` read from ``standings`` (the module's rules). Two
    queries at most: the players' clubs (only with a club ranking) and the categories' and
    teams' players."""
    ascending = tournament.scoring_game.metric_ascending
    by_pk = {row.player.pk: row for row in standings.rows}
    clubs = None
    if tournament.club_ranking_best:
        grouped: dict[str, list[Row]] = defaultdict(list)
        for pk, club in (
            Player.objects.filter(tournament=tournament).order_by().values_list("pk", "club")
        ):
            club = " ".join(club.split())
            if club and pk in by_pk:
                grouped[club].append(by_pk[pk])
        clubs = group_ranking("club", tournament.club_ranking_best, grouped, ascending)
    teams: dict[str, list[Row]] = defaultdict(list)
    categories: dict[str, list[Row]] = defaultdict(list)
    through = PrizeCategory.players.through
    for name, kind, pk in through.objects.filter(prizecategory__tournament=tournament).values_list(
        "prizecategory__name", "prizecategory__kind", "player_id"
    ):
        if pk in by_pk:
            found = teams if kind == PrizeCategory.Kind.TEAM else categories
            found[name].append(by_pk[pk])
    order = {row.player.pk: index for index, row in enumerate(standings.rows)}
    return SideRankings(
        rounds=list(standings.rounds),
        clubs=clubs,
        teams=(
            group_ranking("team", tournament.team_ranking_best, teams, ascending) if teams else None
        ),
        categories=[
            category_ranking(name, sorted(rows, key=lambda row: order[row.player.pk]))
            for name, rows in sorted(categories.items(), key=lambda item: _by_name(item[0]))
        ],
    )


def cached_side_rankings(
    tournament: Tournament, *, through_round: int | None = None
) -> SideRankings:
    """:func:`side_rankings` of the (cached) standings after ``through_round`` (None: now), kept
    in the cache under the tournament's ``version`` like the standings."""
    key = f"side-rankings:v1:{tournament.pk}:{tournament.version}:{through_round}"
    return cache.get_or_set(
        key,
        lambda: side_rankings(
            tournament, cached_standings(tournament, through_round=through_round)
        ),
        timeout=STANDINGS_SECONDS,
    )
