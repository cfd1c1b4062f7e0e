"""How many taps a deal takes on a phone (390 × 844, touch): the digits typed on the phone's
keypad are not counted, every tap on the page is. A Hintersche deal must take at most four:
A's field, B's field, C's field (D fills itself from the 140 of a deal) and the button. The
other games' simplest entry paths are measured and reported (``record_property``), not held
to a number."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.utils.translation import gettext
from playwright.sync_api import Locator, Page, expect

from tests.helpers import seat_players
from tournaments import services
from tournaments.models import Deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MIN_TOUCH_TARGET = 44
"""px: the smallest comfortable touch target (WCAG 2.5.5, Apple's and Material's guidelines)."""


class TapCounter:
    """A page whose taps are counted: ``tap`` counts one, ``choose`` two (a select opens, then
    an option is picked); ``type`` is the phone's keypad and counts none."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def _locator(self, target: str | Locator) -> Locator:
        return self.page.locator(target) if isinstance(target, str) else target

    def tap(self, target: str | Locator) -> None:
        self._locator(target).tap()
        self.taps += 1

    def choose(self, target: str | Locator, value: str) -> None:
        self._locator(target).select_option(value)
        self.taps += 2

    def type(self, text: str) -> None:
        # As a phone's on-screen keyboard does: text inserted, no key events (Chromium's
        # emulated key presses were dropped by a field tapped low on a long page).
        self.page.keyboard.insert_text(text)

    def submit(self) -> None:
        """Tap the form's button and wait for the deal to appear on the slate."""
        self.tap(self.page.get_by_role("button", name=gettext("Enter the deal")))
        expect(self.page.locator(".last-deal")).to_be_visible()


def height(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None, locator
    return box["height"]


def test_a_hintersche_deal_takes_four_taps(live_server, phone, table):
    """H-1 deal 1: A 52, B 30, C 18; D's 40 fills itself."""
    phone.goto(live_server.url + table.get_absolute_url())
    taps = TapCounter(phone)
    for seat, points in (("A", "52"), ("B", "30"), ("C", "18")):
        taps.tap(f"#id_points_{seat}")
        taps.type(points)
    expect(phone.locator("#id_points_D")).to_have_value("40")
    taps.submit()
    assert taps.taps <= 4
    assert Deal.objects.get(table=table).entry == {"points": {"A": 52, "B": 30, "C": 18, "D": 40}}


def test_hintersche_fields_open_the_number_pad_and_are_thumb_sized(live_server, phone, table):
    phone.goto(live_server.url + table.get_absolute_url())
    fields = phone.locator("form.entry input[name^='points.']")
    expect(fields).to_have_count(4)
    for field in fields.all():
        assert field.get_attribute("inputmode") == "numeric"
        assert height(field) >= MIN_TOUCH_TARGET, field.get_attribute("name")
    button = phone.get_by_role("button", name=gettext("Enter the deal"))
    assert height(button) >= MIN_TOUCH_TARGET


def _bauerchen(taps: TapCounter) -> None:
    # The first deal has no dealer chosen yet: N dealt.
    taps.tap("label.choice:has(input[name=dealer][value=N])")
    taps.tap("#id_cp_NS")
    taps.type("80")


def _bauerchen_hessen(taps: TapCounter) -> None:
    taps.tap("label.choice:has(input[name=winner_team][value=NS])")


def _hundertspiel(taps: TapCounter) -> None:
    if taps.page.locator("#id_dealer").input_value() != "A":
        taps.choose("#id_dealer", "A")
    for account, points in (("AC", "46"), ("BD", "48")):
        taps.tap(f"#id_points_{account}")
        taps.type(points)


def _kein_stich(taps: TapCounter) -> None:
    for seat, tricks in zip("ABCD", ("2", "3", "0", "3"), strict=True):
        taps.tap(f"[name='tricks.{seat}']")
        taps.type(tricks)


def _hindernislauf(taps: TapCounter) -> None:
    if taps.page.locator("#id_dealer").input_value() != "D":
        taps.choose("#id_dealer", "D")
    taps.tap(taps.page.locator("details summary").last)  # the short entry: points only
    for seat, points in zip("ABCD", ("-3", "-1", "0", "-1"), strict=True):
        taps.tap(f"#id_points_{seat}")
        taps.type(points)


SIMPLEST = {
    "bauerchen": _bauerchen,
    "bauerchen_hessen": _bauerchen_hessen,
    "hundertspiel": _hundertspiel,
    "kein_stich": _kein_stich,
    "hindernislauf": _hindernislauf,
}


@pytest.mark.parametrize("game", list(SIMPLEST))
def test_taps_of_each_games_simplest_deal(
    live_server, phone, make_tournament, record_property, game
):
    """The deals of tests/browser/test_games_end_to_end.py, tapped instead of filled."""
    enter: Callable[[TapCounter], None] = SIMPLEST[game]
    table = services.round_draw(tournament=make_tournament(game=game), seed=1).tables.get()
    assert len(seat_players(table)) == 4
    phone.goto(live_server.url + table.get_absolute_url())
    taps = TapCounter(phone)
    enter(taps)
    taps.submit()
    assert table.deals.count() == 1
    record_property("taps", taps.taps)
    print(f"{game}: {taps.taps} taps")
