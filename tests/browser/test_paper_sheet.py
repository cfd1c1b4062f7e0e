"""The desk types in a table's paper sheet in Chromium at laptop width: from the round's
dashboard, a wrong deal named and marked with nothing stored, fixed, checked against the slate,
saved; then the table's page shows the slate the phones would have shown, and its history names
the paper sheet. A second table is typed in twice by two helpers, once misread.

Deals (Scoring specification §1.2, hand-worked in tests/tournaments/test_paper.py): A 50 → A a
Strich; B 60 → B a Strich; A 100, a hundred → B, C, D one each; the Vier-Strich is over with
A 1, B 2, C 1, D 1."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tournaments import services
from tournaments.models import Deal

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 768}
SHOTS = Path(tempfile.gettempdir()) / "kreidetafel-screenshots"
DEALS = [
    {"A": "50", "B": "30", "C": "30", "D": "30"},
    {"A": "20", "B": "60", "C": "30", "D": "30"},
    {"A": "100", "B": "20", "C": "10", "D": "10"},
]


def type_grid(page: Page, deals: list[dict[str, str]]) -> None:
    for row, points in enumerate(deals, start=1):
        for seat, value in points.items():
            page.locator(f'input[name="r{row}-points.{seat}"]').fill(value)


@pytest.fixture
def two_tables(make_tournament):
    tournament = make_tournament(players=8)
    return list(services.round_draw(tournament=tournament, seed=1).tables.order_by("number"))


def test_a_paper_sheet_typed_in_at_the_desk(desk, live_server, two_tables):
    table = two_tables[0]
    desk.set_viewport_size(LAPTOP)
    desk.goto(live_server.url + reverse("round-detail", args=[table.round.tournament.slug, 1]))
    desk.locator("#progress tbody tr").first.get_by_role(
        "link", name="type in the paper sheet"
    ).click()
    expect(desk.get_by_role("heading", level=1)).to_have_text("Paper sheet of table 1, round 1")

    wrong = [DEALS[0], {**DEALS[1], "D": "40"}, DEALS[2]]
    type_grid(desk, wrong)
    desk.get_by_role("button", name="Save", exact=True).click()
    summary = desk.locator(".error-summary")
    expect(summary).to_contain_text("Deal 2 (row 2) is wrong; nothing was stored.")
    expect(summary).to_contain_text("150")
    expect(desk.locator("tr.invalid th")).to_have_text("2")
    expect(desk.locator('input[name="r3-points.A"]')).to_have_value("100")  # kept
    expect(desk.locator('input[name="r2-points.A"]')).to_be_focused()  # the first marked cell
    assert not Deal.all_objects.filter(table=table).exists()
    SHOTS.mkdir(exist_ok=True)  # looked at by people, not compared
    desk.screenshot(path=SHOTS / "paper-sheet-wrong-1366.png", full_page=True)

    desk.locator('input[name="r2-points.D"]').fill("30")
    desk.get_by_role("button", name="Check (saves nothing)").click()
    expect(desk.get_by_role("status").first).to_contain_text("3 deals checked")
    expect(desk.locator(".slate .phase")).to_contain_text("this table's round is complete")
    assert not Deal.all_objects.filter(table=table).exists()

    desk.get_by_role("button", name="Save", exact=True).click()
    expect(desk.locator(".messages")).to_contain_text(
        "Table 1: 3 deals from the paper sheet are stored."
    )
    row = desk.locator("#progress tbody tr").first
    expect(row.locator("td").nth(2)).to_have_text("3")
    expect(row).to_contain_text("finished")

    desk.goto(live_server.url + table.get_absolute_url())
    counts = desk.locator(".slate .corner .count")
    expect(counts).to_have_text(["1", "2", "1", "1"])
    desk.locator(".history summary").first.click()
    expect(desk.locator(".history")).to_contain_text("paper table sheet")


def test_two_helpers_type_one_sheet(new_page, desk, live_server, two_tables, organiser):
    table = two_tables[1]
    url = live_server.url + reverse(
        "paper-sheet", args=[table.round.tournament.slug, 1, table.number]
    )
    desk.set_viewport_size(LAPTOP)
    desk.goto(url)
    type_grid(desk, DEALS)
    desk.get_by_label("Type it in twice").check()
    desk.get_by_role("button", name="Save", exact=True).click()
    expect(desk.locator(".messages")).to_contain_text("First typing kept")
    expect(desk.locator(".paper-waiting")).to_contain_text("Waiting for the second typing")
    expect(desk.locator('input[name="r1-points.A"]')).to_have_value("")  # typed blind

    type_grid(desk, [DEALS[0], {**DEALS[1], "C": "10", "D": "50"}, DEALS[2]])
    desk.get_by_role("button", name="Save the second typing").click()
    expect(desk.locator(".error-summary")).to_contain_text("does not agree")
    expect(desk.locator(".error-summary tbody tr")).to_have_count(2)
    expect(desk.locator("td.invalid input")).to_have_count(2)  # C and D of deal 2
    expect(desk.locator('input[name="r2-points.C"]')).to_be_focused()
    desk.set_viewport_size({"width": 390, "height": 844})
    desk.screenshot(path=SHOTS / "paper-sheet-differ-390.png", full_page=True)
    desk.set_viewport_size(LAPTOP)
    assert not Deal.all_objects.filter(table=table).exists()

    desk.locator('input[name="r2-points.C"]').fill("30")
    desk.locator('input[name="r2-points.D"]').fill("30")
    desk.get_by_role("button", name="Save the second typing").click()
    expect(desk.locator(".messages")).to_contain_text("3 deals from the paper sheet are stored")
    assert Deal.objects.filter(table=table).count() == 3
