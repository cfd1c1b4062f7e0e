"""A table captain enters deals on a phone, in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.helpers import seat_players
from tournaments.models import Deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_enter_a_deal_on_a_phone(live_server, phone, table):
    players = seat_players(table)
    phone.goto(live_server.url + table.get_absolute_url())
    phone.fill("#id_points_A", "52")
    phone.fill("#id_points_B", "30")
    phone.fill("#id_points_C", "18")
    # The last field is filled from the deal's total of 140: 140 - 52 - 30 - 18 = 40.
    expect(phone.locator("#id_points_D")).to_have_value("40")
    phone.get_by_role("button", name="Enter the deal").click()
    expect(phone.locator(".last-deal")).to_contain_text(
        f"{players['A']} takes a Strich: most card points, 52."
    )
    expect(phone.locator(".corner-1 .strich")).to_have_count(1)
    assert Deal.objects.get(table=table).entry == {"points": {"A": 52, "B": 30, "C": 18, "D": 40}}
    phone.screenshot(path="/tmp/kreidetafel-table-phone.png", full_page=True)


def test_a_wrong_sum_is_shown_beside_the_fields_and_nothing_is_saved(live_server, phone, table):
    phone.goto(live_server.url + table.get_absolute_url())
    for seat, value in zip("ABCD", ("52", "30", "18", "39"), strict=True):
        phone.fill(f"#id_points_{seat}", value)
    phone.get_by_role("button", name="Enter the deal").click()
    expect(phone.get_by_role("alert").first).to_contain_text("add up to 139")
    expect(phone.locator("#id_points_D")).to_have_value("39")
    assert not Deal.objects.filter(table=table).exists()
