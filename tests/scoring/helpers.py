"""Shared helpers for the rules-engine tests: states reached through the worked examples."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import scoring
from scoring.hintersche import HinterscheState, Variant

GOLDEN_ROOT = Path(__file__).resolve().parents[1] / "golden"
"""The worked examples of the Scoring specification as JSON, one folder per game."""
GOLDEN = GOLDEN_ROOT / "hintersche"
ROOT = Path(__file__).resolve().parents[2]


def golden_files(game: str, pattern: str = "*.json") -> list[Path]:
    """The golden files of ``game`` matching ``pattern``, sorted by name."""
    return sorted((GOLDEN_ROOT / game).glob(pattern))


def golden_games() -> list[str]:
    """The games with golden files (the folders under ``GOLDEN_ROOT``), sorted; each folder is
    named by the game's key."""
    return sorted(path.name for path in GOLDEN_ROOT.iterdir() if path.is_dir())


def golden_examples(game: str) -> list[Path]:
    """The worked examples of ``game``: its golden files but ``invalid.json``, sorted by name."""
    return [path for path in golden_files(game) if path.name != "invalid.json"]


def load(path: Path) -> Any:
    """A golden file's JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m scoring ARGS`` as a subprocess from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def write(tmp_path: Path, data: Any) -> str:
    """``data`` as a replay file ``deals.json`` in ``tmp_path``; returns its path."""
    path = tmp_path / "deals.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def golden_entries(example: str) -> list[dict[str, Any]]:
    """The entered deals of a worked example of the Scoring specification §1.9 (``"h1"``)."""
    return [deal["entry"] for deal in load(GOLDEN / f"{example}.json")["deals"]]


def state_after(example: str, deals: int, variant: Variant | None = None) -> HinterscheState:
    """The state after the first ``deals`` deals of a worked example."""
    game = scoring.get("hintersche")
    variant = variant or game.variant({})
    state = game.initial(game.seats(4), variant)
    for entry in golden_entries(example)[:deals]:
        state = game.apply(entry, state, variant).state
    return state
