"""The Stechen stage after the last round: which places are tied, and how each tie is settled.

The Schapbach Hintersche-WM settles players level on Striche on the places that matter by a
*Stechen* among them, and by lot where a group does not fill whole tables (press reports of the
championship; Scoring specification §1.6: "ties for prize places are played off in a Stechen ...
or drawn by lot"). A **tie group** is the players level on the game's tournament score
(:attr:`tournaments.standings.Row.total`, before any tie-break) whose places reach into the places
the organiser wants decided. Its players who fill whole tables of the game play the Stechen; the
others drop out by a seeded lot and take the group's last places in the lot's order. The result
is each player's :attr:`~tournaments.models.Player.stechen_rank` within the group, the first
tie-break of the standings (services ``stechen_lot_draw`` and ``stechen_record``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tournaments.models import Tournament
from tournaments.standings import (
    Entrant,
    Row,
    Standings,
    stechen_playing,
    stechen_under_way,
    tournament_standings,
)

PODIUM = 3
"""The places of the podium."""


@dataclass(frozen=True)
class TieGroup:
    """Players level on the tournament score, in the standings' order, and the places they
    share: ``first_place`` to ``first_place + len(players) - 1``."""

    total: int
    first_place: int
    players: tuple[Entrant, ...]
    table_size: int | None
    """How many play at one Stechen table (the game's usual table); None when the tournament
    decides its ties by the lot alone (``Tournament.stechen_play``)."""

    @property
    def last_place(self) -> int:
        return self.first_place + len(self.players) - 1

    @property
    def playing(self) -> int:
        """How many of the group play the Stechen: as many as fill whole tables (0 when the
        group is smaller than a table: the lot alone decides)."""
        return stechen_playing(len(self.players), self.table_size)

    @property
    def needs_lot(self) -> bool:
        """Whether some of the group drop out by lot (they do not fill whole tables)."""
        return self.playing < len(self.players)

    @property
    def in_stechen(self) -> tuple[Entrant, ...]:
        """The players who play (or played) the Stechen: the whole group, or those the lot let in
        (Stechen place 1 until the result, then 1 … :attr:`playing`)."""
        if not self.needs_lot:
            return self.players
        return tuple(p for p in self.players if (p.stechen_rank or 0) <= self.playing)

    @property
    def lot_drawn(self) -> bool:
        """Whether the lot has placed the players who drop out (their Stechen places are
        stored)."""
        return self.needs_lot and all(p.stechen_rank is not None for p in self.players)

    def outcome(self, player: Entrant) -> tuple[str, int | None]:
        """Where ``player`` stands in the group: ``("open", None)`` before the lot or the
        Stechen, ``("plays", None)`` once the lot or the Stechen tables let him in, until their
        result (every player of the Stechen still on place 1), ``("lot", place)``
        when it dropped him to ``place``, ``("stechen", place)`` once the Stechen placed him."""
        rank = player.stechen_rank
        if rank is None:
            return "open", None
        place = self.first_place + rank - 1
        if self.needs_lot and rank > self.playing:
            return "lot", place
        if stechen_under_way([p.stechen_rank for p in self.players], self.table_size):
            return "plays", None
        return "stechen", place

    @property
    def decided(self) -> bool:
        """Whether every player of the group has his own Stechen place."""
        ranks = [p.stechen_rank for p in self.players]
        return None not in ranks and len(set(ranks)) == len(ranks)


def tie_groups(
    standings: Standings, table_size: int | None, up_to_place: int | None = None
) -> list[TieGroup]:
    """The tie groups of ``standings`` (players level on the total, two or more) whose places
    reach into 1 … ``up_to_place`` (None: every tie), best places first. ``table_size``: how many
    play at one Stechen table (None: the lot alone decides)."""
    groups: list[list[Row]] = []
    for row in standings.rows:
        if groups and groups[-1][0].total == row.total:
            groups[-1].append(row)
        else:
            groups.append([row])
    found = []
    place = 1
    for rows in groups:
        if len(rows) > 1 and (up_to_place is None or place <= up_to_place):
            players = tuple(row.player for row in rows)
            found.append(TieGroup(rows[0].total, place, players, table_size))
        place += len(rows)
    return found


def lot_order(tournament: Tournament, group: TieGroup, draw: int) -> list[Entrant]:
    """The group's players in the order a seeded lot gives them: those first play the Stechen
    (``group.playing`` of them), the rest drop out in this order. Reproducible from the
    tournament's lot seed, the group's first place and the number of the draw (1 for the first,
    2 for a redraw …); the players are taken by name, so that an imported copy draws the same."""
    players = sorted(group.players, key=lambda p: p.name)
    random.Random(f"{tournament.lot_seed}:stechen:{group.first_place}:{draw}").shuffle(players)
    return players


def tournament_tie_groups(tournament: Tournament, up_to_place: int | None = None) -> list[TieGroup]:
    """:func:`tie_groups` of ``tournament``'s standings, at its Stechen tables' size
    (``Tournament.stechen_table_size``)."""
    standings = tournament_standings(tournament)
    return tie_groups(standings, tournament.stechen_table_size, up_to_place)
