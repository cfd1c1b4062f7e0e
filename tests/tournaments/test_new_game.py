"""A game defined only in the tests (``tests/strichzaehlen``) runs through the desk, the table
page, the standings and the printed documents once it is registered in ``scoring.games`` and
given a module as ``tournaments.games.<key>`` and its templates: the proof that adding a game
touches nothing else of the web layer (issue 16)."""

from __future__ import annotations

import copy
import io
import sys
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

import scoring
from tests.helpers import seat_players
from tests.strichzaehlen import engine, web
from tournaments import paper, services
from tournaments.printing.report import championship_report_pdf
from tournaments.printing.result_sheet import result_sheet_pdf
from tournaments.printing.sheets import table_sheets_pdf
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db
TEMPLATES = Path(engine.__file__).parent / "templates"


@pytest.fixture
def strichzaehlen(monkeypatch, settings):
    """The test game registered as a real one is: engine, web module, templates."""
    monkeypatch.setitem(scoring.games, engine.KEY, engine.GAME)
    monkeypatch.setitem(sys.modules, f"tournaments.games.{engine.KEY}", web)
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [*templates[0]["DIRS"], TEMPLATES]
    settings.TEMPLATES = templates


@pytest.fixture
def evening(strichzaehlen, make_tournament):
    """Eight players at two tables of Strichzählen, round 1 drawn."""
    tournament = make_tournament(players=8, game=engine.KEY, name="Strichzählen im Test")
    services.round_draw(tournament=tournament, seed=3)
    return tournament


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)


def post_deal(client, table, number, winner):
    data = {"winner": winner, "_deal": str(number)}
    return client.post(table.get_absolute_url(), data, headers={"HX-Request": "true"})


def test_the_desk_offers_the_new_game(strichzaehlen, desk):
    assert "Strichzählen" in desk.get(reverse("tournament-create")).text


def test_a_table_plays_the_new_game_on_its_page(evening, client):
    table = evening.rounds.get().tables.order_by("number").first()
    page = client.get(table.get_absolute_url()).text
    assert 'name="winner"' in page and "Deal 1" in page

    refused = post_deal(client, table, 1, "Z")
    assert "Say who won the deal (test game)." in refused.text
    assert table.deals.count() == 0

    for number, winner in enumerate(["B", "B", "C"], start=1):
        assert post_deal(client, table, number, winner).status_code == 200
    after = client.get(table.get_absolute_url()).text
    names = seat_players(table)
    assert f"B {names['B']}: 2" in after and f"C {names['C']}: 1" in after
    assert "Strich for B: now 2." in after
    # The table's round was over after three deals: the engine's MATCH_OVER refuses a fourth.
    assert post_deal(client, table, 4, "A").status_code == 422
    assert table.deals.count() == 3


def play_round(evening, client):
    """Table 1: B twice, C once; table 2: A three times."""
    tables = list(evening.rounds.get().tables.order_by("number"))
    for table, winners in zip(tables, (["B", "B", "C"], ["A", "A", "A"]), strict=True):
        for number, winner in enumerate(winners, start=1):
            post_deal(client, table, number, winner)
    return tables


def test_the_standings_rank_the_new_game_by_its_score(evening, client):
    first, second = play_round(evening, client)
    standings = tournament_standings(evening)
    top = [(row.player.name, row.total) for row in standings.rows[:2]]
    assert top == [(seat_players(second)["A"], 3), (seat_players(first)["B"], 2)]
    page = client.get(reverse("standings", args=[evening.slug])).text
    assert "Test-Striche" in page  # the game's SCORE_COLUMN heads the score


def test_the_printed_documents_carry_the_new_game(evening, client):
    first, second = play_round(evening, client)
    report = text_of(championship_report_pdf(evening))
    assert "Test-Striche chalked 6" in report  # the game's statistics
    assert "Each seat: player, Striche" in report  # the game's FIGURES in the round's lines
    sheet = text_of(result_sheet_pdf(evening))
    assert seat_players(second)["A"] in sheet
    sheets = PdfReader(io.BytesIO(table_sheets_pdf(evening.rounds.get(), "http://test")))
    assert len(sheets.pages) == 2


def test_the_desk_types_in_a_paper_sheet_of_the_new_game(evening):
    table = evening.rounds.get().tables.order_by("number").first()
    game = evening.scoring_game
    variant = game.variant(evening.variant)
    state = game.initial(game.seats(4), variant)
    checked = paper.check(engine.KEY, game, variant, state, [{"winner": "A"}, {"winner": "Q"}], 1)
    assert checked.entries == [{"winner": "A"}]
    assert checked.problem.row == 2 and checked.problem.column == "winner"
    assert checked.problem.message == "Say who won the deal (test game)."
    assert table.deals.count() == 0
