"""The evening as a German club sees it: the app starts in German (no language cookie), in
browsers set to German. The texts looked for come from the German catalogue by their English
msgid (``de``), so a missing or wrong translation fails here instead of showing English."""

from __future__ import annotations

import polib
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from playwright.sync_api import Page, expect

from tests.helpers import seat_players
from tournaments.models import Deal, Tournament

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.german,
]

GERMAN = {"locale": "de-DE"}
CATALOGUE = polib.pofile(str(settings.LOCALE_PATHS[0] / "de" / "LC_MESSAGES" / "django.po"))


def de(message: str, **values: object) -> str:
    """``message`` in German (the tests run with German active: the app's catalogue, else
    Django's own), filled with ``values``; fails if no catalogue translates it ("Name" is
    "Name" in German too, but translated)."""
    text = gettext(message)
    entry = CATALOGUE.find(message)
    assert text != message or (entry and entry.translated()), f"no German for {message!r}"
    return text % values if values else text


def strich_words(count: int) -> str:
    return ngettext("%(count)s Strich", "%(count)s Striche", count) % {"count": count}


def enter(page: Page, **points: str) -> None:
    """Fill the card points of the seats given (a seat left out fills itself) and enter."""
    for seat, value in points.items():
        page.locator(f"#id_points_{seat}").fill(value)
    page.get_by_role("button", name=de("Enter the deal")).click()


def test_an_organiser_creates_a_tournament_and_draws_round_1(live_server, new_page, organiser):
    desk = new_page(**GERMAN)
    desk.goto(live_server.url + reverse("login"))
    expect(desk.locator("html")).to_have_attribute("lang", "de")
    desk.get_by_label(capfirst(gettext("username"))).fill("orga")
    desk.get_by_label(de("Password")).fill("pw-orga-123")
    desk.get_by_role("button", name=de("Log in")).click()

    desk.get_by_role("link", name=de("New tournament")).click()
    # By role, which leaves out the other games' hidden house rules (Hundertspiel's "Spiel").
    desk.get_by_role("textbox", name=f"{de('Name')}", exact=True).fill("Herbstturnier")
    desk.get_by_role("combobox", name=f"{de('Game')}", exact=True).select_option("hintersche")
    desk.get_by_label(f"{de('Date')}", exact=True).fill("2026-11-21")
    desk.get_by_role("textbox", name=f"{de('Venue')}", exact=True).fill("Adler, Schapbach")
    desk.get_by_role("button", name=de("Create")).click()
    expect(desk.get_by_role("heading", level=1)).to_have_text("Herbstturnier")
    expect(desk.get_by_role("status")).to_contain_text(
        de("Tournament created. Now register the players.")
    )

    names = [f"Spielerin {i}" for i in range(1, 9)]
    desk.get_by_label(de("Paste a list")).fill("\n".join(names))
    desk.get_by_role("button", name=de("Add all")).click()
    expect(desk.locator("table.players tbody tr[id^='player-']")).to_have_count(8)

    desk.get_by_role("button", name=de("Draw the next round")).click()
    expect(desk.get_by_role("heading", level=1)).to_have_text("Runde 1")
    drawn = de("Round %(number)s is drawn.", number=1)
    expect(desk.get_by_role("status").first).to_contain_text(drawn)
    expect(desk.locator("#progress tbody tr")).to_have_count(2)
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert tournament.players.count() == 8
    assert tournament.rounds.get().tables.count() == 2


def test_a_captain_enters_a_deal_and_corrects_it(live_server, new_page, table):
    players = seat_players(table)
    phone = new_page(phone=True, **GERMAN)
    phone.goto(live_server.url + table.get_absolute_url())
    enter(phone, A="52", B="30", C="18")  # D: 40
    last = phone.locator(".last-deal")
    expect(last).to_contain_text(
        de("%(who)s takes a Strich: most card points, %(points)s.", who=players["A"], points=52)
    )

    # A and B were swapped on the slip: B took 52.
    phone.locator(".last-deal").get_by_role(
        "link", name=de("Correct deal %(number)s", number=1)
    ).click()
    expect(phone.locator("#id_points_A")).to_have_value("52")  # the stored deal, to change
    phone.locator("#id_points_A").fill("30")
    phone.locator("#id_points_B").fill("52")
    phone.get_by_label(de("Reason for the correction")).fill("A und B vertauscht")
    phone.get_by_role("button", name=de("Save the correction")).click()

    expect(phone.get_by_role("status").first).to_contain_text(
        de("Deal %(number)s is corrected.", number=1)
    )
    expect(last).to_contain_text(
        de("%(who)s takes a Strich: most card points, %(points)s.", who=players["B"], points=52)
    )
    expect(last).to_contain_text(
        de(
            "Corrected (version %(revision)s): the earlier versions are in the history below.",
            revision=2,
        )
    )
    corners = phone.get_by_role("region", name=de("Slate")).get_by_role("listitem")
    expect(corners.filter(has_text=players["A"])).to_match_aria_snapshot(
        f"- listitem: A {players['A']} {strich_words(0)}"
    )
    expect(corners.filter(has_text=players["B"])).to_match_aria_snapshot(
        f"- listitem: B {players['B']} {strich_words(1)}"
    )
    deal = Deal.objects.get(table=table)
    assert deal.entry == {"points": {"A": 30, "B": 52, "C": 18, "D": 40}}
    assert deal.revisions.count() == 2


def test_a_wrong_sum_shows_the_german_error_beside_the_fields(live_server, new_page, table):
    phone = new_page(phone=True, **GERMAN)
    phone.goto(live_server.url + table.get_absolute_url())
    enter(phone, A="52", B="30", C="18", D="39")
    message = de(
        "The card points add up to %(total)s, but a deal has %(expected)s.",
        total=139,
        expected=140,
    )
    form = phone.locator("form.entry")
    expect(form.get_by_role("alert")).to_have_text(message)
    expect(phone.locator("#id_points_D")).to_have_value("39")  # kept, to be corrected
    assert not Deal.objects.filter(table=table).exists()


def _total_of(page: Page, name: str):
    """The standings' Striche cell (Hintersche's total, GERMAN.md) in the row of ``name``."""
    headers = page.locator("table.standings thead th").all_inner_texts()
    row = page.locator("table.standings tbody tr").filter(has_text=name)
    return row.locator("td, th").nth(headers.index(de("Striche")))


def test_the_public_standings_follow_a_deal_without_reload(live_server, new_page, table):
    players = seat_players(table)
    tournament = table.round.tournament
    standings = new_page(phone=True, **GERMAN)
    standings.goto(live_server.url + reverse("standings", args=[tournament.slug]))
    expect(standings.get_by_text(de("This page updates itself."))).to_be_visible()
    expect(_total_of(standings, players["A"])).to_have_text("0")
    standings.evaluate("window.notReloaded = true")

    captain = new_page(phone=True, **GERMAN)
    captain.goto(live_server.url + table.get_absolute_url())
    enter(captain, A="52", B="30", C="18")
    expect(captain.locator(".last-deal")).to_be_visible()

    # The page asks again every 10 s; A's Strich shows within 15 s.
    expect(_total_of(standings, players["A"])).to_have_text("1", timeout=15_000)
    assert standings.evaluate("window.notReloaded") is True
    expect(standings.locator("html")).to_have_attribute("lang", "de")


def test_the_language_switch_is_remembered(live_server, new_page, tournament):
    page = new_page(**GERMAN)
    standings = live_server.url + reverse("standings", args=[tournament.slug])
    page.goto(standings)
    heading = page.locator("table.standings thead th").first
    expect(heading).to_have_text(de("Rank"))

    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(heading).to_have_text("Rank")
    page.reload()
    expect(heading).to_have_text("Rank")
    page.goto(live_server.url + reverse("seat-search", args=[tournament.slug]))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("button", name="Find my seat")).to_be_visible()

    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("button", name=de("Find my seat"))).to_be_visible()
    page.goto(standings)
    expect(heading).to_have_text(de("Rank"))
