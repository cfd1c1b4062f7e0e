"""The hall feeds the public site (issue 19, part 6; docs/deploy.md): the laptop in the hall
holds the tournament; whenever it reaches the public installation it pushes each public
tournament there as the export document (docs/backups.md), and the public installation shows
it as its own copy. A push is idempotent (the hall's version says which state it is); a failed
one is tried again at the next look (``manage.py push``)."""

from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.request
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.exchange import check_replacement, export_tournament
from tournaments.models import PushedCopy, PushState, Tournament
from tournaments.services.exchange import tournament_import, tournament_replace
from tournaments.services.public import shown_forget

PUSH_FORMAT = "kreidetafel-push"
TIMEOUT_SECONDS = 30
ERROR_LENGTH = PushState._meta.get_field("error").max_length


# --- the public installation ----------------------------------------------------------------


def _message(body: bytes) -> tuple[int, dict[str, Any]]:
    """The hall's version and the document of a push; ``ValidationError`` (``INVALID_PUSH``)
    for anything else."""
    try:
        message = json.loads(body)
        version, document = message["version"], message["document"]
        if message.get("format") != PUSH_FORMAT or not isinstance(version, int) or version < 0:
            raise ValueError
        if not isinstance(document, dict):
            raise ValueError
    except (ValueError, KeyError, TypeError) as exc:
        raise ValidationError(
            _("This is not a push of a Kreidetafel hall."), code="INVALID_PUSH"
        ) from exc
    return version, document


def push_receive(*, slug: str, body: bytes, owner_name: str) -> tuple[str, Tournament | None]:
    """Take a hall's push of the tournament at ``slug``: ``body`` is the JSON ``{"format":
    "kreidetafel-push", "version": <the hall's version>, "document": <the export>}``. A new
    address becomes a tournament of the user ``owner_name`` ("created"); a copy fed before is
    replaced by a newer version ("replaced") and left as it is by the same or an older one
    ("unchanged": a push repeated after its answer was lost, or overtaken). In one transaction:
    a document that does not check leaves the copy as it was.

    Raises ``ValidationError``: ``INVALID_PUSH`` (not a push), the document's own codes
    (``INVALID_FILE``, ``OTHER_TOURNAMENT``), ``NOT_A_COPY`` (a tournament of this installation
    has the address: a push never overwrites one)."""
    version, document = _message(body)
    owner = get_user_model().objects.get(**{get_user_model().USERNAME_FIELD: owner_name})
    now = timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(slug=slug).first()
        if tournament is None:
            tournament = tournament_import(data=document, organiser=owner, slug=slug)
            PushedCopy.objects.create(tournament=tournament, hall_version=version, received_at=now)
            return "created", tournament
        copy = PushedCopy.objects.filter(tournament=tournament).first()
        if copy is None:
            raise ValidationError(
                _("A tournament of this installation has the address %(slug)s.") % {"slug": slug},
                code="NOT_A_COPY",
            )
        if version <= copy.hall_version:
            return "unchanged", tournament
        plan = check_replacement(tournament, document)
        tournament = tournament_replace(
            tournament=tournament, plan=plan, by=None, subject=_("Pushed from the hall")
        )
        PushedCopy.objects.filter(pk=copy.pk).update(hall_version=version, received_at=now)
        shown_forget(tournament=tournament)
        transaction.on_commit(lambda: shown_forget(tournament=tournament))
    return "replaced", tournament


# --- the hall ------------------------------------------------------------------------------------


def push_due() -> list[Tournament]:
    """The tournaments the public installation does not have as they are now: the public ones,
    and those pushed before (so that switching the public pages off reaches it too)."""
    return list(
        Tournament.objects.filter(Q(public=True) | Q(push_state__isnull=False))
        .exclude(push_state__pushed_version=F("version"))
        .select_related("push_state")
        .order_by("pk")
    )


def _post(url: str, key: str, body: bytes) -> str | None:
    """POST ``body`` (gzipped JSON) to ``url``; None when the public installation took it, else
    why not, in words."""
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Content-Encoding": "gzip",
            "Authorization": f"Bearer {key}",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:
            answer.read()
    except urllib.error.HTTPError as exc:
        try:
            said = json.loads(exc.read()).get("problems") or [exc.reason]
        except ValueError:
            said = [exc.reason]
        return f"{exc.code}: {' '.join(map(str, said))}"
    except (urllib.error.URLError, OSError) as exc:
        return str(getattr(exc, "reason", exc))
    return None


def tournament_push(*, tournament: Tournament, url: str | None = None) -> PushState:
    """Push ``tournament`` to the public installation at ``url`` (default
    ``settings.PUSH_URL``) with ``settings.PUSH_KEY``, and keep the outcome in its
    :class:`PushState`: the version the public site now holds, or when and why it failed (the
    next look tries again). The version is read before the document: a deal entered while it
    is written makes the next look push again."""
    base = (url or settings.PUSH_URL).rstrip("/")
    version = Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)
    message = {"format": PUSH_FORMAT, "version": version, "document": export_tournament(tournament)}
    body = gzip.compress(json.dumps(message, ensure_ascii=False).encode())
    error = _post(f"{base}/push/{tournament.slug}/", settings.PUSH_KEY, body)
    state, _created = PushState.objects.get_or_create(tournament=tournament)
    now = timezone.now()
    if error is None:
        state.pushed_version, state.pushed_at, state.failed_at, state.error = version, now, None, ""
    else:
        state.failed_at, state.error = now, error[:ERROR_LENGTH]
    state.save()
    return state
