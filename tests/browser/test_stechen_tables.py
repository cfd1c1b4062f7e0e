"""The Stechen played at tables, in German, in a real browser: after the last round the organiser
(a laptop, 1366 px) draws the lot for places 4–9 and the Stechen table, prints its cards; two
phones (390 px) at the table play the Hintersche Stechen "mit je einem Strich" through their
seats' links, one of them through a dead network; the table's result takes places 4–7 on the
desk and in the public standings; a second draw from a stale tab is refused in words.

The evening is that of tests/tournaments/test_stechen.py (``evening``), built here through the
services: 12 players, one round at three tables, each table as Example H-1's Vier-Strich (A 2
Striche, B 1, C 0, D 1): places 1–3 are the three C players on 0 Striche, places 4–9 the six B
and D players on 1 Strich, places 10–12 the three A players on 2. Six do not fill whole tables of
four: the lot lets four play the Stechen and drops two to places 8 and 9.

The Stechen's deals are the hand-worked STECHEN of tests/tournaments/test_stechen_tables.py (the
seats A–D of the Stechen table each start on 1 Strich; a Butzen):

1. all four in: A 40, B 30, C 20, D 50. C has the fewest (20): erases his Strich and is out
   first, Stechen place 1 (place 4 of the tournament); D the most (50) adds one: D 2.
2. A, B, D in: A 20, B 70, D 50. A the fewest: out second (place 5); B the most adds: B 2.
3. B and D (two left: nobody adds): B 60, D 80. B the fewest erases one: B 1, D 2.
4. B 50, D 90: B the fewest erases his last, out third (place 6); D is left: last (place 7).

Places 4–7: C, A, B, D of the Stechen table; 8 and 9: the two the lot dropped, in its order.

Texts are looked for through ``gettext`` with German active: the German of the catalogue where
it has one, else the English the page shows too (the newest Stechen strings, such as "Draw the
Stechen tables" or the table's Stechen note, are not in the compiled catalogue yet)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from playwright.sync_api import Page, expect

from tests.browser.test_deal_places import (
    SERVER,
    fill,
    form_number,
    one_request_at_a_time,  # noqa: F401 (an autouse fixture: one request at a time here too)
    send,
)
from tests.helpers import seat_players
from tests.tournaments.test_stechen import H1_VIERSTRICH
from tests.tournaments.test_stechen_tables import STECHEN
from tournaments import services
from tournaments.models import Deal, Round, Table, Tournament

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.german,
]

GERMAN = {"locale": "de-DE"}
LAPTOP = {"width": 1366, "height": 800}
PHONE_WIDTH = 390
SHOTS = Path("/tmp/shots")
POLL = 12_000
"""How long a phone may take to follow the table: static/js/table.js polls every 5 s."""
NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def t(message: str, **values: object) -> str:
    """``message`` as the page shows it: German where the catalogue has it, filled."""
    text = gettext(message)
    return text % values if values else text


# --- the evening, through the services --------------------------------------------------------


def evening() -> Tournament:
    """``evening`` of test_stechen: 12 players, round 1 at three tables each played as H-1."""
    organiser = get_user_model().objects.get(username="orga")  # the ``desk`` fixture's login
    with SERVER:
        tournament = services.tournament_create(
            organiser=organiser,
            name="Schlachtplatte",
            game="hintersche",
            date=datetime.date(2026, 11, 21),
            venue="Adler, Schapbach",
            lot_seed=7,
        )
        names = [f"Spieler {i:02d}" for i in range(1, 13)]
        services.players_add_list(tournament=tournament, text="\n".join(names))
        for table in services.round_draw(tournament=tournament, seed=5).tables.all():
            for entry in H1_VIERSTRICH:
                services.deal_record(table=table, entry=entry, by=None, via="set-up")
    return tournament


def stechen_table(tournament: Tournament) -> Table:
    return Round.all_objects.get(tournament=tournament, stechen_first_place=4).tables.get()


# --- the pages --------------------------------------------------------------------------------


def photograph(page: Page, name: str) -> None:
    """The whole page at 390 px and at 1366 px, saved as stechen-<name>-<width>.png; the page is
    left at its first width."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    first = page.viewport_size
    for width in (PHONE_WIDTH, LAPTOP["width"]):
        page.set_viewport_size({"width": width, "height": 844})
        page.evaluate("() => window.scrollTo(0, 0)")  # a sticky banner at its place in the page
        page.evaluate(NEXT_FRAMES)  # laid out and painted at the new width
        assert no_overflow(page), f"{name} at {width} px is wider than the screen"
        page.screenshot(path=str(SHOTS / f"stechen-{name}-{width}.png"), full_page=True)
    page.set_viewport_size(first)
    page.evaluate(NEXT_FRAMES)


def no_overflow(page: Page) -> bool:
    """Nothing makes the page scroll sideways (a wide table may scroll in its own box)."""
    return page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def group_section(page: Page):
    """The tie group of places 4–9 on the desk's Stechen page."""
    return page.locator("section#places-4")


def outcomes(page: Page) -> list[str]:
    """The group's players as listed: "name – what happens to him"."""
    return [
        " ".join(line.split())
        for line in group_section(page).locator("ul.stechen-players > li").all_inner_texts()
    ]


def open_seat(new_page, live_server, link: str) -> Page:
    """A phone in German on a seat's ``link``."""
    page = new_page(phone=True, **GERMAN)
    page.goto(live_server.url + link)
    expect(page.locator("#table-main")).to_be_visible()
    return page


def worker_in_charge(page: Page) -> None:
    """Wait until the page's service worker has taken charge (as on a phone that has had the
    page open a while); the page's CSP forbids wait_for_function's eval, so poll."""
    for _try in range(100):
        if page.evaluate("() => Boolean(navigator.serviceWorker.controller)"):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("the service worker never took charge of the page")


def last_deal(page: Page):
    return page.locator("#table-main .last-deal h2")


def striche(page: Page) -> dict[str, int]:
    """The Striche in each corner of the slate, by seat."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll("#table-main .corner")].map(
            c => [c.querySelector(".seat").textContent.trim(),
                  Number(c.querySelector(".count").textContent)]))"""
    )


def enter_deal(page: Page, number: int) -> None:
    """Type STECHEN's deal ``number`` into the page's form (its fields are the seats still in)
    and send it."""
    assert form_number(page) == number
    sent = fill(page, STECHEN[number - 1])
    assert sent == STECHEN[number - 1]  # the form has exactly the seats still in the Stechen
    send(page)


def stored(table: Table) -> list[tuple[int, int, dict]]:
    """The table's deals that stand (number, version, entry), read while the test server answers
    no request (its in-memory database is one connection shared by the threads)."""
    with SERVER:
        return [(d.number, d.revision, d.entry) for d in Deal.objects.filter(table=table)]


def standings_rows(page: Page) -> list[tuple[str, str]]:
    """The public standings: (place cell, name) per row, in order."""
    return page.locator("table.standings tbody tr").evaluate_all(
        """rows => rows.map(row => [row.cells[0].innerText.trim(),
                                    (row.cells[1].querySelector("a") || row.cells[1])
                                        .textContent.trim()])"""
    )


# --- the journey ------------------------------------------------------------------------------


def test_the_stechen_for_places_4_to_9_is_played_at_a_table_on_two_phones(
    desk, new_page, live_server
):
    tournament = evening()
    stechen_url = live_server.url + reverse("stechen", args=[tournament.slug]) + "?scope=all"
    desk.set_viewport_size(LAPTOP)

    # The organiser opens the Stechen page: three tie groups; places 4–9 need the lot first.
    desk.goto(stechen_url)
    expect(desk.locator("html")).to_have_attribute("lang", "de")
    expect(desk.get_by_role("heading", level=1)).to_have_text(t("Stechen and lot"))
    expect(desk.locator("section.stechen-group")).to_have_count(3)
    group = group_section(desk)
    heading = ngettext(
        "Places %(first)s–%(last)s: %(count)s player level",
        "Places %(first)s–%(last)s: %(count)s players level",
        6,
    ) % {"first": 4, "last": 9, "count": 6}
    expect(group.get_by_role("heading", level=2)).to_contain_text(heading)
    expect(group.get_by_role("button", name=t("Draw the Stechen tables"))).to_have_count(0)
    photograph(desk, "desk-before-lot")

    # The lot: four play the Stechen, two drop to places 8 and 9.
    group.get_by_role("button", name=t("Draw the lot"), exact=True).click()
    expect(desk.get_by_role("status").first).to_contain_text(
        t("The lot is drawn; it is in the log.")
    )
    plays = t("plays the Stechen")
    expect(group.locator("ul.stechen-players > li").filter(has_text=plays)).to_have_count(4)
    lot_lines = [line for line in outcomes(desk) if plays not in line]
    dropped = [line.split(" – ")[0] for line in lot_lines]
    assert lot_lines == [
        f"{name} – {t('place %(place)s by lot', place=place)}"
        for name, place in zip(dropped, (8, 9), strict=True)
    ]
    playing = {line.split(" – ")[0] for line in outcomes(desk) if plays in line}
    photograph(desk, "desk-before-tables")

    # A second desk tab, opened now (before the tables are drawn): it will be stale.
    stale = desk.context.new_page()
    stale.set_viewport_size(LAPTOP)
    stale.goto(stechen_url)
    expect(
        group_section(stale).get_by_role("button", name=t("Draw the Stechen tables"))
    ).to_be_visible()

    # The Stechen tables: one table of the four the lot let in, waiting for its first deal.
    group.get_by_role("button", name=t("Draw the Stechen tables")).click()
    expect(desk.get_by_role("status").first).to_contain_text(
        t("The Stechen tables are drawn: print their cards or show the codes to the players.")
    )
    with SERVER:
        table = stechen_table(tournament)
        seated = seat_players(table)
        links = {seat.label: seat.get_absolute_url() for seat in table.seats.all()}
    assert set(seated.values()) == playing
    rows = group.locator("table.stechen-tables tbody tr")
    expect(rows).to_have_count(1)
    row = rows.first
    expect(row.get_by_role("link", name=t("Table %(number)s", number=1))).to_have_attribute(
        "href", table.get_absolute_url()
    )
    for name in playing:
        expect(row).to_contain_text(name)
    expect(row.locator("td.num")).to_have_text("0")
    expect(row).to_contain_text(t("waiting for the first deal"))
    # What the table plays, as fixed with it: Hintersche's own Stechen.
    own = t("the game's own Stechen (Hintersche: one Strich each, as a Butzen)")
    expect(group.get_by_text(t("Played as: %(play)s.", play=own))).to_be_visible()
    # The lot that seated them is not drawn again under the tables.
    expect(group.get_by_text(t("Draw the lot again"), exact=True)).to_have_count(0)
    expect(group.get_by_role("button", name=t("Take the Stechen tables back"))).to_be_visible()
    expect(group.get_by_role("button", name=t("Draw the Stechen tables"))).to_have_count(0)
    photograph(desk, "desk-tables")

    # The table's card: the four seats' codes with their players, and the table's own code.
    group.get_by_role("link", name=t("Print the table cards with the codes")).click()
    card = desk.locator("section.table-card")
    expect(card).to_have_count(1)
    expect(card.locator("figure.code svg")).to_have_count(5)
    for label, name in seated.items():
        expect(card.locator("figure.code figcaption").filter(has_text=name)).to_contain_text(
            f"{t('Seat')} {label}: {name}"
        )
        expect(card).to_contain_text(live_server.url + links[label])
    expect(card.locator("figure.table-code")).to_contain_text(t("Table link"))
    expect(card.locator("figure.table-code")).to_contain_text(
        live_server.url + table.get_absolute_url()
    )
    photograph(desk, "cards")

    # Two phones at the table, on the links of seats A and B.
    one, two = (open_seat(new_page, live_server, links[label]) for label in "AB")
    title = t("Stechen for place %(place)s", place=4)
    for page in (one, two):
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("h1.table-title small")).to_contain_text(title)
        note = page.get_by_role("note")
        expect(note).to_be_visible()
        expect(note).to_contain_text("Stechen")
        expect(note).to_contain_text(
            t(
                "Stechen: everybody starts with one Strich and the table plays a Butzen. Whoever"
                " clears his Strich first takes the best place, the last one left the last."
            )
        )
        assert striche(page) == dict.fromkeys("ABCD", 1)  # mit je einem Strich
    # Every player is in the first deal: four fields.
    expect(one.locator("#table-main form.entry input[name^='points.']")).to_have_count(4)
    photograph(one, "table-start")

    # Deal 1 from phone 1: C out first, D adds a Strich.
    enter_deal(one, 1)
    expect(last_deal(one)).to_have_text(t("Deal %(number)s", number=1))
    assert striche(one) == {"A": 1, "B": 1, "C": 0, "D": 2}
    # Phone 2 follows by itself (its poll) and enters deal 2: A out, B adds.
    expect(last_deal(two)).to_have_text(t("Deal %(number)s", number=1), timeout=POLL)
    expect(two.locator("#table-main form.entry input[name^='points.']")).to_have_count(3)
    enter_deal(two, 2)
    expect(last_deal(two)).to_have_text(t("Deal %(number)s", number=2))
    assert striche(two) == {"A": 0, "B": 2, "C": 0, "D": 2}
    expect(last_deal(one)).to_have_text(t("Deal %(number)s", number=2), timeout=POLL)
    photograph(two, "table-playing")

    # Phone 1 loses the network and sends deal 3: the page says it is NOT saved (kept on the
    # phone, waiting), and the server has still two deals.
    worker_in_charge(one)
    one.context.set_offline(True)
    enter_deal(one, 3)
    banner = one.locator("#net-status")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(
        t(
            "No network: the deal is kept on this phone and sent by itself as soon as the network"
            " is back. Go on entering the next deal."
        )
    )
    outbox = one.locator("#outbox")
    expect(outbox.locator("li")).to_have_count(1)
    # (A {% translate %} tag's message has its "%" doubled; the page's script fills it in.)
    waiting = gettext("Deal %%(number)s waits to be sent:").replace("%%", "%") % {"number": 3}
    expect(outbox.locator("li")).to_contain_text(waiting)
    expect(last_deal(one)).to_have_text(t("Deal %(number)s", number=2))  # nothing stored
    assert [number for number, _v, _e in stored(table)] == [1, 2]
    photograph(one, "table-offline")
    # Back online: sent by itself, once.
    one.context.set_offline(False)
    one.evaluate("window.dispatchEvent(new Event('online'))")
    expect(outbox).to_be_hidden(timeout=15_000)
    expect(last_deal(one)).to_have_text(t("Deal %(number)s", number=3), timeout=POLL)
    assert [number for number, _v, _e in stored(table)] == [1, 2, 3]
    assert striche(one) == {"A": 0, "B": 1, "C": 0, "D": 2}

    # Phone 2 follows and enters the last deal: B out third, D is left.
    expect(last_deal(two)).to_have_text(t("Deal %(number)s", number=3), timeout=POLL)
    expect(two.locator("#table-main form.entry input[name^='points.']")).to_have_count(2)
    enter_deal(two, 4)
    expect(last_deal(two)).to_have_text(t("Deal %(number)s", number=4))
    # The table has finished, on both phones: nothing more to enter.
    finished = t("This table has finished its round. Thank you!")
    for page in (two, one):
        expect(page.locator("#table-main .done-note")).to_have_text(finished, timeout=POLL)
        expect(page.locator("#table-main form.entry")).to_have_count(0)
    assert striche(two) == {"A": 0, "B": 0, "C": 0, "D": 2}
    photograph(two, "table-finished")
    with SERVER:
        table.refresh_from_db()
    assert table.complete
    # Nothing doubled: four deals, each entered once (one version each).
    assert stored(table) == [(number, 1, entry) for number, entry in enumerate(STECHEN, start=1)]

    # The desk: places 4–7 after the Stechen (C, A, B, D of the table), 8 and 9 by lot.
    desk.goto(stechen_url)
    order = [seated[label] for label in "CABD"]
    expect(rows.first.locator("td.num")).to_have_text("4")
    expect(rows.first).to_contain_text(t("finished"))
    after = [
        f"{name} – {t('place %(place)s after Stechen', place=place)}"
        for place, name in zip(range(4, 8), order, strict=True)
    ]
    assert sorted(outcomes(desk)) == sorted(after + lot_lines)
    expect(group.get_by_role("button", name=t("Take the Stechen tables back"))).to_have_count(0)
    cards_link = group.get_by_role("link", name=t("Print the table cards with the codes"))
    expect(cards_link).to_have_count(0)  # nothing more to play
    photograph(desk, "desk-result")

    # The public standings: places 4–9 in that order, 4–7 marked "(Stechen)", the two the lot
    # dropped "(Los)".
    standings = new_page(**GERMAN)
    standings.set_viewport_size(LAPTOP)
    standings.goto(live_server.url + reverse("standings", args=[tournament.slug]))
    shown = standings_rows(standings)
    mark, lot = t("(Stechen)"), t("(lot)")
    assert [name for _place, name in shown[3:9]] == [*order, *dropped]
    assert [place for place, _name in shown[3:9]] == [
        *(f"{p} {mark}" for p in range(4, 8)),
        *(f"{p} {lot}" for p in range(8, 10)),
    ]
    # Places 1–3 and 10–12 are still shared (listed in the standings' lot order: "(Los)").
    assert [place for place, _name in shown[:3] + shown[9:]] == [
        *[f"1= {lot}"] * 3,
        *[f"10= {lot}"] * 3,
    ]
    photograph(standings, "standings")

    # The stale tab draws the tables again: a clear error on the page, not a 500; nothing moved.
    with stale.expect_response(lambda r: r.request.method == "POST") as answer:
        group_section(stale).get_by_role("button", name=t("Draw the Stechen tables")).click()
    assert answer.value.status == 400
    error = group_section(stale).get_by_role("alert")
    expect(error).to_have_text(
        t("Places %(places)s: the Stechen tables are drawn already.", places="4–9")
    )
    photograph(stale, "desk-drawn-twice")
    with SERVER:
        rounds = Round.all_objects.filter(tournament=tournament, stechen_first_place=4).count()
        ranks = dict(tournament.players.values_list("name", "stechen_rank"))
    assert rounds == 1
    assert len(stored(table)) == 4
    # The table's places (Stechen places 1–4: C, A, B, D) and the lot's (5, 6) as they were.
    assert [ranks[name] for name in [*order, *dropped]] == [1, 2, 3, 4, 5, 6]
