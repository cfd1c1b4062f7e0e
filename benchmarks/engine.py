"""Engine benchmark: replay of 50,000 simulated Hintersche deals through
``scoring.games["hintersche"].replay``.

The entries come from simulated card play (``simulate_rubber`` with seeded ``random.Random``, one
seed per rubber), generated on both cores and cached under ``benchmarks/results/`` keyed by the
engine's source, so only the first run pays for the simulation. Only the replay is timed.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import random
import statistics
import time
from pathlib import Path
from typing import Any

import scoring
from scoring.simulation.hintersche import simulate_rubber

GAME = "hintersche"
BATCH = 100


def _rubber(args: tuple[int, int]) -> list[dict[str, Any]]:
    seed, index = args
    game = scoring.games[GAME]
    variant = game.variant({})
    return simulate_rubber(game.seats(4), variant, random.Random(f"{seed}:{index}"))


def _source_hash() -> str:
    digest = hashlib.sha256()
    for path in sorted(Path(scoring.__file__).parent.glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def generate(deals: int, seed: int, cache_dir: Path, workers: int) -> tuple[list[list[dict]], bool]:
    """Whole rubbers (the last one cut short) holding exactly ``deals`` entries; from the cache
    when the engine's source and the parameters are unchanged. Returns (rubbers, from_cache)."""
    cache = cache_dir / f"engine-entries-{GAME}-{deals}-{seed}-{_source_hash()}.json"
    if cache.exists():
        return json.loads(cache.read_text()), True
    rubbers: list[list[dict]] = []
    total = 0
    index = 0
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        while total < deals:
            batch = pool.map(_rubber, [(seed, index + i) for i in range(BATCH)])
            index += BATCH
            for rubber in batch:
                if total >= deals:
                    break
                rubber = rubber[: deals - total]
                rubbers.append(rubber)
                total += len(rubber)
    for stale in cache_dir.glob(f"engine-entries-{GAME}-*.json"):
        stale.unlink()
    cache.write_text(json.dumps(rubbers, separators=(",", ":")))
    return rubbers, False


def run(
    *, deals: int = 50_000, repeats: int = 3, seed: int = 2026, cache_dir: Path, workers: int = 2
) -> dict[str, Any]:
    started = time.perf_counter()
    rubbers, cached = generate(deals, seed, cache_dir, workers)
    generation_s = time.perf_counter() - started
    game = scoring.games[GAME]
    variant = game.variant({})
    seats = game.seats(4)
    # A first pass checks that every entry is valid (replay raises InvalidDeal otherwise).
    replayed = sum(len(game.replay(rubber, variant, seats)) for rubber in rubbers)
    assert replayed == deals, (replayed, deals)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for rubber in rubbers:
            game.replay(rubber, variant, seats)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    return {
        "game": GAME,
        "deals": deals,
        "rubbers": len(rubbers),
        "repeats": repeats,
        "seconds": times,
        "median_s": median,
        "deals_per_s": deals / median,
        "generation_s": generation_s,
        "entries_from_cache": cached,
    }
