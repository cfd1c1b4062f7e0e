"""The Hintersche card-points form fills the last field from the total of 140 (static/js/
kreidetafel.js): the filled-in value is marked as such, and typing into it replaces it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tournaments.models import Deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FILLED = re.compile(r"\bauto-filled\b")


def tap_and_type(page, seat: str, text: str) -> None:
    """Tap a card-points field and type ``text`` key by key, as a player does."""
    page.locator(f"#id_points_{seat}").tap()
    page.keyboard.type(text)


def test_the_filled_in_field_is_marked(live_server, phone, table):
    phone.goto(live_server.url + table.get_absolute_url())
    for seat, value in zip("ABC", ("40", "30", "30"), strict=True):
        tap_and_type(phone, seat, value)
    last, typed = phone.locator("#id_points_D"), phone.locator("#id_points_A")
    # 140 − 40 − 30 − 30 = 40, filled in and marked as not typed.
    expect(last).to_have_value("40")
    expect(last).to_have_class(FILLED)
    expect(typed).not_to_have_class(FILLED)
    assert last.evaluate("e => getComputedStyle(e).fontStyle") == "italic"
    assert typed.evaluate("e => getComputedStyle(e).fontStyle") == "normal"
    # The hint is shown and read with the field.
    note = phone.locator("[data-fill-note]")
    expect(note).to_be_visible()
    assert note.get_attribute("id") in last.get_attribute("aria-describedby").split()
    expect(last).to_have_accessible_description(re.compile("filled in", re.IGNORECASE))


def test_typing_all_four_values_is_not_appended_to_the_fill(live_server, phone, table):
    phone.goto(live_server.url + table.get_absolute_url())
    for seat, value in zip("ABCD", ("40", "30", "30", "40"), strict=True):
        tap_and_type(phone, seat, value)
    last = phone.locator("#id_points_D")
    # The player's own 40, not the filled-in 40 with "40" added to it.
    expect(last).to_have_value("40")
    expect(last).not_to_have_class(FILLED)
    expect(phone.locator("[data-fill-note]")).to_be_hidden()
    assert last.get_attribute("aria-describedby") is None
    # A typed fourth value is the player's: changing another field does not fill over it.
    phone.locator("#id_points_A").fill("41")
    expect(last).to_have_value("40")
    phone.locator("#id_points_A").fill("40")
    phone.get_by_role("button", name="Enter the deal").click()
    expect(phone.locator(".last-deal")).to_be_visible()
    # A 40, B 30, C 30, D 40: A and D tie for the most and take a Strich each.
    expect(phone.locator(".strich")).to_have_count(2)
    deal = Deal.objects.get(table=table)
    assert deal.entry == {"points": {"A": 40, "B": 30, "C": 30, "D": 40}}
