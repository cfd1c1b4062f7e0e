"""The public pages kept whole (issue 18, ``tournaments.kept_pages``): the next anonymous visitor
who asks the same gets the bytes the first one got, without the page being made again; nobody
gets a page that is not his (a login, another language, another player followed, a newer
version); and the public pages hold no CSRF token, which the language switch no longer needs.

The ranks are the eight-player evening's of ``test_public`` (its docstring: now 2B, 2C, 2D share
place 1; 1C is 4th; 1B and 1D share place 5; 1A is 7th, 2A 8th)."""

from __future__ import annotations

import gzip

import pytest
from django.contrib import messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_glance import shown, small_glance
from tests.tournaments.test_public import by_role, evening, ranks, record, strich_to, url
from tournaments import services
from tournaments.models import Seat
from tournaments.views.public import me_cookie

__all__ = ["evening", "small_glance"]  # the fixtures, shared with test_public and test_glance

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
NOW = {"2B": "1=", "2C": "1=", "2D": "1=", "1C": "4", "1B": "5=", "1D": "5=", "1A": "7", "2A": "8"}


def test_the_next_visitor_gets_the_page_kept_without_it_being_made_again(evening):
    """The first phone's page is made from its templates; the next phone's is the same bytes,
    no template rendered."""
    tournament, roles = evening
    address = url("standings", tournament)
    first = Client().get(address)
    assert ranks(first.content.decode()) == by_role(roles, NOW)
    assert "tournaments/standings.html" in [t.name for t in first.templates]
    second = Client().get(address)
    assert second.status_code == 200 and second.templates == []
    assert second.content == first.content
    assert second["ETag"] == first["ETag"] and "no-cache" in second["Cache-Control"]


def test_a_new_version_is_a_new_page(evening):
    """2B takes a Strich in round 2: only 2C and 2D are left at 0 Striche, sharing place 1."""
    tournament, roles = evening
    address = url("standings", tournament)
    before = Client().get(address)
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["2B"])
    record(seat.table, strich_to(seat.label))
    after = Client().get(address)
    now = ranks(after.content.decode())
    assert after["ETag"] != before["ETag"]
    assert now[roles["2C"].name] == now[roles["2D"].name] == "1="
    assert now[roles["2B"].name] != "1="


def test_an_announcement_is_a_new_page_before_the_standings_move_on(evening, settings):
    """The standings shown move on every few seconds; what the room is told shows at once."""
    settings.PUBLIC_REFRESH_SECONDS = 60
    tournament, _roles = evening
    address = url("standings", tournament)
    Client().get(address)  # kept
    services.announcement_set(tournament=tournament, text="Runde 3 um 21 Uhr", by=None)
    cache.delete(services.shown_key(tournament.slug))  # the note lapsed: read afresh
    page = Client().get(address)
    assert "Runde 3 um 21 Uhr" in page.content.decode() and page.templates


def test_a_logged_in_organiser_gets_his_own_page_and_leaves_none(evening, organiser):
    """His page names him in the top bar; a visitor after him does not see his name."""
    tournament, _roles = evening
    address = url("standings", tournament)
    Client().get(address)  # kept
    desk = Client()
    desk.force_login(organiser)
    for _visit in range(2):  # made for him each time
        page = desk.get(address)
        assert organiser.get_username() in page.content.decode() and page.templates
    assert organiser.get_username() not in Client().get(address).content.decode()


def test_a_visitor_with_a_message_waiting_gets_it_not_a_kept_page(evening):
    tournament, _roles = evening
    address = url("standings", tournament)
    Client().get(address)  # kept
    storage = CookieStorage(HttpRequest())
    storage.add(messages.INFO, "Willkommen beim Preisbauer")
    carrier = HttpResponse()
    storage.update(carrier)
    phone = Client()
    phone.cookies[CookieStorage.cookie_name] = carrier.cookies[CookieStorage.cookie_name].value
    assert "Willkommen beim Preisbauer" in phone.get(address).content.decode()
    assert "Willkommen beim Preisbauer" not in Client().get(address).content.decode()


def test_the_kept_page_is_gzipped_only_for_a_browser_that_takes_it(evening):
    tournament, roles = evening
    address = url("standings", tournament) + "?all=1"
    packed = Client().get(address, headers=GZIP)
    again = Client().get(address, headers=GZIP)
    plain = Client().get(address)
    assert packed["Content-Encoding"] == again["Content-Encoding"] == "gzip"
    assert again.content == packed.content
    assert "Content-Encoding" not in plain
    assert gzip.decompress(again.content) == plain.content
    assert ranks(plain.content.decode()) == by_role(roles, NOW)
    assert "Accept-Encoding" in again["Vary"] and "Accept-Encoding" in plain["Vary"]
    # A kept page still answers its revalidation with a 304.
    revalidated = Client().get(address, headers={**GZIP, "If-None-Match": again["ETag"]})
    assert revalidated.status_code == 304


def test_each_language_has_its_own_kept_page(evening):
    tournament, _roles = evening
    address = url("standings", tournament)
    english = Client().get(address).content.decode()
    german = Client()
    german.cookies["django_language"] = "de"
    assert "Standings" in english
    assert "Rangliste" in german.get(address).content.decode()
    assert "Rangliste" not in Client().get(address).content.decode()


def test_the_kept_glance_sets_the_cookie_of_its_own_player(evening, small_glance):
    """Two phones following 1A (7th) get the same glance, and each is told to remember him;
    a phone that already remembers 1A is not told again, and one following nobody gets the
    top."""
    tournament, roles = evening
    address = url("standings", tournament) + f"?me={roles['1A'].pk}"
    cookie = me_cookie(tournament.slug)
    first, second = Client().get(address), Client().get(address)
    assert second.content == first.content
    assert ("7", roles["1A"].name) in shown(second.content.decode())
    assert first.cookies[cookie].value == second.cookies[cookie].value == str(roles["1A"].pk)
    remembering = Client()
    remembering.cookies[cookie] = str(roles["1A"].pk)
    assert cookie not in remembering.get(address).cookies
    top = Client().get(url("standings", tournament)).content.decode()
    assert ("7", roles["1A"].name) not in shown(top)


@pytest.mark.parametrize("name", ["standings", "side-rankings", "seat-search"])
def test_a_public_page_holds_no_csrf_token_and_sets_no_cookie(evening, name):
    tournament, _roles = evening
    response = Client().get(url(name, tournament))
    html = response.content.decode()
    assert response.status_code == 200
    assert "csrfmiddlewaretoken" not in html and "X-CSRFToken" not in html
    assert not response.cookies


def test_the_language_switch_needs_no_csrf_token(evening):
    """The switch at the top of a kept page posts without a token (a forged one could only
    change the visitor's language) and leads back to the page, now in German."""
    tournament, _roles = evening
    address = url("standings", tournament)
    phone = Client(enforce_csrf_checks=True)
    assert 'name="language" value="de"' in phone.get(address).content.decode()
    switched = phone.post(reverse("set_language"), {"language": "de", "next": address})
    assert switched.status_code == 302 and switched["Location"] == address
    assert "Rangliste" in phone.get(address).content.decode()


def test_the_table_page_still_carries_its_csrf_token(evening):
    """The table's page posts deals: its forms and its htmx header keep the token."""
    tournament, roles = evening
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["2B"])
    html = Client().get(reverse("table-detail", args=[seat.table.token])).content.decode()
    assert "csrfmiddlewaretoken" in html and "X-CSRFToken" in html
