"""Hidden live standings shown again at the prize-giving (:mod:`tournaments.hidden` says what the
public pages show while they are hidden)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.hidden import public_through
from tournaments.models import AuditEntry, Tournament
from tournaments.services.audit import record_change
from tournaments.services.public import shown_forget


@transaction.atomic
def standings_reveal(*, tournament: Tournament, by: AbstractBaseUser | None) -> Tournament:
    """Show the full standings on the public pages and the projector again (the prize-giving),
    after they were hidden from round ``standings_hidden_from_round`` on. Logged; the public
    pages show it at once (not after their few seconds of shared version,
    ``services.shown_version_advance``). Allowed on a finished tournament too: it changes no
    result, and the prize-giving often follows the finish. Returns the tournament as stored.

    Raises ``ValidationError`` (code ``NOT_HIDDEN``) when nothing is hidden
    (:func:`tournaments.hidden.public_through`): no round set to hide from, that round not drawn
    yet, or the standings shown again already."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if public_through(tournament) is None:
        raise ValidationError(
            _("The standings are not hidden: the public pages show all of them."),
            code="NOT_HIDDEN",
        )
    tournament.standings_revealed = True
    tournament.save(update_fields=["standings_revealed"])
    # Now, and once committed (a page read meanwhile may have noted the old state).
    shown_forget(tournament=tournament)
    transaction.on_commit(lambda: shown_forget(tournament=tournament))
    record_change(
        tournament,
        AuditEntry.Action.STANDINGS_REVEAL,
        by=by,
        subject=tournament.name,
        before={"standings_revealed": False},
        after={"standings_revealed": True},
    )
    # The pages show the new version at once: a standings table cached under the version they
    # showed (before the reveal) could be older than the hidden rounds.
    Tournament.objects.filter(pk=tournament.pk).update(
        shown_version=F("version"), shown_at=timezone.now()
    )
    tournament.refresh_from_db()
    return tournament
