"""The rules engine is plain Python: importing it loads no Django module (house style)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_imports_no_django() -> None:
    code = (
        "import sys; import scoring, scoring.hintersche, scoring.simulation.hintersche, "
        "scoring.cards, scoring.__main__; "
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
