"""The side rankings on a 390 px phone in a German room: from the standings' tab to the club
ranking, the team ranking and a category, nothing wider than the phone (the evening of
tests/tournaments/test_side_rankings.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.test_german_journeys import GERMAN, de
from tests.tournaments.test_side_rankings import evening  # noqa: F401 (the fixture)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.german,
]


def test_a_phone_reads_the_side_rankings_beside_the_standings(live_server, new_page, evening):  # noqa: F811
    tournament, roles = evening
    phone = new_page(phone=True, **GERMAN)
    phone.goto(live_server.url + reverse("standings", args=[tournament.slug]))
    phone.get_by_role("link", name=de("Side rankings")).click()
    expect(phone.get_by_role("heading", name=de("Club ranking"))).to_be_visible()
    clubs = phone.locator("#club-ranking tbody tr")
    expect(clubs).to_have_count(4)
    expect(clubs.nth(0).locator("th")).to_contain_text("Schapbach")
    expect(clubs.nth(0).locator("td").last).to_have_text("2")
    expect(clubs.nth(3)).to_contain_text(de("only %(count)s of %(best)s", count=2, best=3))
    expect(phone.get_by_role("heading", name=de("Team ranking"))).to_be_visible()
    expect(phone.get_by_role("heading", name="Damen")).to_be_visible()
    expect(phone.locator("nav.tabs [aria-current]")).to_have_text(de("Side rankings"))
    fits = phone.evaluate(
        """() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
             && [...document.querySelectorAll('table.side-groups')]
                  .every(t => t.scrollWidth <= t.clientWidth + 1)"""
    )
    phone.screenshot(path="/tmp/side-rankings-390.png", full_page=True)
    assert fits, "the side rankings are wider than a 390 px phone"
    # A player's name leads to his page.
    phone.locator("#club-ranking").get_by_role("link", name=roles["2B"].name).click()
    expect(phone.get_by_role("heading", name=roles["2B"].name)).to_be_visible()
