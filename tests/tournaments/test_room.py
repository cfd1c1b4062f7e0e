"""The room's clock (issue 17, part 4): a round's countdown, "next round at", the announcement.
The services with "now" frozen (``django.utils.timezone.now`` patched; the server's time zone is
Europe/Berlin, one hour ahead of UTC in November), the desk's forms and who may post them, and
what the projector, the public standings and the table pages send the browser."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.test_services import H1_VIERSTRICH
from tournaments import services
from tournaments.audit_words import change_words
from tournaments.models import AuditEntry, Round, Tournament
from tournaments.room import table_room, tournament_room

UTC = datetime.UTC
NOW = datetime.datetime(2026, 11, 21, 13, 0, 0, 400_000, tzinfo=UTC)
"""14:00:00.4 in Schapbach: the frozen "now" of these tests."""


def ms(moment: datetime.datetime) -> int:
    """Milliseconds since 1970, as the page's script reads them."""
    return int(moment.timestamp() * 1000)


class Clock:
    """A hand-set ``timezone.now``: ``clock.now`` is returned; ``clock.at(...)`` sets it."""

    def __init__(self) -> None:
        self.now = NOW

    def at(self, hour: int, minute: int, second: int = 0) -> None:
        """Set the clock to ``hour:minute:second`` Schapbach time on the test's day."""
        self.now = datetime.datetime(2026, 11, 21, hour - 1, minute, second, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    frozen = Clock()
    monkeypatch.setattr(timezone, "now", lambda: frozen.now)
    return frozen


@pytest.fixture
def round_one(table) -> Round:
    return table.round


def version(tournament: Tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)


def refused(call, field: str | None, code: str) -> None:
    with pytest.raises(ValidationError) as caught:
        call()
    error = caught.value
    if field is None:
        assert error.code == code
    else:
        assert [e.code for e in error.error_dict[field]] == [code]


# --- services ------------------------------------------------------------------------------


def test_the_clock_runs_the_round_length_of_the_settings(clock, round_one, organiser):
    tournament = round_one.tournament
    services.tournament_settings(tournament=tournament, by=organiser, round_minutes=45)
    before = version(tournament)
    services.round_clock_start(round=round_one, by=organiser)
    round_one.refresh_from_db()
    # 14:00:00.4 + 45 minutes, to the whole second: 14:45:00 in Schapbach, 13:45 UTC.
    assert round_one.clock_ends_at == datetime.datetime(2026, 11, 21, 13, 45, tzinfo=UTC)
    assert version(tournament) == before + 1
    entry = tournament.audit_entries.get(action=AuditEntry.Action.ROUND_CLOCK)
    assert (entry.round_number, entry.subject, entry.actor) == (1, "Round 1", organiser)
    assert entry.before == {"clock_ends_at": None}
    assert entry.after == {"clock_ends_at": "14:45", "round_minutes": 45}
    assert change_words(entry, entry.after, tournament.game) == (
        "round ends at: 14:45; round length (minutes): 45"
    )


def test_minutes_given_beat_the_round_length(clock, round_one, organiser):
    services.tournament_settings(tournament=round_one.tournament, by=organiser, round_minutes=45)
    services.round_clock_start(round=round_one, by=organiser, minutes=90)
    round_one.refresh_from_db()
    assert f"{timezone.localtime(round_one.clock_ends_at):%H:%M}" == "15:30"


@pytest.mark.parametrize("minutes", [1, 600])
def test_the_clock_takes_one_minute_to_ten_hours(clock, round_one, minutes):
    services.round_clock_start(round=round_one, by=None, minutes=minutes)
    round_one.refresh_from_db()
    assert round_one.clock_ends_at == NOW.replace(microsecond=0) + datetime.timedelta(
        minutes=minutes
    )


@pytest.mark.parametrize(
    ("minutes", "code"), [(None, "NO_ROUND_LENGTH"), (0, "MINUTES_RANGE"), (601, "MINUTES_RANGE")]
)
def test_a_clock_without_a_sensible_length_is_refused(clock, round_one, minutes, code):
    before = version(round_one.tournament)
    refused(
        lambda: services.round_clock_start(round=round_one, by=None, minutes=minutes),
        "minutes",
        code,
    )
    round_one.refresh_from_db()
    assert round_one.clock_ends_at is None and version(round_one.tournament) == before
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.ROUND_CLOCK).exists()


def test_a_locked_round_and_a_finished_tournament_start_no_clock(clock, round_one, organiser):
    services.round_lock(round=round_one, by=organiser, reason="cut short")
    refused(
        lambda: services.round_clock_start(round=round_one, by=organiser, minutes=30),
        None,
        "ROUND_LOCKED",
    )
    services.tournament_finish(tournament=round_one.tournament, by=organiser)
    for call in (
        lambda: services.round_clock_start(round=round_one, by=organiser, minutes=30),
        lambda: services.round_clock_stop(round=round_one, by=organiser),
        lambda: services.announcement_set(tournament=round_one.tournament, text="x", by=None),
        lambda: services.next_round_set(tournament=round_one.tournament, at=None, by=None),
    ):
        refused(call, None, "FINISHED")
    round_one.refresh_from_db()
    assert round_one.clock_ends_at is None


def test_the_clock_stops_and_a_stopped_clock_stops_silently(clock, round_one, organiser):
    services.round_clock_start(round=round_one, by=organiser, minutes=30)
    services.round_clock_stop(round=round_one, by=organiser)
    round_one.refresh_from_db()
    assert round_one.clock_ends_at is None
    entries = list(round_one.tournament.audit_entries.filter(action="round_clock"))
    assert [(e.before, e.after) for e in entries][0] == (
        {"clock_ends_at": "14:30"},
        {"clock_ends_at": None},
    )
    before = version(round_one.tournament)
    services.round_clock_stop(round=round_one, by=organiser)
    assert version(round_one.tournament) == before
    assert round_one.tournament.audit_entries.filter(action="round_clock").count() == 2


def test_starting_the_clock_takes_down_the_next_round_it_announced(clock, round_one, organiser):
    tournament = round_one.tournament
    at_1430 = datetime.datetime(2026, 11, 21, 13, 30, tzinfo=UTC)
    services.next_round_set(tournament=tournament, at=at_1430, by=organiser)
    services.round_clock_start(round=round_one, by=organiser, minutes=20)  # ends 14:20
    tournament.refresh_from_db()
    assert tournament.next_round_at == at_1430  # after this round: still to come
    services.round_clock_start(round=round_one, by=organiser, minutes=45)  # ends 14:45
    tournament.refresh_from_db()
    assert tournament.next_round_at is None
    last = tournament.audit_entries.filter(action="round_clock").first()
    assert last.after == {"clock_ends_at": "14:45", "round_minutes": 45, "next_round_at": None}


def test_the_next_round_is_set_cleared_and_logged(clock, tournament, organiser):
    clock.at(14, 0, 30)
    this_minute = datetime.datetime(2026, 11, 21, 13, 0, tzinfo=UTC)  # 14:00, half a minute ago
    services.next_round_set(tournament=tournament, at=this_minute, by=organiser)
    later = datetime.datetime(2026, 11, 22, 9, 15, tzinfo=UTC)  # tomorrow 10:15
    before = version(tournament)
    services.next_round_set(tournament=tournament, at=later, by=organiser)
    services.next_round_set(tournament=tournament, at=later, by=organiser)  # unchanged
    assert version(tournament) == before + 1
    tournament.refresh_from_db()
    assert tournament.next_round_at == later
    entry = tournament.audit_entries.filter(action=AuditEntry.Action.SETTINGS).first()
    assert entry.before == {"next_round_at": "2026-11-21 14:00"}
    assert entry.after == {"next_round_at": "2026-11-22 10:15"}
    services.next_round_set(tournament=tournament, at=None, by=organiser)
    tournament.refresh_from_db()
    assert tournament.next_round_at is None


def test_a_time_gone_by_is_refused(clock, tournament):
    clock.at(14, 0, 30)
    a_minute_ago = datetime.datetime(2026, 11, 21, 12, 59, tzinfo=UTC)  # 13:59
    with pytest.raises(ValidationError) as caught:
        services.next_round_set(tournament=tournament, at=a_minute_ago, by=None)
    assert caught.value.error_dict["at"][0].code == "PAST"
    assert "13:59 has passed already" in caught.value.error_dict["at"][0].message
    tournament.refresh_from_db()
    assert tournament.next_round_at is None


def test_the_announcement_is_one_stripped_line_of_at_most_200(tournament, organiser):
    services.announcement_set(
        tournament=tournament, text="  Siegerehrung\n  um 18 Uhr ", by=organiser
    )
    tournament.refresh_from_db()
    assert tournament.announcement == "Siegerehrung um 18 Uhr"
    entry = tournament.audit_entries.get(action=AuditEntry.Action.ANNOUNCEMENT)
    assert (entry.before, entry.after) == ("", "Siegerehrung um 18 Uhr")
    services.announcement_set(tournament=tournament, text="x" * 200, by=organiser)
    before = version(tournament)
    refused(
        lambda: services.announcement_set(tournament=tournament, text="x" * 201, by=organiser),
        "text",
        "TOO_LONG",
    )
    tournament.refresh_from_db()
    assert tournament.announcement == "x" * 200 and version(tournament) == before
    services.announcement_set(tournament=tournament, text="   ", by=organiser)
    tournament.refresh_from_db()
    assert tournament.announcement == ""


def test_the_round_length_of_the_settings_is_checked(tournament, organiser):
    refused(
        lambda: services.tournament_settings(tournament=tournament, by=organiser, round_minutes=0),
        "round_minutes",
        "MINUTES_RANGE",
    )
    services.tournament_settings(tournament=tournament, by=organiser, round_minutes=600)
    services.tournament_settings(tournament=tournament, by=organiser, round_minutes=None)
    tournament.refresh_from_db()
    assert tournament.round_minutes is None


# --- what the room is told -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("left", "state", "seconds"),
    [
        (datetime.timedelta(minutes=5), "calm", 300),
        (datetime.timedelta(minutes=4, seconds=59, milliseconds=100), "calm", 300),
        (datetime.timedelta(minutes=4, seconds=59), "amber", 299),
        (datetime.timedelta(milliseconds=1), "amber", 1),
        (datetime.timedelta(0), "over", 0),
        (datetime.timedelta(minutes=-3), "over", 0),
    ],
)
def test_the_clock_turns_amber_under_five_minutes_and_red_at_0(
    clock, round_one, left, state, seconds
):
    """Seconds left are rounded up, as the page's script counts: 4:59.1 still reads 5:00."""
    services.round_clock_start(round=round_one, by=None, minutes=10)  # ends 14:10:00
    ends = datetime.datetime(2026, 11, 21, 13, 10, tzinfo=UTC)
    clock.now = ends - left
    round_one.refresh_from_db()
    room = table_room(round_one.tables.select_related("round__tournament").get())
    assert (room.remaining_seconds, room.state) == (seconds, state)


def test_a_locked_round_shows_no_clock_a_finished_tournament_no_next_round(
    clock, round_one, organiser
):
    tournament = round_one.tournament
    services.round_clock_start(round=round_one, by=organiser, minutes=30)
    services.next_round_set(
        tournament=tournament, at=datetime.datetime(2026, 11, 21, 16, tzinfo=UTC), by=organiser
    )
    services.announcement_set(tournament=tournament, text="Siegerehrung um 18 Uhr", by=None)
    services.round_lock(round=round_one, by=organiser, reason="time")
    room = tournament_room(Tournament.objects.get(pk=tournament.pk))
    assert room.clock_ends_at is None and room.next_round_at is not None
    services.tournament_finish(tournament=tournament, by=organiser)
    room = tournament_room(Tournament.objects.get(pk=tournament.pk))
    assert (room.clock_ends_at, room.next_round_at) == (None, None)
    assert room.announcement == "Siegerehrung um 18 Uhr"  # read at the prize-giving too


# --- the desk --------------------------------------------------------------------------------


def clock_url(the_round: Round) -> str:
    return reverse("round-clock", args=[the_round.tournament.slug, the_round.number])


def test_the_round_page_starts_the_clock_with_the_round_length_filled_in(
    clock, desk, round_one, organiser
):
    tournament = round_one.tournament
    services.tournament_settings(tournament=tournament, by=organiser, round_minutes=45)
    page = desk.get(reverse("round-detail", args=[tournament.slug, 1])).text
    assert re.search(r'<input type="number" name="minutes" value="45"', page)
    assert "The clock is not running." in page
    response = desk.post(clock_url(round_one), {"minutes": "50"})
    assert response.status_code == 302 and response["Location"].endswith("/rounds/1/#clock")
    page = desk.get(response["Location"]).text
    assert "The clock of round 1 runs until 14:50." in page
    assert "The clock runs: round 1 ends at 14:50." in page
    response = desk.post(clock_url(round_one), {"minutes": "45", "stop": "1"})
    round_one.refresh_from_db()
    assert response.status_code == 302 and round_one.clock_ends_at is None


def test_a_refused_clock_says_why_beside_the_minutes(clock, desk, round_one):
    response = desk.post(clock_url(round_one), {"minutes": ""})
    assert response.status_code == 400
    field = response.text[response.text.index('id="clock"') :]
    field = field[: field.index("</form>")]
    assert "set the round length in the settings." in field
    assert 'class="form-field invalid"' in field
    response = desk.post(clock_url(round_one), {"minutes": "9999"})
    assert "A round lasts from 1 to 600 minutes, not 9999." in response.text
    round_one.refresh_from_db()
    assert round_one.clock_ends_at is None


def test_the_desk_sets_and_takes_down_the_announcement(desk, tournament):
    url = reverse("announcement", args=[tournament.slug])
    response = desk.post(url, {"text": " Siegerehrung um 18 Uhr "})
    assert response.status_code == 302 and response["Location"].endswith("#room")
    page = desk.get(tournament.get_absolute_url()).text
    assert 'value="Siegerehrung um 18 Uhr"' in page and "Take it down" in page
    response = desk.post(url, {"text": "x" * 201})
    assert response.status_code == 400
    assert "at most 200 characters, not 201" in response.text
    desk.post(url, {"text": "Siegerehrung um 18 Uhr", "clear": "1"})
    tournament.refresh_from_db()
    assert tournament.announcement == ""


def test_the_desk_sets_the_next_round_today_or_on_a_day(clock, desk, tournament):
    url = reverse("next-round", args=[tournament.slug])
    assert desk.post(url, {"at": "14:30", "on": ""}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.next_round_at == datetime.datetime(2026, 11, 21, 13, 30, tzinfo=UTC)
    page = desk.get(tournament.get_absolute_url()).text
    assert 'name="at" value="14:30"' in page
    desk.post(url, {"at": "10:00", "on": "2026-11-22"})
    tournament.refresh_from_db()
    assert tournament.next_round_at == datetime.datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
    response = desk.post(url, {"at": "", "on": "2026-11-22"})
    assert response.status_code == 400 and "Enter the time the next round starts." in response.text
    response = desk.post(url, {"at": "13:15", "on": ""})
    assert response.status_code == 400 and "13:15 has passed already" in response.text
    desk.post(url, {"at": "", "on": ""})
    tournament.refresh_from_db()
    assert tournament.next_round_at is None


def test_the_settings_page_sets_and_clears_the_round_length(desk, tournament):
    url = reverse("tournament-settings", args=[tournament.slug])
    form = {"planned_rounds": "4", "bye_policy": "average", "public": "on"}
    assert desk.post(url, {**form, "round_minutes": "40"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.round_minutes == 40
    response = desk.post(url, {**form, "round_minutes": "0"})
    assert response.status_code == 400
    assert "A round lasts from 1 to 600 minutes, not 0." in response.text
    desk.post(url, {**form, "round_minutes": ""})
    tournament.refresh_from_db()
    assert tournament.round_minutes is None


@pytest.mark.parametrize("who", ["stranger", "co-organiser", "anonymous"])
def test_only_organisers_post_to_the_room(client, django_user_model, round_one, organiser, who):
    """Strangers learn nothing (404), anonymous visitors are sent to the login, a co-organiser
    runs the evening as the owner does (``tournaments.permissions``)."""
    tournament = round_one.tournament
    if who != "anonymous":
        user = django_user_model.objects.create_user(who, password="x")
        client.force_login(user)
    if who == "co-organiser":
        services.organiser_invite(tournament=tournament, username=who, by=organiser)
    posts = [
        (clock_url(round_one), {"minutes": "30"}),
        (reverse("announcement", args=[tournament.slug]), {"text": "Pause"}),
        (reverse("next-round", args=[tournament.slug]), {"at": "23:59", "on": "2099-01-01"}),
    ]
    before = version(tournament)
    for url, data in posts:
        status = client.post(url, data).status_code
        assert status == {"stranger": 404, "co-organiser": 302, "anonymous": 302}[who]
    changed = version(tournament) - before
    assert changed == (3 if who == "co-organiser" else 0)


# --- the room's pages ------------------------------------------------------------------------


@pytest.fixture
def told(clock, round_one, organiser) -> Round:
    """Round 1's clock runs until 14:45; the next round is at 15:00; an announcement with
    markup in it."""
    tournament = round_one.tournament
    services.round_clock_start(round=round_one, by=organiser, minutes=45)
    services.next_round_set(
        tournament=tournament, at=datetime.datetime(2026, 11, 21, 14, 0, tzinfo=UTC), by=None
    )
    services.announcement_set(tournament=tournament, text="<b>Freibier</b> & Kaffee", by=None)
    return round_one


ENDS = datetime.datetime(2026, 11, 21, 13, 45, tzinfo=UTC)


def assert_strip(html: str) -> None:
    """The strip as the script reads it: the end and the server's time in ms, the state, the
    words without a script, the announcement escaped."""
    assert f'data-ends="{ms(ENDS)}"' in html
    assert f'data-server-now="{ms(NOW)}"' in html
    assert 'data-state="calm"' in html and 'data-over="Time is up"' in html
    assert "ends at 14:45" in html and "Next round at 15:00" in html
    assert "&lt;b&gt;Freibier&lt;/b&gt; &amp; Kaffee" in html and "<b>Freibier" not in html
    assert re.search(r"<script(?![^>]*\bsrc=)", html) is None  # no inline script (CSP)


def test_the_projector_shows_the_room_and_refreshes_it_uncached(client, told):
    tournament = told.tournament
    html = client.get(reverse("projector", args=[tournament.slug])).text
    assert_strip(html)
    assert "js/clock.js" in html and "css/room.css" in html
    strip_url = reverse("room-strip", args=[tournament.slug])
    assert f'hx-get="{strip_url}" hx-trigger="load, every 5s"' in html
    strip = client.get(strip_url)
    assert_strip(strip.text)
    assert "<html" not in strip.text and "no-store" in strip["Cache-Control"]
    assert not strip.has_header("ETag")


def test_the_strip_costs_one_query(client, told, django_assert_num_queries):
    """The tournament with its latest round's clock, however many phones ask."""
    with django_assert_num_queries(1):
        client.get(reverse("room-strip", args=[told.tournament.slug]))


def test_the_strip_follows_the_public_switch(client, told, organiser):
    services.tournament_settings(tournament=told.tournament, by=organiser, public=False)
    assert client.get(reverse("room-strip", args=[told.tournament.slug])).status_code == 404


def test_the_public_standings_show_the_room(client, told):
    html = client.get(reverse("standings", args=[told.tournament.slug])).text
    assert_strip(html)
    assert 'hx-trigger="load, every 30s"' in html


def test_the_table_page_shows_the_room_and_its_poll_follows_it(client, told):
    url = told.tables.get().get_absolute_url()
    html = client.get(url).text
    assert_strip(html)
    assert "js/clock.js" in html
    since = re.search(r"\?since=([\w.]+)", html).group(1)
    htmx = {"HX-Request": "true"}
    assert client.get(url, {"since": since}, headers=htmx).status_code == 204
    services.announcement_set(tournament=told.tournament, text="Pause bis 15 Uhr", by=None)
    changed = client.get(url, {"since": since}, headers=htmx)
    assert changed.status_code == 200 and "Pause bis 15 Uhr" in changed.text


def test_the_time_is_up_without_a_script_too(client, told, clock):
    clock.at(14, 45, 0)
    html = client.get(told.tables.get().get_absolute_url()).text
    assert 'data-state="over"' in html
    assert re.search(r"data-clock-time>Time is up</strong>", html)


def test_a_next_round_on_another_day_names_the_day(client, told, clock):
    services.next_round_set(
        tournament=told.tournament,
        at=datetime.datetime(2026, 11, 22, 9, 0, tzinfo=UTC),
        by=None,
    )
    html = client.get(reverse("room-strip", args=[told.tournament.slug])).text
    assert "Next round on 11/22/2026 at 10:00" in html


def test_an_empty_room_shows_no_strip(client, table):
    html = client.get(table.get_absolute_url()).text
    assert "data-room" not in html


def queries(client, url: str, **headers: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, headers=headers).status_code == 200
    return len(captured)


def test_the_room_costs_the_table_page_and_the_projector_parts_nothing(
    client, clock, round_one, organiser
):
    """Before and after the clock, the next round and the announcement are set: the table page
    (its table comes with round and tournament) and the projector's htmx parts ask no more."""
    for entry in H1_VIERSTRICH[:2]:
        services.deal_record(table=round_one.tables.get(), entry=entry, by=None, via="t")
    slug = round_one.tournament.slug
    table_url = round_one.tables.get().get_absolute_url()
    projector = reverse("projector", args=[slug])
    parts = [projector + "?part=standings", projector + "?part=seating"]

    def count() -> list[int]:
        return [
            queries(client, table_url),
            *(queries(client, part, HX_Request="true") for part in parts),
        ]

    quiet = count()
    services.round_clock_start(round=round_one, by=organiser, minutes=45)
    services.announcement_set(tournament=round_one.tournament, text="Pause", by=None)
    assert count() == quiet


def test_the_projector_page_costs_a_fixed_number_of_queries(
    client, told, django_assert_num_queries
):
    """The tournament (with its latest round's clock), the standings' and the seating's queries
    as before: the room costs no query of its own."""
    with django_assert_num_queries(9):
        client.get(reverse("projector", args=[told.tournament.slug]))
