"""The championship report and the certificates (Urkunden): A4 PDFs in the active language,
from ``templates/print/report.html`` and ``templates/print/certificates.html``.

The report holds the cover, the podium, the final ranking (and the teams' where registered
teams play), the game's last place where it names one (Hintersche's Bollenkönig), every round
with each table's final result, the side rankings (:mod:`tournaments.side_rankings`), the
statistics (:mod:`tournaments.printing.statistics`) and the top ten's standings after each round
as a chart (:mod:`tournaments.printing.chart`). Every figure is the engine's, from the stored
deals that count."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments.messages import ordinal, place_words, score_words
from tournaments.models import Bye, Round, Tournament
from tournaments.printing.chart import Line, progression_svg
from tournaments.printing.listing import Listing, standings_listing
from tournaments.printing.render import render_pdf
from tournaments.printing.results import TableResult, played_tables, round_results
from tournaments.printing.statistics import tournament_statistics
from tournaments.prizes import certificate_prizes
from tournaments.side_rankings import side_rankings
from tournaments.standings import (
    Row,
    Standings,
    counted_deals,
    standings_after_each_round,
    team_standings,
    tournament_standings,
)

CHART_PLAYERS = 10
"""The chart follows the top ten of the final ranking."""
PODIUM = 3
LEADERS = 5
"""At most this many leaders are named after a round (ties can put many on the podium)."""


def row_place(row: Row, *, shared: bool = True) -> str:
    """A standings row's place in words: "2nd place", "2nd place after Stechen" (a Stechen he
    played decided it among players level on the score), "5th place by lot" (the Stechen's lot
    alone placed him: he did not play it), "3rd place (shared)" (unless not ``shared``: a
    certificate names the place alone)."""
    if row.by_lot_drop:
        return _("%(ordinal)s place by lot") % {"ordinal": ordinal(row.rank)}
    if row.by_stechen:
        return _("%(ordinal)s place after Stechen") % {"ordinal": ordinal(row.rank)}
    if row.tied and shared:
        return _("%(place)s (shared)") % {"place": place_words(row.rank)}
    return place_words(row.rank)


@dataclass(frozen=True)
class RoundSection:
    """One round of the report: its round, the legend and lines of its tables' final results, its
    tables, the deals that count, the byes, and the leaders after it (ranked on the podium then,
    at most :data:`LEADERS` named)."""

    round: Round
    legend: str
    results: Listing
    tables: int
    deals: int
    byes: list[str]
    leaders: list[Row]
    more_leaders: int


def _chart(standings: Standings, by_round: dict[int, Standings]) -> SafeString:
    """The top ten's ranks after each round as an SVG (safe: the chart escapes every text)."""
    top = standings.rows[:CHART_PLAYERS]
    ranks = {
        number: {row.player.pk: row.rank for row in after.rows}
        for number, after in by_round.items()
    }
    lines = [
        Line(
            f"{row.rank}. {row.player.name}",
            [ranks[number][row.player.pk] for number in standings.rounds],
        )
        for row in top
    ]
    svg = progression_svg(standings.rounds, lines, round_title=_("Round"), rank_title=_("Rank"))
    return mark_safe(svg)  # noqa: S308 - progression_svg escapes every name


def _organiser(tournament: Tournament) -> str:
    """The director's name as the tournament gives it, else the organiser account's full name;
    "" when neither is there (a login name is never printed as a person's)."""
    return tournament.director or tournament.organiser.get_full_name()


def placed_ranking(
    tournament: Tournament, standings: Standings
) -> tuple[Standings, dict[int, list[str]]]:
    """The ranking the places go to: in a partnership game with registered teams the teams'
    (with each team's players, by name), else the players' ``standings`` themselves (and no
    members)."""
    if not tournament.teams_allowed or not tournament.teams.exists():
        return standings, {}
    members: dict[int, list[str]] = defaultdict(list)
    for row in sorted(standings.rows, key=lambda r: r.player.name):
        if row.player.team_id is not None:
            members[row.player.team_id].append(row.player.name)
    return team_standings(tournament, standings), dict(members)


def championship_report_pdf(tournament: Tournament) -> bytes:
    """The championship report of ``tournament`` as A4 PDF bytes, in the active language: cover
    (tournament, game, date, venue, organiser; "provisional" until the tournament is finished),
    podium, final ranking, the last place's title where the game has one, each round with every
    table's final result, statistics, the standings progression of the top ten, and the side
    rankings where there are any (:mod:`tournaments.side_rankings`). Works at any stage: before
    the first round it holds the cover, an empty ranking and no rounds."""
    by_round = standings_after_each_round(tournament)
    # The standings after the last round are the final ones.
    standings = by_round[max(by_round)] if by_round else tournament_standings(tournament)
    tables = played_tables(tournament)
    results: dict[int, list[TableResult]] = defaultdict(list)
    deals: dict[int, int] = defaultdict(int)
    for result, played in tables:
        results[played.round].append(result)
        deals[played.round] += len(played.steps)
    byes: dict[int, list[str]] = defaultdict(list)
    for number, name in (
        Bye.objects.filter(round__tournament=tournament)
        .order_by("player__name")
        .values_list("round__number", "player__name")
    ):
        byes[number].append(name)
    rounds = []
    for the_round in tournament.rounds.order_by("number"):
        leaders = [row for row in by_round[the_round.number].rows if row.rank <= PODIUM]
        legend, lines = round_results(tournament.game, results[the_round.number])
        rounds.append(
            RoundSection(
                the_round,
                legend,
                lines,
                len(results[the_round.number]),
                deals[the_round.number],
                byes[the_round.number],
                leaders[:LEADERS],
                len(leaders[LEADERS:]),
            )
        )
    game = tournament.scoring_game
    last_title = game.last_place_title
    placed, members = placed_ranking(tournament, standings)
    context: dict[str, Any] = {
        "tournament": tournament,
        "organiser": _organiser(tournament),
        "standings": standings,
        "podium": [
            (row_place(row), row, members.get(row.player.pk, []))
            for row in placed.rows
            if row.rank <= PODIUM
        ],
        "ranking": standings_listing(standings, tournament.game, last_title),
        "teams": (
            standings_listing(placed, tournament.game, teams=True)
            if placed is not standings
            else None
        ),
        "last_title": last_title,
        "last": standings.last if last_title else None,
        "rounds": rounds,
        "statistics": tournament_statistics(tournament.game, [p for _v, p in tables]),
        "chart": _chart(standings, by_round) if standings.rounds and standings.rows else None,
        "side": side_rankings(tournament, standings),
    }
    return render_pdf("print/report.html", context)


def certificates_pdf(tournament: Tournament, top: int | None = None) -> bytes:
    """The certificates (Urkunden) of ``tournament`` as A4 PDF bytes, one page for each player
    ranked ``top`` or better, best first: name, place, the prizes won (the prize list's cash and
    goods, :func:`tournaments.prizes.certificate_prizes`), tournament, game, date, venue and a
    line for the organiser's signature; in partnership games with teams also the team. A shared rank
    prints the shared place, so ties can give more than ``top`` pages (ranks 1, 2, 3, 3 are four
    certificates); fewer players give fewer. Before any deal counts nobody is ranked, and the
    document is one page saying so.

    Raises:
        ValueError: ``top`` is below 1.
    """
    top = tournament.certificate_places if top is None else top
    if top < 1:
        raise ValueError(f"top must be at least 1, got {top!r}")
    certificates: list[dict[str, Any]] = []
    if counted_deals(tournament).exists():
        placed, members = placed_ranking(tournament, tournament_standings(tournament))
        prizes = certificate_prizes(tournament)
        for row in placed.rows:
            if row.rank > top:
                break
            common = {
                "place": row_place(row, shared=False),
                "score": score_words(tournament.game, row.total),
            }
            if not members:
                name = row.player.name
                certificates.append(
                    {**common, "name": name, "team": None, "prizes": prizes.of(name)}
                )
            else:  # one for each partner of a placed team
                certificates.extend(
                    {
                        **common,
                        "name": name,
                        "team": row.player.name,
                        "prizes": prizes.of(name, row.player.name),
                    }
                    for name in members.get(row.player.pk, [])
                )
    context = {
        "tournament": tournament,
        "organiser": _organiser(tournament),
        "certificates": certificates,
    }
    return render_pdf("print/certificates.html", context)
