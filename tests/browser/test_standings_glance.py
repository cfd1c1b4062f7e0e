"""The phones' glance at the live standings in a German room, on a 390 px phone: from a seat's
link to the top of the table and the player's own line, the whole table one tap away, the player
remembered, and chosen once through "Wo sitze ich?" on a phone that has no seat link."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils.translation import ngettext
from playwright.sync_api import Page, expect

from tests.browser.test_german_journeys import GERMAN, de, strich_words
from tests.tournaments.test_public import record, strich_to
from tournaments import glance, services
from tournaments.models import Seat

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.german,
]

PLAYERS = 48


@pytest.fixture
def championship(organiser):
    """48 players with long names (round 1 drawn, 12 tables); at the first six tables seat A
    took all four Striche, so those six players are the last six."""
    tournament = services.tournament_create(
        organiser=organiser,
        name="Schapbacher Meisterschaft",
        game="hintersche",
        date=datetime.date(2026, 11, 21),
        venue="Adler, Schapbach",
        lot_seed=7,
    )
    names = [f"Friedrich-Wilhelm Oberschwarzenberger {i:02d}; Bad Rippoldsau" for i in range(48)]
    services.players_add_list(tournament=tournament, text="\n".join(names))
    first = services.round_draw(tournament=tournament, method="random", seed=1)
    for table in first.tables.order_by("number")[:6]:
        for _deal in range(4):
            record(table, strich_to("A"))
    tournament.refresh_from_db()
    return tournament


def de_plural(singular: str, plural: str, count: int) -> str:
    """``de`` of a message with a plural, for ``count``."""
    de(singular)  # translated, or fail
    return ngettext(singular, plural, count) % {"counter": count}


def fits(page: Page) -> bool:
    """Nothing wider than the phone: neither the page nor the glance's table scrolls sideways
    (give or take the pixel that rounding the fixed columns' widths leaves)."""
    return page.evaluate(
        """() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
             && [...document.querySelectorAll('.glance-table')]
                  .every(t => t.scrollWidth <= t.clientWidth + 1)"""
    )


def test_from_the_seat_link_to_my_place_and_the_whole_table(live_server, new_page, championship):
    seat = Seat.objects.select_related("player").get(
        table__round__number=1, table__number=3, label="A"
    )
    me = seat.player.name
    phone = new_page(phone=True, **GERMAN)
    phone.goto(live_server.url + seat.get_absolute_url())
    phone.get_by_role("link", name=de("See the standings")).click()

    table = phone.locator("#standings table")
    expect(table.locator("caption")).to_contain_text(
        de_plural(
            "Top of the standings (%(counter)s player)",
            "Top of the standings (%(counter)s players)",
            PLAYERS,
        )
    )
    expect(table.locator("tr.me")).to_contain_text(me)
    expect(table.locator("tr.me")).to_contain_text(de("(me)"))
    expect(table.locator("tr.me td").last).to_have_text("4")  # four Striche
    rows = table.locator("tbody tr:not(.gap)")
    # The top 10, then a gap, then the player (one of the last six, at 43–48) and his neighbours.
    assert glance.TOP + 1 <= rows.count() <= glance.TOP + 2 * glance.AROUND + 1
    expect(table.locator("tr.gap").first).to_be_visible()
    # What the player looks for first, said above the table without scrolling.
    rank = table.locator("tr.me td").first.inner_text().strip()
    said = de(
        "%(name)s: place %(rank)s of %(of)s · %(score)s",
        name=me,
        rank=rank,
        of=PLAYERS,
        score=strich_words(4),
    )
    expect(phone.locator(".glance-me")).to_have_text(said)
    expect(phone.locator(".glance-me")).to_be_in_viewport()
    assert rank.startswith("43")  # 42 players without a Strich, then the six with four
    assert fits(phone), "the glance is wider than a 390 px phone"

    phone.get_by_role(
        "link",
        name=de_plural(
            "All %(counter)s player, every round", "All %(counter)s players, every round", PLAYERS
        ),
    ).click()
    expect(phone.locator("#standings tbody tr")).to_have_count(PLAYERS)

    # The phone remembers whose line to show: the standings' plain address shows it again.
    phone.goto(live_server.url + reverse("standings", args=[championship.slug]))
    expect(phone.locator("#standings tr.me")).to_contain_text(me)
    phone.get_by_role("link", name=de("Not me: show the top only")).click()
    expect(phone.locator("#standings tr.me")).to_have_count(0)
    expect(phone.locator("#standings tbody tr:not(.gap)")).to_have_count(glance.TOP)


def test_a_phone_without_a_seat_link_chooses_its_player_once(live_server, new_page, championship):
    seat = Seat.objects.select_related("player").get(
        table__round__number=1, table__number=5, label="A"
    )
    phone = new_page(phone=True, **GERMAN)
    phone.goto(live_server.url + reverse("standings", args=[championship.slug]))
    expect(phone.locator("#standings tr.me")).to_have_count(0)
    number = seat.player.name.rsplit(" ", 1)[1]
    phone.locator("#seat-q").press_sequentially(f"berger {number}")
    phone.get_by_role("link", name=de("My place in the standings")).click()
    expect(phone.locator("#standings tr.me")).to_contain_text(seat.player.name)
    assert fits(phone)
    phone.reload()
    expect(phone.locator("#standings tr.me")).to_contain_text(seat.player.name)
