"""Each table's final result as one line of the championship report: the figures of the game's
result table (``templates/scoring/<game>/result.html``, the table page's) for every seat or team,
beside its players, then the table's deals. One line a table keeps a 250-table round to a few
pages that weasyprint sets in about half a second (:mod:`tournaments.printing.listing`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from tournaments.games import module
from tournaments.models import Deal, Seat, Table, Tournament
from tournaments.printing.listing import Listing, listing
from tournaments.printing.statistics import PlayedTable
from tournaments.selectors import seats_by_table


@dataclass(frozen=True)
class Figure:
    """One figure column: its heading (the result table's), the figure's key in the seat's
    ``figures`` (``"score"`` for the seat's score), and whether a gain prints its "+"."""

    heading: Any
    key: str
    signed: bool = False
    shown: Callable[[Any], bool] | None = None
    """Shown only where some table's state passes this test (else always)."""


def game_figures(game: str) -> tuple[Figure, ...]:
    """The game's result-table figures (``FIGURES`` of its module in :mod:`tournaments.games`);
    none for a game that names none."""
    return getattr(module(game), "FIGURES", ())


def _by_team(game: str) -> bool:
    """Whether the game's result table has a line per team (``state.teams``), not per seat."""
    return getattr(module(game), "RESULT_BY_TEAM", False)


@dataclass(frozen=True)
class TableResult:
    """What one table's line needs: its number, seat label → player name, its state after all
    its deals, and how many deals it has."""

    number: int
    players: Mapping[str, str]
    state: Any
    deals: int


def _sides(game: str, state: Any, players: Mapping[str, str]) -> list[tuple[str, str, Mapping]]:
    """``(label, names, figures)`` for every seat, or every team in a team game."""
    if _by_team(game):
        return [
            (
                team,
                " & ".join(players.get(seat, seat) for seat in seats),
                state.standing[team],
            )
            for team, seats in state.team_seats.items()
        ]
    return [
        (r.seat, players.get(r.seat, r.seat), {**r.figures, "score": r.score})
        for r in state.result()
    ]


def _figure(figure: Figure, figures: Mapping[str, int]) -> str:
    value = figures[figure.key]
    return f"+{value}" if figure.signed and value > 0 else str(value)


def _notes(state: Any) -> list[str]:
    """What the result table says below the figures: "not finished" while the table plays;
    Hindernislauf's warning when points-only deals hide hits and skips."""
    notes = []
    if getattr(state, "minimal_deals", False):
        notes.append(_("hits and skips of points-only deals are not known"))
    if not state.unit_over:
        notes.append(_("not finished"))
    return notes


def round_results(game: str, tables: Sequence[TableResult]) -> tuple[str, Listing]:
    """A round's tables, one line each, and the legend above them ("Each seat: player, Striche,
    Frame"). Columns: the table, then for each seat (team) its players and the game's figures,
    then the deals, and "not finished" while the table plays. A figure column with a ``shown``
    test is left out when no table passes it (Hintersche's frame in a Vier-Strich)."""
    figures = [
        f
        for f in game_figures(game)
        if f.shown is None or any(f.shown(table.state) for table in tables)
    ]
    sides = [_sides(game, table.state, table.players) for table in tables]
    width = max((len(s) for s in sides), default=0)
    group = ["", *("" for _f in figures), ""]
    heading = [_("Table")]
    right = [True]
    labels = max(sides, key=len, default=[])
    for label, _names, _figures in labels:
        heading += [label, *group[1:]]
        right += [False, *(True for _f in figures), False]
    heading.append(_("Deals"))
    right += [True, False]
    heading.append("")
    rows = []
    for table, table_sides in zip(tables, sides, strict=True):
        row = [str(table.number)]
        for _label, names, values in table_sides:
            row += [names, *(_figure(f, values) for f in figures), ""]
        row += [""] * (len(group) * (width - len(table_sides)))
        row += [str(table.deals), " · ".join(_notes(table.state))]
        rows.append(row)
    names = [str(f.heading) for f in figures]
    if _by_team(game):
        legend = _("Each team: players, %(figures)s")
    else:
        legend = _("Each seat: player, %(figures)s")
    return legend % {"figures": ", ".join(names)}, listing(heading, rows, right)


def played_tables(tournament: Tournament) -> list[tuple[TableResult, PlayedTable]]:
    """Every table of ``tournament`` in round and table order: its final result (the state after
    all its deals, as on the table page) and its counted deals replayed for the statistics.
    Three queries of plain values (no model instances: 2,500 tables have 75,000 deals); one
    replay a table unless unconfirmed deals make the counted ones differ."""
    game = tournament.scoring_game
    variant = game.variant(tournament.variant)
    tables = Table.objects.filter(
        round__tournament=tournament, round__stechen_first_place__isnull=True
    )
    seats = seats_by_table(game, Seat.objects.filter(table__in=tables), "player__name")
    deals: dict[int, list[tuple[int, Any, bool]]] = defaultdict(list)
    for table_id, number, entry, confirmed_at in (
        Deal.objects.filter(table__in=tables)
        .order_by("table_id", "number")
        .values_list("table_id", "number", "entry", "confirmed_at")
    ):
        deals[table_id].append((number, entry, confirmed_at is not None))
    result = []
    for pk, round_number, number in tables.order_by("round__number", "number").values_list(
        "pk", "round__number", "number"
    ):
        players = dict(seats.get(pk, []))
        labels = tuple(players)
        played = deals[pk]
        # As tables.table_replay: the stored deals passed validation when they were entered.
        steps = game.replay([entry for _n, entry, _c in played], variant, labels, trusted=True)
        counted = [deal for deal in played if deal[2] or not tournament.confirmation_required]
        if len(counted) < len(played):
            counted_steps = game.replay([d[1] for d in counted], variant, labels, trusted=True)
        else:
            counted_steps = steps
        state = steps[-1].state if steps else game.initial(labels, variant)
        result.append(
            (
                TableResult(number, players, state, len(played)),
                PlayedTable(
                    round_number, number, players, tuple(d[0] for d in counted), counted_steps
                ),
            )
        )
    return result
