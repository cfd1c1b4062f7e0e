"""Draw benchmark: ``.venv/bin/python -m benchmarks.draw``.

1,000 players at tables of four (250 tables) get ten rounds of history, drawn by
``draw_avoiding_repeats`` itself (seeded); then the eleventh round is drawn ``repeats`` times and
the median taken. Next to the time: how many pairs in that round had already met, against a plain
random draw from the same seed. The goal is at most two seconds. Plain Python, no database.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from itertools import combinations
from typing import Any

from tournaments.draw import draw_avoiding_repeats, draw_random

GOAL_S = 2.0
TABLE_SIZES = [4]


def _meet(met: Counter[frozenset[int]], tables: list[list[int]]) -> None:
    for table in tables:
        met.update(frozenset(pair) for pair in combinations(table, 2))


def _repeated_pairs(tables: list[list[int]], met: Counter[frozenset[int]]) -> int:
    return sum(1 for table in tables for pair in combinations(table, 2) if met[frozenset(pair)])


def run(
    *, players: int = 1000, rounds: int = 10, repeats: int = 5, seed: int = 2026
) -> dict[str, Any]:
    """Build the history, time the next draw; returns the figures (seconds, repeated pairs)."""
    ids = list(range(1, players + 1))
    met: Counter[frozenset[int]] = Counter()
    started = time.perf_counter()
    for number in range(1, rounds + 1):
        drawn = draw_avoiding_repeats(
            ids, seed=seed * 100 + number, table_sizes=TABLE_SIZES, allow_byes=True, met=met
        )
        _meet(met, drawn.tables)
    history_s = time.perf_counter() - started
    next_seed = seed * 100 + rounds + 1
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        drawn = draw_avoiding_repeats(
            ids, seed=next_seed, table_sizes=TABLE_SIZES, allow_byes=True, met=met
        )
        times.append(time.perf_counter() - start)
    plain = draw_random(ids, seed=next_seed, table_sizes=TABLE_SIZES, allow_byes=True)
    median = statistics.median(times)
    return {
        "players": players,
        "tables": len(drawn.tables),
        "history_rounds": rounds,
        "history_pairs": len(met),
        "history_repeated_pairs": sum(1 for count in met.values() if count > 1),
        "history_s": history_s,
        "repeats": repeats,
        "seconds": times,
        "median_s": median,
        "goal_s": GOAL_S,
        "within_goal": median <= GOAL_S,
        "repeated_pairs_avoiding": _repeated_pairs(drawn.tables, met),
        "repeated_pairs_random": _repeated_pairs(plain.tables, met),
    }


def main() -> None:
    figures = run()
    print(
        f"draw_avoiding_repeats, {figures['players']} players ({figures['tables']} tables) after "
        f"{figures['history_rounds']} rounds ({figures['history_pairs']} pairs met, "
        f"{figures['history_repeated_pairs']} more than once; built in "
        f"{figures['history_s']:.2f} s)"
    )
    print(
        f"  round {figures['history_rounds'] + 1}: median {figures['median_s']:.3f} s of "
        f"{figures['repeats']} (goal ≤ {figures['goal_s']:.0f} s: "
        f"{'met' if figures['within_goal'] else 'MISSED'})"
    )
    print(
        f"  pairs who had met before, seated together: {figures['repeated_pairs_avoiding']} "
        f"(plain random draw, same seed: {figures['repeated_pairs_random']})"
    )


if __name__ == "__main__":
    main()
