"""Issue 19 in a real browser: a relative at home finds the evening and the series from the
site's address on a 390 px phone, in German; the organiser draws round 1 with club-mates apart at
laptop width; the desk says when the hall's laptop does not reach the public site."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.test_german_journeys import GERMAN, de
from tournaments import services
from tournaments.models import AuditEntry, Round, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.german
def test_a_relative_finds_the_evening_and_the_series_from_the_address(
    live_server, new_page, make_tournament, organiser
):
    playing = make_tournament(players=8, name="Hintersche-Abend im Adler")
    services.round_draw(tournament=playing, method="random", seed=1)
    last_year = make_tournament(players=4, name="Hintersche-WM 2025")
    Tournament.objects.filter(pk=last_year.pk).update(
        status=Tournament.Status.FINISHED, date=datetime.date(2025, 9, 6)
    )
    series = services.series_create(
        organiser=organiser, name="Hintersche-WM Schapbach", place_points=[25, 20, 16]
    )
    services.series_assign(series=series, tournaments=[last_year], by=organiser)

    phone = new_page(phone=True, **GERMAN)
    phone.goto(live_server.url + "/")
    expect(phone.get_by_role("heading", name=de("Playing now"))).to_be_visible()
    expect(phone.get_by_role("heading", name=de("Finished"))).to_be_visible()
    phone.get_by_role("link", name="Hintersche-Abend im Adler").click()
    expect(phone).to_have_url(live_server.url + reverse("standings", args=[playing.slug]))
    expect(phone.get_by_role("heading", level=1)).to_have_text("Hintersche-Abend im Adler")
    phone.go_back()
    phone.get_by_role("link", name="Hintersche-WM Schapbach").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Hintersche-WM Schapbach")
    expect(phone.get_by_role("link", name="Hintersche-WM 2025")).to_be_visible()
    wide = phone.evaluate(
        "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"
    )
    assert not wide, "the series page is wider than a 390 px phone"


def test_the_organiser_draws_round_1_with_club_mates_apart(live_server, desk, organiser):
    """Four clubs of two at two tables of four: nobody sits with his club-mate."""
    tournament = services.tournament_create(
        organiser=organiser,
        name="Vereinsturnier",
        game="hintersche",
        date=datetime.date(2026, 11, 28),
    )
    for club in ("Adler", "Krone", "Linde", "Sonne"):
        for first in ("Anna", "Bernd"):
            services.player_add(tournament=tournament, name=f"{first} {club}", club=club)
    desk.set_viewport_size({"width": 1366, "height": 900})
    desk.goto(live_server.url + tournament.get_absolute_url())
    rounds = desk.locator("section#rounds")
    rounds.get_by_label("Draw", exact=True).select_option(Round.Method.CLUBS_APART)
    rounds.get_by_role("button", name="Draw the next round").click()
    expect(desk.get_by_role("heading", level=1)).to_have_text("Round 1")
    for table in tournament.rounds.get(number=1).tables.all():
        clubs = [seat.player.club for seat in table.seats.select_related("player")]
        assert sorted(clubs) == ["Adler", "Krone", "Linde", "Sonne"]
    entry = tournament.audit_entries.get(action=AuditEntry.Action.ROUND_DRAW)
    assert entry.after["method"] == Round.Method.CLUBS_APART and "seed" in entry.after


@pytest.mark.german
def test_the_desk_says_when_the_public_site_is_not_reached(
    live_server, desk, make_tournament, settings
):
    """The hall's laptop without a connection: the push fails, and the desk says since when the
    public site was not reached and that it tries again; nothing else on the desk waits for it."""
    tournament = make_tournament(players=8, name="Hintersche-Abend im Adler")
    settings.PUSH_URL = "http://127.0.0.1:9"  # nothing listens there
    settings.PUSH_KEY = "the-hall-and-the-site-share-this"
    state = services.tournament_push(tournament=tournament)
    assert state.error and state.pushed_version is None
    desk.context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    desk.goto(live_server.url + tournament.get_absolute_url())
    said = desk.locator(".push-state")
    expect(said).to_contain_text("127.0.0.1:9")
    expect(said).to_contain_text("nicht erreichbar")
    expect(said).to_contain_text("alle 15 s wieder versucht")
