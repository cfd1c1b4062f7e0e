"""``manage.py demo``: a reproducible Hintersche evening to look around in.

24 players, three rounds drawn and played to the end from simulated real card play (36 cards
dealt, legal tricks played), and a fourth round drawn and waiting at the tables, as at the
Schapbach world championship (four rounds of one Vier-Strich each).
"""

from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

import scoring
from tournaments import services
from tournaments.models import Tournament
from tournaments.tables import table_state

DEMO_SLUG = "hindersche-wm-demo"
ORGANISER = "organiser"
PASSWORD = "kreidetafel"  # noqa: S105 - a published demo login on the organiser's own laptop
PLAYERS = [
    "Anna Armbruster",
    "Bernd Dieterle",
    "Christa Echle",
    "Dieter Fehrenbach",
    "Emma Hoferer",
    "Franz Heizmann",
    "Gisela Kaltenbach",
    "Hubert Kech",
    "Irmgard Lehmann",
    "Josef Moser",
    "Katharina Obergfell",
    "Ludwig Ohnemus",
    "Maria Rombach",
    "Norbert Schmid",
    "Otto Schoch",
    "Paula Schwab",
    "Rosa Seckinger",
    "Sepp Thörmer",
    "Theresia Wangler",
    "Ulrich Wehrle",
    "Vroni Wolber",
    "Walter Zapf",
    "Xaver Zimmermann",
    "Zita Heitzmann",
]
PLAYED_ROUNDS = 3


class Command(BaseCommand):
    help = "Load the demo tournament (24 players, 3 played rounds, round 4 drawn) and a login."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=2026, help="seed of the whole evening")
        parser.add_argument("--reset", action="store_true", help="delete and load it again")

    def handle(self, *args, seed: int, reset: bool, **options) -> None:
        organiser = self._organiser()
        existing = Tournament.objects.filter(slug=DEMO_SLUG).first()
        if existing and reset:
            existing.delete()
            existing = None
        tournament = existing or self._load(organiser, seed)
        open_table = tournament.rounds.order_by("-number").first().tables.order_by("number").first()
        self.stdout.write(
            self.style.SUCCESS("Demo tournament ready: ") + tournament.name + "\n"
            f"  Organiser login:  {ORGANISER} / {PASSWORD}   (http://127.0.0.1:8000/login/)\n"
            f"  Organiser page:   http://127.0.0.1:8000{tournament.get_absolute_url()}\n"
            f"  Public standings: http://127.0.0.1:8000/s/{tournament.slug}/\n"
            f"  A table of round 4, waiting for its first deal: "
            f"http://127.0.0.1:8000{open_table.get_absolute_url()}"
        )

    def _organiser(self):
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username=ORGANISER, defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            user.set_password(PASSWORD)
            user.save()
        return user

    @transaction.atomic
    def _load(self, organiser, seed: int) -> Tournament:
        rng = random.Random(seed)
        tournament = services.tournament_create(
            organiser=organiser,
            name="Hindersche-WM Schapbach (Demo)",
            game="hintersche",
            date=datetime.date(2026, 11, 21),
            venue="Festhalle Schapbach",
            lot_seed=seed,
        )
        tournament.slug = DEMO_SLUG
        tournament.save(update_fields=["slug"])
        services.players_add_list(tournament=tournament, text="\n".join(PLAYERS))
        game = scoring.games[tournament.game]
        variant = game.variant(tournament.variant)
        for number in range(1, PLAYED_ROUNDS + 2):
            the_round = services.round_draw(tournament=tournament, seed=seed * 100 + number)
            if number > PLAYED_ROUNDS:
                break
            for table in the_round.tables.all():
                self._play(table, game, variant, rng)
        return tournament

    def _play(self, table, game, variant, rng: random.Random) -> None:
        while True:
            state = table_state(table)
            if state.unit_over:
                return
            entry = game.simulate_deal(state, variant, rng)
            services.deal_record(table=table, entry=entry, by=None, via="demo")
