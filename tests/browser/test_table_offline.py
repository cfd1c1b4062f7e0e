"""A table keeps playing through a dead network: deals entered offline wait on the phone and
are stored exactly once, in order, when it returns; a reload while offline keeps the page, the
waiting deals and what was typed (the Hindernislauf keypad's cards too); a deal entered by
another phone meanwhile comes back as a conflict. Hintersche's Vier-Strich (Scoring
specification §1.2): the most card points take a Strich; card points add up to 140."""

from __future__ import annotations

from django.utils.translation import gettext
from playwright.sync_api import expect

from tests.browser.test_table_network import banner
from tournaments import services
from tournaments.models import Deal

DEALS = [("70", "30", "25"), ("20", "60", "40"), ("20", "30", "60")]  # A, B, C take a Strich


def enter(page, points) -> None:
    for seat, value in zip("ABC", points, strict=True):
        page.fill(f"#id_points_{seat}", value)
    page.locator("form.entry button[type=submit]").click()


def ready_offline(page, live_server, table) -> None:
    """The page loaded and its service worker in charge, as a phone that has opened it once."""
    page.goto(live_server.url + table.get_absolute_url())
    # Polled from here: the page's Content-Security-Policy forbids wait_for_function's eval.
    for _try in range(100):
        if page.evaluate("() => Boolean(navigator.serviceWorker.controller)"):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("the service worker never took charge of the page")
    page.wait_for_timeout(500)  # the worker keeps the page's styles and scripts


def test_three_deals_offline_are_stored_once_in_order(live_server, phone, table):
    ready_offline(phone, live_server, table)
    phone.context.set_offline(True)
    for number, points in enumerate(DEALS, start=1):
        enter(phone, points)
        expect(phone.locator("#outbox li")).to_have_count(number)
        expect(phone.locator("form.entry h2")).to_contain_text(str(number + 1))
    expect(phone.locator("#outbox")).to_contain_text("Deal 1 waits to be sent")
    expect(banner(phone)).to_contain_text("kept on this phone")
    assert not Deal.objects.filter(table=table).exists()
    # A reload while offline: the kept page, the deals still waiting.
    phone.reload()
    expect(phone.locator("#outbox li")).to_have_count(3)
    phone.context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    expect(phone.locator("#outbox")).to_be_hidden(timeout=15_000)
    stored = list(Deal.objects.filter(table=table).order_by("number"))
    assert [(d.number, d.entry["points"]["A"]) for d in stored] == [(1, 70), (2, 20), (3, 20)]
    # The slate follows within a poll: A, B and C one Strich each.
    expect(phone.locator(".last-deal")).to_contain_text("Deal 3", timeout=10_000)
    corners = phone.get_by_role("region", name=gettext("Slate")).get_by_role("listitem")
    expect(corners.filter(has_text="1 Strich")).to_have_count(3)


def test_a_deal_entered_by_another_phone_meanwhile_comes_back_as_a_conflict(
    live_server, phone, table
):
    ready_offline(phone, live_server, table)
    phone.context.set_offline(True)
    enter(phone, DEALS[0])
    expect(phone.locator("#outbox li")).to_have_count(1)
    # Another phone, online, enters deal 1 (B took the most).
    services.deal_record(
        table=table, entry={"points": {"A": 20, "B": 60, "C": 40, "D": 20}}, by=None, via="B",
        number=1,
    )  # fmt: skip
    phone.context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    expect(phone.locator("#conflict")).to_be_visible(timeout=15_000)
    expect(phone.locator("#conflict")).to_contain_text("Deal 1 is already entered")
    assert Deal.objects.filter(table=table).count() == 1
    expect(phone.locator("#outbox")).to_be_hidden()


def test_the_hindernislauf_keypad_keeps_its_cards_across_an_offline_reload(
    live_server, phone, make_tournament
):
    table = services.round_draw(tournament=make_tournament(game="hindernislauf"), seed=1).tables
    table = table.get()
    ready_offline(phone, live_server, table)
    pad = phone.locator("[data-hl-keypad]")
    cards = pad.locator("button:not([data-hl-undo])")
    for index in range(3):
        cards.nth(index).click()
    typed = phone.locator("#id_plays").input_value()
    assert len(typed.split()) == 3
    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator("#id_plays")).to_have_value(typed)


def test_an_offline_reload_shows_the_table_as_it_last_stood_on_the_phone(live_server, phone, table):
    """The page was kept when first opened; another phone's deal 1 reached it by the poll. A
    reload without network shows deal 1 on the slate and offers deal 2, not the empty table of
    the first visit (found playing a Stechen table on two phones)."""
    ready_offline(phone, live_server, table)
    services.deal_record(
        table=table, entry={"points": {"A": 20, "B": 60, "C": 40, "D": 20}}, by=None, via="B",
        number=1,
    )  # fmt: skip
    expect(phone.locator(".last-deal")).to_contain_text("Deal 1", timeout=10_000)
    phone.wait_for_timeout(500)  # the worker keeps the page as it now stands
    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator(".last-deal")).to_contain_text("Deal 1")
    expect(phone.locator("form.entry h2")).to_contain_text("2")
    corners = phone.get_by_role("region", name=gettext("Slate")).get_by_role("listitem")
    expect(corners.filter(has_text="1 Strich")).to_have_count(1)  # B took the most
