"""The text for the paper copied with its button, and the hidden standings shown again at the
prize-giving, in a real browser (desk at 1366 px, the public page on a phone)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.tournaments.test_press import ROUNDS, new_tournament, play_round, register
from tournaments import services
from tournaments.press import article

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("KREIDETAFEL_SHOTS", "/tmp/press_shots"))


def log_in(page, live_server) -> None:
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "orga")
    page.fill("#id_password", "pw-orga-123")
    page.get_by_role("button", name="Log in").click()


def test_the_text_is_copied_and_the_hidden_standings_shown_again(live_server, new_page, organiser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    tournament = new_tournament(organiser, standings_hidden_from_round=2)
    register(tournament)
    for plan in ROUNDS:
        play_round(tournament, plan)
    services.tournament_finish(tournament=tournament, by=organiser)
    tournament.refresh_from_db()

    desk = new_page(
        viewport={"width": 1366, "height": 900}, permissions=["clipboard-read", "clipboard-write"]
    )
    log_in(desk, live_server)
    desk.goto(f"{live_server.url}/o/{tournament.slug}/press/")
    expect(desk.locator("#press-text")).to_have_value(article(tournament).text)
    desk.get_by_role("button", name="Copy the text").click()
    expect(desk.locator("[data-copy-status]")).to_contain_text("Copied")
    assert desk.evaluate("navigator.clipboard.readText()") == article(tournament).text
    desk.screenshot(path=str(SHOTS / "press-1366.png"), full_page=True)

    phone = new_page(phone=True)
    phone.goto(f"{live_server.url}/s/{tournament.slug}/")
    expect(phone.locator(".hidden-note")).to_contain_text("From round 2 on the standings stay")
    expect(phone.locator("#standings")).not_to_contain_text("R2")
    phone.screenshot(path=str(SHOTS / "hidden-390.png"), full_page=True)

    desk.goto(f"{live_server.url}/o/{tournament.slug}/")
    desk.locator("#hidden-standings").screenshot(path=str(SHOTS / "reveal-1366.png"))
    desk.once("dialog", lambda dialog: dialog.accept())
    desk.get_by_role("button", name="Show the standings again").click()
    expect(desk.locator("#hidden-standings")).to_contain_text("were shown again")
    # The phone's page refreshes itself (every 10 s) to the full table.
    expect(phone.locator("#standings")).to_contain_text("R2", timeout=15_000)
    expect(phone.locator(".hidden-note")).to_have_count(0)
    phone.screenshot(path=str(SHOTS / "revealed-390.png"), full_page=True)
