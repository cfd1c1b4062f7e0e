"""The one write the public pages cause: which version of a tournament they show."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.utils import timezone

from tournaments.models import Tournament


def shown_version_advance(*, tournament: Tournament) -> int:
    """The version of ``tournament`` its public pages show: the current one, or the one shown
    last if that was shown less than ``settings.PUBLIC_REFRESH_SECONDS`` ago. While every table
    enters deals the version moves several times a second; this lets the room's phones share one
    rendering (and get 304s) for those few seconds instead of each poll rendering anew. Kept on
    the tournament's row, so that every worker and machine shows the same version: at most one
    small write per tournament every few seconds (no audit entry: nothing of the tournament
    changes). The pages lag the deals by at most that long; they poll every 10 seconds
    anyway."""
    if settings.PUBLIC_REFRESH_SECONDS <= 0 or tournament.shown_version == tournament.version:
        return tournament.version
    now = timezone.now()
    recent = now - datetime.timedelta(seconds=settings.PUBLIC_REFRESH_SECONDS)
    if tournament.shown_at is not None and tournament.shown_at > recent:
        return tournament.shown_version
    Tournament.objects.filter(pk=tournament.pk, shown_version=tournament.shown_version).update(
        shown_version=tournament.version, shown_at=now
    )
    return tournament.version
