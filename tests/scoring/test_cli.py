"""``python -m scoring`` as a subprocess, from the repository root."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scoring.helpers import golden_entries, run, write

ROOT = Path(__file__).resolve().parents[2]


def test_replay_valid_file(tmp_path: Path) -> None:
    data = {
        "game": "hintersche",
        "variant": {},
        "seats": list("ABCD"),
        "deals": golden_entries("h5"),
    }
    result = run("replay", write(tmp_path, data))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert isinstance(output, list) and len(output) == 23
    assert output[0]["deal"] == 1
    assert output[3]["phase"] == "done" and output[3]["loser"] == "A"
    assert output[7]["striche"] == {"A": 0, "B": 2, "C": 1, "D": 1}
    assert output[7]["phase"] == "butzen" and output[7]["active"] == ["B", "C", "D"]
    assert output[-1]["rubber_over"] is True
    assert output[-1]["balance"] == {"A": -5, "B": 15, "C": -5, "D": -5}
    assert output[0]["events"][0]["kind"] == "strich"
    assert output[0]["warnings"] == []


def test_replay_invalid_deal(tmp_path: Path) -> None:
    deals = golden_entries("h1")[:4] + [{"points": {"A": 40, "B": 62, "C": 0, "D": 38}}]
    result = run("replay", write(tmp_path, {"game": "hintersche", "deals": deals}))
    assert result.returncode == 2
    error = json.loads(result.stdout)
    assert error["index"] == 4 and error["deal"] == 5
    assert (error["field"], error["code"]) == ("points.C", "PLAYER_NOT_ACTIVE")
    assert error["params"]["seats"] == ["C"]


def test_replay_bad_inputs(tmp_path: Path) -> None:
    result = run("replay", write(tmp_path, {"game": "skat", "deals": []}))
    assert result.returncode == 2 and json.loads(result.stdout)["code"] == "UNKNOWN_GAME"
    result = run("replay", write(tmp_path, {"variant": {"tie_policy": "x"}, "deals": []}))
    assert result.returncode == 2
    assert json.loads(result.stdout)["code"] == "INVALID_OPTION_VALUE"
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    result = run("replay", str(tmp_path / "broken.json"))
    assert result.returncode == 2 and json.loads(result.stdout)["code"] == "BAD_FILE"
    result = run("replay", str(tmp_path / "missing.json"))
    assert result.returncode == 2 and json.loads(result.stdout)["code"] == "BAD_FILE"


def test_simulate_then_replay(tmp_path: Path) -> None:
    result = run("simulate", "hintersche", "--seed", "7")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "hintersche" and data["seats"] == list("ABCD")
    replayed = run("replay", write(tmp_path, data))
    assert replayed.returncode == 0, replayed.stdout
    assert json.loads(replayed.stdout)[-1]["rubber_over"] is True
