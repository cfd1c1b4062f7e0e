"""A whole Hintersche table's round on phones, and the organiser's desk after the round is
locked, in a real browser.

A. Two phones (390 × 844) at one table of four play a whole unit under the default house rules
   (one Vier-Strich; the table's round ends as soon as at least four Striche are on the slate):
   both send deal 1 at once, a stale third phone sends an old deal number, a deal is undone and
   entered again, deal 2 of four is corrected from the history with a reason, and the table
   plays to the end. The slate, the history, the public standings and the stored deals are
   checked against figures worked out by hand from the rules (/work/shared/rules/SPEC.md §1.2,
   §1.5, §1.6), in the comments.

B. The organiser at a laptop (1366 × 800), logged in, locks the round from the dashboard, opens
   the table's page from it, corrects a deal of the locked round (refused without a reason) and
   voids a deal that was entered twice; the audit log says so in words and the standings follow.

The phones' helpers (filling a form field by field, the conflict view, the history, the one
request at a time of the in-memory test database) are those of test_deal_places.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.test_deal_places import (
    POLL_MS,
    SAME_DEAL,
    enter,
    expect_conflict,
    fill,
    form_number,
    hintersche,
    history,
    make_table,
    one_request_at_a_time,  # noqa: F401 (an autouse fixture: one request at a time here too)
    open_correction,
    open_phones,
    posted,
    send,
    standing,
    standings,
    striche,
)
from tests.helpers import seat_players
from tournaments.models import AuditEntry, Deal, DealRevision, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
RULE = "Rule: Hintersche after Schoch 2014, Vier-Strich"
"""The rule source of an ordinary Vier-Strich deal, a void one too."""
LAPTOP = {"width": 1366, "height": 800}
NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def open_history(page: Page) -> None:
    """Every deal of the table's history opened, as a referee reading it would."""
    page.locator("#table-history details.history-deal").evaluate_all(
        "deals => deals.forEach(d => { d.open = true; })"
    )


def photograph(page: Page, name: str, *widths: int) -> None:
    """The whole page at each width (844 px high, as a phone), saved as journey-<name>-<w>.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in widths:
        page.set_viewport_size({"width": width, "height": 844})
        page.evaluate(NEXT_FRAMES)  # laid out and painted at the new width
        page.screenshot(path=str(SHOTS / f"journey-{name}-{width}.png"), full_page=True)


def versions(page: Page, number: int) -> list[str]:
    return history(page, number).locator(".versions > li .what").all_inner_texts()


def revisions_per_deal(table: Table) -> dict[int, int]:
    counts: dict[int, int] = {}
    for number in DealRevision.objects.filter(deal__table=table).values_list(
        "deal__number", flat=True
    ):
        counts[number] = counts.get(number, 0) + 1
    return counts


# --- A. a whole unit on two phones (and a stale third) ---------------------------------------


def test_a_hintersche_table_plays_a_whole_unit_on_racing_phones(
    live_server, new_page, make_tournament
):
    """The deals as they finally stand, worked out by hand (Vier-Strich, §1.2 and §1.5: the
    most card points take a Strich, ties share; a hundred, ≥ 100, gives each other player a
    Strich; all four equal is void; the table's round ends once Σ Striche ≥ 4; every deal adds
    up to 140):

    ====  ===========================  =====================================  =========  =====
    deal  card points A / B / C / D    what happens                           Striche    Σ
    ====  ===========================  =====================================  =========  =====
    1     52 / 30 / 18 / 40            A most (52) → A                        1/0/0/0    1
    2     20 / 25 / 61 / 34 (v2)       C most (61) → C                        1/0/1/0    2
          (v1 was 20 / 61 / 25 / 34:   B most (61) → B; corrected)
    3     35 / 35 / 35 / 35            all equal: void                        1/0/1/0    2
    4     45 / 12 / 33 / 50 (v3)       D most (50) → D                        1/0/1/1    3
          (v1 was 50 / 12 / 33 / 45:   A most → A; undone as v2)
    5     10 / 104 / 26 / 0            B's hundred → A, C, D one each         2/0/2/2    6
    ====  ===========================  =====================================  =========  =====

    Σ = 6 ≥ 4 after deal 5: the Vier-Strich, this table's tournament round, is over, with two
    superfluous Striche. Without the correction of deal 2 the slate would read 2/1/1/2: the
    correction moves a Strich from B to C, and B ends clean."""
    table = make_table(make_tournament, "hintersche")
    players = seat_players(table)
    one, two = open_phones(new_page, live_server, table, clock=True)  # seats A and B
    table_url = live_server.url + table.get_absolute_url()

    # 1. Both phones send deal 1 at once: one is stored, the other sees the conflict view with
    # "the numbers are the same" and takes the stored deal.
    deal_1 = hintersche(52, 30, 18, 40)
    assert fill(one, deal_1) == fill(two, deal_1) == deal_1
    with one.expect_response(posted) as one_answer, two.expect_response(posted) as two_answer:
        send(one)
        send(two)  # without waiting for phone one's answer
    answers = {one: one_answer.value.status, two: two_answer.value.status}
    assert sorted(answers.values()) == [200, 409]
    winner, loser = sorted(answers, key=answers.get)
    expect(winner.locator(".last-deal h2")).to_have_text("Deal 1")
    conflict = expect_conflict(
        loser, "Stored: deal 1, version 1", "Deal 1 is already entered at this table"
    )
    expect(conflict.locator(".typed")).to_contain_text("The numbers are the same")
    conflict.get_by_role("link", name=SAME_DEAL).click()
    expect(loser.locator("#conflict")).to_have_count(0)
    expect(loser.locator(".last-deal h2")).to_have_text("Deal 1")
    assert form_number(loser) == 2
    assert standing(table) == [(1, 1, deal_1)]

    # 2. A third phone (seat C) opens the table now, showing the form of deal 2, and goes dark:
    # its poll stops, its page stays as it was loaded.
    three = new_page(phone=True)
    three.goto(live_server.url + table.seats.get(label="C").get_absolute_url())
    three.evaluate("document.querySelector('#table-main .poll').remove()")
    assert form_number(three) == 2

    # Phone one enters deal 2: B has the most card points (61) and takes a Strich (1/1/0/0).
    fill(one, hintersche(20, 61, 25, 34))
    send(one)
    expect(one.locator(".last-deal h2")).to_have_text("Deal 2")
    expect(one.locator(".last-deal")).to_contain_text(
        f"{players['B']} takes a Strich: most card points, 61."
    )
    assert striche(one) == {"A": 1, "B": 1, "C": 0, "D": 0}

    # 3. The stale phone sends the next deal played (all four 35: void) from its deal-2 form:
    # deal 2 is taken, so it sees what is stored there beside what it sent, and enters its own
    # as deal 3, which the rules accept after deals 1 and 2.
    fill(three, hintersche(35, 35, 35, 35))
    with three.expect_response(posted) as answer:
        send(three)
    assert answer.value.status == 409
    conflict = expect_conflict(
        three, "Stored: deal 2, version 1", "Deal 2 is already entered at this table"
    )
    expect(conflict.locator(".typed")).not_to_contain_text("The numbers are the same")
    conflict.get_by_role("button", name="Mine is the next deal: enter it as deal 3").click()
    expect(three.locator(".last-deal h2")).to_have_text("Deal 3")
    expect(three.locator(".last-deal")).to_contain_text(
        "All equal: nobody takes or erases a Strich."
    )
    assert striche(three) == {"A": 1, "B": 1, "C": 0, "D": 0}

    # Phone two follows by its poll: deal 3 shown, the form for deal 4.
    two.clock.run_for(POLL_MS)
    expect(two.locator(".last-deal h2")).to_have_text("Deal 3")
    assert form_number(two) == 4

    # 4. Phone two enters deal 4 with A and D swapped (A 50 most → A), sees it, undoes it with
    # a reason and enters it again as played (D 50 most → D): 1/1/0/1.
    fill(two, hintersche(50, 12, 33, 45))
    send(two)
    expect(two.locator(".last-deal h2")).to_have_text("Deal 4")
    assert striche(two) == {"A": 2, "B": 1, "C": 0, "D": 0}
    undo = two.locator("details.undo")
    undo.locator("summary").click()
    expect(undo.locator("summary")).to_have_text("Undo deal 4…")
    two.fill("#id_undo_reason", "A and D swapped")
    undo.get_by_role("button", name="Undo deal 4").click()
    expect(two.get_by_role("status").first).to_contain_text("Deal 4 is undone.")
    expect(two.locator(".last-deal h2")).to_have_text("Deal 3")
    assert form_number(two) == 4
    assert striche(two) == {"A": 1, "B": 1, "C": 0, "D": 0}
    fill(two, hintersche(45, 12, 33, 50))
    send(two)
    expect(two.locator(".last-deal h2")).to_have_text("Deal 4")
    expect(two.locator(".last-deal")).to_contain_text(
        f"{players['D']} takes a Strich: most card points, 50."
    )
    assert striche(two) == {"A": 1, "B": 1, "C": 0, "D": 1}

    # 5. Phone one follows by its poll, and corrects deal 2 (of four) from the history: B and C
    # had swapped piles, so C had the 61 and takes that Strich instead of B. Deals 3 and 4 are
    # replayed (void; D): 1/0/1/1, still three Striche, the Vier-Strich goes on.
    one.clock.run_for(POLL_MS)
    expect(one.locator(".last-deal h2")).to_have_text("Deal 4")
    open_correction(one, 2)
    fill(one, hintersche(20, 25, 61, 34), reason="B and C swapped piles")
    photograph(one, "correction", 390)
    send(one)
    expect(one.get_by_role("status").first).to_contain_text("Deal 2 is corrected.")
    expect(one).to_have_url(live_server.url + table.seats.get(label="A").get_absolute_url())
    assert striche(one) == {"A": 1, "B": 0, "C": 1, "D": 1}
    assert form_number(one) == 5

    # 6. Deal 5, the last: B makes a hundred with 104, so A, C and D take a Strich each:
    # 2/0/2/2, six on the slate (≥ 4): the table's round is over.
    fill(one, hintersche(10, 104, 26, 0))
    send(one)
    expect(one.locator(".last-deal h2")).to_have_text("Deal 5")
    last = one.locator(".last-deal")
    expect(last).to_contain_text(f"{players['B']} made a hundred with 104 card points.")
    expect(last).to_contain_text("each take a Strich: an opponent made a hundred.")
    expect(last).to_contain_text("The Vier-Strich is over with 6 Striche on the slate.")
    expect(one.locator(".done-note")).to_contain_text("This table has finished its round.")
    expect(one.locator("form.entry")).to_have_count(0)
    assert striche(one) == {"A": 2, "B": 0, "C": 2, "D": 2}
    two.clock.run_for(POLL_MS)
    expect(two.locator(".done-note")).to_contain_text("This table has finished its round.")
    assert striche(two) == {"A": 2, "B": 0, "C": 2, "D": 2}

    # The history: every deal, newest first.
    listed = one.locator("#table-history details.history-deal")
    assert listed.evaluate_all("deals => deals.map(d => d.id)") == [
        "deal-5",
        "deal-4",
        "deal-3",
        "deal-2",
        "deal-1",
    ]
    for number in range(1, 6):
        deal = history(one, number)
        expect(deal.locator(".entry-lines").first).to_be_visible()
        expect(deal.locator("ul.events li").first).to_be_visible()
        if number < 5:
            expect(deal.locator(".source")).to_have_text(RULE)
    # Deal 5 names the rules of its hundred, of the Vier-Strich and of the round's end.
    expect(history(one, 5).locator(".source")).to_have_text(
        "Rule: Hintersche after Schoch 2014, making a hundred; Hintersche after Schoch 2014, "
        "Vier-Strich; Scoring specification §1.6, tournament standing"
    )
    # Deal 1 once, from whichever phone won the race.
    assert versions(one, 1) == ["Version 1: entered"]
    # Deal 2: the correction with its reason, and the first version as it was typed (B 61).
    deal_2 = history(one, 2)
    expect(deal_2.locator("summary")).to_have_text("Deal 2 – corrected (version 2)")
    expect(deal_2).to_contain_text(f"{players['C']} takes a Strich: most card points, 61.")
    corrected, first = deal_2.locator(".versions > li").all()
    expect(corrected.locator(".what")).to_have_text("Version 2: corrected")
    expect(corrected).to_contain_text("Reason: B and C swapped piles")
    expect(corrected).to_contain_text(f"link of seat A ({players['A']})")
    expect(first.locator(".what")).to_have_text("Version 1: entered")
    expect(first.locator(".entry-lines")).to_contain_text("61")
    assert first.locator(".entry-lines").inner_text() != (
        deal_2.locator(".entry-lines").first.inner_text()
    )
    # Deal 3: the stale phone's, entered from seat C's link.
    expect(history(one, 3)).to_contain_text(f"link of seat C ({players['C']})")
    # Deal 4: entered, undone (marked, with the reason), entered again.
    assert versions(one, 4) == ["Version 3: entered", "Version 2: undone", "Version 1: entered"]
    undone = history(one, 4).locator(".versions > li").nth(1)
    expect(undone).to_contain_text("Reason: A and D swapped")
    assert versions(one, 5) == ["Version 1: entered"]
    open_history(one)
    photograph(one, "table", 390, 1366)
    one.set_viewport_size({"width": 390, "height": 844})

    # The public standings: fewest Striche first (§1.6): B 0, then A, C and D with 2 each.
    totals = standings(one, live_server, table)
    assert totals == {players["B"]: "0", players["A"]: "2", players["C"]: "2", players["D"]: "2"}
    assert next(iter(totals)) == players["B"]

    # The stored deals: five rows, numbered 1–5, none doubled and none left out; versions
    # 1, 2, 1, 3, 1 with eight revisions in all (deal 4: entered, undone, entered again).
    assert standing(table) == [
        (1, 1, deal_1),
        (2, 2, hintersche(20, 25, 61, 34)),
        (3, 1, hintersche(35, 35, 35, 35)),
        (4, 3, hintersche(45, 12, 33, 50)),
        (5, 1, hintersche(10, 104, 26, 0)),
    ]
    assert list(
        Deal.all_objects.filter(table=table).order_by("number").values_list("number", flat=True)
    ) == [1, 2, 3, 4, 5]
    assert revisions_per_deal(table) == {1: 1, 2: 2, 3: 1, 4: 3, 5: 1}
    table.refresh_from_db()
    assert table.complete
    one.goto(table_url)  # the table's own link shows the same slate
    assert striche(one) == {"A": 2, "B": 0, "C": 2, "D": 2}


# --- B. the organiser corrects and voids in the locked round ---------------------------------


def test_the_organiser_corrects_and_voids_a_deal_of_the_locked_round(
    live_server, new_page, make_tournament
):
    """The table's deals as the phones stored them, deal 2 twice (a resend from a page without
    deal numbers, stored with ``number`` omitted), worked out by hand (§1.5):

    ====  ===========================  =================================  =========  =====
    deal  card points A / B / C / D    what happens                       Striche    Σ
    ====  ===========================  =================================  =========  =====
    1     52 / 30 / 18 / 40            A most → A                         1/0/0/0    1
    2     20 / 61 / 25 / 34            B most → B                         1/1/0/0    2
    3     20 / 61 / 25 / 34 (twice)    B most → B                         1/2/0/0    3
    4     10 / 26 / 104 / 0            C's hundred → A, B, D one each     2/3/0/1    6
    ====  ===========================  =================================  =========  =====

    The organiser corrects deal 1 (D had the 52, A the 30: 30 / 18 / 40 / 52, D most → D) and
    voids deal 3. Then: deal 1 D, deal 2 B, deal 4 C's hundred → A 1, B 2, C 0, D 2 (Σ 5, so
    deal 4 still ends the round: Σ was 2 < 4 before it)."""
    table = make_table(make_tournament, "hintersche")
    slug = table.round.tournament.slug
    players = seat_players(table)
    twice = hintersche(20, 61, 25, 34)
    enter(table, hintersche(52, 30, 18, 40), twice, twice, hintersche(10, 26, 104, 0))
    assert [number for number, _, _ in standing(table)] == [1, 2, 3, 4]
    table.refresh_from_db()
    assert table.complete

    desk = new_page(viewport=LAPTOP)
    desk.goto(live_server.url + reverse("login"))
    desk.fill("#id_username", "orga")
    desk.fill("#id_password", "pw-orga-123")
    desk.get_by_role("button", name="Log in").click()
    expect(desk.get_by_role("link", name="New tournament")).to_be_visible()

    # Before: C 0, D 1, A 2, B 3 (fewest first).
    assert standings(desk, live_server, table) == {
        players["C"]: "0",
        players["D"]: "1",
        players["A"]: "2",
        players["B"]: "3",
    }

    # The dashboard: the table finished with four deals; the round is locked (complete: no
    # reason needed; the page asks first).
    dashboard = live_server.url + reverse("round-detail", args=[slug, 1])
    desk.goto(dashboard)
    row = desk.locator("#progress tbody tr").first
    expect(row.locator("td").nth(2)).to_have_text("4")
    expect(row).to_contain_text("finished")
    desk.once("dialog", lambda dialog: dialog.accept())
    desk.locator("#lock").get_by_role("button", name="Lock the round").click()
    expect(desk.get_by_role("status").first).to_contain_text("Round 1 is locked.")
    expect(desk.locator(".finished-note")).to_contain_text("This round is locked")

    # The table's page from the dashboard: closed for the phones, open to the organiser.
    desk.locator("#progress tbody tr").first.get_by_role("link", name="open").click()
    expect(desk).to_have_url(live_server.url + table.get_absolute_url())
    expect(desk.locator(".done-note")).to_contain_text("Round 1 is closed")
    expect(desk.locator("details.undo")).to_have_count(0)

    # Deal 1 corrected without a reason: refused, the error beside the reason field, nothing
    # changed.
    before = standing(table)
    revisions = DealRevision.objects.filter(deal__table=table).count()
    open_correction(desk, 1)
    fill(desk, hintersche(30, 18, 40, 52))
    send(desk)
    reason = desk.locator("#id_reason")
    expect(reason).to_have_attribute("aria-invalid", "true")
    expect(desk.locator("#err_reason")).to_be_visible()
    expect(desk.locator("#err_reason")).not_to_be_empty()
    expect(desk.locator("form.entry h2")).to_contain_text("Correct deal 1")
    photograph(desk, "organiser-correction-refused", 1366)
    assert standing(table) == before
    assert DealRevision.objects.filter(deal__table=table).count() == revisions

    # With a reason: deal 1 is D's; A 1, B 3, C 0, D 2 (deal 3, the duplicate, still counts).
    reason.fill("D had the 52, A the 30")
    send(desk)
    expect(desk.get_by_role("status").first).to_contain_text("Deal 1 is corrected.")
    expect(desk.locator(".done-note")).to_contain_text("Round 1 is closed")
    assert striche(desk) == {"A": 1, "B": 3, "C": 0, "D": 2}
    open_history(desk)
    photograph(desk, "organiser-corrected", 1366)

    # Deal 3 was deal 2 entered twice: voided with a reason. Deal 4 still fits after deal 2
    # (Σ 2 before it) and still ends the round.
    deal_3 = history(desk, 3)
    deal_3.locator("#id_void_reason_3").fill("Deal 2 entered twice")
    deal_3.get_by_role("button", name="Void deal 3").click()
    expect(desk.get_by_role("status").first).to_contain_text("Deal 3 is voided.")
    assert striche(desk) == {"A": 1, "B": 2, "C": 0, "D": 2}
    expect(history(desk, 3).locator("summary")).to_have_text("Deal 3 – voided")
    expect(history(desk, 3)).to_contain_text("Reason: Deal 2 entered twice")
    expect(history(desk, 1).locator("summary")).to_have_text("Deal 1 – corrected (version 2)")
    expect(history(desk, 1)).to_contain_text("Reason: D had the 52, A the 30")
    assert standing(table) == [
        (1, 2, hintersche(30, 18, 40, 52)),
        (2, 1, twice),
        (4, 1, hintersche(10, 26, 104, 0)),
    ]
    assert Deal.all_objects.filter(table=table, voided=True).count() == 1

    # The dashboard counts three deals that stand.
    desk.goto(dashboard)
    expect(desk.locator("#progress tbody tr").first.locator("td").nth(2)).to_have_text("3")

    # The audit log, in words (no JSON): the void and the correction with their reasons, the
    # lock.
    desk.goto(live_server.url + reverse("audit-log", args=[slug]))
    log = desk.locator("table.audit")
    void = log.locator(f"tr.action-{AuditEntry.Action.DEAL_VOID}")
    expect(void).to_have_count(1)
    expect(void).to_contain_text("deal voided")
    expect(void).to_contain_text("Deal 3")
    expect(void).to_contain_text("Deal 2 entered twice")
    expect(void.locator("td.change")).to_contain_text("61")
    correction = log.locator(f"tr.action-{AuditEntry.Action.DEAL_CORRECT}")
    expect(correction).to_have_count(1)
    expect(correction).to_contain_text("deal corrected")
    expect(correction).to_contain_text("Deal 1")
    expect(correction).to_contain_text("D had the 52, A the 30")
    expect(correction.locator("td.change")).to_contain_text("→")
    expect(log.locator(f"tr.action-{AuditEntry.Action.ROUND_LOCK}")).to_contain_text("round locked")
    text = log.inner_text()
    assert "{" not in text and "}" not in text, text
    photograph(desk, "audit-log", 1366)

    # The standings follow: C 0, A 1, B and D 2.
    assert standings(desk, live_server, table) == {
        players["C"]: "0",
        players["A"]: "1",
        players["B"]: "2",
        players["D"]: "2",
    }
