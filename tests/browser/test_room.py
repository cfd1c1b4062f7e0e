"""Two phones at one table (one enters, another confirms) and the organiser's dashboard
following them, in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.helpers import seat_players
from tournaments import services
from tournaments.models import Deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def room(make_tournament):
    """A Hintersche tournament where a second player confirms every deal; round 1 drawn."""
    tournament = make_tournament(players=8, name="Zwei Handys")
    services.tournament_settings(tournament=tournament, by=None, confirmation_required=True)
    return services.round_draw(tournament=tournament, seed=1)


def test_two_phones_enter_and_confirm_and_the_dashboard_follows(live_server, new_page, room):
    table = room.tables.get(number=1)
    players = seat_players(table)
    seat_a, seat_b = table.seats.get(label="A"), table.seats.get(label="B")
    desk = new_page()
    desk.goto(live_server.url + "/login/")
    desk.fill("#id_username", "orga")
    desk.fill("#id_password", "pw-orga-123")
    desk.get_by_role("button", name="Log in").click()
    desk.goto(f"{live_server.url}/o/{room.tournament.slug}/rounds/1/")
    first_row = desk.locator("#progress tbody tr").first
    expect(first_row).to_contain_text("not started")

    phone_a, phone_b = new_page(phone=True), new_page(phone=True)
    phone_a.goto(live_server.url + seat_a.get_absolute_url())
    phone_b.goto(live_server.url + seat_b.get_absolute_url())
    expect(phone_a.locator("h1")).to_contain_text(f"Seat A: {players['A']}")

    phone_a.fill("#id_points_A", "52")
    phone_a.fill("#id_points_B", "30")
    phone_a.fill("#id_points_C", "18")
    phone_a.get_by_role("button", name="Enter the deal").click()
    expect(phone_a.get_by_role("status").last).to_contain_text(
        "Deal 1 must still be confirmed by another player at the table"
    )
    # The dashboard refreshes itself (every 10 s): one deal, not yet confirmed.
    expect(first_row.locator("td").nth(2)).to_have_text("1", timeout=15_000)
    expect(first_row).to_contain_text("unconfirmed")

    phone_b.reload()
    expect(phone_b.locator(".last-deal")).to_contain_text(f"{players['A']} takes a Strich")
    phone_b.get_by_role("button", name="Confirm deal 1").click()
    expect(phone_b.locator("#id_points_A")).to_be_visible()  # the next deal's form
    # Phone A was waiting: it polls and shows the next deal's form once B has confirmed.
    expect(phone_a.locator("#id_points_A")).to_be_visible(timeout=10_000)
    deal = Deal.objects.get(table=table)
    assert (deal.entered_seat, deal.confirmed_seat) == (seat_a, seat_b)
    expect(first_row).not_to_contain_text("unconfirmed", timeout=15_000)


def test_the_player_who_entered_sees_no_confirm_button(live_server, new_page, room):
    table = room.tables.get(number=1)
    seat_a = table.seats.get(label="A")
    phone_a = new_page(phone=True)
    phone_a.goto(live_server.url + seat_a.get_absolute_url())
    for seat, value in zip("ABC", ("52", "30", "18"), strict=True):
        phone_a.fill(f"#id_points_{seat}", value)
    phone_a.get_by_role("button", name="Enter the deal").click()
    expect(phone_a.get_by_role("status").last).to_contain_text(
        "must still be confirmed by another player"
    )
    expect(phone_a.get_by_role("button", name="Confirm deal 1")).to_have_count(0)
    assert Deal.objects.get(table=table).confirmed_seat is None
