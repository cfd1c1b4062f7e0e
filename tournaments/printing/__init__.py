"""Printed documents: HTML templates in ``templates/print/`` (each extends ``print/_base.html``:
A4, running header, page numbers, black on white) rendered to PDF by weasyprint. Fonts are the
Debian packages that ``scripts/setup`` installs; nothing is fetched while a document renders."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone
from weasyprint import HTML

from tournaments.models import Table, Tournament
from tournaments.standings import tournament_standings
from tournaments.tables import table_view


def render_pdf(template_name: str, context: dict[str, Any]) -> bytes:
    """``template_name`` rendered with ``context`` (plus ``printed_at``) as A4 PDF bytes, in the
    active language."""
    html = render_to_string(template_name, {"printed_at": timezone.localtime(), **context})
    return HTML(string=html).write_pdf()


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
        "game_templates": f"scoring/{tournament.game}/",
    }
    return render_pdf("print/result_sheet.html", context)
