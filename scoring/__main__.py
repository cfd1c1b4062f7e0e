"""Command line of the rules engine.

``python -m scoring replay FILE.json`` replays a file ``{"game": "hintersche", "variant": {...},
"seats": ["A", "B", "C", "D"], "deals": [...]}`` and prints a JSON array with one object per deal:
``{"deal": 1, <the state after it>, "events": [...], "warnings": [...]}``; exit status 0.

An invalid deal prints one JSON object ``{"index", "deal", "field", "code", "message", "params"}``
(``index`` 0-based, ``deal`` 1-based) and exits with status 2; so does a file that cannot be read,
an unknown game or an invalid variant (``{"code", "message"}``, plus ``option`` for a variant).

``python -m scoring simulate GAME --seed N`` prints a replay file of simulated play: one
tournament unit at a table (``--until unit``), or for Hintersche by default a whole rubber.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import scoring
from scoring.base import Event, InvalidDeal, InvalidVariant, Warning
from scoring.simulation import simulate_until

EXIT_INVALID = 2


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def _event(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind,
        "seats": list(event.seats),
        "figures": _jsonable(event.figures),
        "source": event.source,
    }


def _warning(warning: Warning) -> dict[str, Any]:
    return {"field": warning.field, "code": warning.code, "message": warning.message}


def _print(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _fail(code: str, message: str, **extra: Any) -> int:
    _print({"code": code, "message": message, **extra})
    return EXIT_INVALID


def replay_file(data: Any) -> tuple[int, Any]:
    """The exit status and the JSON output of replaying a parsed replay file."""
    if not isinstance(data, Mapping):
        return EXIT_INVALID, {"code": "BAD_FILE", "message": "the file must hold a JSON object"}
    deals = data.get("deals")
    if not isinstance(deals, list):
        return EXIT_INVALID, {"code": "BAD_FILE", "message": "'deals' must be a list of deals"}
    try:
        game = scoring.get(data.get("game", "hintersche"))
    except (KeyError, TypeError) as error:
        return EXIT_INVALID, {"code": "UNKNOWN_GAME", "message": str(error).strip("'\"")}
    try:
        variant = game.variant(data.get("variant") or {})
    except InvalidVariant as error:
        return EXIT_INVALID, {
            "code": error.code,
            "message": error.message,
            "option": error.option,
        }
    seats = data.get("seats")
    try:
        if seats is not None:
            if not isinstance(seats, list):
                raise ValueError(f"seats must be a list, not {seats!r}")
            game.initial(seats, variant)
    except (ValueError, TypeError) as error:
        return EXIT_INVALID, {"code": "BAD_SEATS", "message": str(error)}
    try:
        steps = game.replay(deals, variant, seats)
    except InvalidDeal as error:
        index = error.params.get("index", 0)
        params = {k: v for k, v in error.params.items() if k != "index"}
        return EXIT_INVALID, {
            "index": index,
            "deal": index + 1,
            "field": error.field,
            "code": error.code,
            "message": error.message,
            "params": _jsonable(params),
        }
    output = [
        {
            "deal": number,
            **step.state.as_dict(),
            "events": [_event(e) for e in step.events],
            "warnings": [_warning(w) for w in step.warnings],
        }
        for number, step in enumerate(steps, start=1)
    ]
    return 0, output


def _replay(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as error:
        return _fail("BAD_FILE", f"cannot read {path!r}: {error.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        return _fail("BAD_FILE", f"{path!r} is not valid JSON: {error}")
    status, output = replay_file(data)
    _print(output)
    return status


def _simulate(key: str, seed: int, until: str | None, options: Mapping[str, Any]) -> int:
    try:
        game = scoring.get(key)
    except KeyError as error:
        return _fail("UNKNOWN_GAME", str(error).strip("'\""))
    try:
        variant = game.variant(options)
    except InvalidVariant as error:
        return _fail(error.code, error.message, option=error.option)
    seats = game.seats(game.table_size(variant))
    initial = game.initial(seats, variant)
    if until is None:
        until = "rubber" if hasattr(initial, "rubber_over") else "unit"
    done = f"{until}_over"
    if not hasattr(initial, done):
        return _fail("BAD_UNTIL", f"{game.name} has no {until!r} to play until; use 'unit'")
    deals = simulate_until(game, seats, variant, random.Random(seed), done)
    _print({"game": key, "variant": dict(options), "seats": list(seats), "deals": deals})
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m scoring", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a JSON file of deals and print the states")
    replay.add_argument("file", help='{"game", "variant", "seats", "deals"} as JSON')
    simulate = commands.add_parser("simulate", help="print a replay file of simulated play")
    simulate.add_argument("game", help="registry key, e.g. hintersche")
    simulate.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    simulate.add_argument(
        "--until",
        choices=("rubber", "unit"),
        default=None,
        help="how long to play: a tournament unit, or Hintersche's rubber (its default)",
    )
    simulate.add_argument(
        "--variant", default="{}", help="house rules as a JSON object (default {})"
    )
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    try:
        options = json.loads(args.variant)
    except json.JSONDecodeError as error:
        return _fail("BAD_VARIANT", f"--variant is not valid JSON: {error}")
    if not isinstance(options, dict):
        return _fail("BAD_VARIANT", "--variant must be a JSON object")
    return _simulate(args.game, args.seed, args.until, options)


if __name__ == "__main__":
    sys.exit(main())
