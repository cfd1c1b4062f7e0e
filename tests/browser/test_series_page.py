"""The public series page on a 390 px phone, in German (issue 19, part 3): from the front door's
"Serien" to the Schapbach championship's roll of champions and series standings, nothing wider
than the phone but the standings' own scrolling box, and the PDF one tap away."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.tournaments.test_series import SCHAPBACH, play_evening
from tournaments import services
from tournaments.models import Series

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.german,
]


@pytest.fixture
def schapbach(organiser) -> Series:
    series = services.series_create(
        organiser=organiser, name="Schapbacher Hintersche-Meisterschaft", scoring="scores"
    )
    tournaments = [play_evening(organiser, evening) for evening in SCHAPBACH]
    services.series_assign(series=series, tournaments=tournaments, by=organiser)
    return series


def test_the_series_page_on_a_phone(phone, live_server, schapbach):
    phone.goto(live_server.url + "/")
    phone.get_by_role("link", name="Schapbacher Hintersche-Meisterschaft", exact=True).click()
    expect(phone).to_have_url(live_server.url + reverse("series-public", args=[schapbach.slug]))
    expect(phone.get_by_role("heading", name="Siegerliste")).to_be_visible()
    roll = phone.locator("ol.roll li")
    expect(roll).to_have_count(3)
    expect(roll.nth(0)).to_contain_text("2024 Martin Schoch")
    expect(roll.nth(1)).to_contain_text("Alois Armbruster, Johanna Wangler")
    expect(roll.nth(1)).to_contain_text("Platz 1 geteilt")
    expect(phone.get_by_role("heading", name="Gesamtwertung", exact=True)).to_be_visible()
    rows = phone.locator("table.series-standings tbody tr")
    expect(rows).to_have_count(6)
    expect(rows.nth(2)).to_contain_text("Johanna Wangler")
    # The page itself never scrolls sideways; the standings scroll in their own box if need be.
    wide = phone.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    assert wide
    box = phone.locator(".series-scroll").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    link = phone.get_by_role("link", name="Gesamtwertung (PDF)")
    response = phone.request.get(live_server.url + link.get_attribute("href"))
    assert response.headers["content-type"] == "application/pdf"
    phone.screenshot(path="/tmp/series-phone.png", full_page=True)
