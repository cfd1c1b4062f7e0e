"""The room's clock from the desk: a round's countdown started and stopped, the time of the next
round, the announcement line. Each write is logged and raises the tournament's version, so that
the projector, the public standings and every table page show it at their next refresh (read
by ``tournaments.room``)."""

from __future__ import annotations

import datetime
from typing import Any, NoReturn

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Round, Tournament
from tournaments.services.audit import check_not_finished, record_change

MIN_MINUTES, MAX_MINUTES = 1, 600
"""A round's clock runs between one minute and ten hours."""
ANNOUNCEMENT_LENGTH = Tournament._meta.get_field("announcement").max_length
"""An announcement is one short line (200 characters)."""


def _clock_words(moment: datetime.datetime | None) -> str | None:
    """A time for the audit log as the room read it: ``"15:30"`` in the server's time zone."""
    return f"{timezone.localtime(moment):%H:%M}" if moment is not None else None


def _refuse(field: str, message: str, code: str) -> NoReturn:
    """Raise ``ValidationError`` on ``field`` with ``message`` and ``code``."""
    raise ValidationError({field: ValidationError(message, code=code)})


def check_round_minutes(minutes: int, field: str) -> None:
    """Raise ``ValidationError`` on ``field`` (code ``MINUTES_RANGE``) unless ``minutes`` is a
    round's length, 1–600 minutes (also asked by ``tournament_settings`` for the round
    length)."""
    if not MIN_MINUTES <= minutes <= MAX_MINUTES:
        _refuse(
            field,
            _("A round lasts from %(min)s to %(max)s minutes, not %(minutes)s.")
            % {"min": MIN_MINUTES, "max": MAX_MINUTES, "minutes": minutes},
            "MINUTES_RANGE",
        )


@transaction.atomic
def round_clock_start(
    *, round: Round, by: AbstractBaseUser | None, minutes: int | None = None
) -> Round:
    """Start (or start again) ``round``'s clock: it ends ``minutes`` from now (whole seconds),
    by default after the tournament's round length (``Tournament.round_minutes``). A "next
    round at" no later than the new end announced this round: it is cleared. Logged as
    ``ROUND_CLOCK`` with the end before and after (``"15:30"``) and the minutes.

    Raises ``ValidationError``: on ``minutes`` (code ``NO_ROUND_LENGTH``) when neither
    ``minutes`` nor the round length is set, (``MINUTES_RANGE``) outside 1–600 minutes;
    ``ROUND_LOCKED`` for a locked round; ``FINISHED`` when the tournament is finished."""
    the_round = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    tournament = the_round.tournament
    check_not_finished(tournament)
    if the_round.status == Round.Status.LOCKED:
        raise ValidationError(
            _("Round %(number)s is locked: its clock can no longer be started.")
            % {"number": the_round.number},
            code="ROUND_LOCKED",
        )
    if minutes is None:
        minutes = tournament.round_minutes
    if minutes is None:
        _refuse(
            "minutes",
            _("How many minutes? Enter them here, or set the round length in the settings."),
            "NO_ROUND_LENGTH",
        )
    check_round_minutes(minutes, "minutes")
    before = the_round.clock_ends_at
    now = timezone.now().replace(microsecond=0)
    the_round.clock_ends_at = now + datetime.timedelta(minutes=minutes)
    the_round.save(update_fields=["clock_ends_at"])
    after = {"clock_ends_at": _clock_words(the_round.clock_ends_at), "round_minutes": minutes}
    if tournament.next_round_at is not None and tournament.next_round_at <= the_round.clock_ends_at:
        Tournament.objects.filter(pk=tournament.pk).update(next_round_at=None)
        after["next_round_at"] = None
    record_change(
        tournament,
        AuditEntry.Action.ROUND_CLOCK,
        by=by,
        subject=_("Round %(number)s") % {"number": the_round.number},
        before={"clock_ends_at": _clock_words(before)},
        after=after,
        round_number=the_round.number,
    )
    return the_round


@transaction.atomic
def round_clock_stop(*, round: Round, by: AbstractBaseUser | None) -> Round:
    """Stop ``round``'s clock: the room no longer shows its countdown. Nothing happens (and
    nothing is logged) when it is not running. Raises ``ValidationError`` ``FINISHED`` when the
    tournament is finished."""
    the_round = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    check_not_finished(the_round.tournament)
    if the_round.clock_ends_at is not None:
        before, the_round.clock_ends_at = the_round.clock_ends_at, None
        the_round.save(update_fields=["clock_ends_at"])
        record_change(
            the_round.tournament,
            AuditEntry.Action.ROUND_CLOCK,
            by=by,
            subject=_("Round %(number)s") % {"number": the_round.number},
            before={"clock_ends_at": _clock_words(before)},
            after={"clock_ends_at": None},
            round_number=the_round.number,
        )
    return the_round


@transaction.atomic
def next_round_set(
    *, tournament: Tournament, at: datetime.datetime | None, by: AbstractBaseUser | None
) -> Tournament:
    """Announce when the next round starts (``at``, a time-zone aware moment), or clear it
    (None). Logged as ``SETTINGS`` with before and after (``"2026-11-21 14:30"``, the server's
    time zone); an unchanged time is not logged. Starting a round's clock clears it again
    (:func:`round_clock_start`).

    Raises ``ValidationError``: on ``at`` (code ``PAST``) for a time before the current
    minute; ``FINISHED`` when the tournament is finished."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_not_finished(tournament)
    this_minute = timezone.now().replace(second=0, microsecond=0)
    if at is not None and at < this_minute:
        _refuse(
            "at",
            _("%(time)s has passed already: enter a time still to come.")
            % {"time": f"{timezone.localtime(at):%H:%M}"},
            "PAST",
        )
    words = (
        {"next_round_at": _moment_words(tournament.next_round_at)},
        {"next_round_at": _moment_words(at)},
    )
    return _change(tournament, "next_round_at", at, AuditEntry.Action.SETTINGS, by, words)


def _moment_words(moment: datetime.datetime | None) -> str | None:
    return f"{timezone.localtime(moment):%Y-%m-%d %H:%M}" if moment is not None else None


@transaction.atomic
def announcement_set(
    *, tournament: Tournament, text: str, by: AbstractBaseUser | None
) -> Tournament:
    """Show ``text`` as the announcement on the projector, the public standings and every
    table page (one line: spaces and line breaks run together, the ends stripped); "" clears
    it. Logged as ``ANNOUNCEMENT`` with before and after; an unchanged text is not logged.

    Raises ``ValidationError``: on ``text`` (code ``TOO_LONG``) above 200 characters;
    ``FINISHED`` when the tournament is finished."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_not_finished(tournament)
    text = " ".join(text.split())
    if len(text) > ANNOUNCEMENT_LENGTH:
        _refuse(
            "text",
            _("An announcement is one short line: at most %(max)s characters, not %(length)s.")
            % {"max": ANNOUNCEMENT_LENGTH, "length": len(text)},
            "TOO_LONG",
        )
    words = tournament.announcement, text
    return _change(tournament, "announcement", text, AuditEntry.Action.ANNOUNCEMENT, by, words)


def _change(
    tournament: Tournament,
    field: str,
    value: Any,
    action: AuditEntry.Action,
    by: AbstractBaseUser | None,
    words: tuple[Any, Any],
) -> Tournament:
    """Set the tournament's ``field`` to ``value`` and log ``action`` with ``words`` (before,
    after); nothing when it is unchanged. Returns the tournament with its current version."""
    if value != getattr(tournament, field):
        setattr(tournament, field, value)
        tournament.save(update_fields=[field])
        before, after = words
        record_change(
            tournament, action, by=by, subject=tournament.name, before=before, after=after
        )
    tournament.refresh_from_db(fields=["version"])
    return tournament
