"""Build the benchmark tournament: 1,000 Hintersche players, 10 rounds × 250 tables, every table's
unit played from simulated card play. Import only after ``django.setup()``.

The tournament, the players and the draws go through ``tournaments.services``; the deals are
bulk-created ``Deal``/``DealRevision`` rows (what ``deal_record`` would store, without replaying
each table once per deal), and the tables' and rounds' states set to match with ``update()``.
Table 1 of the last round stops one deal short of the end of its unit, so one table and its round
are still playing, as during an evening. One round more is planned, for the deal-entry benchmark.
"""

from __future__ import annotations

import datetime
import multiprocessing
import random
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connections, transaction
from django.db.models import F

import scoring
from scoring.simulation.hintersche import simulate_unit
from tournaments import services
from tournaments.models import Deal, DealRevision, Round, Table, Tournament
from tournaments.standings import table_result

GAME = "hintersche"
SLUG = "benchmark-1000"


def simulated_unit(seed: str) -> list[dict[str, Any]]:
    """The entries of one table's unit (seats A–D, default house rules), from seeded card play."""
    game = scoring.games[GAME]
    return simulate_unit(game.seats(4), game.variant({}), random.Random(seed))


def build(*, players: int, rounds: int, seed: int, workers: int = 2) -> dict[str, Any]:
    """Migrate the (empty) database named by ``DATABASE_URL`` and load the tournament. Returns the
    slug, the table tokens measured and the row counts."""
    call_command("migrate", verbosity=0, interactive=False)
    organiser = get_user_model().objects.create_user("bench-organiser")
    with transaction.atomic():
        tournament = services.tournament_create(
            organiser=organiser,
            name="Benchmark 1000",
            game=GAME,
            date=datetime.date(2026, 11, 22),
            venue="127.0.0.1",
            lot_seed=seed,
            planned_rounds=rounds + 1,
        )
        Tournament.objects.filter(pk=tournament.pk).update(slug=SLUG)
        tournament.slug = SLUG
        names = "\n".join(f"Spieler {n:04d}, Verein {n % 40:02d}" for n in range(1, players + 1))
        services.players_add_list(tournament=tournament, text=names)
        drawn = []
        for number in range(1, rounds + 1):
            drawn.append(services.round_draw(tournament=tournament, seed=seed * 100 + number))
            # Its deals are bulk-created below; it counts as played now, so that the next round
            # is drawn as in the room (no override). The last round is reopened at the end.
            Table.objects.filter(round=drawn[-1]).update(complete=True)
            Round.objects.filter(pk=drawn[-1].pk).update(status=Round.Status.COMPLETE)
    tables = list(
        Table.objects.filter(round__in=drawn)
        .select_related("round")
        .order_by("round__number", "number")
    )
    seeds = [f"{seed}:{t.round.number}:{t.number}" for t in tables]
    connections.close_all()  # the forked workers only simulate; they must not share the handle
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        units = pool.map(simulated_unit, seeds, chunksize=25)
    last_round = drawn[-1].number
    open_table = next(t for t in tables if t.round.number == last_round and t.number == 1)
    finished_table = next(t for t in tables if t.round.number == last_round and t.number == 2)
    deals = []
    game = scoring.games[GAME]
    variant = game.variant({})
    for table, entries in zip(tables, units, strict=True):
        if table.pk == open_table.pk:
            entries = entries[:-1]
        deals.extend(
            Deal(table=table, number=number, entry=entry)
            for number, entry in enumerate(entries, start=1)
        )
        # What deal_record stores with each deal: the table's result after its deals.
        steps = game.replay(entries, variant, game.seats(4), trusted=True)
        table.result = table_result(steps[-1].state)
    with transaction.atomic():
        created = Deal.objects.bulk_create(deals, batch_size=500)
        DealRevision.objects.bulk_create(
            (
                DealRevision(deal=d, revision=1, entry=d.entry, entered_via="benchmark")
                for d in created
            ),
            batch_size=500,
        )
        Table.objects.bulk_update(tables, ["result"], batch_size=500)
        Table.objects.filter(pk=open_table.pk).update(complete=False)
        Round.objects.filter(pk=drawn[-1].pk).update(status=Round.Status.PLAYING)
        Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
    return {
        "slug": SLUG,
        "tournament": tournament.pk,
        "players": players,
        "rounds": rounds,
        "tables": len(tables),
        "deals": len(deals),
        "open_table": open_table.token,
        "finished_table": finished_table.token,
    }
