"""Backups of a tournament as files: the export document (docs/backups.md), taken automatically
before every draw and every round lock and whenever the organiser asks, kept per tournament
with a retention limit, and restored only after the whole file has been checked.

Where: ``settings.BACKUP_DIR / <slug> / <timestamp>-<reason>.json`` (``KREIDETAFEL_BACKUP_DIR``);
the newest ``settings.BACKUPS_KEPT`` (``KREIDETAFEL_BACKUPS_KEPT``) of each tournament are kept.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.exchange import export_tournament
from tournaments.models import Tournament

logger = logging.getLogger(__name__)

STAMP = "%Y%m%dT%H%M%S%fZ"
"""A backup's file name begins with its UTC time; names sort by age."""


@dataclass(frozen=True)
class Backup:
    """One backup file of a tournament."""

    path: Path
    taken_at: datetime
    reason: str
    size: int
    """Bytes."""

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def occasion(self) -> str:
        """The reason in the user's language ("before the draw of round 3")."""
        kind, _sep, number = self.reason.rpartition("-")
        if kind == "draw" and number.isdigit():
            return _("before the draw of round %(number)s") % {"number": number}
        if kind == "lock" and number.isdigit():
            return _("before round %(number)s was locked") % {"number": number}
        return {
            "manual": _("on request"),
            "before-restore": _("before a restore"),
            "finish": _("before the tournament was finished"),
        }.get(self.reason, self.reason)


def folder(tournament: Tournament) -> Path:
    """The folder of ``tournament``'s backups."""
    return Path(settings.BACKUP_DIR) / tournament.slug


def backup(tournament: Tournament, reason: str) -> Path:
    """Write ``tournament``'s export document to a new file of its folder (a temporary file
    renamed into place: a crash never leaves half a backup) and delete the oldest beyond
    ``settings.BACKUPS_KEPT``. ``reason`` ("draw", "lock", "manual", …) ends the file name.
    Returns the file's path. Raises ``OSError`` when the folder cannot be written."""
    target = folder(tournament)
    target.mkdir(parents=True, exist_ok=True)
    data = json.dumps(export_tournament(tournament), ensure_ascii=False, indent=1)
    stamp = timezone.now().astimezone(UTC).strftime(STAMP)
    path = target / f"{stamp}-{slugify(reason) or 'backup'}.json"
    handle, temporary = tempfile.mkstemp(dir=target, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    for old in backups(tournament)[settings.BACKUPS_KEPT :]:
        old.path.unlink(missing_ok=True)
    return path


def backup_before(tournament: Tournament, reason: str) -> Path | None:
    """The automatic backup before a draw or a round lock. A backup that fails (a full disk, a
    folder without write permission) does not stop the evening: the error is logged and the
    draw or lock goes ahead; the data is safe in the database, and the backups page shows when
    the last backup was taken."""
    try:
        return backup(tournament, reason)
    except OSError:
        logger.exception("Backup of %s before %s failed", tournament.slug, reason)
        return None


def backups(tournament: Tournament) -> list[Backup]:
    """``tournament``'s backups, the newest first."""
    found = []
    directory = folder(tournament)
    for path in directory.glob("*.json") if directory.is_dir() else ():
        stamp, _sep, reason = path.stem.partition("-")
        try:
            taken_at = datetime.strptime(stamp, STAMP).replace(tzinfo=UTC)
        except ValueError:
            continue  # not one of ours
        found.append(Backup(path, taken_at, reason, path.stat().st_size))
    return sorted(found, key=lambda b: b.taken_at, reverse=True)


def find(tournament: Tournament, name: str) -> Backup | None:
    """The backup of ``tournament`` called ``name`` (a bare file name, never a path)."""
    return next((b for b in backups(tournament) if b.name == name), None)


def read(path: Path) -> Any:
    """A backup or export file's JSON. Raises ``ValidationError`` (code ``INVALID_FILE``) for a
    file that cannot be read or is not JSON."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(
            _("The file cannot be read as JSON: %(error)s") % {"error": exc}, code="INVALID_FILE"
        ) from exc
