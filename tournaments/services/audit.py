"""The audit log: every write of the services leaves one entry, in its own transaction."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Tournament


def record_change(
    tournament: Tournament,
    action: AuditEntry.Action,
    *,
    by: AbstractBaseUser | None,
    via: str = "",
    subject: str = "",
    before: Any = None,
    after: Any = None,
    reason: str = "",
    round_number: int | None = None,
    table_number: int | None = None,
) -> AuditEntry:
    """Log one change (who, via what, what, before → after, why) and raise the tournament's
    ``version``, which the public pages use as their ETag and cache key. Call inside the
    transaction that makes the change."""
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
    return AuditEntry.objects.create(
        tournament=tournament,
        action=action,
        actor=by if by is not None and by.is_authenticated else None,
        via=_fit(via, "via"),
        subject=_fit(subject, "subject"),
        before=before,
        after=after,
        reason=reason,
        round_number=round_number,
        table_number=table_number,
    )


def _fit(text: str, field: str) -> str:
    """``text`` cut to the column of ``AuditEntry.<field>`` (two players' long names in a swap
    would not fit the subject), with "…" where it was cut."""
    length = AuditEntry._meta.get_field(field).max_length
    return text if len(text) <= length else text[: length - 1] + "…"


def check_not_finished(tournament: Tournament) -> None:
    """Raises ``ValidationError`` (code ``FINISHED``) once the tournament is finished: it is
    read-only then."""
    if tournament.finished:
        raise ValidationError(
            _("The tournament is finished; nothing can be changed any more."), code="FINISHED"
        )


def reason_required(message: str) -> ValidationError:
    """A refusal beside the ``reason`` field, with the code ``REASON_REQUIRED``: a change that is
    only made with a reason in the log (a correction after the lock, a void, a redrawn lot)."""
    return ValidationError({"reason": ValidationError(message, code="REASON_REQUIRED")})
