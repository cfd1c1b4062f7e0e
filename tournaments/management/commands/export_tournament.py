"""``manage.py export_tournament <slug> [-o FILE]``: a tournament as one JSON document
(docs/backups.md), to standard output or a file."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.exchange import export_tournament
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Export a tournament as one JSON document (docs/backups.md)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the tournament's address")
        parser.add_argument("-o", "--output", help="write to this file instead of stdout")

    def handle(self, *args, slug: str, output: str | None, **options) -> None:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament at the address {slug!r}.")
        text = json.dumps(export_tournament(tournament), ensure_ascii=False, indent=1)
        if output is None:
            self.stdout.write(text)
            return
        try:
            Path(output).write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"Cannot write {output}: {exc}") from exc
        self.stderr.write(self.style.SUCCESS(f"Exported {tournament.name} to {output}."))
