"""``python -m scoring replay`` on a Bauerchen golden file, from the repository root."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scoring.helpers import run

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "bauerchen"


def replay_file(tmp_path: Path, example: str, extra: list | None = None) -> str:
    golden = json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))
    deals = [d["entry"] for d in golden["deals"] if "reject" not in d] + (extra or [])
    data = {"game": "bauerchen", "variant": golden["variant"], "seats": golden["seats"]}
    path = tmp_path / "deals.json"
    path.write_text(json.dumps({**data, "deals": deals}, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_replay_b5(tmp_path: Path) -> None:
    result = run("replay", replay_file(tmp_path, "b5"))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert len(output) == 9 and output[0]["deal"] == 1
    # B-5 deal 4: 40 − 31 = 9 carried for NS, knoddel → EW.
    assert output[3]["score"] == {"NS": 9, "EW": 0}
    assert output[3]["knoddel"] == {"NS": 0, "EW": 1}
    # Deal 8: 33 − 31 = 2 carried for EW into the Gehampelter.
    assert output[7]["score"] == {"NS": 0, "EW": 2} and output[7]["gehampelter"] is True
    assert output[-1]["score"] == {"NS": 2, "EW": 2}
    assert [e["kind"] for e in output[3]["events"]] == ["deal_won", "round_won", "knoddel"]
    assert output[0]["warnings"] == []


def test_replay_invalid_deal(tmp_path: Path) -> None:
    # After B-2's four deals NS has 29: a second 20 would make 31 (§2.12 #8).
    golden = json.loads((GOLDEN / "b2.json").read_text(encoding="utf-8"))
    rejected = golden["deals"][4]["entry"]
    path = tmp_path / "deals.json"
    deals = [d["entry"] for d in golden["deals"][:4]] + [rejected]
    path.write_text(json.dumps({"game": "bauerchen", "deals": deals}), encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 2
    error = json.loads(result.stdout)
    assert error["index"] == 4 and error["deal"] == 5
    assert (error["field"], error["code"]) == ("melds.1", "MELD_CAP")
    assert error["params"]["total"] == 31


def test_replay_bad_variant(tmp_path: Path) -> None:
    path = tmp_path / "deals.json"
    path.write_text(
        json.dumps({"game": "bauerchen", "variant": {"preset": "x"}, "deals": []}),
        encoding="utf-8",
    )
    result = run("replay", str(path))
    assert result.returncode == 2
    assert json.loads(result.stdout)["code"] == "INVALID_OPTION_VALUE"
