"""The desk's forms read right (issue "An organiser's evening without traps", part 1): each
checkbox sits before its own label and the label is tied to it, so that what a label reads as
ticked is what is stored; help and errors under their own field; nothing cut off at laptop or
phone width. Screenshots go to the temporary folder for a person to look at."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path(tempfile.gettempdir()) / "kreidetafel-screenshots"
WIDTHS = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
SETTINGS = ("confirmation_required", "check_in_required", "public")


def boxes_by_label(page: Page) -> dict[str, bool]:
    """Each checkbox's state read from the label text that stands right after it on the page,
    and checked to be that label's own input."""
    found = {}
    for box in page.locator(".form-field.check > input[type=checkbox]").all():
        label = box.locator("xpath=following-sibling::label[1]")
        assert label.get_attribute("for") == box.get_attribute("id")
        found[label.inner_text().strip()] = box.is_checked()
    return found


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    for width, size in WIDTHS.items():
        page.set_viewport_size(size)
        page.screenshot(path=SHOTS / f"{name}-{width}.png", full_page=True)
        overflow = page.evaluate(
            "Array.from(document.querySelectorAll('form select, form input'))"
            ".filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth)"
            ".map(e => e.name)"
        )
        assert overflow == [], f"{name} at {width}: cut off {overflow}"
    page.set_viewport_size(WIDTHS["laptop"])


def test_the_new_tournament_form_stores_what_its_labels_say(desk, live_server):
    desk.set_viewport_size(WIDTHS["laptop"])
    desk.goto(live_server.url + reverse("tournament-create"))
    desk.get_by_label("Name", exact=True).fill("Preisbauer im Adler")
    desk.get_by_label("Date", exact=True).fill("2026-12-05")
    desk.get_by_label("A second player confirms each deal").check()
    desk.get_by_label("Public pages").uncheck()
    shown = boxes_by_label(desk)
    shot(desk, "new-tournament")
    desk.get_by_role("button", name="Create").click()
    expect(desk.get_by_role("heading", level=1)).to_have_text("Preisbauer im Adler")
    tournament = Tournament.objects.get()
    stored = {
        "A second player confirms each deal": tournament.confirmation_required,
        "Check-in before the draw": tournament.check_in_required,
        "Public pages": tournament.public,
    }
    assert {label: shown[label] for label in stored} == stored
    assert stored == {
        "A second player confirms each deal": True,
        "Check-in before the draw": False,
        "Public pages": False,
    }


def test_the_settings_page_reads_back_what_is_stored(desk, live_server, make_tournament):
    tournament = make_tournament()
    desk.set_viewport_size(WIDTHS["laptop"])
    url = live_server.url + reverse("tournament-settings", args=[tournament.slug])
    desk.goto(url)
    desk.get_by_label("A second player confirms each deal").check()
    desk.get_by_label("Check-in before the draw").check()
    desk.get_by_role("button", name="Save").click()
    desk.goto(url)
    tournament.refresh_from_db()
    assert boxes_by_label(desk) == {
        "A second player confirms each deal": tournament.confirmation_required,
        "Check-in before the draw": tournament.check_in_required,
        "Public pages": tournament.public,
    }
    assert tournament.confirmation_required and tournament.check_in_required
    shot(desk, "settings")
    desk.get_by_label("Planned rounds").fill("0")
    desk.get_by_role("button", name="Save").click()
    field = desk.locator(".form-field.invalid")
    expect(field).to_have_count(1)
    expect(field.locator("label")).to_have_text("Planned rounds")
    expect(field.locator(".errorlist")).to_be_visible()
