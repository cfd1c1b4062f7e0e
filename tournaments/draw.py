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


def byes_needed(player_count: int, table_size: int) -> int:
    """How many players must sit out so that everybody else fills tables of ``table_size``."""
    return player_count % table_size


def draw_random(
    players: Sequence[int],
    *,
    seed: int,
    table_size: int,
    allow_byes: bool,
    byes_so_far: Mapping[int, int] | None = None,
) -> Draw:
    """A random seating into tables of ``table_size`` (Hintersche: 4, Schoch 2014).

    When the count does not divide, the remainder gets a bye, chosen at random among the players
    with the fewest byes so far (nobody gets a second bye before everyone has had one).

    Raises:
        DrawUserError: ``TOO_FEW_PLAYERS`` for fewer players than one table; ``BYES_NEEDED`` when
            byes would be needed and ``allow_byes`` is false.
    """
    if len(players) < table_size:
        raise DrawUserError(
            "TOO_FEW_PLAYERS",
            f"{len(players)} players cannot fill a table of {table_size}.",
            players=len(players),
            table_size=table_size,
        )
    bye_count = byes_needed(len(players), table_size)
    if bye_count and not allow_byes:
        raise DrawUserError(
            "BYES_NEEDED",
            f"{len(players)} players do not divide into tables of {table_size}: "
            f"{bye_count} must sit out.",
            players=len(players),
            table_size=table_size,
            byes=bye_count,
        )
    rng = random.Random(seed)
    order = sorted(players)
    rng.shuffle(order)
    counts = byes_so_far or {}
    # A stable sort on the bye count keeps the shuffled order among equals: fair and random.
    byes = sorted(order, key=lambda p: counts.get(p, 0))[:bye_count]
    bye_set = set(byes)
    seated = [p for p in order if p not in bye_set]
    tables = [seated[i : i + table_size] for i in range(0, len(seated), table_size)]
    return Draw(seed=seed, tables=tables, byes=sorted(byes))
