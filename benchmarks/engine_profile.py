"""Full against trusted replay of the Hintersche engine, with an optional cProfile.

``.venv/bin/python -m benchmarks.engine_profile [--tables 1000] [--rubbers 150] [--profile]``

Generates the entries itself (not timed, not cached): per table, ``simulate_deal`` from
``initial(seats, variant)`` until ``unit_over`` (one tournament round at 1,000 players is 250
tables; the default 1,000 tables are about 3,600 deals, one 1,000-player tournament of four
rounds) plus whole rubbers until ``rubber_over``. Then times ``replay(entries, variant, seats)``
and ``replay(..., trusted=True)`` over all tables, checks both derive the same states and events,
and prints deals/s (best and median of ``--repeats``). Not part of ``benchmarks/run``.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import scoring
from scoring.simulation import simulate_deal

GAME = "hintersche"


def simulate(done: str, count: int, seed: str, options: dict[str, Any]) -> list[list[dict]]:
    """``count`` tables of entries, each simulated until the state's ``done`` flag is set."""
    game = scoring.games[GAME]
    variant = game.variant(options)
    seats = game.seats(game.table_sizes[0])
    tables = []
    for index in range(count):
        rng = random.Random(f"{seed}:{index}")
        state = game.initial(seats, variant)
        entries: list[dict] = []
        while not getattr(state, done):
            entry = simulate_deal(game, state, variant, rng)
            state = game.apply(entry, state, variant).state
            entries.append(entry)
        tables.append(entries)
    return tables


def timed(run: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Best and median seconds of ``repeats`` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000, help="tables played to unit_over")
    parser.add_argument("--rubbers", type=int, default=150, help="tables played to rubber_over")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seed", default="2026")
    parser.add_argument("--variant", default="{}", help="house rules as JSON")
    parser.add_argument("--profile", action="store_true", help="cProfile both replays once")
    args = parser.parse_args()
    options = json.loads(args.variant)
    game = scoring.games[GAME]
    variant = game.variant(options)
    seats = game.seats(game.table_sizes[0])
    loads = {
        "units": simulate("unit_over", args.tables, f"{args.seed}:u", options),
        "rubbers": simulate("rubber_over", args.rubbers, f"{args.seed}:r", options),
    }
    for name, tables in loads.items():
        deals = sum(map(len, tables))
        for trusted in (False, True):

            def replay_all(trusted: bool = trusted, tables: list = tables) -> list:
                return [game.replay(t, variant, seats, trusted=trusted) for t in tables]

            best, median = timed(replay_all, args.repeats)
            print(
                f"{name:8} {len(tables):5} tables {deals:7,} deals  "
                f"{'trusted' if trusted else 'full   '}  best {best * 1000:8.1f} ms "
                f"= {deals / best:8,.0f} deals/s  median {deals / median:8,.0f} deals/s"
            )
            if args.profile:
                profile = cProfile.Profile()
                profile.runcall(replay_all)
                pstats.Stats(profile).sort_stats("tottime").print_stats(12)
        full = [game.replay(t, variant, seats) for t in tables]
        fast = [game.replay(t, variant, seats, trusted=True) for t in tables]
        for a, b in zip((s for t in full for s in t), (s for t in fast for s in t), strict=True):
            assert a.state == b.state and a.events == b.events, "trusted replay differs"


if __name__ == "__main__":
    main()
