"""``manage.py demo``: a reproducible evening of every game the engine knows, to look around in.

Per game one tournament: its players, some rounds drawn and played to the end from simulated
real card play (real decks dealt, legal tricks or cards played, ``Game.simulate_deal``), and one
more round drawn and waiting at the tables. Hintersche is played as at the Schapbach world
championship (24 players, four rounds of one Vier-Strich each).
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

import scoring
from tournaments import services
from tournaments.models import Tournament
from tournaments.tables import table_state

ORGANISER = "organiser"
PASSWORD = "kreidetafel"  # noqa: S105 - a published demo login on the organiser's own laptop
FIRST_NAMES = [
    "Anna", "Bernd", "Christa", "Dieter", "Emma", "Franz", "Gisela", "Hubert", "Irmgard",
    "Josef", "Katharina", "Ludwig", "Maria", "Norbert", "Otto", "Paula", "Rosa", "Sepp",
    "Theresia", "Ulrich", "Vroni", "Walter", "Xaver", "Zita",
]  # fmt: skip
LAST_NAMES = [
    "Armbruster", "Dieterle", "Echle", "Fehrenbach", "Hoferer", "Heizmann", "Kaltenbach", "Kech",
    "Lehmann", "Moser", "Obergfell", "Ohnemus", "Rombach", "Schmid", "Schoch", "Schwab",
    "Seckinger", "Thörmer", "Wangler", "Wehrle", "Wolber", "Zapf", "Zimmermann", "Heitzmann",
]  # fmt: skip


@dataclass(frozen=True)
class DemoEvening:
    """One game's demo tournament."""

    game: str
    slug: str
    name: str
    venue: str
    players: int
    played_rounds: int
    variant: dict[str, Any] = field(default_factory=dict)


EVENINGS = (
    DemoEvening(
        "hintersche", "hindersche-wm-demo", "Hindersche-WM Schapbach (Demo)",
        "Festhalle Schapbach", 24, 3,
    ),
    DemoEvening(
        "bauerchen", "preisbauern-demo", "Preisbauern Schwedelbach (Demo)",
        "Sportheim Schwedelbach", 16, 2, {"steins_per_match": 1},
    ),
    DemoEvening(
        "bauerchen_hessen", "hessisches-bauerchen-demo", "Hessisches Bauerchen (Demo)",
        "Gasthaus Löwen, Oberhessen", 8, 2,
    ),
    DemoEvening(
        "hundertspiel", "hundertspiel-demo", "Hundertspiel im Kaffeehaus (Demo)",
        "Café Haas, Wien", 12, 2,
    ),
    DemoEvening(
        "kein_stich", "herzeln-demo", "Herzeln im Ochsen (Demo)",
        "Gasthaus Ochsen", 14, 2,
    ),
    DemoEvening(
        "hindernislauf", "hindernislauf-demo", "Hindernislauf-Abend (Demo)",
        "Vereinsheim", 10, 2,
    ),
)  # fmt: skip
"""The demo tournaments, one per game."""


def player_names(count: int, seed: int) -> list[str]:
    """``count`` distinct Black Forest and Palatinate names, shuffled reproducibly."""
    rng = random.Random(seed)
    names = [f"{first} {last}" for first, last in zip(FIRST_NAMES, LAST_NAMES, strict=True)]
    names += [f"{first} {last}" for first in FIRST_NAMES for last in reversed(LAST_NAMES)]
    unique = list(dict.fromkeys(names))
    return sorted(rng.sample(unique[: count * 2], count))


class Command(BaseCommand):
    help = "Load a demo tournament per game (some rounds played, the next one drawn) and a login."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=2026, help="seed of the whole evening")
        parser.add_argument("--reset", action="store_true", help="delete and load them again")
        parser.add_argument(
            "--game",
            action="append",
            choices=[e.game for e in EVENINGS if e.game in scoring.games],
            help="load only this game's demo (repeatable); default: every game",
        )

    def handle(self, *args, seed: int, reset: bool, game: list[str] | None, **options) -> None:
        organiser = self._organiser()
        self.stdout.write(
            self.style.SUCCESS("Demo tournaments ready.")
            + f"  Organiser login: {ORGANISER} / {PASSWORD}   (http://127.0.0.1:8000/login/)"
        )
        for evening in EVENINGS:
            if evening.game not in scoring.games or (game and evening.game not in game):
                continue
            existing = Tournament.objects.filter(slug=evening.slug).first()
            if existing and reset:
                existing.delete()
                existing = None
            tournament = existing or self._load(organiser, evening, seed)
            last_round = tournament.rounds.order_by("-number").first()
            open_table = last_round.tables.order_by("number").first()
            self.stdout.write(
                f"\n{tournament.name} ({tournament.scoring_game.name})\n"
                f"  Organiser page:   http://127.0.0.1:8000{tournament.get_absolute_url()}\n"
                f"  Public standings: http://127.0.0.1:8000/s/{tournament.slug}/\n"
                f"  A table of round {last_round.number}, waiting for its first deal: "
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
    def _load(self, organiser, evening: DemoEvening, seed: int) -> Tournament:
        rng = random.Random(f"{seed}:{evening.game}")
        tournament = services.tournament_create(
            organiser=organiser,
            name=evening.name,
            game=evening.game,
            date=datetime.date(2026, 11, 21),
            venue=evening.venue,
            variant=evening.variant,
            lot_seed=seed,
        )
        tournament.slug = evening.slug
        tournament.save(update_fields=["slug"])
        names = player_names(evening.players, seed)
        services.players_add_list(tournament=tournament, text="\n".join(names))
        game = scoring.games[tournament.game]
        variant = game.variant(tournament.variant)
        for number in range(1, evening.played_rounds + 2):
            the_round = services.round_draw(
                tournament=tournament, seed=seed * 100 + number, allow_byes=True
            )
            if number > evening.played_rounds:
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
