"""``python -m scoring replay`` on a Hundertspiel golden file, as a subprocess."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scoring.helpers import run

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "hundertspiel"


def replay_file(tmp_path: Path, deals: list, variant: dict | None = None) -> str:
    path = tmp_path / "deals.json"
    data = {"game": "hundertspiel", "variant": variant or {}, "seats": list("ABCD"), "deals": deals}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def hs(example: str) -> list[dict]:
    data = json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))
    return [d["entry"] for d in data["deals"]]


def test_replay_hs5(tmp_path: Path) -> None:
    result = run("replay", replay_file(tmp_path, hs("hs5")))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert [d["deal"] for d in output] == [1, 2, 3]
    assert output[0]["run"] == {"AC": 76, "BD": 52}
    assert output[1]["marks"] == {"A": 1, "B": -1, "C": 1, "D": -1}
    assert output[1]["warnings"][0]["code"] == "VORHAND_RULE_APPLIED"
    assert output[2]["marks"] == {"A": 2, "B": -2, "C": 2, "D": -2}
    assert [e["kind"] for e in output[2]["events"]][:3] == ["deal_points", "claim", "false_claim"]
    assert output[2]["unit_over"] is True


def test_replay_invalid_deal(tmp_path: Path) -> None:
    deals = hs("hs1")[:2] + [
        {
            "dealer": "C",
            "points": {"AC": 51, "BD": 43},
            "end": {"claimant": "BD", "old": {"AC": 9, "BD": 50}},
        }
    ]
    result = run("replay", replay_file(tmp_path, deals))
    assert result.returncode == 2
    error = json.loads(result.stdout)
    assert (error["index"], error["deal"]) == (2, 3)
    assert (error["field"], error["code"]) == ("end.old.BD", "SPLIT_INVALID")
    assert error["params"] == {"value": 50, "minimum": 0, "maximum": 43}


def test_replay_refuses_a_bad_variant(tmp_path: Path) -> None:
    # scat applies to the three-player game; the four-player Scat game is variant scat4.
    result = run("replay", replay_file(tmp_path, [], {"scat": True}))
    assert result.returncode == 2
    assert json.loads(result.stdout)["code"] == "INVALID_OPTION_VALUE"


def test_replay_scat4(tmp_path: Path) -> None:
    # §3.8a: C announces a 26 in Coppi from the hand and makes it; Coppi is worth 3 Marken.
    deal = {
        "dealer": "A",
        "card_points": {"AC": 40, "BD": 32},
        "scat_points": 7,
        "last_trick": "AC",
        "do_tricks": [{"trick": 8, "player": "C"}],
        "contract": {"player": "C", "suit": "coppi", "from_hand": True},
    }
    result = run("replay", replay_file(tmp_path, [deal], {"variant": "scat4"}))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert output[0]["run"] == {"AC": 66, "BD": 32}  # 40 + 6 + 20
    assert output[0]["marks"] == {"A": 3, "B": -3, "C": 3, "D": -3}
