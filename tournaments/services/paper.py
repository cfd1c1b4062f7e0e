"""A table's paper sheet typed in at the desk: checked deal by deal, kept with every typing and
an optional photo, and stored as the table's deals once it counts (at once, or when two
typings agree)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import paper
from tournaments.models import AuditEntry, Deal, PaperSheet, PaperTyping, Table
from tournaments.services.audit import record_change
from tournaments.services.deals import _begin, deal_record
from tournaments.tables import table_state


class PaperProblem(ValidationError):
    """The grid has a wrong deal: :attr:`problem` names the first one (its deal, row, column)
    and what is wrong. Nothing was saved."""

    def __init__(self, problem: paper.Problem):
        super().__init__(
            _("Deal %(number)s (row %(row)s): %(message)s")
            % {"number": problem.number, "row": problem.row, "message": problem.message},
            code="PAPER_DEAL_INVALID",
        )
        self.problem = problem


@dataclass(frozen=True)
class Typed:
    """What a typing did: the ``sheet``; the ``deals`` stored now (empty while the sheet waits
    for a typing that agrees); the ``differences`` from the previous typing when they disagree
    (row, column key, earlier value, this value)."""

    sheet: PaperSheet
    deals: list[Deal] = field(default_factory=list)
    differences: list[tuple[int, str, str, str]] = field(default_factory=list)


def waiting_sheet(table: Table) -> PaperSheet | None:
    """The table's paper sheet typed once and waiting for a second typing, if any."""
    return table.paper_sheets.filter(status=PaperSheet.Status.WAITING).first()


def _store(sheet: PaperSheet, entries: Sequence[dict], by: AbstractBaseUser | None) -> list[Deal]:
    via = _("paper table sheet, typed in twice") if sheet.double_entry else _("paper table sheet")
    deals = []
    for offset, entry in enumerate(entries):
        number = sheet.first_number + offset
        deals.append(
            deal_record(table=sheet.table, entry=entry, by=by, via=via, number=number).deal
        )
    sheet.status, sheet.stored_at = PaperSheet.Status.STORED, timezone.now()
    sheet.save(update_fields=["status", "stored_at"])
    return deals


def _log(sheet: PaperSheet, by: AbstractBaseUser | None, what: str, rows: list) -> None:
    table = sheet.table
    record_change(
        table.round.tournament,
        AuditEntry.Action.PAPER_SHEET,
        by=by,
        via=_("desk"),
        subject=what,
        after={"first_deal": sheet.first_number, "rows": rows},
        round_number=table.round.number,
        table_number=table.number,
    )


@transaction.atomic
def paper_sheet_type(
    *,
    table: Table,
    rows: list[paper.Row],
    by: AbstractBaseUser | None,
    double_entry: bool = False,
    photo: UploadedFile | None = None,
) -> Typed:
    """Check one typing of ``table``'s paper grid (``rows``: one per deal, from the table's next
    deal on) against the rules, deal by deal, and keep it. Without ``double_entry`` (and no
    sheet waiting) its deals are stored at once; with it, the sheet waits until a later typing
    agrees with an earlier one, cell by cell, and then its deals are stored. ``photo`` (of the
    paper sheet) is kept with the sheet. The organiser only; the deals' history names the paper
    sheet.

    Raises :class:`PaperProblem` (the first wrong deal and its column), or ``ValidationError``:
    ``PAPER_EMPTY`` (no deal typed), ``PAPER_OUTDATED`` (deals were entered at the table since the
    first typing), ``ROUND_LOCKED``, ``UNIT_OVER``; nothing is saved then."""
    write = _begin(table, None, by)
    table = write.table
    if not any(rows):
        raise ValidationError(_("Type at least one deal."), code="PAPER_EMPTY")
    next_number = write.deals[-1].number + 1 if write.deals else 1
    sheet = waiting_sheet(table)
    if sheet is not None and sheet.first_number != next_number:
        raise ValidationError(
            _(
                "Since the first typing, deals were entered at this table: it now goes on at "
                "deal %(number)s. Discard the waiting typing and type the sheet again."
            )
            % {"number": next_number},
            code="PAPER_OUTDATED",
        )
    checked = paper.check(
        table.round.tournament.game,
        table.round.scoring_game,
        table.round.scoring_variant,
        table_state(table, write.deals),
        rows,
        next_number,
    )
    if checked.problem is not None:
        raise PaperProblem(checked.problem)
    if sheet is None:
        sheet = PaperSheet(table=table, double_entry=double_entry, first_number=next_number)
    earlier = [t.rows for t in sheet.typings.all()] if sheet.pk else []
    if photo is not None and not sheet.photo:
        sheet.photo = photo
    sheet.save()
    PaperTyping.objects.create(sheet=sheet, rows=rows, typed_by=by)
    if not sheet.double_entry or rows in earlier:
        _log(sheet, by, _("deals %(first)s–%(last)s stored") % _span(sheet, rows), rows)
        return Typed(sheet, _store(sheet, checked.entries, by))
    if not earlier:
        _log(sheet, by, _("first typing, waiting for the second"), rows)
        return Typed(sheet)
    _log(sheet, by, _("typings differ"), rows)
    return Typed(sheet, differences=paper.differences(earlier[-1], rows))


def _span(sheet: PaperSheet, rows: list) -> dict[str, int]:
    return {"first": sheet.first_number, "last": sheet.first_number + len(rows) - 1}


@transaction.atomic
def paper_sheet_discard(*, sheet: PaperSheet, by: AbstractBaseUser | None) -> None:
    """Set aside a sheet waiting for its second typing (its typings and photo are kept); the
    table's deals are not touched. Raises ``ValidationError`` (``PAPER_NOT_WAITING``) for a
    sheet already stored or discarded."""
    _begin(sheet.table, None, by)
    sheet = PaperSheet.objects.select_for_update().get(pk=sheet.pk)
    if sheet.status != PaperSheet.Status.WAITING:
        raise ValidationError(
            _("This paper sheet no longer waits for a typing."), code="PAPER_NOT_WAITING"
        )
    sheet.status = PaperSheet.Status.DISCARDED
    sheet.save(update_fields=["status"])
    _log(sheet, by, _("waiting typing discarded"), [])
