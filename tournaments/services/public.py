"""The one write the public pages cause: which version of a tournament they show; and the
note of it kept in the cache, so that a phone whose page is unchanged gets its 304 without a
database query."""

from __future__ import annotations

import copy
import datetime
import logging
import math
import threading
from typing import NamedTuple

from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.db import connections, transaction
from django.utils import timezone

from tournaments import glance
from tournaments.models import ShownGlance, Tournament

logger = logging.getLogger(__name__)


def shown_version_advance(*, tournament: Tournament, through: int | None) -> int:
    """The version of ``tournament`` its public pages show: the current one, or the one shown
    last if that was shown less than ``settings.PUBLIC_REFRESH_SECONDS`` ago. While every table
    enters deals the version moves several times a second; this lets the room's phones share one
    rendering (and get 304s) for those few seconds instead of each poll rendering anew. Kept on
    the tournament's row, so that every worker and machine shows the same version: at most two
    small writes per tournament every few seconds (no audit entry: nothing of the tournament
    changes). The pages lag the deals by at most that long; they poll every 10 seconds
    anyway. ``through``: the last round the public pages show (``tournaments.hidden``; None:
    all).

    One request moves the version shown on; the others meanwhile keep showing the version
    before. It claims the move (``shown_at`` written where nobody wrote it since it was read: one
    request of every worker and machine) and starts a thread (``PUBLIC_MOVE_ON_IN_BACKGROUND``;
    else it does it itself) that makes the new version's glance (``glance.shown_glance``) and
    writes it as the tournament's :class:`~tournaments.models.ShownGlance` in the transaction
    that moves the version shown on: no phone's request waits for the standings, the room's
    other web workers read the glance instead of each computing the standings again, and a
    version is shown only once its glance is there. Returns the version this request shows
    (with the thread: still the one before). A write waits while a table writes its deal
    (SQLite takes one writer at a time): were every phone's request that finds the version due to
    try it, the server's threads would all wait behind the tables' deals (a cache key keeps the
    others of the process away)."""
    refresh = settings.PUBLIC_REFRESH_SECONDS
    if refresh <= 0 or tournament.shown_version == tournament.version:
        return tournament.version
    now = timezone.now()
    recent = now - datetime.timedelta(seconds=refresh)
    if tournament.shown_at is not None and tournament.shown_at > recent:
        return tournament.shown_version
    if not cache.add(_advancing_key(tournament), True, timeout=refresh):
        return tournament.shown_version
    mine = Tournament.objects.filter(
        pk=tournament.pk, shown_version=tournament.shown_version, shown_at=tournament.shown_at
    ).update(shown_at=now)
    if not mine:
        return tournament.shown_version
    if not settings.PUBLIC_MOVE_ON_IN_BACKGROUND:
        _move_on(tournament, through, claimed=now)
        return tournament.version
    # A copy: the request goes on to show the version before with this tournament.
    moving = copy.copy(tournament)
    threading.Thread(
        target=_move_on_in_background, args=(moving, through, now), name="kreidetafel-move-on"
    ).start()
    return tournament.shown_version


def _move_on(tournament: Tournament, through: int | None, *, claimed: datetime.datetime) -> None:
    """Make the glance of ``tournament`` at its version, store it as its ``ShownGlance``, show
    that version and note it (:func:`shown_version_advance`, once the move is claimed at
    ``claimed``). Nothing is written if another request claimed a move since (this one took
    longer than the few seconds: its version would be older than that one's)."""
    table = glance.shown_glance(tournament, through_round=through)
    with transaction.atomic():
        moved = Tournament.objects.filter(pk=tournament.pk, shown_at=claimed).update(
            shown_version=tournament.version, shown_at=timezone.now()
        )
        if not moved:
            return
        ShownGlance.objects.update_or_create(
            tournament=tournament,
            defaults={
                "version": tournament.version,
                "through": through,
                "glance": glance.glance_json(table),
            },
        )
    # The room's polls go on to the new version at once (with Redis: in every worker), instead
    # of each finding the note of the version before lapsed and reading the database.
    shown_note(tournament=tournament, version=tournament.version, through=through)


def _move_on_in_background(
    tournament: Tournament, through: int | None, claimed: datetime.datetime
) -> None:
    """:func:`_move_on` in a thread of its own, with its own database connection, closed at the
    end. A failure is logged; the version shown stays, and a request after
    ``PUBLIC_REFRESH_SECONDS`` tries again."""
    try:
        _move_on(tournament, through, claimed=claimed)
    except Exception:
        logger.exception("The public pages of %s could not move on", tournament.slug)
    finally:
        connections.close_all()


ADVANCING_SECONDS = 1.0
"""How long the version before is noted while one request moves the version shown on."""


def _advancing_key(tournament: Tournament) -> str:
    """The cache key held by the request that moves the version shown on from the one shown
    now (:func:`shown_version_advance`)."""
    return f"public-advancing:v1:{tournament.pk}:{tournament.shown_version}"


def shown_key(slug: str) -> str:
    """The cache key of what the public pages of the tournament at ``slug`` show
    (:func:`shown_note`)."""
    return f"public-shown:v2:{slug}"


class ShownNote(NamedTuple):
    """What :func:`shown_note` keeps in the cache: the version the public pages show and the
    rounds they show (None: all), until when that holds (a POSIX time: the cache's own expiry is
    in whole seconds), and what a phone's glance refresh needs of the tournament besides its
    lines (its id, game and status), so that it can be answered without a query."""

    version: int
    through: int | None
    until: float
    pk: int
    game: str
    status: str


def shown_note(*, tournament: Tournament, version: int, through: int | None) -> None:
    """Note in the cache that the public pages of ``tournament`` (as read, before
    :func:`shown_version_advance`) show ``version`` with the standings through ``through``
    (``tournaments.hidden``; None: all): for ``settings.PUBLIC_REFRESH_SECONDS`` when that is
    the newest version (a write meanwhile is shown at most that late, as the shared version
    already lets it be), else until the older version shown may move on. A public page
    asked with an ETag made from these answers 304 from the note alone (no query), and a phone's
    glance refresh gets its 200 from it where the process has that version's glance at hand
    (:class:`ShownNote`). Nothing is noted for a tournament whose pages are off, nor while the
    pages follow every write (``PUBLIC_REFRESH_SECONDS`` 0).

    An older version that is due to move on while another request moves it
    (:func:`shown_version_advance`) is noted for :data:`ADVANCING_SECONDS`, so that the room's
    polls meanwhile stay answered from the note instead of each reading the database; a note
    never replaces one of a newer version."""
    refresh = settings.PUBLIC_REFRESH_SECONDS
    if refresh <= 0 or not tournament.public:
        return
    now = timezone.now()
    left = refresh
    if version != tournament.version and tournament.shown_at is not None:
        # An older version, shown since ``shown_at``: the next request after that moves on.
        left -= (now - tournament.shown_at).total_seconds()
        if left <= 0:
            left = ADVANCING_SECONDS
    key = shown_key(tournament.slug)
    noted = cache.get(key)
    if noted is not None and noted.version > version:
        return
    note = ShownNote(
        version, through, now.timestamp() + left, tournament.pk, tournament.game, tournament.status
    )
    cache.set(key, note, timeout=math.ceil(left))
    _read.pop(tournament.slug, None)


def shown_forget(*, tournament: Tournament) -> None:
    """Drop :func:`shown_note` of ``tournament``: its public pages change at once (switched off,
    standings hidden from another round or shown again), not after the few seconds the note
    lives; in the room's other web processes, with a shared cache, within
    :data:`NOTE_HELD_SECONDS`."""
    cache.delete(shown_key(tournament.slug))
    _read.pop(tournament.slug, None)


NOTE_HELD_SECONDS = 1.0
"""How long a web process answers from the note of what the public pages show as it read it
from a shared cache (Redis), before reading it again (:func:`shown_note_read`): the room's
unchanged polls then cost no round trip to the cache (a quarter of a millisecond each, as much
again as the rest of a 304). A note only holds while the version shown cannot move on anyway;
what this delays is an organiser's switch (:func:`shown_forget`) in the room's other processes,
by at most this long. With the local-memory cache each process reads its own note at once."""
_read: dict[str, tuple[float, ShownNote]] = {}
"""The notes this process read from a shared cache (by slug), with until when it answers from
them."""
READ_SIZE = 64


def shown_note_read(slug: str) -> ShownNote | None:
    """The note of what the public pages of the tournament at ``slug`` show (:func:`shown_note`),
    None where there is none or it has lapsed (the cache's own expiry is in whole seconds). From
    a shared cache read at most once every :data:`NOTE_HELD_SECONDS` by each process."""
    now = timezone.now().timestamp()
    held = _read.get(slug)
    if held is not None and now < held[0]:
        note = held[1]
    else:
        note = cache.get(shown_key(slug))
        if note is not None and not isinstance(caches["default"], LocMemCache):
            if len(_read) >= READ_SIZE:
                _read.clear()
            _read[slug] = (min(now + NOTE_HELD_SECONDS, note.until), note)
    if note is None or now >= note.until:
        return None
    return note


def shown_notes_forget() -> None:
    """Empty this process's notes read from the cache (:data:`_read`), as ``cache.clear()``
    empties the cache."""
    _read.clear()
