"""The entry fee taken at the desk in a real browser: "paid" swaps the player's cell and the
cash line above the list in place (htmx), a tap that fails says so beside it, a reduced amount
is typed on the player's page, the check-in of a player who has not paid warns."""

from __future__ import annotations

import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(tempfile.gettempdir()) / "kreidetafel-screenshots"
"""Where the pages are photographed (at 1366 and 390 px), to be looked at by hand."""


@pytest.fixture
def evening(make_tournament) -> Tournament:
    tournament = make_tournament(players=7, name="Kasse")
    return services.tournament_settings(tournament=tournament, by=None, entry_fee=Decimal("5"))


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"cash-{name}.png"), full_page=True)


def test_the_fee_is_taken_in_place_and_a_due_check_in_warns(desk, live_server, evening):
    one, two, three = evening.players.order_by("name")[:3]
    desk.set_viewport_size({"width": 1366, "height": 900})
    desk.goto(live_server.url + evening.get_absolute_url())
    line = desk.locator("#cash-line")
    expect(line).to_contain_text("Entry fee €5.00: 0 paid (€0.00), 7 due (€35.00).")
    desk.fill("#id_name", "typed, not sent")  # a reload would lose it

    desk.locator(f"#fee-{one.pk}").get_by_role("button", name="paid").click()
    expect(desk.locator(f"#fee-{one.pk}")).to_contain_text("paid €5.00")
    expect(line).to_contain_text("Entry fee €5.00: 1 paid (€5.00), 6 due (€30.00).")
    expect(desk.locator("#id_name")).to_have_value("typed, not sent")
    shoot(desk, "desk-1366")

    # The server cannot be reached: the tap says so beside it, nothing is shown as paid.
    desk.context.set_offline(True)
    desk.locator(f"#fee-{three.pk}").get_by_role("button", name="paid").click()
    expect(desk.locator("[data-desk-failure]")).to_contain_text("Not saved: no answer")
    expect(desk.locator(f"#fee-{three.pk}")).to_contain_text("due €5.00")
    desk.context.set_offline(False)
    # An answer of 500: said too.
    pay_three = f"**/players/{three.pk}/fee/"
    desk.route(pay_three, lambda route: route.fulfill(status=500, body="boom"))
    desk.locator(f"#fee-{three.pk}").get_by_role("button", name="paid").click()
    expect(desk.locator("[data-desk-failure]")).to_contain_text("(500)")
    desk.unroute(pay_three)
    assert evening.players.get(pk=three.pk).fee_paid is None

    # Another amount (a reduced fee) is typed on the player's page; back at his row.
    desk.locator(f"#fee-{two.pk}").get_by_role("link", name="another amount…").click()
    desk.get_by_label("Amount (€)").fill("-5")
    desk.get_by_role("button", name="Record the payment").click()
    expect(desk.locator("#fee")).to_contain_text("The amount cannot be negative.")
    expect(desk.get_by_label("Amount (€)")).to_have_attribute("aria-invalid", "true")
    desk.get_by_label("Amount (€)").fill("2.50")
    desk.get_by_role("button", name="Record the payment").click()
    expect(desk.locator(f"#fee-{two.pk}")).to_contain_text("paid €2.50")
    expect(line).to_contain_text("Entry fee €5.00: 2 paid (€7.50), 5 due (€25.00).")

    row = desk.locator("tr", has=desk.locator(f"#fee-{three.pk}"))
    row.get_by_role("button", name="check in").click()
    # The warning stands under his row, where the desk is back at, not at the page's top.
    warning = desk.locator(f"#player-{three.pk} + tr.row-messages").get_by_role("status")
    expect(warning).to_contain_text(
        f"{three.name} is checked in; the entry fee of €5.00 is still due."
    )
    expect(warning).to_be_in_viewport()
    desk.screenshot(path=str(SHOTS / "cash-check-in-warning-1366.png"))
    desk.set_viewport_size({"width": 390, "height": 844})
    shoot(desk, "desk-390")
    desk.goto(f"{live_server.url}/o/{evening.slug}/cash/")
    expect(desk.get_by_role("heading", name="Cash report")).to_be_visible()
    shoot(desk, "report-390")
    desk.set_viewport_size({"width": 1366, "height": 900})
    shoot(desk, "report-1366")
