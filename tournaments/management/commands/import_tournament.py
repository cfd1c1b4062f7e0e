"""``manage.py import_tournament <file> [--slug S] [--organiser USER]``: load an exported
tournament as a new one; the whole file is checked first and nothing is written on an error."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments import services
from tournaments.backups import read


def problems(error: ValidationError) -> str:
    """A ``ValidationError``'s messages, one a line."""
    return "\n".join(f"  {message}" for message in error.messages)


def _file_organiser(data: object) -> str | None:
    tournament = data.get("tournament") if isinstance(data, dict) else None
    return tournament.get("organiser") if isinstance(tournament, dict) else None


class Command(BaseCommand):
    help = "Import a tournament from an exported JSON document (docs/backups.md)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON document")
        parser.add_argument("--slug", help="import under this address instead of the file's")
        parser.add_argument(
            "--organiser",
            help="username of the organiser (default: the file's organiser, if that user exists)",
        )

    def handle(self, *args, file: str, slug: str | None, organiser: str | None, **options):
        try:
            data = read(file)
        except ValidationError as exc:
            raise CommandError(problems(exc)) from exc
        name = organiser or _file_organiser(data)
        user_model = get_user_model()
        user = user_model.objects.filter(**{user_model.USERNAME_FIELD: name}).first()
        if user is None:
            raise CommandError(f"No user {name!r}: name the organiser with --organiser.")
        try:
            tournament = services.tournament_import(data=data, organiser=user, slug=slug)
        except ValidationError as exc:
            raise CommandError(f"Nothing imported; the file has errors:\n{problems(exc)}") from exc
        self.stdout.write(
            self.style.SUCCESS(f"Imported {tournament.name} at the address {tournament.slug}.")
        )
