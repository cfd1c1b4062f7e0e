"""A series' roll of winners and standings as an A4 PDF (the public page's content, issue 19,
part 3)."""

from __future__ import annotations

from django.utils import timezone

from tournaments.printing.render import render_pdf
from tournaments.series import SeriesStandings


def series_pdf(standings: SeriesStandings) -> bytes:
    """``standings`` (:func:`tournaments.series.series_standings`) printed: the series' rule,
    the roll of winners by date, the standings by person, the tournaments not counted yet; A4
    PDF bytes. The running header names the series and the day it was printed."""
    series = standings.series
    context = {
        "series": series,
        "standings": standings,
        # print/_base.html's running header names "the tournament": here the series.
        "tournament": {"name": series.name, "date": timezone.localdate()},
    }
    return render_pdf("print/series.html", context)
