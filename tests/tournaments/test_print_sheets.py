"""The round's paper (tournaments.printing.sheets): table sheets, seating list and standings,
generated for every game's demo evening and read back as text."""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.core.management import call_command
from django.utils import translation
from pypdf import PdfReader

import scoring
from tournaments import services
from tournaments.models import Round, Seat, Tournament
from tournaments.names import sort_key
from tournaments.printing.sheets import (
    seating,
    seating_list_pdf,
    standings_pdf,
    table_sheets,
    table_sheets_pdf,
)
from tournaments.standings import team_standings, tournament_standings

BASE = "https://kreide.example.org"

GRID_HEADS = {
    "hintersche": ["Card points (Augen)", "Dealer", "Frame", "Strich to / erased"],
    "bauerchen": ["Spritzen", "Gehampelter", "Knoddel to:", "Stein won by"],
    "bauerchen_hessen": ["Trick 1", "Trick 5", "NS · Striche", "Nullchen:", "Stauzewecke"],
    "hundertspiel": ["Partie 1 · to 100", "Partie 2 · to 100", "Out / Matsch", "Marken"],
    "kein_stich": ["Kein Stich", "Kein Herz", "Kein Ober", "Kein Max", "Domino", "Pot"],
    "hindernislauf": ["Dealer", "Points", "Total", "Obstacles 55 66 77 88 99 111"],
}
"""The column heads each game's grid must print (English)."""


def pages(pdf: bytes) -> list[str]:
    """Each page's text, whitespace collapsed."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def demo(game: str) -> tuple[Tournament, Round]:
    call_command("demo", game=[game], stdout=io.StringIO())
    tournament = Tournament.objects.get(game=game)
    return tournament, tournament.rounds.order_by("-number").first()


def test_every_game_has_a_grid_under_test():
    assert set(GRID_HEADS) == set(scoring.games)


@pytest.mark.parametrize("confirmation", [False, True], ids=["table-link", "seat-links"])
@pytest.mark.parametrize("game", sorted(GRID_HEADS))
def test_table_sheets_one_page_per_table_with_players_link_and_grid(db, game, confirmation):
    """One page a table (also with a seat's code beside each name, where a second player
    confirms each deal and so every player uses his own seat's link)."""
    tournament, round = demo(game)
    Tournament.objects.filter(pk=tournament.pk).update(confirmation_required=confirmation)
    round.tournament.refresh_from_db()
    tables = list(round.tables.order_by("number"))
    pdf = table_sheets_pdf(round, BASE)
    texts = pages(pdf)
    assert len(texts) == len(tables) > 1
    sheets = table_sheets(round, BASE)
    assert all(bool(seat.qr) == confirmation for sheet in sheets for seat in sheet.seats)
    for text, table in zip(texts, tables, strict=True):
        assert ("Each player scans the code beside his name." in text) == confirmation
        assert re.search(rf"Table {table.number}(?!\d)", text)
        assert f"Round {round.number}" in text
        assert f"{BASE}{table.get_absolute_url()}" in text.replace(" ", "")
        for seat in table.seats.select_related("player"):
            assert f"{seat.label} {seat.player.name}" in text
        for head in GRID_HEADS[game]:
            assert head in text, (game, head)


def test_many_table_sheets_are_made_in_parts_and_joined_in_order(db, monkeypatch):
    """Above ``PARALLEL_SHEETS`` the sheets are made by one process per core and joined: the
    same pages in table order, numbered on through the parts."""
    tournament, round = demo("hintersche")
    monkeypatch.setattr("tournaments.printing.sheets.PARALLEL_SHEETS", 1)
    monkeypatch.setattr("tournaments.printing.pdfparts.processes", lambda: 2)
    tables = list(round.tables.order_by("number"))

    texts = pages(table_sheets_pdf(round, BASE))

    assert len(texts) == len(tables) > 2
    for page, (text, table) in enumerate(zip(texts, tables, strict=True), start=1):
        assert re.search(rf"Table {table.number}(?!\d)", text)
        assert text.endswith(f"{page} / {len(tables)}"), text[-40:]


def test_every_qr_code_of_the_sheets_reads_back_as_its_link(db, monkeypatch):
    """The codes are drawn with one fixed mask (``pdfparts.QR_MASK``) instead of segno's search
    for the best of eight: each image of the sheets, made in parts, read back by a scanner's
    decoder (ZXing), is the link of its table or seat, and every link is there."""
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    tournament, round = demo("hintersche")
    Tournament.objects.filter(pk=tournament.pk).update(confirmation_required=True)
    round.tournament.refresh_from_db()
    monkeypatch.setattr("tournaments.printing.sheets.PARALLEL_SHEETS", 1)
    monkeypatch.setattr("tournaments.printing.pdfparts.processes", lambda: 2)
    links = {BASE + table.get_absolute_url() for table in round.tables.all()}
    links |= {BASE + seat.get_absolute_url() for seat in Seat.objects.filter(table__round=round)}

    read = []
    for page in PdfReader(io.BytesIO(table_sheets_pdf(round, BASE))).pages:
        for image in page.images:
            # One pixel a module: four a module and a sharp edge, as a phone's camera sees it.
            code = image.image.convert("L")
            code = code.resize((code.width * 4, code.height * 4), Image.Resampling.NEAREST)
            read.append(tuple(result.text for result in zxingcpp.read_barcodes(code)))

    assert all(len(texts) == 1 for texts in read)
    assert {texts[0] for texts in read} == links
    assert len(links) == 6 * 5  # the demo's 6 tables: the table's code and one a seat


@pytest.mark.parametrize("game", sorted(GRID_HEADS))
def test_seating_list_names_every_player_with_his_table_and_seat(db, game):
    tournament, round = demo(game)
    expected = {
        name: (str(table), label)
        for name, table, label in Seat.objects.filter(table__round=round).values_list(
            "player__name", "table__number", "label"
        )
    }
    text = "\n".join(
        page.extract_text() for page in PdfReader(io.BytesIO(seating_list_pdf(round))).pages
    )
    found = {
        match["name"]: (match["table"], match["seat"])
        for match in re.finditer(r"^(?P<name>\S.*) (?P<table>\d+) (?P<seat>[A-Z])$", text, re.M)
    }
    assert found == expected
    # Alphabetical: the names appear in the order of their case-folded spelling.
    assert list(found) == sorted(expected, key=sort_key)  # by surname (tests/…/test_names.py)


def test_big_seating_list_is_a_line_a_player_with_his_table_and_seat(db, monkeypatch):
    """From ``SEATING_TWO_COLUMNS`` places on, two columns a page of one line a place: the name,
    the table number (padded by figure spaces to three digits) and the seat (after an em space)
    on one line, in alphabetical order; the head names the three."""
    tournament, round = demo("hintersche")
    monkeypatch.setattr("tournaments.printing.sheets.SEATING_TWO_COLUMNS", 1)
    expected = {
        name: (str(table), label)
        for name, table, label in Seat.objects.filter(table__round=round).values_list(
            "player__name", "table__number", "label"
        )
    }
    text = "\n".join(
        page.extract_text() for page in PdfReader(io.BytesIO(seating_list_pdf(round))).pages
    )
    assert "Player Table Seat" in " ".join(text.split())
    lines = [" ".join(line.replace("\u2007", " ").split()) for line in text.splitlines()]
    found = {
        match["name"]: (match["table"], match["seat"])
        for line in lines
        if (match := re.fullmatch(r"(?P<name>\S.*) (?P<table>\d+) (?P<seat>[A-Z])", line))
    }
    assert found == expected
    assert list(found) == sorted(expected, key=sort_key)


@pytest.mark.parametrize("game", sorted(GRID_HEADS))
def test_standings_list_ranks_and_names_in_the_computed_order(db, game):
    tournament, round = demo(game)
    standings = tournament_standings(tournament)
    text = " ".join(pages(standings_pdf(tournament)))
    positions = [text.index(f" {row.player.name} ") for row in standings.rows]
    assert positions == sorted(positions)
    first = standings.rows[0]
    assert f"{first.rank}{'=' if first.tied else ''} " in text[positions[0] - 12 : positions[0] + 1]
    if tournament.teams.exists():
        assert "Team standings" in text
        teams = team_standings(tournament, standings)
        team_text = text[text.index("Team standings") :]
        team_positions = [team_text.index(row.player.name) for row in teams.rows]
        assert team_positions == sorted(team_positions)
    else:
        assert "Team standings" not in text


def test_standings_after_a_round_cover_only_the_rounds_up_to_it(db):
    tournament, _round = demo("hintersche")
    text = " ".join(pages(standings_pdf(tournament, through_round=2)))
    assert "Standings after round 2" in text
    assert "R1 R2 Striche Clean rounds" in text
    assert "R3" not in text
    after_two = tournament_standings(tournament, through_round=2)
    positions = [text.index(f" {row.player.name} ") for row in after_two.rows]
    assert positions == sorted(positions)


@pytest.fixture
def small_evening(make_tournament, organiser):
    """Five Hintersche players: one table of four plays a Vier-Strich, one player has a bye.
    Striche by seat: A 2 (deals 1 and 2), B 1 (deal 3), D 1 (deal 4), C none."""
    tournament = make_tournament(players=5)
    round = services.round_draw(tournament=tournament, allow_byes=True, seed=3, by=organiser)
    table = round.tables.get()
    for points in ((52, 30, 18, 40), (52, 30, 18, 40), (30, 52, 18, 40), (30, 40, 18, 52)):
        entry = {"points": dict(zip("ABCD", points, strict=True))}
        services.deal_record(table=table, entry=entry, by=organiser, via="test")
    return round


def test_standings_leader_and_bollenkoenig_by_hand(db, small_evening):
    round = small_evening
    seats = {seat.label: seat.player.name for seat in Seat.objects.filter(table__round=round)}
    bye = round.byes.get().player.name
    text = " ".join(pages(standings_pdf(round.tournament)))
    # The table: A 2, B 1, C 0, D 1 Striche, 4 over 4 players; the bye scores that average, 1.
    # Fewest Striche first: C (0, one clean round); then B and D (1 each, shared rank 2,
    # ordered by lot) before the bye's 1 (a bye never wins the countback); A last with 2: the
    # Bollenkönig.
    assert f"1 {seats['C']} 0 0 1" in text
    assert f"2= (lot) {seats['B']}" in text or f"2= (lot) {seats['D']}" in text
    assert f"4 {bye} 1* 1 0" in text
    assert f"5 {seats['A']} Bollenkönig 2 2 0" in text


def test_seating_list_lists_the_bye_as_such(db, small_evening):
    round = small_evening
    bye = round.byes.get().player.name
    text = " ".join(pages(seating_list_pdf(round)))
    assert f"{bye} – Bye" in text
    assert [place.name for place in seating(round)] == sorted(
        round.tournament.players.values_list("name", flat=True), key=sort_key
    )


@pytest.mark.german
def test_documents_speak_german(db, small_evening):
    round = small_evening
    with translation.override("de"):
        sheet = " ".join(pages(table_sheets_pdf(round, BASE)))
        wall = " ".join(pages(seating_list_pdf(round)))
        ranks = " ".join(pages(standings_pdf(round.tournament)))
    assert "Tisch 1" in sheet and "Runde 1" in sheet and "Geber" in sheet
    assert "Spieler Tisch Platz" in wall and "Freilos" in wall
    assert "Rangliste" in ranks and "Rang Spieler" in ranks


def test_table_sheets_read_a_fixed_number_of_queries(db, django_assert_max_num_queries):
    """Guards against a query per table or per seat (250 tables at a championship)."""
    _tournament, round = demo("hintersche")
    with django_assert_max_num_queries(3):
        sheets = table_sheets(round, BASE)
    assert len(sheets) == 6
    assert all(sheet.qr.startswith("kreide-qr:https") for sheet in sheets)


def test_seating_reads_a_fixed_number_of_queries(db, django_assert_max_num_queries):
    _tournament, round = demo("kein_stich")
    with django_assert_max_num_queries(2):
        places = seating(round)
    assert len(places) == round.tournament.players.count()


def test_everything_for_a_round_is_one_file_in_print_order(db):
    """Round 3 of the Hintersche demo: the seating list, then one sheet a table, then the
    standings after round 2."""
    from tournaments.printing.documents import CATALOGUE

    tournament, round = demo("hintersche")
    tables = list(round.tables.order_by("number"))
    texts = pages(CATALOGUE["round-pack"].build(tournament, round, BASE))
    wall = len(pages(seating_list_pdf(round)))
    ranking = len(pages(standings_pdf(tournament, through_round=round.number - 1)))
    assert len(texts) == wall + len(tables) + ranking
    assert "Seating list" in texts[0]
    for text, table in zip(texts[wall : wall + len(tables)], tables, strict=True):
        assert re.search(rf"Table {table.number}(?!\d)", text)
    assert f"Standings after round {round.number - 1}" in texts[wall + len(tables)]


LONG_NAMES = [
    "Hildegard Schönbrunner",
    "Maximilian Grießhaber",
    "Anna-Katharina Hoferer",
    "Bartholomäus Dieterle",
]


@pytest.mark.parametrize("game", ["hintersche", "bauerchen_hessen", "hundertspiel", "kein_stich"])
def test_long_names_keep_a_table_on_one_page(db, organiser, game):
    """Names of 21–22 letters, each seat with its own code (a second player confirms): still
    one page for the table, and the whole name on it."""
    tournament = services.tournament_create(
        organiser=organiser,
        name=f"Lange Namen {game}",
        game=game,
        date=datetime.date(2026, 11, 24),
        confirmation_required=True,
    )
    services.players_add_list(tournament=tournament, text="\n".join(LONG_NAMES))
    round = services.round_draw(tournament=tournament, seed=1)
    texts = pages(table_sheets_pdf(round, BASE))
    assert len(texts) == 1
    assert all(name in texts[0] for name in LONG_NAMES)
