"""The database side of ``benchmarks/faults.py``, run as a process of its own against the database
``DATABASE_URL`` names (the fault scenarios' database is never the one of the process that drives
them, e.g. the test run's)::

    python -m benchmarks.faults_db build TABLES      # migrate, build the tournaments; JSON out
    python -m benchmarks.faults_db stored < TOKENS   # the stored deals of these tables; JSON out
    python -m benchmarks.faults_db history < TOKENS  # their deals with every version; JSON out

Two Hintersche tournaments, made through ``tournaments.services``: *load* with ``TABLES`` tables
of round 1 drawn, whose unit is a long rubber (so that no table runs out of deals during a run),
and *live*, two tables with the default unit (the first Vier-Strich), for the standings check.
"""

from __future__ import annotations

import datetime
import json
import random
import sys
from typing import Any

GAME = "hintersche"
LOAD_VARIANT = {"tournament_round": "rubber", "games_per_rubber": 20}
"""A rubber of 20 games: about 140 deals at every table, far more than a run enters."""
SEED = 2026
FIRST_DEALS = 4
"""How many different first deals :func:`build` offers the correction race."""


def _unit(variant: dict[str, Any], seed: str) -> list[dict[str, Any]]:
    import scoring
    from scoring.simulation.hintersche import simulate_unit

    game = scoring.games[GAME]
    return simulate_unit(game.seats(4), game.variant(variant), random.Random(seed))


def _tournament(organiser, name: str, variant: dict[str, Any], players: list[str]):
    from tournaments import services

    tournament = services.tournament_create(
        organiser=organiser,
        name=name,
        game=GAME,
        date=datetime.date(2026, 11, 22),
        venue="127.0.0.1",
        variant=variant,
        lot_seed=SEED,
    )
    services.players_add_list(tournament=tournament, text="\n".join(players))
    return tournament, services.round_draw(tournament=tournament, seed=SEED)


def _live_table(table, seed: str) -> dict[str, Any]:
    """A live table's token, its deals' POST fields and, after each deal, the standings total of
    each of its players (the engine's round score: Striche received)."""
    import scoring
    from tournaments.entries import flatten_entry

    game = scoring.games[GAME]
    deals = _unit({}, seed)
    seated = {seat.label: seat.player.name for seat in table.seats.select_related("player")}
    steps = game.replay(deals, game.variant({}), game.seats(4), trusted=True)
    return {
        "token": table.token,
        "deals": [flatten_entry(e) for e in deals],
        "totals": [{seated[r.seat]: r.score for r in step.state.result()} for step in steps],
    }


def _first_deals(variant: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """``count`` different first deals of ``variant``'s unit (simulated, seeded), none the
    first deal of :func:`build`'s load deals: each a valid deal 1 at a load table, so a table
    with one deal can have it corrected to any of them."""
    import scoring
    from scoring.simulation import simulate_deal

    game = scoring.games[GAME]
    rules = game.variant(variant)
    initial = game.initial(game.seats(4), rules)
    taken = [_unit(variant, f"{SEED}:load")[0]]
    found: list[dict[str, Any]] = []
    for seed in range(100):
        entry = simulate_deal(game, initial, rules, random.Random(f"{SEED}:first:{seed}"))
        if entry not in taken:
            taken.append(entry)
            found.append(entry)
        if len(found) == count:
            return found
    raise RuntimeError(f"fewer than {count} different first deals in 100 seeds")


def build(tables: int) -> dict[str, Any]:
    """Migrate the empty database and build both tournaments. Returns the load tables' tokens (by
    table number), the POST fields of the deals every load table enters in turn (one simulated
    rubber, the same at every table), :data:`FIRST_DEALS` other first deals of that rubber
    (:func:`_first_deals`, for the correction race) and the live tournament's slug and tables
    (:func:`_live_table`)."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournaments.entries import flatten_entry

    call_command("migrate", verbosity=0, interactive=False)
    organiser = get_user_model().objects.create_user("faults-organiser")
    names = [f"Spieler {n:04d}" for n in range(1, 4 * tables + 1)]
    _load, drawn = _tournament(organiser, "Faults load", LOAD_VARIANT, names)
    guests = [f"Gast {n}" for n in range(1, 9)]
    live, live_round = _tournament(organiser, "Faults live", {}, guests)
    return {
        "tokens": list(drawn.tables.order_by("number").values_list("token", flat=True)),
        "deals": [flatten_entry(e) for e in _unit(LOAD_VARIANT, f"{SEED}:load")],
        "first_deals": [flatten_entry(e) for e in _first_deals(LOAD_VARIANT, FIRST_DEALS)],
        "live": {
            "slug": live.slug,
            "tables": [
                _live_table(table, f"{SEED}:live:{table.number}")
                for table in live_round.tables.order_by("number")
            ],
        },
    }


def stored(tokens: list[str]) -> dict[str, list[list[Any]]]:
    """Per table token, every deal stored at the table, by number: ``[number, form key]`` (the
    key of its first revision; ``None`` for a deal without one)."""
    from django.db.models import OuterRef, Subquery

    from tournaments.models import Deal, DealRevision

    first_key = DealRevision.objects.filter(deal=OuterRef("pk"), revision=1).values(
        "idempotency_key"
    )[:1]
    rows = (
        Deal.objects.filter(table__token__in=tokens)
        .annotate(key=Subquery(first_key))
        .order_by("table_id", "number")
        .values_list("table__token", "number", "key")
    )
    found: dict[str, list[list[Any]]] = {token: [] for token in tokens}
    for token, number, key in rows:
        found[token].append([number, key])
    return found


def history(tokens: list[str]) -> dict[str, list[list[Any]]]:
    """Per table token, every deal row at the table (undone and voided ones too), by number:
    ``[number, current revision, voided, [[revision, kind, form key], …]]``, the versions in
    order."""
    from tournaments.models import Deal, DealRevision

    deals = Deal.all_objects.filter(table__token__in=tokens).order_by("table_id", "number")
    versions: dict[int, list[list[Any]]] = {}
    for deal_id, revision, kind, key in DealRevision.objects.filter(
        deal__table__token__in=tokens
    ).values_list("deal_id", "revision", "kind", "idempotency_key"):
        versions.setdefault(deal_id, []).append([revision, kind, key])
    found: dict[str, list[list[Any]]] = {token: [] for token in tokens}
    for deal_id, token, number, revision, voided in deals.values_list(
        "pk", "table__token", "number", "revision", "voided"
    ):
        found[token].append([number, revision, voided, sorted(versions.get(deal_id, []))])
    return found


def main(argv: list[str]) -> None:
    import django

    django.setup()
    if argv[:1] == ["build"] and len(argv) == 2:
        print(json.dumps(build(int(argv[1]))))
    elif argv == ["stored"]:
        print(json.dumps(stored(json.load(sys.stdin))))
    elif argv == ["history"]:
        print(json.dumps(history(json.load(sys.stdin))))
    else:
        raise SystemExit(
            "usage: python -m benchmarks.faults_db build TABLES | stored < TOKENS"
            " | history < TOKENS"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
