"""The catalogue of a tournament's printed documents and the background task that makes one.

A document is made by :func:`document_build`, a django-tasks task run by ``manage.py db_worker``
(the database backend: the queue is the ``django_tasks_db`` table, so the web server and the
worker share it through the database). The PDF is written to ``settings.PRINT_DIR`` under a name
that holds the tournament's slug, the document, the round, the tournament's ``version`` when it
was made and the language (a new version replaces the older file). The newest task of a document
is its state: waiting, being made, ready or failed. A ready document is *current* while its name
is the one it would get now, i.e. until the next write to the tournament raises the version."""

from __future__ import annotations

import dataclasses
import datetime
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django_tasks import TaskResultStatus, task
from django_tasks_db.models import DBTaskResult

from tournaments.cash import cash_report
from tournaments.models import Round, Tournament
from tournaments.printing import report, sheets
from tournaments.printing.render import render_pdf
from tournaments.printing.result_sheet import result_sheet_pdf
from tournaments.prizes import prize_list
from tournaments.side_rankings import side_rankings
from tournaments.standings import tournament_standings


def _standings(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    return sheets.standings_pdf(tournament)


def _report(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    return report.championship_report_pdf(tournament)


def _certificates(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    return report.certificates_pdf(tournament)


def _result_sheet(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    return result_sheet_pdf(tournament)


def _cash(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    context = {"tournament": tournament, "report": cash_report(tournament)}
    return render_pdf("print/cash_report.html", context)


def _payouts(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    """The payout sheet (Auszahlungsliste): each prize with its winner, cash and goods and a line
    to sign, the totals against the fees, then the order at the prize table."""
    listing = prize_list(tournament)
    context = {
        "tournament": tournament,
        "listing": listing,
        "balance": listing.fees_in - listing.cash_out,
    }
    return render_pdf("print/payout_sheet.html", context)


def _side_rankings(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    """The side rankings now (final once the tournament is finished): the club ranking, the
    organiser's teams, the categories (:mod:`tournaments.side_rankings`)."""
    standings = tournament_standings(tournament)
    context = {"tournament": tournament, "side": side_rankings(tournament, standings)}
    return render_pdf("print/side_rankings.html", context)


def _route_cards(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    """The Laufzettel: a small card per player with his table and seat in each round drawn in
    advance (:func:`.sheets.route_cards_pdf`)."""
    return sheets.route_cards_pdf(tournament)


def _table_sheets(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    return sheets.table_sheets_pdf(the_round, base_url)


def _seating_list(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    return sheets.seating_list_pdf(the_round)


def _round_standings(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    return sheets.standings_pdf(tournament, through_round=the_round.number)


def _round_pack(tournament: Tournament, the_round: Round | None, base_url: str) -> bytes:
    """Everything the desk prints when a round is drawn, as one file: the seating list for the
    wall, the table sheets (with each seat's code where a second player confirms) and, from
    round 2 on, the standings after the round before. The seating list and the standings are
    made while the sheets' parts are laid out (:func:`.sheets.table_sheets_pdf`)."""
    after = []
    if the_round.number > 1:
        after.append(lambda: sheets.standings_pdf(tournament, through_round=the_round.number - 1))
    return sheets.table_sheets_pdf(
        the_round,
        base_url,
        before=[lambda: sheets.seating_list_pdf(the_round)],
        after=after,
    )


@dataclass(frozen=True)
class Document:
    """One kind of printed document."""

    kind: str
    """Its key in URLs, file names and task arguments (``"table-sheets"``)."""
    title: Promise
    """Its name for people, translated when shown."""
    build: Callable[[Tournament, Round | None, str], bytes]
    """``build(tournament, round, base_url)`` → the PDF bytes; ``round`` is ``None`` unless the
    document is per round; ``base_url`` (``"https://host"``) prefixes the links it prints."""
    per_round: bool = False
    """Made once per round (of that round) rather than once for the whole tournament."""
    public: bool = False
    """Offered on the public standings page as a final result once the tournament is finished."""
    direct: bool = False
    """Also offered directly (made during the request, no queue) for a tournament of at most
    :data:`DIRECT_PLAYERS` players."""
    round_title: Promise | None = None
    """Its name with its round's ``%(number)s`` where :attr:`title` and "round N" do not read
    well together ("Standings after round 3")."""
    links: bool = False
    """Prints links to the site (the table sheets' QR codes): a file made with another
    ``base_url`` than the one the desk would give now is out of date (see :func:`for_address`)."""


DIRECT_PLAYERS = 100
"""The rule for :attr:`Document.direct`: a document is offered directly where it takes at most
5 s for a 100-player evening of 4 rounds on a busy two-core machine (docs/benchmarks.md,
"Printing": ``python -m benchmarks.print --players 100 --rounds 4 --all --database
/tmp/small.sqlite3``), far below the 30 s a request may take. Anything bigger, and the
championship report and the result sheet always, is made only in the background."""


CATALOGUE: dict[str, Document] = {
    document.kind: document
    for document in (
        Document("standings", _("Standings"), _standings, public=True, direct=True),
        Document("report", _("Championship report"), _report, public=True),
        Document("certificates", _("Certificates"), _certificates, direct=True),
        Document("results", _("Result sheet"), _result_sheet),
        Document("side-rankings", _("Side rankings"), _side_rankings, direct=True),
        Document("cash", _("Cash report"), _cash, direct=True),
        Document("payouts", _("Payout sheet"), _payouts, direct=True),
        Document(
            "route-cards", _("Laufzettel (all rounds drawn in advance)"), _route_cards, direct=True
        ),
        Document(
            "table-sheets",
            _("Table sheets"),
            _table_sheets,
            per_round=True,
            direct=True,
            links=True,
        ),
        Document(
            "round-pack",
            _("Everything for the round"),
            _round_pack,
            per_round=True,
            direct=True,
            links=True,
        ),
        Document("seating-list", _("Seating list"), _seating_list, per_round=True, direct=True),
        Document(
            "round-standings",
            _("Standings after the round"),
            _round_standings,
            per_round=True,
            direct=True,
            round_title=_("Standings after round %(number)s"),
        ),
    )
}
"""Every printed document by ``kind``, in the order the organiser's panel lists them."""

WHOLE = [document for document in CATALOGUE.values() if not document.per_round]
PER_ROUND = [document for document in CATALOGUE.values() if document.per_round]
PUBLIC = [document for document in WHOLE if document.public]


def _stem(tournament: Tournament, document: Document, number: int | None) -> str:
    round_part = f"-round-{number}" if document.per_round else ""
    return f"{tournament.slug}-{document.kind}{round_part}-v"


def file_name(tournament: Tournament, document: Document, number: int | None, language: str) -> str:
    """The name of ``document`` (of round ``number``) as it would be made now, in ``language``:
    ``<slug>-<kind>[-round-<n>]-v<version>-<language>.pdf``."""
    return f"{_stem(tournament, document, number)}{tournament.version}-{language}.pdf"


def _write(name: str, pdf: bytes, replaces: re.Pattern[str]) -> None:
    """Write ``pdf`` to ``PRINT_DIR / name`` whole or not at all (a reader never sees half), then
    remove the older files whose names match ``replaces``."""
    directory = Path(settings.PRINT_DIR)
    directory.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=".", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(pdf)
        os.replace(temporary, directory / name)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    for old in directory.iterdir():
        if old.name != name and replaces.fullmatch(old.name):
            old.unlink(missing_ok=True)


@task()
def document_build(
    *, tournament: int, kind: str, number: int | None, language: str, base_url: str = ""
) -> str:
    """Make document ``kind`` of the tournament with primary key ``tournament`` (of its round
    ``number`` for a per-round document) in ``language`` and write it to ``settings.PRINT_DIR``.
    Returns the file's name (see :func:`file_name`). Raises ``KeyError`` for an unknown kind and
    ``Tournament.DoesNotExist`` / ``Round.DoesNotExist`` for a tournament or round gone since."""
    document = CATALOGUE[kind]
    with translation.override(language):
        the_tournament = Tournament.objects.get(pk=tournament)
        the_round = the_tournament.rounds.get(number=number) if document.per_round else None
        # Named after the version read before the document: a write while it is being made leaves
        # it marked as out of date.
        name = file_name(the_tournament, document, number, language)
        older = re.escape(_stem(the_tournament, document, number)) + rf"\d+-{language}\.pdf"
        _write(name, document.build(the_tournament, the_round, base_url), re.compile(older))
    return name


@dataclass(frozen=True)
class State:
    """Where one document stands: the newest task that makes it."""

    status: str
    """``"none"`` (never asked for), ``"queued"``, ``"running"``, ``"ready"`` or ``"failed"``."""
    seconds: int = 0
    """Waiting or being made: for how long so far; ready: how long it took to make."""
    path: Path | None = None
    """Ready and still on disk: the file."""
    current: bool = False
    """Ready and made from the tournament as it is now."""
    base_url: str = ""
    """Ready: the address its printed links start with (empty for a document without links)."""
    elsewhere: bool = False
    """Ready, with links to another address than the desk's now (see :func:`for_address`)."""

    @property
    def pending(self) -> bool:
        return self.status in ("queued", "running")


_STATUS = {
    TaskResultStatus.READY: "queued",  # django-tasks' "ready" means ready to be run
    TaskResultStatus.RUNNING: "running",
    TaskResultStatus.SUCCESSFUL: "ready",
    TaskResultStatus.FAILED: "failed",
}


def _seconds(since: datetime.datetime | None, until: datetime.datetime | None) -> int:
    if since is None:
        return 0
    return max(0, round(((until or timezone.now()) - since).total_seconds()))


def _state(row: DBTaskResult, tournament: Tournament) -> State:
    kwargs = row.args_kwargs["kwargs"]
    document = CATALOGUE.get(kwargs["kind"])
    status = _STATUS[row.status]
    if status == "queued":
        return State(status, _seconds(row.enqueued_at, None))
    if status != "ready" or document is None:
        return State(status, _seconds(row.started_at, row.finished_at))
    path = Path(settings.PRINT_DIR) / row.return_value
    if not path.is_file():
        return State("none")  # cleared away since: as if never made
    current = row.return_value == file_name(
        tournament, document, kwargs["number"], kwargs["language"]
    )
    seconds = _seconds(row.started_at, row.finished_at)
    return State(status, seconds, path, current, kwargs.get("base_url", ""))


def for_address(state: State, document: Document, base_url: str) -> State:
    """``state`` as seen from a desk whose printed links start with ``base_url`` (see
    :func:`tournaments.links.public_url`): a current document with links made for another
    address, say before ``KREIDETAFEL_PUBLIC_URL`` was set, is out of date (``elsewhere``)."""
    if document.links and state.current and state.base_url != base_url:
        return dataclasses.replace(state, current=False, elsewhere=True)
    return state


def _tasks(tournament: Tournament, language: str):
    return DBTaskResult.objects.filter(
        task_path=document_build.module_path,
        args_kwargs__kwargs__tournament=tournament.pk,
        args_kwargs__kwargs__language=language,
    ).order_by("enqueued_at")


def document_states(tournament: Tournament, language: str) -> dict[tuple[str, int | None], State]:
    """Every document of ``tournament`` in ``language`` that was ever asked for, by ``(kind,
    round number or None)``, with its newest task's state. One query."""
    states = {}
    for row in _tasks(tournament, language):
        kwargs = row.args_kwargs["kwargs"]
        states[kwargs["kind"], kwargs["number"]] = _state(row, tournament)
    return states


def document_state(
    tournament: Tournament, document: Document, number: int | None, language: str
) -> State:
    """The state of one document (see :func:`document_states`). One query."""
    row = (
        _tasks(tournament, language)
        .filter(args_kwargs__kwargs__kind=document.kind, args_kwargs__kwargs__number=number)
        .last()
    )
    return State("none") if row is None else _state(row, tournament)


def document_prepare(
    *,
    tournament: Tournament,
    document: Document,
    number: int | None,
    language: str,
    base_url: str = "",
) -> State:
    """Ask the worker to make ``document`` (of round ``number``) in ``language`` unless it is
    already waiting, being made, or ready and current (with links to ``base_url``, see
    :func:`for_address`). Returns its state afterwards."""
    state = for_address(document_state(tournament, document, number, language), document, base_url)
    if state.pending or state.current:
        return state
    document_build.enqueue(
        tournament=tournament.pk,
        kind=document.kind,
        number=number,
        language=language,
        base_url=base_url,
    )
    return State("queued")


def final_results_prepare(tournament: Tournament) -> None:
    """Have the public documents (the final results) made in every language of the site: called
    when the tournament is finished, so that its public link is ready when people follow it."""
    for document in PUBLIC:
        for language, _name in settings.LANGUAGES:
            document_prepare(
                tournament=tournament, document=document, number=None, language=language
            )
