"""``manage.py restore <slug> <file> [--reason R]``: replace a tournament by a backup, after
checking the whole file; the current state is backed up first, and an error leaves it as it
was."""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments import services
from tournaments.management.commands.import_tournament import problems
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Restore a tournament from a backup or export file (docs/backups.md)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's address")
        parser.add_argument("file", help="the backup file")
        parser.add_argument("--reason", default="", help="why (goes into the audit log)")

    def handle(self, *args, slug: str, file: str, reason: str, **options) -> None:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament at the address {slug!r}.")
        try:
            services.tournament_restore(
                tournament=tournament, path=Path(file), by=None, reason=reason
            )
        except ValidationError as exc:
            raise CommandError(f"Nothing restored; the file has errors:\n{problems(exc)}") from exc
        except OSError as exc:
            raise CommandError(f"Nothing restored: {exc}") from exc
        self.stdout.write(self.style.SUCCESS(f"Restored {tournament.slug} from {file}."))
