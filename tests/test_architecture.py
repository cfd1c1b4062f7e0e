"""The import arrows between Kreidetafel's parts (issue "One shape per game"): no module of
``scoring`` or ``tournaments`` imports, even inside a function, a module that imports it back
(directly or round about), and no rules engine imports the simulation that plays it.

The graph is read from the source (every ``import`` statement, at any depth), not from what
Python happens to have loaded."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("kreidetafel", "scoring", "tournaments")
NEVER = {
    "scoring": ("django", "tournaments"),
    "tournaments.models": ("tournaments.views", "tournaments.services", "tournaments.permissions"),
    "tournaments.standings": ("tournaments.services", "tournaments.views"),
    "tournaments.glance": ("tournaments.services", "tournaments.views"),
    "tournaments.tables": ("tournaments.services", "tournaments.views"),
    "tournaments.selectors": ("tournaments.services", "tournaments.views"),
    "tournaments.games": ("tournaments.services", "tournaments.views"),
    "tournaments.permissions": ("tournaments.services", "tournaments.views"),
    "tournaments.draw": ("django", "tournaments.models"),
    "tournaments.messages": ("tournaments.models", "tournaments.services"),
    "tournaments.errors": ("tournaments.models", "tournaments.services"),
    "tournaments.printing": ("tournaments.services", "tournaments.views"),
    "tournaments.exchange": ("tournaments.views", "tournaments.services"),
    "tournaments.paper": ("tournaments.services", "tournaments.views"),
    "tournaments.cash": ("tournaments.services", "tournaments.views"),
    "tournaments.prizes": ("tournaments.services", "tournaments.views", "tournaments.printing"),
    "tournaments.stechen": ("tournaments.services", "tournaments.views"),
    "tournaments.side_rankings": (
        "tournaments.services",
        "tournaments.views",
        "tournaments.printing",
    ),
    "tournaments.press": ("tournaments.services", "tournaments.views"),
    "tournaments.hidden": ("tournaments.services", "tournaments.views"),
    "tournaments.room": ("tournaments.services", "tournaments.views"),
    "tournaments.series": ("tournaments.services", "tournaments.views", "tournaments.printing"),
    "tournaments.services": ("tournaments.views", "tournaments.forms"),
    "tournaments.printing.pdfparts": ("django", "tournaments"),
}
"""What each part may never import (docs/architecture.md, "The parts"): reads never write,
writes never reach back into HTTP, the engine and the draw never touch Django."""


def modules() -> dict[str, Path]:
    """Every module of :data:`PACKAGES` (migrations aside) by its dotted name."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The modules of ``known`` that the module ``name`` at ``path`` imports anywhere, and the
    outside packages by their top name (``django``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            if target.split(".")[0] not in PACKAGES:
                yield target.split(".")[0]
                continue
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: set(imported(name, path, known)) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges.get(node, ()):
            if other not in edges:
                continue  # an outside package
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in edges:
        if node not in index:
            visit(node)
    return groups


def test_the_graph_sees_imports_at_any_depth() -> None:
    # At the top of the module, relative to the package, and inside a function (finishing a
    # tournament prepares the final documents); and a cycle found round about.
    edges = graph()
    assert "tournaments.permissions" in edges["tournaments.views.table"]
    assert "scoring.base" in edges["scoring.hintersche"]
    assert "tournaments.printing.documents" in edges["tournaments.services.rounds"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_no_engine_imports_its_simulation() -> None:
    edges = graph()
    # The command line (scoring.__main__) simulates too; it is no engine.
    engines = [
        name
        for name in edges
        if name.startswith("scoring.") and "simulation" not in name and name != "scoring.__main__"
    ]
    assert engines
    offenders = {
        name: sorted(t for t in edges[name] if t.startswith("scoring.simulation"))
        for name in engines
    }
    assert {name: found for name, found in offenders.items() if found} == {}


def within(name: str, part: str) -> bool:
    return name == part or name.startswith(f"{part}.")


def test_each_part_keeps_to_its_arrows() -> None:
    edges = graph()
    crossings = sorted(
        f"{name} → {target}"
        for name, targets in edges.items()
        for part, never in NEVER.items()
        if within(name, part)
        for target in targets
        if any(within(target, banned) for banned in never)
    )
    assert crossings == []


def test_a_pdf_part_process_imports_no_django():
    """The processes that make a long document's parts (``tournaments.printing.pdfparts``,
    forked from a fork server started fresh) import the module by its name: its package must not
    pull Django or the models in."""
    code = (
        "import sys, tournaments.printing.pdfparts; "
        "print(sorted(m for m in sys.modules if m.startswith(('django', 'tournaments'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert (
        done.stdout.strip()
        == "['tournaments', 'tournaments.printing', 'tournaments.printing.pdfparts']"
    )
