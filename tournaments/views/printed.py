"""Printed documents: the organiser's documents panel (prepare in the background, follow the
progress, download) and the public link to the final results once the tournament is finished.

A document is made by the worker (``manage.py db_worker``, see
:mod:`tournaments.printing.documents`), never during a request, so that no request waits for a
250-page PDF; small documents of small tournaments are also offered directly (``/now/``). Each
page is in the requester's language, and so is the document it prepares."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from tournaments import permissions
from tournaments.hidden import public_through
from tournaments.links import phones_cannot_reach, public_url
from tournaments.models import Round, Tournament
from tournaments.names import file_slug
from tournaments.printing.documents import (
    CATALOGUE,
    DIRECT_PLAYERS,
    PER_ROUND,
    WHOLE,
    Document,
    State,
    document_prepare,
    document_state,
    document_states,
    for_address,
)
from tournaments.views.common import partial
from tournaments.views.desk import organiser_tournament

PANEL = "tournaments/printed/documents.html"
FINAL = "tournaments/printed/final.html"


@dataclass(frozen=True)
class Cell:
    """One document of the panel: what it is, where it stands and its addresses."""

    document: Document
    number: int | None
    state: State
    url: str
    """GET: this cell again (what htmx polls); POST: prepare the document."""
    download_url: str
    direct_url: str
    """Made during the request; empty where the document is too big for that."""

    @property
    def dom_id(self) -> str:
        return f"document-{self.document.kind}" + (f"-{self.number}" if self.number else "")


def _document(kind: str, number: int | None) -> Document:
    """The catalogue's ``kind``; 404 for an unknown one and for a round given to a document of
    the whole tournament or missing for a per-round one."""
    document = CATALOGUE.get(kind)
    if document is None or document.per_round != (number is not None):
        raise Http404
    return document


def _url(name: str, tournament: Tournament, document: Document, number: int | None) -> str:
    args = [tournament.slug, document.kind] + ([number] if number is not None else [])
    return reverse(name + ("-round" if number is not None else ""), args=args)


def _cell(
    tournament: Tournament, document: Document, number: int | None, state: State, players: int
) -> Cell:
    direct = document.direct and players <= DIRECT_PLAYERS
    return Cell(
        document,
        number,
        state,
        _url("document", tournament, document, number),
        _url("document-download", tournament, document, number),
        _url("document-now", tournament, document, number) if direct else "",
    )


def _round(tournament: Tournament, number: int | None) -> Round | None:
    return None if number is None else get_object_or_404(tournament.rounds, number=number)


def _base_url(request: HttpRequest) -> str:
    """``"https://host"``: what the table sheets' QR codes and printed links start with
    (:func:`tournaments.links.public_url`)."""
    return public_url(request, "/").rstrip("/")


def _download_name(tournament: Tournament, document: Document, number: int | None) -> str:
    """``vereinsturnier-tischblaetter-runde-3.pdf``: the tournament, the document and its
    round, in the requester's language (umlauts spelled out, :func:`file_slug`)."""
    if number is None:
        title = str(document.title)
    elif document.round_title is not None:
        title = document.round_title % {"number": number}
    else:
        title = " ".join((str(document.title), _("round %(number)s") % {"number": number}))
    return f"{file_slug(f'{tournament.slug} {title}')}.pdf"


@login_required
@require_safe
def documents(request: HttpRequest, slug: str) -> HttpResponse:
    """The documents panel: each document of the tournament, then each round's, with its state
    (prepare / waiting / being made / download). Six queries with the session and the user,
    whatever the number of rounds and documents (the tasks are read in one)."""
    tournament = organiser_tournament(request, slug)
    states = document_states(tournament, get_language())
    players = tournament.players.count()
    rounds = list(tournament.rounds.values_list("number", flat=True))
    base_url = _base_url(request)

    def cell(document: Document, number: int | None) -> Cell:
        state = for_address(states.get((document.kind, number), State("none")), document, base_url)
        return _cell(tournament, document, number, state, players)

    context = {
        "tournament": tournament,
        "whole": [cell(document, None) for document in WHOLE],
        "per_round": PER_ROUND,
        "rounds": [(number, [cell(d, number) for d in PER_ROUND]) for number in rounds],
        "phones_cannot_reach": phones_cannot_reach(request),
    }
    return render(request, partial(request, PANEL, "panel"), context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def document_detail(
    request: HttpRequest, slug: str, kind: str, number: int | None = None
) -> HttpResponse:
    """GET: one document's cell of the panel (htmx polls it every 2 s while the document is
    waiting or being made). POST ("Prepare"): have it made in the background unless it already
    is; the cell again for htmx, back to the panel otherwise."""
    tournament = organiser_tournament(request, slug)
    document = _document(kind, number)
    _round(tournament, number)  # 404 for a round not drawn
    language = get_language()
    if request.method == "POST":
        state = document_prepare(
            tournament=tournament,
            document=document,
            number=number,
            language=language,
            base_url=_base_url(request),
        )
        if not request.htmx:
            return redirect("documents", tournament.slug)
    else:
        state = document_state(tournament, document, number, language)
        state = for_address(state, document, _base_url(request))
    players = tournament.players.count() if document.direct else 0
    cell = _cell(tournament, document, number, state, players)
    return render(request, f"{PANEL}#cell", {"tournament": tournament, "cell": cell})


@login_required
@require_safe
def document_download(
    request: HttpRequest, slug: str, kind: str, number: int | None = None
) -> FileResponse:
    """The document as made last (current or not: the panel says which), as an attachment; 404
    until it is ready."""
    tournament = organiser_tournament(request, slug)
    document = _document(kind, number)
    state = document_state(tournament, document, number, get_language())
    if state.path is None:
        raise Http404
    name = _download_name(tournament, document, number)
    return FileResponse(state.path.open("rb"), as_attachment=True, filename=name)


@login_required
@require_safe
def document_now(
    request: HttpRequest, slug: str, kind: str, number: int | None = None
) -> HttpResponse:
    """The document made during the request, for a tournament small enough (see
    ``Document.direct``); 404 otherwise: the panel offers no such link."""
    tournament = organiser_tournament(request, slug)
    document = _document(kind, number)
    the_round = _round(tournament, number)
    if not document.direct or tournament.players.count() > DIRECT_PLAYERS:
        raise Http404
    pdf = document.build(tournament, the_round, _base_url(request))
    response = HttpResponse(pdf, content_type="application/pdf")
    name = _download_name(tournament, document, number)
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


@require_safe
def final_document(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """A final result of a finished tournament whose public pages are on (its organisers see it
    while they are off): the file when it is ready and current; otherwise it is prepared in the
    background and a page says so and follows it (htmx polls the same address for its progress
    part, which links the file when ready). 404 before the tournament is finished, for a
    document that is not public, and while the live standings are hidden (until the organiser
    shows them again at the prize-giving)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    document = CATALOGUE.get(kind)
    visible = permissions.may(request.user, permissions.Action.VIEW_PUBLIC, tournament)
    if document is None or not document.public or not tournament.finished or not visible:
        raise Http404
    if public_through(tournament) is not None:
        raise Http404
    language = get_language()
    state = document_state(tournament, document, None, language)
    if state.current and not request.htmx:
        name = _download_name(tournament, document, None)
        return FileResponse(state.path.open("rb"), filename=name)
    if state.status == "none" or state.status == "ready" and not state.current:
        state = document_prepare(
            tournament=tournament, document=document, number=None, language=language
        )
    context = {"tournament": tournament, "document": document, "state": state}
    return render(request, partial(request, FINAL, "progress"), context)
