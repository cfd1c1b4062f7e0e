"""The desk's player list on a phone: at 390 px CSS width neither the page nor the list scrolls
sideways (each player a block of his own, the facts with their headings, the buttons within
reach); on a laptop it is a table that fits; in between, where it scrolls in its own box, the
player's name stays in sight. Photographed at 390, 768 and 1366 px to be looked at by hand."""

from __future__ import annotations

import datetime
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(tempfile.gettempdir()) / "kreidetafel-screenshots"
"""Where the pages are photographed, to be looked at by hand."""

PLAYERS = [  # name, club, home village, year of birth
    ("Anton Faller", "Skatfreunde Schapbach", "Schapbach", 1950),
    ("Berta Kech", "", "Wolfach", 1962),
    ("Carl Dold", "Kartenclub Oberwolfach e. V.", "Oberwolfach", 1938),
    ("Dora Eble", "", "Schapbach", 1971),
    ("Emil Wöhrle", "", "Bad Rippoldsau-Schapbach", 1980),
    ("Frieda Haas", "Schapbach", "", None),
    ("Gustav Armbruster", "", "", None),
    ("Hilde Moser", "", "Wolfach", 1990),
    ("Isolde Schwarzwälder-Kirchhofer", "Kartenfreunde Kinzigtal", "Hausach", 1958),
    ("Josef Bühler", "", "Hornberg", 1966),
    ("Karl-Heinz Ringwald", "", "Gutach (Schwarzwaldbahn)", 1944),
    ("Liesel Armbruster", "", "Schiltach", 1975),
]


@pytest.fixture
def evening(organiser) -> Tournament:
    """A Bauerchen evening (teams) of twelve players with clubs, villages, years of birth and
    start numbers, an entry fee of €7.50 paid by some, some checked in, one withdrawn."""
    tournament = services.tournament_create(
        organiser=organiser,
        name="Bauerchen-Abend",
        game="bauerchen",
        date=datetime.date(2026, 11, 21),
        venue="Adler, Schapbach",
        lot_seed=7,
    )
    tournament = services.tournament_settings(
        tournament=tournament, by=None, entry_fee=Decimal("7.50")
    )
    players = [
        services.player_add(
            tournament=tournament,
            name=name,
            club=club,
            village=village,
            birth_year=year,
            start_number=100 + number,
        )
        for number, (name, club, village, year) in enumerate(PLAYERS, start=1)
    ]
    for number in range(0, len(players), 2):
        services.team_add(
            tournament=tournament,
            name=" und ".join(p.name.split()[0] for p in players[number : number + 2]),
            players=players[number : number + 2],
        )
    for player in players[:5]:
        services.player_fee_pay(player=player, by=None)
        services.player_check_in(player=player)
    services.player_withdraw(player=players[-1], reason="krank", by=None)
    return Tournament.objects.get(pk=tournament.pk)


def shoot(page: Page, name: str) -> None:
    """The whole page, and the player list's section alone (readable at a glance)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"desk-players-{name}-page.png"), full_page=True)
    page.locator("#players").screenshot(path=str(SHOTS / f"desk-players-{name}.png"))


def page_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def scrolls(table: Locator) -> bool:
    """Whether the list scrolls sideways in its own box."""
    return table.evaluate("t => t.scrollWidth > t.clientWidth")


@pytest.mark.parametrize("language", ["en", pytest.param("de", marks=pytest.mark.german)])
def test_the_player_list_fits_a_phone(desk, live_server, evening, language):
    address = live_server.url + evening.get_absolute_url() + "#players"
    players = desk.locator("table.players")
    desk.set_viewport_size({"width": 390, "height": 844})
    desk.goto(address)
    expect(players).to_contain_text("Isolde Schwarzwälder-Kirchhofer")
    shoot(desk, f"390-{language}")
    assert page_width(desk) <= 390
    # Each player a block of his own: nothing scrolls sideways, every button and link within
    # reach (check-in, the fee's "paid", correct, another amount or pay back, withdraw).
    assert not scrolls(players)
    controls = players.locator("button:visible, a:visible").all()
    assert len(controls) > 40
    for control in controls:
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    # The facts keep their headings ("Jahrgang: 1938"), the name comes first.
    carl = players.locator("tbody tr").filter(has_text="Carl Dold")
    born = "Born" if language == "en" else "Jahrgang"
    assert (
        carl.locator("td.num[data-label]").evaluate(
            "td => getComputedStyle(td, '::before').content"
        )
        == f'"{born}: "'
    )
    # His page (correct, the fee, the withdrawal) fits a phone too; it goes back to his row.
    carl.get_by_role("link", name="correct" if language == "en" else "korrigieren").click()
    expect(desk.get_by_role("heading", level=1)).to_have_text("Carl Dold")
    expect(desk.locator("#id_village")).to_have_value("Oberwolfach")
    desk.screenshot(path=str(SHOTS / f"desk-player-390-{language}.png"), full_page=True)
    assert page_width(desk) <= 390
    desk.get_by_role("link", name=f"← {evening.name}").click()
    expect(carl).to_be_in_viewport()

    # On a laptop the whole list fits as a table.
    desk.set_viewport_size({"width": 1366, "height": 900})
    desk.reload()
    expect(players.locator("thead")).to_be_visible()
    shoot(desk, f"1366-{language}")
    assert page_width(desk) <= 1366 and not scrolls(players)
    carl.get_by_role("link", name="correct" if language == "en" else "korrigieren").click()
    expect(desk.get_by_role("heading", level=1)).to_have_text("Carl Dold")
    desk.screenshot(path=str(SHOTS / f"desk-player-1366-{language}.png"), full_page=True)


def test_where_the_list_still_scrolls_the_name_stays_in_sight(desk, live_server, evening):
    """Between phone and laptop (a tablet upright) the table scrolls in its own box; the
    player's name stays at its left edge."""
    desk.set_viewport_size({"width": 768, "height": 1024})
    desk.goto(live_server.url + evening.get_absolute_url() + "#players")
    players = desk.locator("table.players")
    expect(players.locator("thead")).to_be_visible()
    assert page_width(desk) <= 768 and scrolls(players)
    name = players.locator("tbody tr").filter(has_text="Carl Dold").locator("td").nth(1)
    expect(name).to_contain_text("Carl Dold")
    start = players.bounding_box()["x"]
    players.evaluate("t => { t.scrollLeft = t.scrollWidth; }")
    assert players.evaluate("t => t.scrollLeft") > 0
    box = name.bounding_box()
    assert abs(box["x"] - start) < 1 and box["x"] + box["width"] <= 768
    desk.locator("#players").screenshot(path=str(SHOTS / "desk-players-768-scrolled.png"))
