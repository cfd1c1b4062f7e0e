"""``manage.py push``: the hall feeds the public site (docs/deploy.md)."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import services


class Command(BaseCommand):
    help = (
        "Push every public tournament that changed to the public installation at "
        "KREIDETAFEL_PUSH_URL, every KREIDETAFEL_PUSH_SECONDS seconds, until stopped; a push "
        "that failed (no connection, the site down) is tried again at the next look."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="one look, then stop")

    def handle(self, *args: object, once: bool = False, **options: object) -> None:
        if not settings.PUSH_URL or not settings.PUSH_KEY:
            raise CommandError("Set KREIDETAFEL_PUSH_URL and KREIDETAFEL_PUSH_KEY: docs/deploy.md.")
        while True:
            for tournament in services.push_due():
                state = services.tournament_push(tournament=tournament)
                if state.error:  # a push that went through clears it
                    self.stderr.write(f"{tournament.slug}: not pushed ({state.error})")
                else:
                    self.stdout.write(f"{tournament.slug}: version {state.pushed_version} pushed")
            if once:
                return
            time.sleep(settings.PUSH_SECONDS)
