"""The round's paper: a table sheet per table (seats, a QR code to the table's page and an empty
scoring grid shaped like the game's slate, so a table can play on when a phone dies and the
organiser can type the sheet in afterwards), the seating list for the wall, and the standings.

Each is one HTML document rendered by one weasyprint call (:func:`tournaments.printing.render_pdf`)
from ``templates/print/``; the game's grid is ``templates/print/grids/<game>.html``, which gets
the table's initial engine state (the game's own teams, accounts, contracts and deal counts).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import segno
from django.db.models import Prefetch

from tournaments.models import Bye, Round, Seat, Tournament
from tournaments.printing import render_pdf
from tournaments.services.registration import teams_allowed
from tournaments.standings import team_standings, tournament_standings
from tournaments.tables import play_order


@dataclass(frozen=True)
class SheetSeat:
    """One seat of a table sheet."""

    label: str
    """The game's seat label (A–F; Bauerchen's N E S W)."""
    name: str
    team: str
    """The player's registered team ("" for none)."""


@dataclass(frozen=True)
class TableSheet:
    """What one table's sheet shows."""

    number: int
    seats: list[SheetSeat]
    url: str
    """The table page's full address (``base_url`` + the table's path), also in the QR code."""
    qr: str
    """The QR code of :attr:`url` as an SVG data URI."""
    state: Any
    """The engine's state before the first deal, for the grid (teams, accounts, contracts)."""

    @property
    def players(self) -> dict[str, str]:
        """Seat label → player name (the grids' column heads)."""
        return {seat.label: seat.name for seat in self.seats}


def _qr(url: str) -> str:
    # Medium error correction survives a crease or a coffee ring; black on white only.
    return segno.make(url, error="m").svg_data_uri(dark="#000", light="#fff", border=2)


def table_sheets(round: Round, base_url: str) -> list[TableSheet]:
    """Per table of ``round``, by number, its :class:`TableSheet`. Two queries (three if the
    round's tournament is not loaded yet)."""
    tournament = round.tournament
    game = tournament.scoring_game
    variant = game.variant(tournament.variant)
    seats = Seat.objects.select_related("player__team").order_by("label")
    sheets = []
    for table in round.tables.order_by("number").prefetch_related(Prefetch("seats", seats)):
        players = {seat.label: seat.player for seat in table.seats.all()}
        labels = play_order(game, players)
        url = base_url.rstrip("/") + table.get_absolute_url()
        sheets.append(
            TableSheet(
                number=table.number,
                seats=[
                    SheetSeat(label, players[label].name, getattr(players[label].team, "name", ""))
                    for label in labels
                ],
                url=url,
                qr=_qr(url),
                state=game.initial(labels, variant),
            )
        )
    return sheets


def table_sheets_pdf(round: Round, base_url: str) -> bytes:
    """One A4 page per table of ``round`` (by table number): the table, round and tournament,
    the seats and players in playing order, a QR code to the table's page (``base_url`` such as
    ``"https://host"`` before :meth:`Table.get_absolute_url`, printed under it too) and the
    game's empty scoring grid (``templates/print/grids/<game>.html``). PDF bytes."""
    tournament = round.tournament
    context = {
        "tournament": tournament,
        "round": round,
        "sheets": table_sheets(round, base_url),
        "variant": tournament.scoring_game.variant(tournament.variant),
        "grid_template": f"print/grids/{tournament.game}.html",
    }
    return render_pdf("print/table_sheets.html", context)


@dataclass(frozen=True)
class Place:
    """One line of the seating list: a player and his table and seat, or his bye."""

    name: str
    table: int | None
    """None for a bye."""
    seat: str = ""


def seating(round: Round) -> list[Place]:
    """Every player of ``round`` with his table and seat label, and every bye, alphabetically by
    name (case-insensitive, independent of the server's locale). Two queries."""
    places = [
        Place(name, table, label)
        for name, table, label in Seat.objects.filter(table__round=round).values_list(
            "player__name", "table__number", "label"
        )
    ]
    places += [
        Place(name, None)
        for name in Bye.objects.filter(round=round).values_list("player__name", flat=True)
    ]
    return sorted(places, key=lambda place: (place.name.casefold(), place.name))


SEATING_TWO_COLUMNS = 40
"""From this many lines on, the seating list is set in two columns per page."""


def seating_list_pdf(round: Round) -> bytes:
    """The seating list of ``round`` for the wall: every player alphabetically with his table and
    seat (the game's seat label), byes as such; two columns a page for big lists. PDF bytes."""
    places = seating(round)
    context = {
        "tournament": round.tournament,
        "round": round,
        "places": places,
        "two_columns": len(places) >= SEATING_TWO_COLUMNS,
    }
    return render_pdf("print/seating_list.html", context)


def standings_pdf(tournament: Tournament, through_round: int | None = None) -> bytes:
    """The standings after round ``through_round`` (None: now, or final once the tournament is
    finished), with the round scores and the game's tie-break columns
    (:func:`tournaments.standings.tournament_standings`), and the team standings where
    registered teams play (:func:`tournaments.standings.team_standings`). PDF bytes."""
    standings = tournament_standings(tournament, through_round=through_round)
    teams = team_standings(tournament, standings) if teams_allowed(tournament) else None
    context = {
        "tournament": tournament,
        "standings": standings,
        "teams": teams,
        "through": through_round,
    }
    return render_pdf("print/standings.html", context)
