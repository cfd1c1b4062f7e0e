"""The pub's Wi-Fi drops: a phone at the table is told every time a deal was not saved, keeps
what was typed, and can send it again; a slow answer shows that the deal is being saved and
the button cannot be pressed twice. Hintersche (four players, card points add up to 140)."""

from __future__ import annotations

import re

import pytest
from django.utils.translation import gettext
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Deal

TYPED = {"A": "52", "B": "30", "C": "18"}  # D: 40 filled in; A takes a Strich


def type_deal(page) -> None:
    for seat, value in TYPED.items():
        page.fill(f"#id_points_{seat}", value)


def send(page) -> None:
    page.get_by_role("button", name=gettext("Enter the deal")).click()


def banner(page):
    return page.locator("#net-status")


def assert_kept(page) -> None:
    for seat, value in TYPED.items():
        expect(page.locator(f"#id_points_{seat}")).to_have_value(value)


@pytest.fixture
def table_page(live_server, phone, table):
    phone.goto(live_server.url + table.get_absolute_url())
    return phone


def posts_only(status: int, body: str = "", content_type: str = "text/html"):
    def handle(route):
        if route.request.method == "POST":
            route.fulfill(status=status, body=body, content_type=content_type)
        else:
            route.continue_()

    return handle


def test_offline_the_player_is_told_the_deal_waits_on_the_phone(table_page, table):
    type_deal(table_page)
    table_page.context.set_offline(True)
    send(table_page)
    expect(banner(table_page)).to_contain_text("kept on this phone")
    expect(table_page.locator("#outbox")).to_contain_text("Deal 1 waits to be sent")
    expect(table_page.locator("#outbox")).to_contain_text("52")  # the typed values, listed
    expect(table_page.get_by_role("button", name=gettext("Enter the deal"))).to_be_enabled()
    assert not Deal.objects.filter(table=table).exists()
    # Back online: sent once by itself, and the banner goes.
    table_page.context.set_offline(False)
    table_page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(table_page.locator("#outbox")).to_be_hidden(timeout=15_000)
    assert Deal.objects.filter(table=table).count() == 1


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (500, "could not save"),
        (502, "could not save"),
        (404, "link was renewed"),
    ],
)
def test_an_error_answer_is_shown_and_nothing_is_lost(table_page, table, status, words):
    table_page.route(re.compile(r".*/t/.*"), posts_only(status, "<h1>Error</h1>"))
    type_deal(table_page)
    send(table_page)
    expect(banner(table_page)).to_contain_text(words)
    assert_kept(table_page)
    assert not Deal.objects.filter(table=table).exists()


def test_a_wifi_login_page_does_not_replace_the_slate(table_page, table):
    portal = "<html><body><h1>Willkommen im Gasthaus-WLAN</h1><a>Anmelden</a></body></html>"
    table_page.route(re.compile(r".*/t/.*"), posts_only(200, portal))
    type_deal(table_page)
    send(table_page)
    expect(banner(table_page)).to_contain_text("did not come from Kreidetafel")
    expect(table_page.get_by_text("Gasthaus-WLAN")).to_have_count(0)
    expect(table_page.get_by_role("region", name=gettext("Slate"))).to_be_visible()
    assert_kept(table_page)


def test_a_lost_csrf_token_is_renewed_and_the_deal_sent_once(table_page, table):
    # The page's token no longer matches (the session's cookie was renewed elsewhere): the
    # first post is refused with 403; the page fetches a fresh token and sends again by itself.
    table_page.evaluate(
        "document.body.setAttribute('hx-headers', JSON.stringify({'X-CSRFToken': 'x'.repeat(64)}));"
        "document.querySelectorAll('input[name=csrfmiddlewaretoken]')"
        ".forEach(i => i.value = 'x'.repeat(64));"
    )
    type_deal(table_page)
    send(table_page)
    expect(table_page.locator(".last-deal")).to_be_visible()
    expect(banner(table_page)).to_be_hidden()
    assert Deal.objects.filter(table=table).count() == 1


def test_a_slow_answer_shows_progress_and_the_button_cannot_be_pressed_twice(table_page, table):
    held = []  # the POST, held unanswered until the test lets it go

    def slow(route):
        if route.request.method == "POST" and not held:
            held.append(route)  # not continued: the request stays in flight
            return
        route.continue_()

    table_page.route(re.compile(r".*/t/.*"), slow)
    type_deal(table_page)
    button = table_page.locator("form.entry button[type=submit]")
    button.click()
    expect(button).to_be_disabled()
    expect(button).to_have_text(gettext("Saving …"))
    for _ in range(200):  # Playwright hands the route over while the test waits on it
        if held:
            break
        table_page.wait_for_timeout(25)
    assert Deal.objects.filter(table=table).count() == 0
    held[0].continue_()
    expect(table_page.locator(".last-deal")).to_be_visible()
    assert Deal.objects.filter(table=table).count() == 1


def test_a_refused_entry_brings_the_wrong_field_into_view(table_page):
    table_page.fill("#id_points_A", "5x")  # no number
    table_page.fill("#id_points_B", "30")
    table_page.fill("#id_points_C", "18")
    table_page.fill("#id_points_D", "40")
    send(table_page)
    wrong = table_page.locator("#id_points_A")
    expect(wrong).to_have_attribute("aria-invalid", "true")
    expect(wrong).to_be_focused()
    expect(wrong).to_be_in_viewport()


def test_a_refused_sum_brings_its_message_into_view(table_page):
    for seat, value in zip("ABCD", ("52", "30", "18", "41"), strict=True):  # 141, not 140
        table_page.fill(f"#id_points_{seat}", value)
    send(table_page)
    message = table_page.locator("form.entry .error").first
    expect(message).to_be_focused()
    expect(message).to_be_in_viewport()


def test_a_minus_without_a_minus_key(live_server, phone, make_tournament):
    """Hindernislauf's short entry takes negative points; an iPhone's number pad has no minus:
    the ± button beside the field turns the sign, and the deal is stored with it."""
    tournament = make_tournament(game="hindernislauf")
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    phone.goto(live_server.url + table.get_absolute_url())
    phone.select_option("#id_dealer", "D")
    phone.locator("form.entry details summary").last.click()
    # A skipped 3 obstacles, B 1, C none, D 1 (the deal of tests/browser/test_games_end_to_end).
    for seat, points in zip("ABCD", ("3", "1", "0", "1"), strict=True):
        phone.fill(f"#id_points_{seat}", points)
        if points != "0":
            phone.locator(f"button[data-sign-for=id_points_{seat}]").click()
    phone.locator("button[data-sign-for=id_points_B]").click()  # turned back …
    expect(phone.locator("#id_points_B")).to_have_value("1")
    phone.locator("button[data-sign-for=id_points_B]").click()  # … and again
    expect(phone.locator("#id_points_A")).to_have_value("-3")
    send(phone)
    expect(phone.locator(".last-deal")).to_be_visible()
    assert Deal.objects.get(table=table).entry["points"] == {"A": -3, "B": -1, "C": 0, "D": -1}
