"""``python -m scoring`` on Kein Stich: replay a worked example, an invalid deal, a simulation."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scoring.helpers import run, write

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "kein_stich"


def ks(name: str) -> dict:
    golden = json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))
    return {
        "game": "kein_stich",
        "variant": golden["variant"],
        "seats": golden["seats"],
        "deals": [d["entry"] for d in golden["deals"]],
    }


def test_replay_ks2(tmp_path: Path) -> None:
    result = run("replay", write(tmp_path, ks("ks2")))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert len(output) == 10 and output[0]["deal"] == 1
    assert output[4]["balance"] == {"A": 35, "B": -45, "C": 65, "D": -55}
    assert output[4]["game_over"] is True and output[4]["pot"] == 0
    assert output[5]["events"][0]["kind"] == "new_game"
    assert output[-1]["balance"] == {"A": -15, "B": 25, "C": 45, "D": -55}
    assert output[-1]["pots"] == [40, 80, 120, 160, 0, 40, 80, 120, 160, 0]
    assert output[0]["events"][0]["kind"] == "paid_in"
    assert output[0]["warnings"] == []


def test_replay_ks5_five_players(tmp_path: Path) -> None:
    result = run("replay", write(tmp_path, ks("ks5")))
    assert result.returncode == 0, result.stderr
    last = json.loads(result.stdout)[-1]
    assert last["setup"]["removed"] == ["7♣", "7♠"]
    assert last["balance"] == {"A": 25, "B": -20, "C": 65, "D": -25, "E": -45}


def test_replay_invalid_deal(tmp_path: Path) -> None:
    data = ks("ks1")
    data["deals"] = data["deals"][:4] + [{"contract": 5, "order": ["C", "A", "C", "B"]}]
    result = run("replay", write(tmp_path, data))
    assert result.returncode == 2
    error = json.loads(result.stdout)
    assert error["index"] == 4 and error["deal"] == 5
    assert (error["field"], error["code"]) == ("order", "DUPLICATE_PLAYER")


def test_replay_invalid_configuration(tmp_path: Path) -> None:
    data = {"game": "kein_stich", "variant": {"deck": 24, "payouts": [100, 50, 10, 0]}}
    data["deals"] = []
    result = run("replay", write(tmp_path, data))
    assert result.returncode == 2
    error = json.loads(result.stdout)
    assert (error["code"], error["option"]) == ("CONFIG_PAYOUT_MISMATCH", "payouts")


def test_simulate_then_replay(tmp_path: Path) -> None:
    result = run("simulate", "kein_stich", "--seed", "3", "--variant", '{"players": 5}')
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "kein_stich" and data["seats"] == list("ABCDE")
    assert len(data["deals"]) == 5
    replayed = run("replay", write(tmp_path, data))
    assert replayed.returncode == 0, replayed.stdout
    last = json.loads(replayed.stdout)[-1]
    assert last["unit_over"] is True and last["pot"] == 0
    assert sum(last["balance"].values()) == 0
