"""The projector shows a newly drawn round's seating at once (issue "An organiser's evening
without traps", part 6), not after the standings have scrolled by."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)

H1 = [
    {"points": {"A": 52, "B": 30, "C": 18, "D": 40}},
    {"points": {"A": 30, "B": 50, "C": 20, "D": 40}},
    {"points": {"A": 45, "B": 30, "C": 25, "D": 40}},
    {"points": {"A": 48, "B": 40, "C": 22, "D": 30}},
]


def test_a_new_round_s_seating_comes_up_at_once(new_page, live_server, make_tournament):
    tournament = make_tournament(players=8)
    first = services.round_draw(tournament=tournament, seed=1)
    wall = new_page(viewport={"width": 1366, "height": 768})
    wall.goto(live_server.url + reverse("projector", args=[tournament.slug]))
    standings, seating = wall.locator("[data-projector-panel]").all()
    expect(standings).to_be_visible()  # the standings first, for 20 s at least
    for table in first.tables.all():
        for entry in H1:
            services.deal_record(table=table, entry=entry, by=None, via="test")
    services.round_draw(tournament=tournament, seed=2)
    # The next poll (every 10 s) brings round 2's seating, which is put up at once.
    expect(seating).to_be_visible(timeout=15_000)
    expect(seating.locator("h2")).to_have_text("Round 2: the draw")
    expect(standings).to_be_hidden()
