"""The queries the reads share (HackSoft's "selectors"): who sits where, in the game's playing
order, and where each player was drawn. Views, standings, printing and exchange read the seats
through here; nothing here writes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

import scoring
from tournaments.models import Bye, Round, Seat, Tournament


def play_order(game: scoring.Game, labels: Iterable[str]) -> tuple[str, ...]:
    """Seat labels in the game's playing order (Bauerchen's N E S W is not alphabetical)."""
    labels = list(labels)
    order = game.seats(len(labels))
    return tuple(sorted(labels, key=order.index))


def seats_by_table(
    game: scoring.Game, seats: QuerySet[Seat], *fields: str
) -> dict[int, list[tuple[Any, ...]]]:
    """The ``seats`` grouped by their table's id, each table's in the game's playing order, as
    ``(label, *fields)`` tuples of plain values (``"player_id"``, ``"player__name"``, …). One
    query, however many tables."""
    grouped: dict[int, dict[str, tuple[Any, ...]]] = defaultdict(dict)
    for table_id, label, *values in seats.values_list("table_id", "label", *fields):
        grouped[table_id][label] = tuple(values)
    return {
        table_id: [(label, *by_label[label]) for label in play_order(game, by_label)]
        for table_id, by_label in grouped.items()
    }


def players_by_label(seats: QuerySet[Seat]) -> dict[int, dict[str, int]]:
    """The ``seats`` grouped by their table's id, each table's player ids by seat label:
    ``{table id: {"A": player id, ...}}``, in no particular order (the query unsorted; the
    playing order is :func:`play_order`'s). One query, however many tables: the standings read
    10,000 seats this way."""
    grouped: dict[int, dict[str, int]] = defaultdict(dict)
    for table_id, label, player_id in seats.order_by().values_list(
        "table_id", "label", "player_id"
    ):
        grouped[table_id][label] = player_id
    return dict(grouped)


def ordered_seats(game: scoring.Game, seats: Sequence[Seat]) -> list[Seat]:
    """Seat objects (as fetched, e.g. prefetched with their players) in the game's playing
    order."""
    by_label = {seat.label: seat for seat in seats}
    return [by_label[label] for label in play_order(game, by_label)]


@dataclass(frozen=True)
class Place:
    """Where a player was drawn in one round: table number, seat label and table-mates, or a bye
    (``table`` None)."""

    round: int
    table: int | None = None
    seat: str = ""
    mates: tuple[tuple[int, str], ...] = ()
    """(player id, name) of the others at the table, in playing order."""
    partner: tuple[int, str] | None = None
    """Partnership games: (player id, name) of the player opposite, two seats on in playing
    order (Bauerchen's N/S, E/W)."""

    @property
    def bye(self) -> bool:
        return self.table is None


def places(
    tournament: Tournament, player_ids: Iterable[int], rounds: Iterable[int] | None = None
) -> dict[int, dict[int, Place]]:
    """Player id → round number → :class:`Place` for the players of ``player_ids`` in the
    ``rounds`` given (every round drawn when None); a round missing for a player means he was not
    drawn in it. Two queries, however many players and rounds."""
    ids = set(player_ids)
    own = Seat.objects.filter(player_id__in=ids, table__round__tournament=tournament)
    byes = Bye.objects.filter(player_id__in=ids, round__tournament=tournament)
    if rounds is not None:
        own = own.filter(table__round__number__in=list(rounds))
        byes = byes.filter(round__number__in=list(rounds))
    game = tournament.scoring_game
    tables = seats_by_table(
        game,
        Seat.objects.filter(table_id__in=own.values("table_id")),
        "player_id",
        "player__name",
        "table__round__number",
        "table__number",
    )
    found: dict[int, dict[int, Place]] = defaultdict(dict)
    for seated in tables.values():
        labels = [label for label, *_rest in seated]
        order = [(player_id, name) for _label, player_id, name, *_where in seated]
        round_number, number = seated[0][3:]
        for index, (label, (player_id, _name)) in enumerate(zip(labels, order, strict=True)):
            if player_id not in ids:
                continue
            partner = order[(index + 2) % 4] if game.partnerships and len(order) == 4 else None
            mates = tuple(p for p in order if p[0] != player_id)
            found[player_id][round_number] = Place(round_number, number, label, mates, partner)
    for round_number, player_id in byes.values_list("round__number", "player_id"):
        found[player_id][round_number] = Place(round_number)
    return found


@dataclass(frozen=True)
class Seating:
    """A round still to be played, as the projector shows it."""

    round: int
    tables: list[tuple[int, list[tuple[str, str]]]]
    """(table number, [(seat label, player name), …] in playing order), by table number."""
    byes: list[str]
    """The names of the players with a bye."""


def next_seating(tournament: Tournament) -> Seating | None:
    """The latest round if it is still to be played (drawn or playing), with its tables and
    byes; None before the first draw and once the latest round is complete. Three queries."""
    latest = tournament.rounds.order_by("-number").first()
    if latest is None or latest.status not in (Round.Status.DRAWN, Round.Status.PLAYING):
        return None
    seated = seats_by_table(
        tournament.scoring_game,
        Seat.objects.filter(table__round=latest),
        "player__name",
        "table__number",
    )
    return Seating(
        round=latest.number,
        tables=sorted(
            (seats[0][2], [(label, name) for label, name, _number in seats])
            for seats in seated.values()
        ),
        byes=list(latest.byes.order_by("player__name").values_list("player__name", flat=True)),
    )
