"""Reads about one table: who sits where and what its deals mean, by replaying them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, QuerySet, prefetch_related_objects
from django.shortcuts import get_object_or_404
from django.urls import reverse

import scoring
from tournaments.models import Deal, DealRevision, Seat, Table
from tournaments.selectors import ordered_seats


@dataclass(frozen=True)
class TableLink:
    """What a private link opens: the table (with its round, tournament, seats and players) and,
    for a seat's own link, that seat (the player using it); None for the table's link."""

    table: Table
    seat: Seat | None
    token: str

    @property
    def url(self) -> str:
        return reverse("table-detail", args=[self.token])


def _tables() -> QuerySet[Table]:
    return Table.objects.select_related("round__tournament").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("label"))
    )


def table_link(token: str) -> TableLink:
    """The table behind a private link, the table's own or a seat's; 404 for any other token.
    Two queries: the table (found by its own token or by one of its seats') with its round and
    tournament, and its seats with their players, among which a seat's link finds its seat."""
    table = get_object_or_404(_tables().linked(token))
    seat = next((s for s in table.seats.all() if s.token == token), None)
    return TableLink(table, seat, token)


def table_seats(table: Table) -> list[Seat]:
    """The table's seats (with players, as fetched) in the game's playing order."""
    return ordered_seats(table.round.tournament.scoring_game, list(table.seats.all()))


def table_replay(table: Table, deals: Sequence[Deal] | None = None) -> tuple[scoring.Step, ...]:
    """Every deal of ``table`` replayed through its game's engine, one step per deal (a trusted
    replay: the stored deals passed validation when they were entered)."""
    game = table.round.scoring_game
    if deals is None:
        deals = _standing(table)
    seats = tuple(seat.label for seat in table_seats(table))
    # Stored deals were validated when entered; only a new entry needs the full checks.
    return game.replay([d.entry for d in deals], table.round.scoring_variant, seats, trusted=True)


def _standing(table: Table) -> list[Deal]:
    """The table's deals that stand, by number (one query; the deals' default ordering would
    join the table and its round)."""
    return list(Deal.objects.filter(table=table).order_by("number"))


def _versions() -> Prefetch:
    return Prefetch(
        "revisions",
        queryset=DealRevision.objects.select_related("entered_by").order_by("-revision"),
    )


def table_deals(table: Table, deals: list[Deal] | None = None) -> list[Deal]:
    """Every deal of ``table`` by number, undone and voided ones too, each with its versions
    (newest first, with their users) prefetched: what the table's page and its history show.
    Two queries; one when the caller has the deals (``deals``: as a write left them, all of
    them by number)."""
    if deals is not None:
        prefetch_related_objects(deals, _versions())
        return deals
    return list(
        Deal.all_objects.filter(table=table).order_by("number").prefetch_related(_versions())
    )


def table_state(table: Table, deals: Sequence[Deal] | None = None) -> Any:
    """The engine's state of ``table`` now: after its last deal, or the initial one before any."""
    steps = table_replay(table, deals)
    if steps:
        return steps[-1].state
    seats = tuple(seat.label for seat in table_seats(table))
    return table.round.scoring_game.initial(seats, table.round.scoring_variant)


@dataclass(frozen=True)
class TableView:
    """What a table page shows: the seats, the state now, the last deal and what it did."""

    table: Table
    players: dict[str, Any]
    """Seat label → Player."""
    state: Any
    """The engine's state after the last deal (the initial state before the first)."""
    state_before_last: Any
    """The state the last deal was entered on (what a correction of it is checked against)."""
    last_step: scoring.Step | None
    last_deal: Deal | None
    deal_count: int
    deals: list[Deal]
    """The deals that stand, in order."""
    steps: tuple[scoring.Step, ...]
    """What each of :attr:`deals` did, replayed."""
    states: list[Any]
    """The state before each deal and after the last: ``states[i]`` is what deal ``i + 1`` was
    entered on."""

    @property
    def next_number(self) -> int:
        """The number the table's next deal takes."""
        return self.deals[-1].number + 1 if self.deals else 1

    def deal(self, number: int) -> Deal | None:
        """The standing deal ``number``, or None."""
        return next((d for d in self.deals if d.number == number), None)

    def state_before(self, deal: Deal) -> Any:
        """The state ``deal`` was entered on (what a correction of it is checked against)."""
        return self.states[self.deals.index(deal)]


def table_view(table: Table, deals: list[Deal] | None = None) -> TableView:
    """Replay ``table`` and gather what its page shows. ``deals`` are its deals that stand, by
    number, when the caller has them (else one query)."""
    if deals is None:
        deals = _standing(table)
    steps = table_replay(table, deals)
    seats = table_seats(table)
    states = [
        table.round.scoring_game.initial(
            tuple(s.label for s in seats), table.round.scoring_variant
        ),
        *(step.state for step in steps),
    ]
    return TableView(
        table=table,
        players={seat.label: seat.player for seat in seats},
        state=states[-1],
        state_before_last=states[-2] if steps else states[-1],
        last_step=steps[-1] if steps else None,
        last_deal=deals[-1] if deals else None,
        deal_count=len(deals),
        deals=deals,
        steps=steps,
        states=states,
    )


@dataclass(frozen=True)
class HistoryDeal:
    """One place in the table's play as its history shows it: the deal (undone or voided ones
    too), every version newest first (with who, when and why), and, for a deal that stands, the
    step it made (its events name their rule's source)."""

    deal: Deal
    revisions: list[DealRevision]
    """Newest first; the first is the deal as it stands."""
    step: scoring.Step | None
    """What the deal did, replayed; None for an undone or voided deal."""

    @property
    def earlier(self) -> list[DealRevision]:
        return self.revisions[1:]

    @property
    def sources(self) -> list[str]:
        """The distinct rule sources of the deal's events, in order."""
        if self.step is None:
            return []
        return list(dict.fromkeys(e.source for e in self.step.events if e.source))


def table_history(
    table: Table,
    steps: Sequence[scoring.Step] | None = None,
    deals: list[Deal] | None = None,
) -> list[HistoryDeal]:
    """Every deal of ``table`` newest first, undone and voided ones included, each with its
    versions and what it did. ``steps`` are the standing deals' replayed steps and ``deals``
    :func:`table_deals` when the caller has them (else two queries: deals, versions with their
    users)."""
    if deals is None:
        deals = table_deals(table)
    live = [d for d in deals if not d.voided]
    if steps is None:
        steps = table_replay(table, live)
    step_of = {d.pk: step for d, step in zip(live, steps, strict=True)}
    # A version newer than the deal as read (another phone's, after a write's own deals were
    # kept) belongs to a later page.
    return [
        HistoryDeal(
            deal=d,
            revisions=[r for r in d.revisions.all() if r.revision <= d.revision],
            step=step_of.get(d.pk),
        )
        for d in reversed(deals)
    ]
