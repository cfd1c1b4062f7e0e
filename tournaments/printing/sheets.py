"""The round's paper: a table sheet per table (seats, a QR code to the table's page and an empty
scoring grid shaped like the game's slate, so a table can play on when a phone dies and the
organiser can type the sheet in afterwards), the seating list for the wall, and the standings.

Each is one HTML document rendered by one weasyprint call (:func:`.render.render_pdf`) from
``templates/print/``; the game's grid is ``templates/scoring/<game>/sheet_grid.html``, which
gets the table's initial engine state (the game's own teams, accounts, contracts and deal counts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.models import Bye, Round, Seat, Tournament
from tournaments.names import sort_key
from tournaments.printing import pdfparts
from tournaments.printing.listing import standings_listing
from tournaments.printing.render import render_pdf
from tournaments.selectors import play_order
from tournaments.standings import team_standings, tournament_standings

PARALLEL_SHEETS = 40
"""More table sheets than this are made in parts, one process per core (a sheet takes about
0.1 s of layout), and joined."""


@dataclass(frozen=True)
class SheetSeat:
    """One seat of a table sheet."""

    label: str
    """The game's seat label (A–F; Bauerchen's N E S W)."""
    name: str
    team: str
    """The player's registered team, or where the partners are drawn anew each round his partner
    this round ("partner: Berta Kiefer"); "" for none."""
    qr: str = ""
    """Where each player enters and confirms on his own phone (the tournament wants a second
    player's confirmation): the QR code of the seat's link (:func:`.pdfparts.qr_src`); else
    ""."""


@dataclass(frozen=True)
class TableSheet:
    """What one table's sheet shows."""

    number: int
    seats: list[SheetSeat]
    url: str
    """The table page's full address (``base_url`` + the table's path), also in the QR code."""
    qr: str
    """The QR code of :attr:`url` (:func:`.pdfparts.qr_src`: drawn while the sheet is laid out,
    in the process that lays it out)."""
    state: Any
    """The engine's state before the first deal, for the grid (teams, accounts, contracts)."""

    @property
    def players(self) -> dict[str, str]:
        """Seat label → player name (the grids' column heads)."""
        return {seat.label: seat.name for seat in self.seats}

    @property
    def seat_rows(self) -> list[tuple[SheetSeat, SheetSeat | None]]:
        """The seats in two columns, the first half down the left: ``[(A, C), (B, D)]``; None
        fills the right of the last row of an odd number. (A table, not CSS columns: weasyprint
        balances columns slowly.)"""
        half = (len(self.seats) + 1) // 2
        right: list[SheetSeat | None] = [*self.seats[half:], None]
        return list(zip(self.seats[:half], right, strict=False))


def table_sheets(round: Round, base_url: str) -> list[TableSheet]:
    """Per table of ``round``, by number, its :class:`TableSheet`. Two queries (three if the
    round's tournament is not loaded yet)."""
    tournament = round.tournament
    game, variant = round.scoring_game, round.scoring_variant
    seats = Seat.objects.select_related("player__team").order_by("label")
    sheets = []
    for table in round.tables.order_by("number").prefetch_related(Prefetch("seats", seats)):
        players = {seat.label: seat.player for seat in table.seats.all()}
        labels = play_order(game, players)
        url = base_url.rstrip("/") + table.get_absolute_url()
        by_label = {seat.label: seat for seat in table.seats.all()}
        own_links = tournament.confirmation_required
        teams = {label: getattr(players[label].team, "name", "") for label in labels}
        if tournament.partners_drawn and len(labels) == 4:
            # Partners sit opposite (seat positions 0/2, 1/3: Bauerchen's NS/EW, the
            # Hundertspiel's AC/BD); the sheet names each one's partner of this round.
            teams = {
                label: gettext("partner: %(name)s") % {"name": players[labels[(i + 2) % 4]].name}
                for i, label in enumerate(labels)
            }
        sheets.append(
            TableSheet(
                number=table.number,
                seats=[
                    SheetSeat(
                        label,
                        players[label].name,
                        teams[label],
                        pdfparts.qr_src(base_url.rstrip("/") + by_label[label].get_absolute_url())
                        if own_links
                        else "",
                    )
                    for label in labels
                ],
                url=url,
                qr=pdfparts.qr_src(url),
                state=game.initial(labels, variant),
            )
        )
    return sheets


def in_parts(round: Round) -> bool:
    """Whether the sheets of ``round`` are made in parts (more than :data:`PARALLEL_SHEETS`).
    One query."""
    return round.tables.count() > PARALLEL_SHEETS


def table_sheets_html(round: Round, base_url: str, parts: int = 1) -> list[str]:
    """The sheets of ``round`` as ``parts`` HTML documents of consecutive tables (one a sheet:
    see :func:`table_sheets_pdf`); in several parts every part's pages are numbered on from the
    part before, through all the sheets."""
    tournament = round.tournament
    sheets = table_sheets(round, base_url)
    context = {
        "tournament": tournament,
        "round": round,
        "variant": round.scoring_variant,
        "grid_template": f"scoring/{tournament.game}/sheet_grid.html",
        "printed_at": timezone.localtime(),
        "pages": len(sheets),
    }
    if parts == 1:
        return [render_to_string("print/table_sheets.html", {**context, "sheets": sheets})]
    size = -(-len(sheets) // parts)
    return [
        render_to_string(
            "print/table_sheets.html",
            {**context, "sheets": sheets[start : start + size], "first_page": start + 1},
        )
        for start in range(0, len(sheets), size)
    ]


def table_sheets_pdf(
    round: Round,
    base_url: str,
    *,
    before: Sequence[Callable[[], bytes]] = (),
    after: Sequence[Callable[[], bytes]] = (),
) -> bytes:
    """One A4 page per table of ``round`` (by table number): the table, round and tournament,
    the seats and players in playing order, a QR code to the table's page (``base_url`` such as
    ``"https://host"`` before :meth:`Table.get_absolute_url`, printed under it too) and the
    game's empty scoring grid (``templates/scoring/<game>/sheet_grid.html``). PDF bytes. More than
    :data:`PARALLEL_SHEETS` sheets are made in parts at once (:mod:`.pdfparts`), the pages
    numbered on through the parts.

    ``before`` and ``after``: other documents (each a function giving its PDF bytes) joined in
    front of and behind the sheets; where the sheets are made in parts, this process makes them
    while the parts' processes lay out the sheets."""
    if not in_parts(round):
        made = [pdfparts.write_pdf(table_sheets_html(round, base_url)[0])]
        return pdfparts.join([*(make() for make in before), *made, *(make() for make in after)])
    count = pdfparts.processes()
    # The processes start first: they load weasyprint while this one reads and writes the HTML.
    with pdfparts.Workers(count) as workers:
        parts = [workers.submit(html) for html in table_sheets_html(round, base_url, count)]
        first = [make() for make in before]
        last = [make() for make in after]
        return pdfparts.join([*first, *(part.result() for part in parts), *last])


@dataclass(frozen=True)
class Place:
    """One line of the seating list: a player and his table and seat, or his bye."""

    name: str
    table: int | None
    """None for a bye."""
    seat: str = ""
    partner: str = ""
    """Where the partners are drawn anew each round: his partner this round (the player
    opposite, seat positions 0/2 and 1/3 of a table of four); else ""."""


FIGURE_SPACE, EM_SPACE, WORD_JOINER = "\u2007", "\u2003", "\u2060"


def place_line(place: Place) -> str:
    """``place`` as one line of the big seating list's text: the name, a tab (to a stop beyond
    the longest names, see ``templates/print/seating_list.html``), the table number right-aligned
    in three digits' width by figure spaces (as wide as a digit), an em space and the seat; a
    bye's dash and "Bye" instead. The word joiner keeps the figures with the tab: a name too long
    for the tab's stop wraps within itself, and its last line still ends in the figures at the
    stop. One text run a line: weasyprint lays out 3,000 table cells (or
    an emphasised number a line) about three times slower than 1,000 such lines."""
    if place.table is None:
        bye = gettext("Bye")
        figures = f"{FIGURE_SPACE * 2}–{EM_SPACE}{bye}"
    else:
        figures = f"{str(place.table).rjust(3, FIGURE_SPACE)}{EM_SPACE}{place.seat}"
    return f"{place.name}\t{WORD_JOINER}{figures}"


def seating(round: Round) -> list[Place]:
    """Every player of ``round`` with his table and seat label (and, where the partners are
    drawn anew each round, his partner), and every bye, alphabetically by name
    (case-insensitive, independent of the server's locale). Two queries (a third for the game's
    seats where the partners are drawn and the round's tournament is not loaded yet)."""
    rows = Seat.objects.filter(table__round=round).values_list(
        "player__name", "table__number", "label", "table__round__tournament__partners_drawn"
    )
    seated = [(name, table, label) for name, table, label, _drawn in rows]
    partners: dict[tuple[int, str], str] = {}
    if any(drawn for *_seat, drawn in rows):
        labels = round.scoring_game.seats(4)
        opposite = {label: labels[(i + 2) % 4] for i, label in enumerate(labels)}
        names = {(table, label): name for name, table, label in seated}
        partners = {
            (table, label): names.get((table, opposite.get(label, "")), "")
            for _name, table, label in seated
        }
    places = [
        Place(name, table, label, partners.get((table, label), "")) for name, table, label in seated
    ]
    places += [
        Place(name, None)
        for name in Bye.objects.filter(round=round).values_list("player__name", flat=True)
    ]
    return sorted(places, key=lambda place: sort_key(place.name))


SEATING_TWO_COLUMNS = 40
"""From this many lines on, the seating list is set in two columns per page."""
SEATING_FIRST, SEATING_PAGE = 30, 32
"""Lines a column holds on the first page (below the title) and on every later one."""


def _seating_pages(places: list[Place]) -> list[tuple[list[str], list[str]]]:
    """``places`` cut into pages of two columns, each read down, as lines (:func:`place_line`):
    (left, right) per page. Each page is a table of two cells of its own, so no table runs over
    many pages and nothing is balanced by CSS columns (both cost weasyprint seconds)."""
    lines = [place_line(place) for place in places]
    pages = []
    start, size = 0, SEATING_FIRST
    while start < len(lines):
        pages.append((lines[start : start + size], lines[start + size : start + 2 * size]))
        start, size = start + 2 * size, SEATING_PAGE
    return pages


def seating_list_pdf(round: Round) -> bytes:
    """The seating list of ``round`` for the wall: every player alphabetically with his table and
    seat (the game's seat label), byes as such; two columns a page for big lists, but for a list
    that names each player's partner (partners drawn anew each round: one table, the partner in
    its own column). PDF bytes."""
    places = seating(round)
    partners = round.tournament.partners_drawn
    two_columns = len(places) >= SEATING_TWO_COLUMNS and not partners
    context = {
        "tournament": round.tournament,
        "round": round,
        "places": places,
        "partners": partners,
        "pages": _seating_pages(places) if two_columns else None,
    }
    return render_pdf("print/seating_list.html", context)


def standings_pdf(tournament: Tournament, through_round: int | None = None) -> bytes:
    """The standings after round ``through_round`` (None: now, or final once the tournament is
    finished), with the round scores and the game's tie-break columns
    (:func:`tournaments.standings.tournament_standings`), and the team standings where
    registered teams play (:func:`tournaments.standings.team_standings`). PDF bytes."""
    standings = tournament_standings(tournament, through_round=through_round)
    game = tournament.scoring_game
    teams = team_standings(tournament, standings) if tournament.teams_allowed else None
    context = {
        "tournament": tournament,
        "ranking": standings_listing(standings, tournament.game, game.last_place_title),
        "teams": standings_listing(teams, tournament.game, teams=True) if teams else None,
        "through": through_round,
    }
    return render_pdf("print/standings.html", context)


@dataclass(frozen=True)
class RouteCard:
    """One player's Laufzettel: where he sits in each round of the plan of all rounds drawn in
    advance."""

    name: str
    club: str
    stops: list[tuple[int, int | None, str]]
    """Per planned round ``(round, table, seat label)``; ``(round, None, "")`` for a bye."""


def route_cards(tournament: Tournament) -> list[RouteCard]:
    """The Laufzettel of ``tournament``'s plan (:attr:`Tournament.seating_plan`, see
    :func:`tournaments.services.rounds.round_draw` with the method "planned"): a card per player
    of the plan, alphabetically by surname (:func:`tournaments.names.sort_key`), each listing
    for every planned round his table and seat (the game's seat labels for the table's size) or
    his bye. Empty without a plan. One query."""
    plan = tournament.seating_plan or {}
    rounds = sorted((int(number), r) for number, r in (plan.get("rounds") or {}).items())
    game = tournament.scoring_game
    stops: dict[int, list[tuple[int, int | None, str]]] = {}
    for number, r in rounds:
        for table_number, seated in enumerate(r["tables"], start=1):
            labels = game.seats(len(seated))
            for label, player in zip(labels, seated, strict=True):
                stops.setdefault(player, []).append((number, table_number, label))
        for player in r["byes"]:
            stops.setdefault(player, []).append((number, None, ""))
    players = tournament.players.filter(pk__in=stops).values_list("pk", "name", "club")
    cards = [
        RouteCard(name=name, club=club, stops=sorted(stops[pk], key=lambda stop: stop[0]))
        for pk, name, club in players
    ]
    return sorted(cards, key=lambda card: sort_key(card.name))


ROUTE_CARDS_PER_PAGE = 8
"""Laufzettel on one A4 page: two columns of four cards (about 93 × 62 mm with the margins),
cut apart along their dashed edges."""


def route_cards_pdf(tournament: Tournament) -> bytes:
    """The Laufzettel of the plan of all rounds drawn in advance (:func:`route_cards`): small
    cards, :data:`ROUTE_CARDS_PER_PAGE` to an A4 page with dashed lines to cut along; a page
    saying there is no plan where none was made. PDF bytes."""
    cards = route_cards(tournament)
    rows = [cards[i : i + 2] for i in range(0, len(cards), 2)]
    per_page = ROUTE_CARDS_PER_PAGE // 2  # rows of two cards
    pages = [rows[i : i + per_page] for i in range(0, len(rows), per_page)]
    context = {"tournament": tournament, "pages": pages}
    return render_pdf("print/route_cards.html", context)
