"""The room's clock in a real browser (issue 17, part 4): a table page counts the round down
on a phone whose own clock is an hour behind, turns amber under five minutes and red at 0."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import expect

from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AMBER, RED = "rgb(240, 195, 107)", "rgb(176, 0, 32)"
"""The countdown's background in static/css/room.css."""


def test_the_countdown_turns_amber_then_red_whatever_the_phone_s_clock(
    new_page, live_server, make_tournament
):
    the_round = services.round_draw(tournament=make_tournament(players=4), seed=1)
    services.round_clock_start(round=the_round, by=None, minutes=6)
    phone = new_page(phone=True)
    # The phone's clock is an hour behind the server's: the page's server time corrects it.
    phone.clock.install(time=datetime.datetime.now(datetime.UTC) - datetime.timedelta(hours=1))
    phone.goto(live_server.url + the_round.tables.get().get_absolute_url())
    clock = phone.locator("[data-clock]")
    time_left = clock.locator("[data-clock-time]")
    expect(time_left).to_have_text(re.compile(r"^0[56]:\d\d$"))  # not 1:05:59
    expect(clock).to_have_attribute("data-state", "calm")
    phone.clock.fast_forward("01:05")  # under five minutes left
    expect(time_left).to_have_text(re.compile(r"^04:\d\d$"))
    expect(clock).to_have_attribute("data-state", "amber")
    assert clock.evaluate("e => getComputedStyle(e).backgroundColor") == AMBER
    phone.clock.fast_forward("05:00")
    expect(time_left).to_have_text("Time is up")
    expect(clock).to_have_attribute("data-state", "over")
    assert clock.evaluate("e => getComputedStyle(e).backgroundColor") == RED
    expect(clock).to_contain_text("ends at")
