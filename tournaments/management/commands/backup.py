"""``manage.py backup <slug>...`` or ``manage.py backup --all``: back up tournaments now (the
files and the retention of docs/backups.md)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournaments.backups import backup
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Back up tournaments now (KREIDETAFEL_BACKUP_DIR)."

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="*", metavar="slug", help="the tournaments' addresses")
        parser.add_argument("--all", action="store_true", help="every tournament")

    def handle(self, *args, slugs: list[str], all: bool, **options) -> None:
        if all == bool(slugs):
            raise CommandError("Name the tournaments to back up, or give --all.")
        tournaments = list(
            Tournament.objects.all() if all else Tournament.objects.filter(slug__in=slugs)
        )
        missing = set(slugs) - {t.slug for t in tournaments}
        if missing:
            raise CommandError(f"No tournament at the address: {', '.join(sorted(missing))}.")
        for tournament in tournaments:
            try:
                path = backup(tournament, "manual")
            except OSError as exc:
                raise CommandError(f"Backup of {tournament.slug} failed: {exc}") from exc
            self.stdout.write(f"{tournament.slug}: {path}")
