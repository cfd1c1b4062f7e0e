"""``python -m scoring replay`` on Hindernislauf files, as a subprocess from the repository root."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.scoring.helpers import run, write

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "hindernislauf"


def hl(example: str) -> dict:
    return json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))


def test_replay_golden_file(tmp_path: Path) -> None:
    golden = hl("hl5")
    data = {
        "game": "hindernislauf",
        "variant": golden["variant"],
        "seats": golden["seats"],
        "deals": [d["entry"] for d in golden["deals"]],
    }
    result = run("replay", write(tmp_path, data))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert len(output) == 1 and output[0]["deal"] == 1
    # HL-5 (labbe): A −1, B 0, C −1, D +5, E 0; D wins; card 24 reaches 122.
    assert output[0]["points"] == {"A": -1, "B": 0, "C": -1, "D": 5, "E": 0}
    assert output[0]["winners"] == ["D"]
    assert output[0]["start_total"] == 4
    assert output[0]["run"][23]["after"] == 122 and output[0]["run"][23]["bonus"] == 5
    kinds = [e["kind"] for e in output[0]["events"]]
    assert "reach_bonus" in kinds and kinds[-1] == "deal_won"
    assert output[0]["warnings"] == []


def test_replay_invalid_deal_exits_2(tmp_path: Path) -> None:
    entries = [d["entry"] for d in hl("hl1")["deals"]]
    bad = json.loads(json.dumps(entries[0]))
    bad["dealer"] = "A"
    bad["plays"][1] = "♣Q"  # a Queen without its sign
    data = {"game": "hindernislauf", "seats": list("ABCD"), "deals": [entries[0], bad]}
    result = run("replay", write(tmp_path, data))
    assert result.returncode == 2
    error = json.loads(result.stdout)
    assert (error["index"], error["deal"]) == (1, 2)
    assert (error["field"], error["code"]) == ("plays.1", "QUEEN_SIGN_MISSING")


def test_replay_bad_seats_and_variant(tmp_path: Path) -> None:
    data = {"game": "hindernislauf", "seats": list("ABCDEFG"), "deals": []}
    result = run("replay", write(tmp_path, data))
    assert result.returncode == 2 and "2 to 6 players" in json.loads(result.stdout)["message"]
    data = {"game": "hindernislauf", "variant": {"preset": "x"}, "deals": []}
    result = run("replay", write(tmp_path, data))
    assert result.returncode == 2
    assert json.loads(result.stdout)["option"] == "preset"


def test_engine_modules_import_no_django() -> None:
    code = (
        "import sys; import scoring.hindernislauf, scoring.simulation.hindernislauf; "
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
