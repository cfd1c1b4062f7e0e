"""The room's clock as the projector, the public standings and the table pages show it: the
current round's countdown, the time of the next round and the desk's announcement. A read; the
writes are ``tournaments.services.room``.

The countdown itself ticks in the browser (``static/js/clock.js``): the page carries the end
of the round and the server's time when it was made, so that a phone whose own clock is wrong
still counts down to the server's end."""

from __future__ import annotations

import datetime
import hashlib
import math
from dataclasses import dataclass

from django.utils import timezone

from tournaments.models import Round, Table, Tournament

AMBER_SECONDS = 5 * 60
"""In the last five minutes of a round the countdown turns amber; at 0 it turns red."""


@dataclass(frozen=True)
class Room:
    """What the room is told now."""

    round_number: int | None
    """The round whose clock is shown (the table's round; the latest round on the projector)."""
    clock_ends_at: datetime.datetime | None
    """When that round's time is up; None when its clock is not running, the round is locked
    or the tournament finished."""
    next_round_at: datetime.datetime | None
    """"Next round at 14:30"; None when not set or the tournament is finished."""
    announcement: str
    """The desk's line ("Siegerehrung um 18 Uhr"); "" for none."""
    now: datetime.datetime
    """The server's time when this was read (the page sends it for the phone's clock skew)."""

    @property
    def shown(self) -> bool:
        """Whether there is anything to show at all."""
        return bool(self.clock_ends_at or self.next_round_at or self.announcement)

    @property
    def remaining_seconds(self) -> int | None:
        """Whole seconds left on the clock, rounded up (0 once the time is up); None without
        a clock."""
        if self.clock_ends_at is None:
            return None
        return max(0, math.ceil((self.clock_ends_at - self.now).total_seconds()))

    @property
    def state(self) -> str:
        """``"calm"``, ``"amber"`` (fewer than :data:`AMBER_SECONDS` left) or ``"over"`` (time
        is up); ``""`` without a clock. The browser keeps it up to date from here on."""
        left = self.remaining_seconds
        if left is None:
            return ""
        if left == 0:
            return "over"
        return "amber" if left < AMBER_SECONDS else "calm"

    @property
    def next_round_today(self) -> bool:
        """Whether the next round is on the server's today (then only its time is shown)."""
        return self.next_round_at is not None and timezone.localdate(
            self.next_round_at
        ) == timezone.localdate(self.now)

    @property
    def key(self) -> str:
        """A short fingerprint of what the room is told (not of the time passing): the table
        pages' poll sees by it that the clock, the next round or the announcement changed."""
        seen = (self.round_number, self.clock_ends_at, self.next_round_at, self.announcement)
        return hashlib.blake2b(repr(seen).encode(), digest_size=4).hexdigest()

    @property
    def now_ms(self) -> int:
        """:attr:`now` in milliseconds since 1970 (for the page's script)."""
        return _ms(self.now)

    @property
    def ends_ms(self) -> int | None:
        """:attr:`clock_ends_at` in milliseconds since 1970 (for the page's script)."""
        return _ms(self.clock_ends_at) if self.clock_ends_at is not None else None


def _ms(moment: datetime.datetime) -> int:
    return round(moment.timestamp() * 1000)


def _room(
    *,
    round_number: int | None,
    round_status: str | None,
    clock_ends_at: datetime.datetime | None,
    tournament_status: str,
    next_round_at: datetime.datetime | None,
    announcement: str,
) -> Room:
    finished = tournament_status == Tournament.Status.FINISHED
    running = not finished and round_status != Round.Status.LOCKED
    return Room(
        round_number=round_number,
        clock_ends_at=clock_ends_at if running else None,
        next_round_at=None if finished else next_round_at,
        announcement=announcement,
        now=timezone.now(),
    )


def round_room(tournament: Tournament, the_round: Round | None) -> Room:
    """The room during ``the_round`` of ``tournament`` (None: before the first draw). No
    query."""
    return _room(
        round_number=the_round.number if the_round else None,
        round_status=the_round.status if the_round else None,
        clock_ends_at=the_round.clock_ends_at if the_round else None,
        tournament_status=tournament.status,
        next_round_at=tournament.next_round_at,
        announcement=tournament.announcement,
    )


def tournament_room(tournament: Tournament) -> Room:
    """The room as the projector and the public standings show it: the clock of the latest
    round. No query when the tournament was read with its latest round's number, status and
    clock annotated (``tournaments.views.public.public_tournament``), else one."""
    if hasattr(tournament, "latest_round_clock"):
        return _room(
            round_number=tournament.latest_round,
            round_status=tournament.latest_round_status,
            clock_ends_at=tournament.latest_round_clock,
            tournament_status=tournament.status,
            next_round_at=tournament.next_round_at,
            announcement=tournament.announcement,
        )
    return round_room(tournament, tournament.rounds.order_by("-number").first())


def table_room(table: Table) -> Room:
    """The room as ``table``'s page shows it: the clock of the table's own round. No query
    (the table comes with its round and tournament)."""
    return round_room(table.round.tournament, table.round)


def table_since(version: int, room: Room) -> str:
    """What a table page's poll sends as ``?since=``: the table's version and the room's
    :attr:`Room.key`, so that the phones follow a new deal and a new clock alike."""
    return f"{version}.{room.key}"


def table_poll_since(token: str) -> str | None:
    """:func:`table_since` of the table behind ``token`` (its own link or a seat's), read in
    one query and without a replay; None for no such table."""
    found = (
        Table.objects.linked(token)
        .order_by()
        .values_list(
            "version",
            "round__number",
            "round__status",
            "round__clock_ends_at",
            "round__tournament__status",
            "round__tournament__next_round_at",
            "round__tournament__announcement",
        )
        .first()
    )
    if found is None:
        return None
    version, number, status, ends, t_status, next_at, announcement = found
    room = _room(
        round_number=number,
        round_status=status,
        clock_ends_at=ends,
        tournament_status=t_status,
        next_round_at=next_at,
        announcement=announcement,
    )
    return table_since(version, room)
