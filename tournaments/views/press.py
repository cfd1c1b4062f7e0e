"""The text for the paper (the organisers' page): the article from the results
(:mod:`tournaments.press`) to copy, or to download as a text file."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.names import file_slug
from tournaments.press import article
from tournaments.standings import cached_standings
from tournaments.views.desk import organiser_tournament


@login_required
def press_text(request: HttpRequest, slug: str) -> HttpResponse:
    """The article in a read-only text box with a copy button (``static/js/press.js``) and a
    download link; the full standings, hidden or not."""
    tournament = organiser_tournament(request, slug)
    context = {
        "tournament": tournament,
        "article": article(tournament, cached_standings(tournament)),
    }
    return render(request, "tournaments/desk/press.html", context)


@login_required
def press_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The article as a UTF-8 text file, ``vereinsturnier-zeitungstext.txt`` (in the
    requester's language)."""
    tournament = organiser_tournament(request, slug)
    text = article(tournament, cached_standings(tournament)).text
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    name = file_slug(tournament.slug + " " + _("text for the paper"))
    response["Content-Disposition"] = f'attachment; filename="{name}.txt"'
    return response
