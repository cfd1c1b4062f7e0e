"""The front door (issue 19, part 5): a visitor who types the site's address gets the public
tournaments (playing now, coming up, finished), not a login page; an organiser gets his desk."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import Tournament

Status = Tournament.Status


@pytest.fixture
def installation(make_tournament):
    """Six tournaments: two finished (2024, 2025; the 2025 one with its standings still
    hidden), one playing, two coming up (in a week, tomorrow), one private, one never started
    whose date has passed."""
    today = timezone.localdate()
    made = {}
    for key, status, date, extra in [
        ("2024", Status.FINISHED, datetime.date(2024, 9, 7), {}),
        ("2025", Status.FINISHED, datetime.date(2025, 9, 6), {"standings_hidden_from_round": 1}),
        ("now", Status.RUNNING, today, {}),
        ("week", Status.DRAFT, today + datetime.timedelta(days=7), {}),
        ("tomorrow", Status.DRAFT, today + datetime.timedelta(days=1), {}),
        ("private", Status.RUNNING, today, {"public": False}),
        ("past", Status.DRAFT, today - datetime.timedelta(days=30), {}),
    ]:
        tournament = make_tournament(players=4, name=f"Turnier {key}")
        if key == "2025":
            services.round_draw(tournament=tournament, method="random", seed=1)
        Tournament.objects.filter(pk=tournament.pk).update(status=status, date=date, **extra)
        made[key] = tournament
    return made


def sections(html: str) -> dict[str, list[str]]:
    """Section id → the tournaments' names listed in it, in order."""
    found = {}
    for section in re.findall(r'<section aria-labelledby="(\w+)">(.*?)</section>', html, re.S):
        found[section[0]] = re.findall(r'class="front-name" href="[^"]+">([^<]+)<', section[1])
    return found


def test_a_visitor_at_the_address_sees_the_public_tournaments(
    client, installation, django_assert_num_queries
):
    # The tournaments; the hidden one's latest round; the series with a public tournament.
    with django_assert_num_queries(3):
        page = client.get("/")
    assert page.status_code == 200
    html = page.content.decode()
    assert sections(html) == {
        "playing": ["Turnier now"],
        "coming": ["Turnier tomorrow", "Turnier week"],
        "finished": ["Turnier 2025", "Turnier 2024"],
    }
    assert f'href="{reverse("standings", args=[installation["now"].slug])}"' in html
    assert "4 players" in html
    # The final documents of 2024; the 2025 standings stay hidden until the prize-giving.
    assert reverse("final-document", args=[installation["2024"].slug, "report"]) in html
    assert reverse("final-document", args=[installation["2025"].slug, "report"]) not in html
    assert reverse("login") in html


def test_the_front_door_speaks_german(client, installation):
    client.cookies["django_language"] = "de"
    html = client.get("/").content.decode()
    for words in ("Läuft gerade", "Demnächst", "Beendet", "4 Spieler", "Turnierleitung: anmelden"):
        assert words in html


def test_an_organiser_at_the_address_gets_his_desk_and_the_front_door_one_step_away(
    client, installation, organiser
):
    client.force_login(organiser)
    desk = client.get("/").content.decode()
    assert "Your tournaments" in desk and "Turnier private" in desk
    front = client.get(reverse("front-door")).content.decode()
    assert "Turnier private" not in front and "Turnier now" in front


def test_an_empty_installation_says_so(client, db):
    assert "No tournament is public here yet." in client.get("/").content.decode()
