"""The championship report's figures, counted from what the rules engine says about the stored
deals: each table's counted deals are replayed (``tournaments.tables.table_replay``) and the
steps' events tallied (``scoring.base.Event``; each game's module documents its event kinds and
figures). Nothing here decides a rule: a game names which of its events are worth a line in
:data:`STATISTICS`, by game key, the way standings metrics are picked by key. Pure functions,
no database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring import Event, Step


@dataclass(frozen=True)
class PlayedTable:
    """One table's counted deals, replayed through its game's engine."""

    round: int
    table: int
    players: Mapping[str, str]
    """Seat label → player name."""
    deals: tuple[int, ...]
    """The deal numbers, one per step."""
    steps: tuple[Step, ...]

    def events(self, kind: str) -> Iterator[tuple[int, Event]]:
        """``(deal number, event)`` for every event of ``kind``, in the order of play."""
        for number, step in zip(self.deals, self.steps, strict=True):
            for event in step.events:
                if event.kind == kind:
                    yield number, event

    def names(self, seats: Iterable[str]) -> str:
        """The players in ``seats``, joined by " & " (a team's two partners)."""
        return " & ".join(self.players.get(seat, seat) for seat in seats)


@dataclass(frozen=True)
class Record:
    """Where a best or worst figure was first reached."""

    who: str
    """The player (or partners) it belongs to; empty for a table's figure such as a pot."""
    round: int
    table: int
    deal: int
    also: int = 0
    """How many more times the same figure was reached later."""


@dataclass(frozen=True)
class Statistic:
    """One line of the report's statistics: a count or sum, or a best/worst with its record."""

    label: str
    value: int
    record: Record | None = None
    optional: bool = False
    """Left out of the report when the value is 0 (a rare event under these house rules)."""


Candidates = Callable[[Event], Iterable[tuple[Sequence[str], int | None]]]
"""From an event, the ``(seats, figure)`` pairs a best or worst is looked for among; a figure of
None (a minimal entry that did not give it) is skipped."""


def count(
    tables: Sequence[PlayedTable],
    kind: str,
    where: Callable[[Event], bool] = lambda event: True,
    *,
    per_seat: bool = False,
) -> int:
    """How many events of ``kind`` (that satisfy ``where``) the tables' deals produced; with
    ``per_seat`` each seat the event names counts once (a Strich chalked for two players is
    two)."""
    return sum(
        len(event.seats) if per_seat else 1
        for table in tables
        for _number, event in table.events(kind)
        if where(event)
    )


def total(tables: Sequence[PlayedTable], kind: str, figure: Callable[[Event], int]) -> int:
    """The sum of ``figure`` over the events of ``kind``."""
    return sum(figure(event) for table in tables for _number, event in table.events(kind))


def extreme(
    label: str,
    tables: Sequence[PlayedTable],
    kind: str,
    candidates: Candidates,
    *,
    highest: bool = True,
) -> Statistic | None:
    """The highest (or lowest) figure among the ``candidates`` of the events of ``kind``, with
    where it was first reached and how often it was reached again; None when no event gives
    one."""
    found: list[tuple[int, Record]] = []
    for table in tables:
        for number, event in table.events(kind):
            for seats, value in candidates(event):
                if value is not None:
                    record = Record(table.names(seats), table.round, table.table, number)
                    found.append((value, record))
    if not found:
        return None
    best = (max if highest else min)(value for value, _record in found)
    first, *others = [record for value, record in found if value == best]
    return Statistic(
        label, best, Record(first.who, first.round, first.table, first.deal, len(others))
    )


def per_seat(name: str) -> Candidates:
    """Candidates from a per-seat mapping figure (``{"A": 3, "B": -1}``)."""
    return lambda event: (((seat,), value) for seat, value in event.figures[name].items())


def per_event(name: str) -> Candidates:
    """The event's ``name`` figure, credited to the seats the event names."""
    return lambda event: [(event.seats, event.figures[name])]


def hintersche(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Striche, clean slates, hundreds (Hintersche after Schoch 2014) and the Butzen where the
    tournament round reaches it."""
    most = per_event("points")
    return [
        Statistic(_("Striche chalked"), count(tables, "strich", per_seat=True)),
        Statistic(
            _("Clean slates at the end of the Vier-Strich"),
            count(tables, "sits_out", per_seat=True),
        ),
        Statistic(_("Hundreds made"), count(tables, "hundred")),
        extreme(_("Best hundred (card points)"), tables, "hundred", most),
        extreme(
            _("Most card points that still took a Strich"),
            tables,
            "strich",
            lambda event: most(event) if event.figures["reason"] == "most" else [],
        ),
        Statistic(_("Deals in the Butzen"), count(tables, "butzen"), optional=True),
        Statistic(_("Games lost (frame marks)"), count(tables, "game_lost"), optional=True),
    ]


def bauerchen(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Steins, knoddels, Gehampelter, schwarz and schneider deals, melds and Kart' ab
    (Scoring specification §2.2–§2.3)."""

    def band(name: str) -> Callable[[Event], bool]:
        return lambda event: event.figures["band"] == name

    return [
        Statistic(_("Steins won"), count(tables, "stein")),
        Statistic(_("Knoddels"), count(tables, "knoddel")),
        Statistic(_("Gehampelter played"), count(tables, "gehampelter")),
        Statistic(_("Deals won schwarz (all tricks)"), count(tables, "deal_won", band("schwarz"))),
        Statistic(_("Deals won schneider"), count(tables, "deal_won", band("schneider"))),
        Statistic(_("20s melded"), count(tables, "meld", lambda e: e.figures["kind"] == 20)),
        Statistic(_("40s melded"), count(tables, "meld", lambda e: e.figures["kind"] == 40)),
        Statistic(_("Kart' ab played"), count(tables, "solo"), optional=True),
        Statistic(
            _("Kart' ab won"), count(tables, "solo", lambda e: e.figures["won"]), optional=True
        ),
        extreme(_("Best deal (game points)"), tables, "deal_won", per_event("points")),
    ]


def bauerchen_hessen(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Deals won and how, deals without a result, Nullchen (Löber 1965, Scoring specification
    §2.10)."""

    def how(name: str) -> Callable[[Event], bool]:
        return lambda event: event.figures["how"] == name

    return [
        Statistic(_("Nullchen"), count(tables, "nullchen")),
        Statistic(_("Deals won"), count(tables, "deal_won")),
        Statistic(_("… with the first two tricks"), count(tables, "deal_won", how("first_two"))),
        Statistic(_("… with the last three tricks"), count(tables, "deal_won", how("last_three"))),
        Statistic(_("Deals without a result"), count(tables, "no_result")),
    ]


def hundertspiel(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Parties won (a hundred made), Matsch, Marken, announced 26 and 52 (Hundertspiel 1829,
    §25–§33)."""

    def announced(kind: int, made: bool | None = None) -> Callable[[Event], bool]:
        return lambda e: e.figures["type"] == kind and (made is None or e.figures["made"] == made)

    def account_points(event: Event) -> Iterable[tuple[Sequence[str], int]]:
        # An account is named by its players' seat letters ("AC"; "A" when playing alone).
        return ((tuple(account), points) for account, points in event.figures["points"].items())

    return [
        Statistic(_("Parties won (a hundred made)"), count(tables, "partie_won")),
        Statistic(_("Matsch"), count(tables, "matsch")),
        Statistic(
            _("Marken won in parties"),
            total(tables, "partie_won", lambda e: e.figures["marks"] * len(e.seats)),
        ),
        Statistic(_("Sechsundzwanziger announced"), count(tables, "announcement", announced(26))),
        Statistic(
            _("Sechsundzwanziger made"), count(tables, "announcement", announced(26, made=True))
        ),
        Statistic(
            _("Zweiundfünfziger announced"),
            count(tables, "announcement", announced(52)),
            optional=True,
        ),
        Statistic(
            _("Unannounced Sechsundzwanziger paid"),
            count(tables, "silent_announcement"),
            optional=True,
        ),
        Statistic(_("False claims"), count(tables, "false_claim"), optional=True),
        extreme(_("Best deal (points of one party)"), tables, "deal_points", account_points),
    ]


def kein_stich(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Games, the pot and the biggest payouts and penalties (Scoring specification §4.2)."""
    return [
        Statistic(_("Games played"), count(tables, "game_over")),
        Statistic(_("Paid into the pot"), total(tables, "paid_in", lambda e: e.figures["total"])),
        extreme(_("Biggest pot"), tables, "paid_in", lambda e: [((), e.figures["pot"])]),
        extreme(_("Biggest Domino payout"), tables, "domino", per_seat("payouts")),
        extreme(_("Biggest penalty in one deal"), tables, "paid_in", per_seat("paid")),
    ]


def hindernislauf(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Hits, skips, new series, best and worst deal (Hindernislauf after Göring 1977)."""
    points = per_seat("points")
    return [
        Statistic(_("Hits (landed on a Hindernis)"), count(tables, "hit")),
        Statistic(_("Skips (jumped over a Hindernis)"), count(tables, "skip")),
        Statistic(_("New series at 120"), count(tables, "reset")),
        Statistic(_("Reach bonuses"), count(tables, "reach_bonus"), optional=True),
        extreme(_("Best deal (points)"), tables, "deal_points", points),
        extreme(_("Worst deal (points)"), tables, "deal_points", points, highest=False),
    ]


STATISTICS: dict[str, Callable[[Sequence[PlayedTable]], list[Statistic | None]]] = {
    "hintersche": hintersche,
    "bauerchen": bauerchen,
    "bauerchen_hessen": bauerchen_hessen,
    "hundertspiel": hundertspiel,
    "kein_stich": kein_stich,
    "hindernislauf": hindernislauf,
}
"""Per game key, the figures its report lists after the number of deals."""


def tournament_statistics(game: str, tables: Sequence[PlayedTable]) -> list[Statistic]:
    """The report's statistics for ``game`` over ``tables``: the deals played, then the game's
    own figures (:data:`STATISTICS`; none for a game not listed there), without the optional
    ones that did not occur and the bests that no deal gave."""
    figures = [
        Statistic(_("Deals played"), sum(len(t.steps) for t in tables)),
        *STATISTICS.get(game, lambda tables: [])(tables),
    ]
    return [f for f in figures if f is not None and not (f.optional and not f.value)]
