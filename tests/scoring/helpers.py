"""Shared helpers for the rules-engine tests: states reached through the worked examples."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import scoring
from scoring.hintersche import HinterscheState, Variant

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "hintersche"


def golden_entries(example: str) -> list[dict[str, Any]]:
    """The entered deals of a worked example of the Scoring specification §1.9 (``"h1"``)."""
    data = json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))
    return [deal["entry"] for deal in data["deals"]]


def state_after(example: str, deals: int, variant: Variant | None = None) -> HinterscheState:
    """The state after the first ``deals`` deals of a worked example."""
    game = scoring.get("hintersche")
    variant = variant or game.variant({})
    state = game.initial(game.seats(4), variant)
    for entry in golden_entries(example)[:deals]:
        state = game.apply(entry, state, variant).state
    return state
