"""Seating draws: plain functions, seeded and reproducible (no database here).

A draw takes the players' ids, a seed and the table sizes the game allows, and returns the tables
(each a list of ids in seat order) and the players who get a bye.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


class DrawUserError(ValueError):
    """A draw the organiser can fix (too few players, byes not accepted). ``code`` is stable:
    ``TOO_FEW_PLAYERS`` or ``BYES_NEEDED`` (with ``byes``, the number of byes it would take)."""

    def __init__(self, code: str, message: str, **params: int) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Draw:
    """The outcome of a draw: ``tables`` in table order, each a list of player ids in seat order;
    ``byes`` the ids who sit this round out."""

    seed: int
    tables: list[list[int]]
    byes: list[int]


def table_plan(player_count: int, table_sizes: Sequence[int]) -> tuple[list[int], int]:
    """Split ``player_count`` players into tables of the allowed ``table_sizes`` (the usual size
    first): the fewest byes, then the fewest tables off the usual size, then sizes as close to the
    usual as possible. Returns the table sizes (largest first) and the number of byes; no tables
    and every player a bye when fewer players than the smallest table are there."""
    usual = table_sizes[0]
    best: list[tuple[int, int, tuple[int, ...]] | None] = [None] * (player_count + 1)
    best[0] = (0, 0, ())
    for count in range(1, player_count + 1):
        options = []
        for size in table_sizes:
            previous = best[count - size] if size <= count else None
            if previous is not None:
                off, distance, plan = previous
                options.append((off + (size != usual), distance + abs(size - usual), (*plan, size)))
        best[count] = min(options, default=None)
    for byes in range(player_count + 1):
        found = best[player_count - byes]
        if found is not None:
            return sorted(found[2], reverse=True), byes
    raise AssertionError("zero players always fit")  # best[0] is set


def _sizes_text(table_sizes: Sequence[int]) -> str:
    return "/".join(str(size) for size in sorted(set(table_sizes)))


def draw_random(
    players: Sequence[int],
    *,
    seed: int,
    table_sizes: Sequence[int],
    allow_byes: bool,
    byes_so_far: Mapping[int, int] | None = None,
) -> Draw:
    """A random seating into tables of the allowed ``table_sizes``, the usual (first) size
    preferred (Hintersche: 4, Schoch 2014; Kein Stich: 3–6, four usual), as :func:`table_plan`
    splits the players.

    When no split seats everybody, the remainder gets a bye, chosen at random among the players
    with the fewest byes so far (nobody gets a second bye before everyone has had one).

    Raises:
        DrawUserError: ``TOO_FEW_PLAYERS`` for fewer players than the smallest table;
            ``BYES_NEEDED`` when byes would be needed and ``allow_byes`` is false.
    """
    if len(players) < min(table_sizes):
        raise DrawUserError(
            "TOO_FEW_PLAYERS",
            f"{len(players)} players cannot fill a table of {min(table_sizes)}.",
            players=len(players),
            table_size=min(table_sizes),
        )
    plan, bye_count = table_plan(len(players), table_sizes)
    if bye_count and not allow_byes:
        raise DrawUserError(
            "BYES_NEEDED",
            f"{len(players)} players do not divide into tables of {_sizes_text(table_sizes)}: "
            f"{bye_count} must sit out.",
            players=len(players),
            table_size=_sizes_text(table_sizes),
            byes=bye_count,
        )
    rng = random.Random(seed)
    order = sorted(players)
    rng.shuffle(order)
    counts = byes_so_far or {}
    # A stable sort on the bye count keeps the shuffled order among equals: fair and random.
    byes = sorted(order, key=lambda p: counts.get(p, 0))[:bye_count]
    bye_set = set(byes)
    seated = iter(p for p in order if p not in bye_set)
    tables = [[next(seated) for _ in range(size)] for size in plan]
    return Draw(seed=seed, tables=tables, byes=sorted(byes))
