"""``manage.py demo``: a reproducible evening of every game the engine knows, to look around in.

Per game one tournament: its players (and teams, for the partnership games), some rounds drawn
and played to the end from simulated real card play (real decks dealt, legal tricks or cards
played, ``Game.simulate_deal``), the earlier ones locked, and one more round drawn with its
first table under way, the others waiting. Hintersche is played as at the Schapbach world
championship (24 players, four rounds of one Vier-Strich each). Hindernislauf shows the
confirmation by a second player: every deal is entered on one seat's link and confirmed on
another's.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.urls import reverse

import scoring
from scoring.simulation import simulate_deal
from tournaments import services
from tournaments.links import LOCAL_BASE, public_url
from tournaments.models import Round, Tournament
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
    teams: bool = False
    """Register the players two by two as teams (partnership games)."""
    confirmation: bool = False
    """A second player confirms every deal."""
    entry_fee: str = ""
    """The entry fee in euros (``"10.00"``), paid at the door by all but the last two players."""
    prizes: tuple[dict[str, Any], ...] = ()
    """The prize list: ``services.prize_add``'s fields per prize (amounts as text)."""


EVENINGS = (
    DemoEvening(
        "hintersche", "hindersche-wm-demo", "Hindersche-WM Schapbach (Demo)",
        "Festhalle Schapbach", 24, 3, entry_fee="10.00",
        prizes=(
            {"kind": "place", "place": 1, "amount": "100", "goods": "Wanderpokal"},
            {"kind": "place", "place": 2, "amount": "75"},
            {"kind": "place", "place": 3, "amount": "50"},
            {"kind": "place", "place": 4, "amount": "25"},
            {"kind": "last", "goods": "ein Zopf Bollen"},
        ),
    ),
    DemoEvening(
        "bauerchen", "preisbauern-demo", "Preisbauern Schwedelbach (Demo)",
        "Sportheim Schwedelbach", 16, 2, {"steins_per_match": 1}, teams=True,
        entry_fee="5.00",
        prizes=(
            {"kind": "place", "place": 1, "share": "50", "goods": "Schinken"},
            {"kind": "place", "place": 2, "share": "30"},
            {"kind": "place", "place": 3, "share": "20"},
        ),
    ),
    DemoEvening(
        "bauerchen_hessen", "hessisches-bauerchen-demo", "Hessisches Bauerchen (Demo)",
        "Gasthaus Löwen, Oberhessen", 8, 2, teams=True,
    ),
    DemoEvening(
        "hundertspiel", "hundertspiel-demo", "Hundertspiel im Kaffeehaus (Demo)",
        "Café Haas, Wien", 12, 2, teams=True,
    ),
    DemoEvening(
        "kein_stich", "herzeln-demo", "Herzeln im Ochsen (Demo)",
        "Gasthaus Ochsen", 14, 2,
    ),
    DemoEvening(
        "hindernislauf", "hindernislauf-demo", "Hindernislauf-Abend (Demo)",
        "Vereinsheim", 10, 2, confirmation=True,
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
            + f"  Organiser login: {ORGANISER} / {PASSWORD}   ({LOCAL_BASE}/login/)"
        )
        for evening in EVENINGS:
            if evening.game not in scoring.games or (game and evening.game not in game):
                continue
            existing = Tournament.objects.filter(slug=evening.slug).first()
            if existing and reset:
                existing.delete()
                existing = None
            tournament = existing or self._load(organiser, evening, seed)
            self._print_links(tournament)

    def _print_links(self, tournament: Tournament) -> None:
        base = LOCAL_BASE  # the organiser's pages, on the laptop itself
        last_round = tournament.rounds.order_by("-number").first()
        waiting = last_round.tables.order_by("number")[1]
        # The standings and the table's links are for phones: at KREIDETAFEL_PUBLIC_URL when
        # scripts/demo found the laptop's address in the hall's network.
        phones = (
            [f"{public_url(None, seat.get_absolute_url())}  ({seat.label}: {seat.player.name})"
             for seat in waiting.seats.order_by("label")[:2]]
            if tournament.confirmation_required
            else [public_url(None, waiting.get_absolute_url())]
        )  # fmt: skip
        standings = public_url(None, reverse("standings", args=[tournament.slug]))
        self.stdout.write(
            f"\n{tournament.name} ({tournament.get_game_display()})\n"
            f"  Organiser's desk: {base}{tournament.get_absolute_url()}\n"
            f"  Round {last_round.number} dashboard: "
            f"{base}{reverse('round-detail', args=[tournament.slug, last_round.number])}\n"
            f"  Public standings: {standings}\n"
            f"  Projector:        {base}{reverse('projector', args=[tournament.slug])}\n"
            f"  Table {waiting.number} of round {last_round.number}, waiting for its first deal:\n"
            + "".join(f"    {line}\n" for line in phones)
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
        services.tournament_settings(
            tournament=tournament,
            by=organiser,
            planned_rounds=evening.played_rounds + 1,
            confirmation_required=evening.confirmation,
        )
        names = player_names(evening.players, seed)
        players = services.players_add_list(tournament=tournament, text="\n".join(names))
        self._cash_box(tournament, organiser, evening, players)
        if evening.teams:
            for first, second in zip(players[::2], players[1::2], strict=True):
                services.team_add(
                    tournament=tournament,
                    name=f"{first.name.split()[1]} & {second.name.split()[1]}",
                    players=[first, second],
                    by=organiser,
                )
        game = scoring.games[tournament.game]
        variant = game.variant(tournament.variant)
        for number in range(1, evening.played_rounds + 2):
            the_round = services.round_draw(
                tournament=tournament,
                method=Round.Method.RANDOM if number == 1 else Round.Method.AVOID_REPEATS,
                seed=seed * 100 + number,
                allow_byes=True,
                by=organiser,
            )
            tables = list(the_round.tables.order_by("number"))
            if number > evening.played_rounds:
                self._play(tables[0], game, variant, rng, deals=1)
                break
            for table in tables:
                self._play(table, game, variant, rng)
            if number < evening.played_rounds:
                services.round_lock(round=the_round, by=organiser)
        return tournament

    def _cash_box(self, tournament: Tournament, organiser, evening: DemoEvening, players) -> None:
        """The evening's entry fee, paid by all but the last two players, and its prize list."""
        if evening.entry_fee:
            services.tournament_settings(
                tournament=tournament, by=organiser, entry_fee=Decimal(evening.entry_fee)
            )
            for player in players[:-2]:
                services.player_fee_pay(player=player, by=organiser)
        for prize in evening.prizes:
            money = {k: Decimal(prize[k]) for k in ("amount", "share") if k in prize}
            services.prize_add(tournament=tournament, by=organiser, **{**prize, **money})

    def _play(self, table, game, variant, rng: random.Random, deals: int | None = None) -> None:
        """Play ``table`` to the end of its unit (or ``deals`` deals), entered on seat A's link
        and, where the tournament wants it, confirmed on seat B's."""
        seats = list(table.seats.order_by("label"))
        confirm = table.round.tournament.confirmation_required
        played = 0
        while deals is None or played < deals:
            state = table_state(table)
            if state.unit_over:
                return
            entry = simulate_deal(game, state, variant, rng)
            services.deal_record(
                table=table, entry=entry, by=None, via="demo", seat=seats[0] if confirm else None
            )
            if confirm:
                services.deal_confirm(table=table, seat=seats[1], via="demo")
            played += 1
