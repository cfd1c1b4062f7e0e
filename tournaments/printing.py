"""Printed documents: HTML templates in ``templates/print/`` rendered to A4 PDF by weasyprint."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone
from weasyprint import HTML

from tournaments.models import Table, Tournament
from tournaments.standings import tournament_standings
from tournaments.tables import table_view


def result_sheet_pdf(tournament: Tournament) -> bytes:
    """The result sheet: tournament, date, standings and every table's result (its final slate),
    as A4 PDF bytes."""
    tables = [
        table_view(table)
        for table in Table.objects.filter(round__tournament=tournament)
        .select_related("round__tournament")
        .prefetch_related("seats__player", "deals")
        .order_by("round__number", "number")
    ]
    context = {
        "tournament": tournament,
        "standings": tournament_standings(tournament),
        "tables": tables,
        "printed_at": timezone.localtime(),
        "game_templates": f"scoring/{tournament.game}/",
    }
    html = render_to_string("print/result_sheet.html", context)
    return HTML(string=html).write_pdf()
