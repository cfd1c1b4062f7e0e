"""The result sheet: the standings and every table's final slate, one PDF for the desk."""

from __future__ import annotations

from tournaments.models import Table, Tournament
from tournaments.printing.render import render_pdf
from tournaments.standings import tournament_standings
from tournaments.tables import table_view


def result_sheet_pdf(tournament: Tournament) -> bytes:
    """The result sheet: tournament, date, standings and every table's result (its final slate),
    as A4 PDF bytes."""
    tables = [
        table_view(table)
        for table in Table.objects.filter(
            round__tournament=tournament, round__stechen_first_place__isnull=True
        )
        .select_related("round__tournament")
        .prefetch_related("seats__player", "deals")
        .order_by("round__number", "number")
    ]
    context = {
        "tournament": tournament,
        "standings": tournament_standings(tournament),
        "tables": tables,
        "game_templates": f"scoring/{tournament.game}/",
    }
    return render_pdf("print/result_sheet.html", context)
