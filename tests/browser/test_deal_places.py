"""Every deal in its place, on two phones (390 × 844) at one table, for each game: the same deal
sent from both phones is stored once and the second phone sees the stored deal beside its own;
a stale page is answered with the conflict view; a correction of a version that changed
meanwhile is refused; any deal is corrected with the later ones replayed; the last deal is
undone and entered again; the table's history lists every deal with its rule source and its
earlier versions; and the other phone follows the table without a reload.

The phones type deals from simulated card play (``game.simulate_deal``): each a legal deal of
its game at its place, filled into the page's own form field by field (``flatten_entry``). The
figures of the corrections at Hintersche and Kein Stich are worked out by hand from the rules
(/work/shared/rules/SPEC.md), in the comments."""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path

import pytest
from django.http import QueryDict
from django.urls import reverse
from playwright.sync_api import Page, expect

import scoring
from scoring.simulation import simulate_deal
from tests.helpers import TABLE_SIZES, seat_players
from tournaments import services
from tournaments.entries import entry_from_post, flatten_entry
from tournaments.models import Deal, DealRevision, Table
from tournaments.tables import table_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = list(TABLE_SIZES)
SHOTS = Path("/tmp/shots")
SHOT_GAMES = ("hintersche", "hundertspiel")
"""The games whose pages are photographed (a short entry and a long one)."""
POLL_MS = 5_000
"""static/js/table.js asks every 5 s whether the table changed."""
SAME_DEAL = "That is the same deal (nothing more is saved)"
SERVER = threading.RLock()
"""Held by the test server while it answers a request, and by the test while it writes."""


@pytest.fixture(autouse=True)
def one_request_at_a_time(monkeypatch):
    """The test server's database lives in memory, one connection shared by all its threads:
    two writes at once fail there ("database table is locked", a 500) where a real server's
    second writer waits for the first (kreidetafel/settings.py: BEGIN IMMEDIATE with a
    timeout; tests/tournaments/test_concurrency.py races real servers). So here the server
    answers one request at a time: two phones' sends still leave together, and the second is
    checked after the first is stored, as on the real server."""
    from django.core.handlers.wsgi import WSGIHandler

    answer = WSGIHandler.__call__

    def one_at_a_time(self, environ, start_response):
        with SERVER:
            return answer(self, environ, start_response)

    monkeypatch.setattr(WSGIHandler, "__call__", one_at_a_time)


# --- the table, set up through the services -------------------------------------------------


LONG_ROUNDS = {
    "hintersche": {"tournament_round": "full_game"},
    "hundertspiel": {"parties_per_round": 0},
    "hindernislauf": {"deals_per_round": 5},
}
"""House rules under which a table's round lasts five simulated deals: Hintersche's whole game
(Vier-Strich and Butzen), Hundertspiel's parties without a limit, five Hindernislauf deals."""


def make_table(make_tournament, game: str, variant: dict | None = None) -> Table:
    tournament = make_tournament(
        players=TABLE_SIZES[game], game=game, name=f"Plätze {game}", variant=variant
    )
    return services.round_draw(tournament=tournament, seed=1).tables.get()


def _engine(table: Table):
    game = table.round.tournament.scoring_game
    return game, game.variant(table.round.tournament.variant)


def after(table: Table, deals: list[dict]):
    """The engine's state of ``table`` after ``deals`` from its start (raises
    ``scoring.InvalidDeal`` where one does not fit)."""
    game, variant = _engine(table)
    state = table_state(table, [])
    for entry in deals:
        if state.unit_over:
            raise scoring.InvalidDeal("deal", "UNIT_OVER", "the table's round is over")
        state = game.apply(entry, state, variant).state
    return state


def fits(table: Table, deals: list[dict]) -> bool:
    """Whether ``deals`` are a legal play of the table from its start."""
    try:
        after(table, deals)
    except scoring.InvalidDeal:
        return False
    return True


def simulated(table: Table, seed: int, deals: list[dict] | None = None) -> dict:
    """A legal next deal from simulated card play: after the table's stored deals, or after
    ``deals`` from its start."""
    game, variant = _engine(table)
    state = table_state(table) if deals is None else after(table, deals)
    return simulate_deal(game, state, variant, random.Random(seed))


def play(table: Table, count: int) -> list[dict]:
    """``count`` simulated deals in a row, the table's round not over before the last."""
    deals: list[dict] = []
    for number in range(1, count + 1):
        for seed in range(number * 100, number * 100 + 50):
            entry = simulated(table, seed, deals)
            if number == count or not after(table, [*deals, entry]).unit_over:
                break
        else:
            raise AssertionError(f"no deal {number} found that leaves the round open")
        deals.append(entry)
    return deals


def scores(table: Table, deals: list[dict]) -> dict[str, tuple]:
    """Each seat's round score and tie-break figures after ``deals``, by the engine."""
    return {row.seat: (row.score, dict(row.figures)) for row in after(table, deals).result()}


def another(table: Table, deals: list[dict], number: int, *avoid: dict, moves=False) -> dict:
    """Another legal deal ``number`` in ``deals`` (the later deals still fit after it; with
    ``moves``, the round's scores come out otherwise)."""
    index = number - 1
    for seed in range(500, 600):
        entry = simulated(table, seed, deals[:index])
        changed = [*deals[:index], entry, *deals[index + 1 :]]
        if (
            entry not in (deals[index], *avoid)
            and fits(table, changed)
            and (not moves or scores(table, changed) != scores(table, deals))
        ):
            return entry
    raise AssertionError(f"no other deal {number} found")


def enter(table: Table, *entries: dict) -> None:
    """Store the table's next deals as a set-up by the organiser's desk (no phone)."""
    with SERVER:
        for entry in entries:
            services.deal_record(table=table, entry=entry, by=None, via="set-up")


def standing(table: Table) -> list[tuple[int, int, dict]]:
    """The table's deals that stand: number, version, entry."""
    return [(d.number, d.revision, d.entry) for d in Deal.objects.filter(table=table)]


# --- the phones -------------------------------------------------------------------------------


def open_phones(
    new_page, live_server, table: Table, count: int = 2, *, clock: bool = False
) -> list[Page]:
    """Phones of the players at the table's first seats, each on its own seat's link (with
    ``clock``, the phones' clocks are the test's to move on: ``page.clock.run_for``)."""
    phones = []
    for seat in table.seats.order_by("label")[:count]:
        page = new_page(phone=True)
        if clock:
            page.clock.install()
        page.goto(live_server.url + seat.get_absolute_url())
        expect(page.locator("#table-main")).to_be_visible()
        phones.append(page)
    return phones


FILL = """([values, clear]) => {
  const form = document.querySelector("#table-main form.entry");
  for (const field of clear ? form.elements : []) {
    if (field.type === "radio" || field.type === "checkbox") field.checked = false;
    else if (field.tagName === "SELECT") field.selectedIndex = 0;
    else if (field.type !== "hidden" && field.type !== "submit") field.value = "";
  }
  for (const [name, value] of Object.entries(values)) {
    for (const field of form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
      if (field.type === "hidden") continue;
      if (field.type === "radio") field.checked = field.value === value;
      else if (field.type === "checkbox") field.checked = value === "true";
      else field.value = value;
      field.dispatchEvent(new Event("input", {bubbles: true}));
      field.dispatchEvent(new Event("change", {bubbles: true}));
    }
  }
}"""

SENDS = """() => new URLSearchParams(
  new FormData(document.querySelector("#table-main form.entry"))).toString()"""


def fill(page: Page, entry: dict, *, clear: bool = True, **extra: str) -> dict:
    """Type ``entry`` into the page's form, each value into the field of its name (fields the
    form does not have are left out, as a player would), and ``extra`` fields (the reason of a
    correction); the form's other fields emptied first unless ``clear`` is false. Returns the
    deal the form now sends."""
    page.evaluate(FILL, [{**flatten_entry(entry), **extra}, clear])
    return sends(page)


def sends(page: Page) -> dict:
    """The deal the page's form would send now."""
    return entry_from_post(QueryDict(page.evaluate(SENDS)))


def form_number(page: Page) -> int:
    """The deal number the page's form is for."""
    return int(page.locator("#table-main form.entry input[name=_deal]").input_value())


def posted(response) -> bool:
    """The answer to a form the page sent (not its poll)."""
    return response.request.method == "POST"


def send(page: Page) -> None:
    """Tap the form's button (htmx swaps the answer in: wait for it with ``expect``)."""
    page.locator("#table-main form.entry button[type=submit]").click()


def asleep(page: Page) -> None:
    """The phone's screen went dark: its poll stops and the page stays as it was loaded."""
    page.evaluate("document.querySelector('#table-main .poll').remove()")


def history(page: Page, number: int):
    """Deal ``number`` in the table's history, opened."""
    deal = page.locator(f"#table-history #deal-{number}")
    deal.evaluate("details => { details.open = true; }")
    return deal


def open_correction(page: Page, number: int) -> None:
    history(page, number).get_by_role("link", name=f"Correct deal {number}").click()
    expect(page.locator("form.entry h2")).to_contain_text(f"Correct deal {number}")


def slate(page: Page) -> str:
    return page.locator("#table-main .slate").inner_text()


def shot(page: Page, name: str) -> None:
    """Photograph the page on the phone and on a laptop (1366 px wide)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (390, 1366):
        page.set_viewport_size({"width": width, "height": 844})
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})


def expect_conflict(page: Page, stored: str, message: str):
    """The conflict view: "Not saved", why, and the stored deal named (``stored``)."""
    conflict = page.locator("#conflict")
    expect(conflict.get_by_role("heading", name="Not saved")).to_be_visible()
    expect(conflict).to_contain_text(message)
    expect(conflict.locator(".stored h3")).to_have_text(stored)
    expect(conflict.locator(".typed h3")).to_have_text("What you sent")
    return conflict


# --- 1. the same deal from both phones at once ----------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_same_deal_from_two_phones_is_stored_once(live_server, new_page, make_tournament, game):
    table = make_table(make_tournament, game)
    one, two = open_phones(new_page, live_server, table)
    deal = simulated(table, seed=1)
    typed = fill(one, deal)
    assert fill(two, deal) == typed
    with one.expect_response(posted) as one_answer, two.expect_response(posted) as two_answer:
        send(one)
        send(two)  # without waiting for phone one's answer
    # One send stored deal 1; the other is answered with the conflict (409), not an error page,
    # not silence: the stored deal beside its own.
    answers = {one: one_answer.value.status, two: two_answer.value.status}
    assert sorted(answers.values()) == [200, 409]
    first, second = sorted(answers, key=answers.get)
    assert standing(table) == [(1, 1, typed)]
    expect(first.locator(".last-deal h2")).to_have_text("Deal 1")
    expect(first.locator("#conflict")).to_have_count(0)
    conflict = expect_conflict(
        second, "Stored: deal 1, version 1", "Deal 1 is already entered at this table"
    )
    expect(conflict.locator(".typed")).to_contain_text("The numbers are the same")
    conflict.get_by_role("link", name=SAME_DEAL).click()
    expect(second.locator("#conflict")).to_have_count(0)
    expect(second.locator(".last-deal h2")).to_have_text("Deal 1")
    assert form_number(second) == 2
    assert standing(table) == [(1, 1, typed)]
    assert DealRevision.objects.filter(deal__table=table).count() == 1


# --- 2. a stale page sends a place already taken --------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_stale_page_is_shown_the_stored_deal_and_may_enter_its_own_as_the_next(
    live_server, new_page, make_tournament, game
):
    table = make_table(make_tournament, game)
    one, two = open_phones(new_page, live_server, table)
    asleep(two)  # loaded before deal 1 was entered, not refreshed since
    first = fill(one, simulated(table, seed=1))
    send(one)
    expect(one.locator(".last-deal h2")).to_have_text("Deal 1")
    # A minute later phone two sends another deal from its deal-1 form.
    assert form_number(two) == 1
    typed = fill(two, simulated(table, seed=2, deals=[first]))
    send(two)
    conflict = expect_conflict(
        two, "Stored: deal 1, version 1", "Deal 1 is already entered at this table"
    )
    expect(conflict.locator(".typed")).not_to_contain_text("The numbers are the same")
    assert standing(table) == [(1, 1, first)]
    # Below, the form of deal 2 starts empty: what was sent is up there, with its own buttons.
    assert form_number(two) == 2
    assert sends(two) != typed
    if game in SHOT_GAMES:
        shot(two, f"conflict-{game}")

    mine = conflict.get_by_role("button", name="Mine is the next deal: enter it as deal 2")
    if game == "kein_stich":
        # A Kein Stich deal names its contract (K-V1): typed for deal 1, the Kein Stich, it
        # cannot be deal 2, the Kein Herz, so it is not offered as such; the phone corrects
        # deal 1 to its numbers instead.
        assert not fits(table, [first, typed])
        expect(mine).to_have_count(0)
        conflict.get_by_role("button", name="Correct deal 1 to my numbers").click()
        expect(two.locator("form.entry h2")).to_contain_text("Correct deal 1")
        assert sends(two) == typed
        two.fill("#id_reason", "counted again")
        send(two)
        expect(two.get_by_role("status").first).to_contain_text("Deal 1 is corrected.")
        assert standing(table) == [(1, 2, typed)]
        return
    # Elsewhere the typed deal is a legal second deal: stored as deal 2, checked by the engine.
    assert fits(table, [first, typed])
    mine.click()
    expect(two.locator(".last-deal h2")).to_have_text("Deal 2")
    expect(two.locator("#conflict")).to_have_count(0)
    assert standing(table) == [(1, 1, first), (2, 1, typed)]


# --- 3. two phones correct the same deal ----------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_correction_of_a_version_changed_meanwhile_is_refused(
    live_server, new_page, make_tournament, game
):
    table = make_table(make_tournament, game)
    deals = play(table, 2)
    enter(table, *deals)
    one, two = open_phones(new_page, live_server, table)
    open_correction(one, 1)
    open_correction(two, 1)
    first = another(table, deals, 1)
    mine = fill(one, first, reason="my count")
    theirs = fill(two, another(table, deals, 1, first), reason="their count")
    assert mine != theirs
    send(two)
    expect(two.get_by_role("status").first).to_contain_text("Deal 1 is corrected.")
    send(one)
    conflict = expect_conflict(
        one,
        "Stored: deal 1, version 2",
        "Deal 1 was changed on another phone meanwhile (now version 2)",
    )
    # No "enter it as the next deal" for a correction; phone two's numbers are shown.
    expect(conflict.get_by_role("button", name="Mine is the next deal")).to_have_count(0)
    expect(conflict.get_by_role("button", name="Correct deal 1 to my numbers")).to_be_visible()
    assert standing(table) == [(1, 2, theirs), (2, 1, deals[1])]
    # The form below is the next deal's, without phone one's correction in it (one tap would
    # have entered it as deal 3).
    assert form_number(one) == 3
    assert sends(one) != mine
    expect(one.locator("#id_reason")).to_have_count(0)
    reasons = DealRevision.objects.filter(deal__table=table, deal__number=1)
    assert list(reasons.order_by("revision").values_list("reason", flat=True)) == [
        "",
        "their count",
    ]


# --- 4. correct deal 2 of 5: the later deals are replayed -----------------------------------


def hintersche(a: int, b: int, c: int, d: int) -> dict:
    return {"points": {"A": a, "B": b, "C": c, "D": d}}


def striche(page: Page) -> dict[str, int]:
    """The Striche in each corner of the Hintersche slate, by seat."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll("#table-main .corner")].map(
            c => [c.querySelector(".seat").textContent.trim(),
                  Number(c.querySelector(".count").textContent)]))"""
    )


def standings(page: Page, live_server, table: Table, *, figures: bool = False) -> dict:
    """The public standings: player name → total (with ``figures``: the whole row from the
    total on, the tie-break figures too)."""
    page.goto(live_server.url + reverse("standings", args=[table.round.tournament.slug]))
    rows = page.locator("table.standings tbody tr").evaluate_all(
        """rows => rows.map(row => {
            const name = row.cells[1].querySelector("a") || row.cells[1].firstChild;
            const total = row.querySelector("td.total");
            const rest = [...row.cells].slice([...row.cells].indexOf(total) + 1);
            return [name.textContent.trim(), [total, ...rest].map(c => c.innerText.trim())];
        })"""
    )
    return {name: cells if figures else cells[0] for name, cells in rows}


def test_a_corrected_hintersche_deal_moves_a_strich_and_the_standings_follow(
    live_server, new_page, make_tournament
):
    """Vier-Strich (§1.2, §1.5): after each deal the player with the most card points takes a
    Strich; all four equal (35 each) is void; the table's round ends as soon as four Striche
    are on the slate; a hundred gives each other player a Strich."""
    table = make_table(make_tournament, "hintersche")
    enter(
        table,
        hintersche(52, 30, 18, 40),  # 1: A most → A 1
        hintersche(35, 35, 35, 35),  # 2: void
        hintersche(20, 61, 25, 34),  # 3: B most → B 1
        hintersche(35, 35, 35, 35),  # 4: void
        hintersche(45, 12, 33, 50),  # 5: D most → D 1; 3 Striche, the Vier-Strich goes on
    )
    players = seat_players(table)
    (phone,) = open_phones(new_page, live_server, table, count=1)
    assert striche(phone) == {"A": 1, "B": 1, "C": 0, "D": 1}

    # Deal 2 was A 100: a hundred gives B, C and D a Strich each, four on the slate after deal
    # 2; the Vier-Strich would end there, and deal 3 no longer fits. Refused, nothing changes.
    open_correction(phone, 2)
    fill(phone, hintersche(100, 20, 10, 10), reason="A had a hundred")
    send(phone)
    expect(phone.locator("form.entry .error").first).to_contain_text(
        "Deal 3 no longer fits after this change: the table's round would already be over before it"
    )
    assert [revision for _, revision, _ in standing(table)] == [1, 1, 1, 1, 1]

    # Deal 2 was A 60, B 30, C 20, D 30: A has the most and takes his second Strich. Deals 3–5
    # replayed: B 1 (deal 3), void (4), D 1 (deal 5): 2 + 1 + 0 + 1 = 4 Striche, so the
    # Vier-Strich, the table's tournament round, now ends with deal 5.
    fill(phone, hintersche(60, 30, 20, 30), reason="A counted 60, not 35")
    send(phone)
    expect(phone.get_by_role("status").first).to_contain_text("Deal 2 is corrected.")
    assert striche(phone) == {"A": 2, "B": 1, "C": 0, "D": 1}
    expect(phone.locator(".last-deal")).to_contain_text(
        f"{players['D']} takes a Strich: most card points, 50."
    )
    expect(phone.locator(".last-deal")).to_contain_text("The Vier-Strich is over with 4 Striche")
    expect(phone.locator(".done-note")).to_contain_text("This table has finished its round.")
    deal_2 = history(phone, 2)
    expect(deal_2.locator("summary")).to_have_text("Deal 2 – corrected (version 2)")
    expect(deal_2).to_contain_text(f"{players['A']} takes a Strich: most card points, 60.")
    expect(deal_2.locator(".versions > li").first).to_contain_text("Reason: A counted 60, not 35")
    expect(deal_2.locator(".versions > li").nth(1)).to_contain_text("Version 1: entered")
    shot(phone, "history-corrected-hintersche")
    # Every deal names its rule, the void ones too.
    for number in (1, 3, 4, 5):
        expect(history(phone, number).locator(".source")).to_contain_text(
            "Rule: Hintersche after Schoch 2014, Vier-Strich"
        )
    assert standing(table)[1] == (2, 2, hintersche(60, 30, 20, 30))
    assert [entry for _, _, entry in standing(table)][2:] == [
        hintersche(20, 61, 25, 34),
        hintersche(35, 35, 35, 35),
        hintersche(45, 12, 33, 50),
    ]
    # Fewest Striche rank first (§1.6): C 0, then B and D with 1, A with 2 last.
    assert standings(phone, live_server, table) == {
        players["C"]: "0",
        players["B"]: "1",
        players["D"]: "1",
        players["A"]: "2",
    }


def kein_stich_deals(hearts: dict[str, int]) -> list[dict]:
    return [
        {"contract": 1, "tricks": {"A": 2, "B": 3, "C": 0, "D": 3}},
        {"contract": 2, "hearts": hearts},
        {"contract": 3, "obers": {"A": 1, "B": 1, "C": 1, "D": 1}},
        {"contract": 4, "max": "D"},
        {"contract": 5, "order": ["C", "A", "D", "B"]},
    ]


def test_a_corrected_kein_herz_changes_the_payments_and_the_standings_follow(
    live_server, new_page, make_tournament
):
    """Kein Stich with four players and 32 cards (§4.2): 5 per trick, 5 per Heart, 10 per Ober,
    40 for the Max into the pot; the Domino pays the pot of 160 out, 100 / 50 / 10 / 0."""
    table = make_table(make_tournament, "kein_stich")
    enter(table, *kein_stich_deals({"A": 1, "B": 4, "C": 3, "D": 0}))
    players = seat_players(table)
    (phone,) = open_phones(new_page, live_server, table, count=1)
    # Paid in: A 10 + 5 + 10 = 25, B 15 + 20 + 10 = 45, C 0 + 15 + 10 = 25,
    # D 15 + 0 + 10 + 40 = 65; won: C 100, A 50, D 10, B 0.
    assert standings(phone, live_server, table) == {
        players["C"]: "75",
        players["A"]: "25",
        players["B"]: "-45",
        players["D"]: "-55",
    }
    phone.go_back()
    # B's four Hearts were D's: B pays 0 for Hearts, D 20.
    open_correction(phone, 2)
    fill(
        phone, {"hearts": {"A": 1, "B": 0, "C": 3, "D": 4}}, clear=False, reason="D took the Hearts"
    )
    send(phone)
    expect(phone.get_by_role("status").first).to_contain_text("Deal 2 is corrected.")
    # B: 15 + 0 + 10 = 25 paid, −25; D: 15 + 20 + 10 + 40 = 85 paid, 10 won, −75.
    balances = phone.locator("#table-main .slate").inner_text()
    for figure in ("−25", "−75", "75", "25"):
        assert figure in balances or figure.replace("−", "-") in balances, (figure, balances)
    assert standings(phone, live_server, table) == {
        players["C"]: "75",
        players["A"]: "25",
        players["B"]: "-25",
        players["D"]: "-75",
    }


@pytest.mark.parametrize("game", GAMES)
def test_a_corrected_deal_is_replayed_with_the_later_ones(
    live_server, new_page, make_tournament, game
):
    table = make_table(make_tournament, game, LONG_ROUNDS.get(game))
    deals = play(table, 5)
    enter(table, *deals)
    players = seat_players(table)
    (phone,) = open_phones(new_page, live_server, table, count=1)
    table_page = phone.url
    before = standings(phone, live_server, table, figures=True)
    phone.go_back()
    open_correction(phone, 2)
    typed = fill(phone, another(table, deals, 2, moves=True), reason="deal 2 was counted wrong")
    send(phone)
    expect(phone.get_by_role("status").first).to_contain_text("Deal 2 is corrected.")
    # The address is the table's again: a reload shows the table, not the correction form.
    expect(phone).to_have_url(table_page)
    entries = [deals[0], typed, *deals[2:]]
    assert standing(table) == [
        (number, 2 if number == 2 else 1, entry) for number, entry in enumerate(entries, 1)
    ]
    # The phone shows the slate a fresh page shows; the standings total the engine's replay of
    # the five deals with the corrected one, and their figures are no longer those of before.
    corrected = slate(phone)
    phone.reload()
    assert slate(phone) == corrected
    now = standings(phone, live_server, table, figures=True)
    expected = {players[seat]: score for seat, (score, _) in scores(table, entries).items()}
    assert {name: number(cells[0]) for name, cells in now.items()} == expected
    assert now != before


def number(text: str) -> int:
    return int(text.replace("−", "-").replace("+", "").strip())


# --- 5. undo the last deal on the phone, and enter it again ---------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_last_deal_is_undone_kept_in_the_history_and_entered_again(
    live_server, new_page, make_tournament, game
):
    table = make_table(make_tournament, game)
    deals = play(table, 2)
    enter(table, deals[0])
    (phone,) = open_phones(new_page, live_server, table, count=1)
    typed = fill(phone, deals[1])
    send(phone)
    expect(phone.locator(".last-deal h2")).to_have_text("Deal 2")
    with_deal_2 = slate(phone)
    undo = phone.locator("details.undo")
    undo.locator("summary").click()
    expect(undo.locator("summary")).to_have_text("Undo deal 2…")
    phone.fill("#id_undo_reason", "B dealt, not A")
    if game in SHOT_GAMES:
        shot(phone, f"undo-{game}")
    undo.get_by_role("button", name="Undo deal 2").click()
    expect(phone.get_by_role("status").first).to_contain_text("Deal 2 is undone.")
    # One deal fewer counts; the undone one stays in the history, marked, with the reason.
    assert standing(table) == [(1, 1, deals[0])]
    expect(phone.locator(".last-deal h2")).to_have_text("Deal 1")
    assert form_number(phone) == 2
    deal_2 = history(phone, 2)
    expect(deal_2.locator("summary")).to_have_text("Deal 2 – undone")
    expect(deal_2).to_contain_text("Taken off the slate; it does not count.")
    undone = deal_2.locator(".versions > li").first
    expect(undone).to_contain_text("Version 2: undone")
    expect(undone).to_contain_text("Reason: B dealt, not A")
    # Entered again, it is deal 2 once more (its third version) and the slate is as before.
    assert fill(phone, deals[1]) == typed
    send(phone)
    expect(phone.locator(".last-deal h2")).to_have_text("Deal 2")
    assert standing(table) == [(1, 1, deals[0]), (2, 3, typed)]
    assert slate(phone) == with_deal_2
    versions = history(phone, 2).locator(".versions > li .what")
    expect(versions).to_have_text(["Version 3: entered", "Version 2: undone", "Version 1: entered"])


# --- 6. the table's history -------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_history_lists_every_deal_with_its_rule_and_earlier_versions(
    live_server, new_page, make_tournament, game
):
    table = make_table(make_tournament, game)
    deals = play(table, 3)
    enter(table, *deals)
    with SERVER:
        services.deal_correct(
            table=table,
            entry=another(table, deals, 2),
            by=None,
            via="the desk",
            reason="B's tricks counted twice",
            number=2,
        )
    (phone,) = open_phones(new_page, live_server, table, count=1)
    listed = phone.locator("#table-history details.history-deal")
    assert listed.evaluate_all("deals => deals.map(d => d.id)") == ["deal-3", "deal-2", "deal-1"]
    for number in (1, 2, 3):
        deal = history(phone, number)
        expect(deal.locator("ul.events li").first).to_be_visible()
        expect(deal.locator(".source")).to_have_text(re.compile(r"^Rule: \S.{8,}"))
        expect(deal.locator(".entry-lines").first).to_be_visible()
    deal_2 = history(phone, 2)
    expect(deal_2.locator("summary")).to_have_text("Deal 2 – corrected (version 2)")
    corrected, first = deal_2.locator(".versions > li").all()
    expect(corrected.locator(".what")).to_have_text("Version 2: corrected")
    expect(corrected).to_contain_text("the desk")
    expect(corrected).to_contain_text("Reason: B's tricks counted twice")
    expect(first.locator(".what")).to_have_text("Version 1: entered")
    # The earlier version is shown as it was entered, and it is not what stands now.
    assert first.locator(".entry-lines").inner_text() != (
        deal_2.locator(".entry-lines").first.inner_text()
    )


# --- the other phone follows the table --------------------------------------------------------


def test_the_other_phone_follows_within_a_poll_without_a_reload(
    live_server, new_page, make_tournament
):
    table = make_table(make_tournament, "hintersche")
    one, two = open_phones(new_page, live_server, table)
    two.evaluate("window.sameDocument = true")
    fill(one, simulated(table, seed=1))
    send(one)
    expect(one.locator(".last-deal h2")).to_have_text("Deal 1")
    # Phone two, idle, asks every 5 s: within about six seconds it shows deal 1 and the form
    # for deal 2, in the same document (swapped in, not reloaded).
    expect(two.locator(".last-deal h2")).to_have_text("Deal 1", timeout=POLL_MS + 2_000)
    expect(two.locator("form.entry h2")).to_contain_text("Deal 2")
    assert two.evaluate("window.sameDocument") is True
    expect(two.locator("[data-stale-note]")).to_be_hidden()


@pytest.mark.parametrize("game", GAMES)
def test_values_typed_on_the_other_phone_are_kept_when_the_table_changes(
    live_server, new_page, make_tournament, game
):
    table = make_table(make_tournament, game)
    one, two = open_phones(new_page, live_server, table, clock=True)
    typed = fill(two, simulated(table, seed=2))
    first = fill(one, simulated(table, seed=1))
    assert typed != first
    send(one)
    expect(one.locator(".last-deal h2")).to_have_text("Deal 1")
    two.clock.run_for(POLL_MS)  # phone two's poll comes round
    # The slate and the history follow; the typed form stays, with a note.
    expect(two.locator("[data-stale-note]")).to_be_visible()
    expect(two.locator(".last-deal h2")).to_have_text("Deal 1")
    expect(two.locator("#table-history #deal-1")).to_have_count(1)
    assert sends(two) == typed
    assert form_number(two) == 1
    send(two)
    conflict = expect_conflict(
        two, "Stored: deal 1, version 1", "Deal 1 is already entered at this table"
    )
    expect(conflict.locator(".typed")).not_to_contain_text("The numbers are the same")
    assert standing(table) == [(1, 1, first)]
