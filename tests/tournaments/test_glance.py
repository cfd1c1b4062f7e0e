"""The phones' glance at the live standings (issue 18): the top of the table and the followed
player's line with its neighbours, how the player is known (the seat link, the search's "My place
in the standings", remembered in a cookie), what it costs (queries, bytes) and that hidden
standings stay hidden in it.

The rows are worked out by hand on the eight-player evening of ``test_public`` (its docstring:
now 2B, 2C, 2D share place 1; 1C is 4th; 1B and 1D share place 5; 1A is 7th, 2A 8th), with the
glance made small (the top 3, one line either side) so that eight players are enough."""

from __future__ import annotations

import datetime
import json
import re
import threading

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_public import RANKED_ROW, evening, record, strich_to, url
from tests.tournaments.test_shown_note import clock
from tournaments import glance, services
from tournaments.glance import Glance, Line
from tournaments.models import Seat
from tournaments.views.public import me_cookie

__all__ = ["clock", "evening"]  # the fixtures, shared with test_public and test_shown_note

HTMX = {"HX-Request": "true"}
GAP = re.compile(r'<tr class="gap">')


@pytest.fixture
def small_glance(monkeypatch):
    """A glance from eight players on: the top 3 and one line either side of the player's."""
    monkeypatch.setattr(glance, "FROM_PLAYERS", 8)
    monkeypatch.setattr(glance, "TOP", 3)
    monkeypatch.setattr(glance, "AROUND", 1)


def shown(html: str) -> list[tuple[str, str]]:
    """(rank, name) of each line shown, in order."""
    return [(rank, name) for rank, _url, name in RANKED_ROW.findall(html)]


LATEST_COLUMN = re.compile(r'<th scope="col" class="num">(R\d+)</th>')


def latest_column(html: str) -> str | None:
    """The head of the glance's column of the latest round shown ("R2"), None without one: read
    from the table's head, not from anywhere in the page (a CSRF token may hold "R2")."""
    found = LATEST_COLUMN.search(html)
    return found.group(1) if found else None


def names(roles, *keys: str) -> set[str]:
    return {roles[key].name for key in keys}


# --- which lines -------------------------------------------------------------------------------


def synthetic(count: int) -> Glance:
    lines = tuple(
        Line(pk, str(pk), f"P{pk}", False, "", 0, "", pk, False) for pk in range(1, count + 1)
    )
    return Glance(lines, {line.pk: index for index, line in enumerate(lines)}, 1)


@pytest.mark.parametrize(
    ("me", "expected"),
    [
        (None, [1, 2, 3, None]),  # nobody followed: the top
        (999, [1, 2, 3, None]),  # not a ranked player: the top
        (11, [1, 2, 3, None, 9, 10, 11, 12, 13, None]),
        (5, [1, 2, 3, 4, 5, 6, 7, None]),  # close to the top: one run, no gap
        (2, [1, 2, 3, 4, None]),
        (20, [1, 2, 3, None, 18, 19, 20]),  # the last: nothing below
        (19, [1, 2, 3, None, 17, 18, 19, 20]),
    ],
)
def test_the_glance_picks_the_top_and_the_players_neighbours(me, expected):
    picked = synthetic(20).pick(me, top=3, around=2)
    assert [None if line is None else line.pk for line in picked] == expected


def test_a_glance_of_fewer_lines_than_the_top_is_all_of_them():
    assert [line.pk for line in synthetic(2).pick(None, top=3, around=2)] == [1, 2]


def test_the_glance_shows_the_top_and_my_line_with_its_neighbours(client, evening, small_glance):
    tournament, roles = evening
    response = client.get(url("standings", tournament) + f"?me={roles['1A'].pk}", headers=HTMX)
    html = response.content.decode()
    lines = shown(html)
    top, mine = lines[:3], lines[3:]
    assert {name for _rank, name in top} == names(roles, "2B", "2C", "2D")
    assert {rank for rank, _name in top} == {"1="}
    # Place 6 of the table is one of the two sharing place 5 (the lot orders them), then 1A, 2A.
    assert mine[0][0] == "5=" and mine[0][1] in names(roles, "1B", "1D")
    assert mine[1:] == [("7", roles["1A"].name), ("8", roles["2A"].name)]
    assert len(GAP.findall(html)) == 1  # between the top and 1A's neighbours; 2A is the last
    assert roles["1C"].name not in html
    assert re.search(r'<tr id="me" class="me" aria-current="true"><td>7</td>', html)
    assert latest_column(html) == "R2" and "<html" not in html
    assert f"{roles['1A'].name}: place 7 of 8 · " in html  # said above the table
    assert f"{url('standings', tournament)}?all=1" in html


def test_without_a_player_the_glance_is_the_top(client, evening, small_glance):
    tournament, roles = evening
    html = client.get(url("standings", tournament)).content.decode()
    assert {name for _rank, name in shown(html)} == names(roles, "2B", "2C", "2D")
    assert len(GAP.findall(html)) == 1 and 'class="me"' not in html
    assert "My place in the standings" in html  # how to choose one


def test_the_whole_table_is_one_tap_away(client, evening, small_glance):
    tournament, roles = evening
    response = client.get(url("standings", tournament) + "?all=1")
    assert len(shown(response.content.decode())) == 8
    refresh = client.get(url("standings", tournament) + "?all=1", headers=HTMX)
    assert 'hx-get="' + url("standings", tournament) + '?all=1"' in refresh.content.decode()
    assert len(shown(refresh.content.decode())) == 8


def test_a_small_tournament_shows_the_whole_table(client, evening):
    tournament, _roles = evening
    html = client.get(url("standings", tournament)).content.decode()
    assert len(shown(html)) == 8 and "glance-table" not in html


# --- how the player is known -------------------------------------------------------------------


def test_the_seat_link_leads_to_the_standings_with_its_player(client, evening):
    tournament, roles = evening
    seat = Seat.objects.get(table__round__number=2, player=roles["1A"])
    html = client.get(reverse("table-detail", args=[seat.token])).content.decode()
    assert f'href="{url("standings", tournament)}?me={roles["1A"].pk}"' in html


def test_the_search_offers_my_place_in_the_standings(client, evening):
    tournament, roles = evening
    name = roles["2A"].name
    html = client.get(url("seat-search", tournament), {"q": name}).content.decode()
    assert f'href="{url("standings", tournament)}?me={roles["2A"].pk}"' in html


def test_the_phone_remembers_the_player_until_told_to_forget(client, evening, small_glance):
    tournament, roles = evening
    address = url("standings", tournament)
    chosen = client.get(address + f"?me={roles['1A'].pk}")
    assert chosen.cookies[me_cookie(tournament.slug)].value == str(roles["1A"].pk)
    assert "Cookie" in chosen["Vary"]
    again = client.get(address).content.decode()  # the cookie, no ?me=
    assert ("7", roles["1A"].name) in shown(again) and 'class="me"' in again
    forgotten = client.get(address + "?me=0")
    assert forgotten.cookies[me_cookie(tournament.slug)].value == ""  # deleted
    assert ("7", roles["1A"].name) not in shown(forgotten.content.decode())


@pytest.mark.parametrize("asked", ["abc", "-3", "0", "99999999"])
def test_a_player_not_in_the_standings_gives_the_top(client, evening, small_glance, asked):
    tournament, roles = evening
    response = client.get(url("standings", tournament) + f"?me={asked}")
    assert response.status_code == 200
    assert {name for _rank, name in shown(response.content.decode())} == names(
        roles, "2B", "2C", "2D"
    )
    assert (
        me_cookie(tournament.slug) not in response.cookies
        or not response.cookies[me_cookie(tournament.slug)].value
    )


def test_the_etag_follows_the_remembered_player(client, evening, small_glance):
    tournament, roles = evening
    address = url("standings", tournament)
    plain = client.get(address, headers=HTMX)["ETag"]
    client.cookies[me_cookie(tournament.slug)] = str(roles["1A"].pk)
    followed = client.get(address, headers={**HTMX, "If-None-Match": plain})
    assert followed.status_code == 200 and followed["ETag"] != plain


# --- hidden standings --------------------------------------------------------------------------


def test_hidden_standings_never_show_through_the_glance(client, evening, organiser, small_glance):
    """Hidden from round 2 on: the glance is the standings after round 1, for the followed
    player too (1C took a Strich in round 2: now 4th with 1, after round 1 level first with
    0)."""
    tournament, roles = evening
    services.tournament_settings(tournament=tournament, by=organiser, standings_hidden_from_round=2)
    address = url("standings", tournament) + f"?me={roles['1C'].pk}"
    for headers in ({}, HTMX):
        html = client.get(address, headers=headers).content.decode()
        assert ("1=", roles["1C"].name) in shown(html)
        assert ("4", roles["1C"].name) not in shown(html)
        assert latest_column(html) == "R1"
        assert "Standings after round 1" in html
        mine = re.search(r'<tr id="me" class="me"[^>]*>.*?</tr>', html).group(0)
        assert mine.endswith('<td class="num total">0</td></tr>')
    services.standings_reveal(tournament=tournament, by=organiser)
    html = client.get(address, headers=HTMX).content.decode()
    assert ("4", roles["1C"].name) in shown(html) and latest_column(html) == "R2"


# --- what a refresh costs ----------------------------------------------------------------------


def test_the_glance_refresh_costs_a_fixed_number_of_queries(
    client, evening, small_glance, django_assert_num_queries
):
    """Cold: the tournament and the standings (five queries: rounds, players, seats, tables,
    byes); then, for any player, the tournament alone (the glance comes from the cache): no query
    per player or line; a 304 the same."""
    tournament, roles = evening
    address = url("standings", tournament)
    with django_assert_num_queries(6):
        first = client.get(address + f"?me={roles['1A'].pk}", headers=HTMX)
    for role in ("2A", "1C", "2B"):
        with django_assert_num_queries(1):
            assert client.get(address + f"?me={roles[role].pk}", headers=HTMX).status_code == 200
    with django_assert_num_queries(1):
        again = client.get(
            address + f"?me={roles['1A'].pk}", headers={**HTMX, "If-None-Match": first["ETag"]}
        )
    assert again.status_code == 304


def test_a_phones_refresh_is_at_most_10_kib_however_many_players(client, make_tournament):
    """200 players (the glance's own size, with nothing made small): the refresh a phone polls
    and the whole page it opens stay small, while the whole table grows with the players."""
    tournament = make_tournament(players=200, name="Meisterschaft")
    first = services.round_draw(tournament=tournament, method="random", seed=1)
    for table in first.tables.all()[:20]:
        record(table, strich_to("A"))
    player = Seat.objects.filter(table__round=first).order_by("table__number", "label").last()
    address = url("standings", tournament) + f"?me={player.player_id}"
    refresh = client.get(address, headers=HTMX)
    page = client.get(address)
    whole = client.get(url("standings", tournament) + "?all=1", headers=HTMX)
    assert len(shown(refresh.content.decode())) == glance.TOP + 2 * glance.AROUND + 1
    assert len(refresh.content) <= 10 * 1024
    assert len(page.content) <= 16 * 1024
    assert len(shown(whole.content.decode())) == 200 and len(whole.content) > 20 * 1024


def test_threads_missing_a_new_glance_compute_it_once(evening, monkeypatch):
    """After the version shown changes every thread's next refresh misses at once: one computes
    the standings, the others wait for its glance."""

    from tournaments import standings

    tournament, _roles = evening
    calls = []
    computed = standings.tournament_standings(tournament)  # no queries in the threads

    def slow(*args, **kwargs):
        calls.append(1)
        threading.Event().wait(0.2)
        return computed

    monkeypatch.setattr(standings, "tournament_standings", slow)
    found = []
    threads = [
        threading.Thread(target=lambda: found.append(glance.cached_glance(tournament)))
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(calls) == 1 and len(found) == 4
    assert len({id(g) for g in found}) == 1


# --- the glance's ETag: what it shows, not the version -------------------------------------------


def test_a_write_that_changes_nothing_shown_keeps_the_refresh_a_304(
    client, evening, organiser, small_glance
):
    """The version moves with every write; the glance's refresh changes only when its lines do:
    a setting changes nothing shown (304), while the whole page, which shows more, is new."""
    tournament, roles = evening
    address = url("standings", tournament) + f"?me={roles['1A'].pk}"
    refresh = client.get(address, headers=HTMX)
    page = client.get(address)
    services.tournament_settings(tournament=tournament, by=organiser, round_minutes=45)
    again = client.get(address, headers={**HTMX, "If-None-Match": refresh["ETag"]})
    assert again.status_code == 304
    assert client.get(address, headers={"If-None-Match": page["ETag"]}).status_code == 200


def test_a_deal_that_changes_my_line_gives_a_new_refresh(client, evening, small_glance):
    """1A takes a Strich in round 2: his total shown changes (2 → 3), so the refresh is new."""
    tournament, roles = evening
    address = url("standings", tournament) + f"?me={roles['1A'].pk}"
    first = client.get(address, headers=HTMX)
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["1A"])
    record(seat.table, strich_to(seat.label))
    changed = client.get(address, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    mine = re.search(r'<tr id="me" class="me"[^>]*>.*?</tr>', changed.content.decode()).group(0)
    assert mine.endswith('<td class="num total">3</td></tr>')


def test_a_refresh_made_once_per_glance_is_still_each_phones_own(client, evening, small_glance):
    """A glance's refresh is rendered once for every phone that asks the same
    (``Glance.part``); a phone following another player, or reading German, gets its own, and
    a deal that changes the glance gives every phone the new one."""
    tournament, roles = evening
    address = url("standings", tournament) + f"?me={roles['1A'].pk}"
    first = client.get(address, headers=HTMX).content.decode()
    assert Client().get(address, headers=HTMX).content.decode() == first
    other = Client().get(url("standings", tournament) + f"?me={roles['2A'].pk}", headers=HTMX)
    assert f"{roles['2A'].name}: place 8 of 8 · " in other.content.decode()
    german = Client()
    german.cookies["django_language"] = "de"
    assert (
        f"{roles['1A'].name}: Platz 7 von 8 · "
        in german.get(address, headers=HTMX).content.decode()
    )
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["1A"])
    record(seat.table, strich_to(seat.label))
    changed = Client().get(address, headers=HTMX).content.decode()
    mine = re.search(r'<tr id="me" class="me"[^>]*>.*?</tr>', changed).group(0)
    assert mine.endswith('<td class="num total">3</td></tr>')


def test_the_glance_etag_differs_by_player_language_and_hidden_rounds(
    client, evening, organiser, small_glance
):
    tournament, roles = evening
    address = url("standings", tournament)
    etags = {
        client.get(address + f"?me={roles['1A'].pk}", headers=HTMX)["ETag"],
        client.get(address + f"?me={roles['2A'].pk}", headers=HTMX)["ETag"],
        client.get(address, headers=HTMX)["ETag"],
    }
    client.cookies["django_language"] = "de"
    etags.add(client.get(address, headers=HTMX)["ETag"])
    services.tournament_settings(tournament=tournament, by=organiser, standings_hidden_from_round=2)
    etags.add(client.get(address, headers=HTMX)["ETag"])
    assert len(etags) == 5


def test_an_unchanged_glance_refresh_costs_no_query(
    client, evening, small_glance, settings, django_assert_num_queries
):
    """With the shared version's note in the cache (``services.shown_note``) and the glance in
    the process, a phone's unchanged refresh is a 304 without a query."""
    settings.PUBLIC_REFRESH_SECONDS = 5
    tournament, roles = evening
    address = url("standings", tournament) + f"?me={roles['1A'].pk}"
    first = client.get(address, headers=HTMX)
    with django_assert_num_queries(0):
        again = client.get(address, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again["ETag"] == first["ETag"]


def test_a_changed_glance_refresh_is_made_from_the_note_without_a_query(
    client, evening, small_glance, clock, django_assert_num_queries
):
    """After the version shown moves on (one phone's refresh reads it, notes it and makes its
    glance), every other phone's refresh that finds its lines changed gets its 200 from the
    note and the process's glance: 1A's Strich in round 2 shows (2 → 3) without a query, as
    does a phone's first refresh."""
    tournament, roles = evening
    mine = url("standings", tournament) + f"?me={roles['1A'].pk}"
    first = client.get(mine, headers=HTMX)
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["1A"])
    record(seat.table, strich_to(seat.label))
    clock[0] += datetime.timedelta(seconds=6)  # past the shared 5 s
    assert client.get(url("standings", tournament), headers=HTMX).status_code == 200
    with django_assert_num_queries(0):
        changed = client.get(mine, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    line = re.search(r'<tr id="me" class="me"[^>]*>.*?</tr>', changed.content.decode()).group(0)
    assert line.endswith('<td class="num total">3</td></tr>')
    with django_assert_num_queries(0):
        new_phone = client.get(url("standings", tournament) + f"?me={roles['2A'].pk}", headers=HTMX)
    assert roles["2A"].name in new_phone.content.decode()
    with django_assert_num_queries(0):
        again = client.get(mine, headers={**HTMX, "If-None-Match": changed["ETag"]})
    assert again.status_code == 304


def test_while_one_thread_gets_a_new_glance_the_others_show_the_one_before(evening, monkeypatch):
    """The first refresh after the version shown moves on gets the new glance; the process's
    other threads do not wait for it meanwhile but show the glance they had."""

    from tournaments import standings

    tournament, _roles = evening
    before = glance.cached_glance(tournament)
    computed = standings.tournament_standings(tournament)  # no queries in the threads
    tournament.version += 1  # a deal was entered
    started, finish = threading.Event(), threading.Event()

    def slow(*args, **kwargs):
        started.set()
        finish.wait(10)
        return computed

    monkeypatch.setattr(standings, "tournament_standings", slow)
    new = []
    first = threading.Thread(target=lambda: new.append(glance.cached_glance(tournament)))
    first.start()
    assert started.wait(10)
    assert glance.cached_glance(tournament) is before
    finish.set()
    first.join()
    assert new[0] is not before and glance.cached_glance(tournament) is new[0]


def test_while_a_new_glance_is_got_the_note_answers_with_the_one_before(evening):
    """:func:`glance.at_hand`: the version asked for; while a thread of the process gets a new
    one, the one before (the note's refreshes then need no query either); else nothing."""
    tournament, _roles = evening
    before = glance.cached_glance(tournament)
    newer = tournament.version + 1
    assert glance.at_hand(tournament.pk, tournament.version, None) is before
    assert glance.at_hand(tournament.pk, newer, None) is None
    with glance._computing:  # a thread gets the new version's glance
        assert glance.at_hand(tournament.pk, newer, None) is before
    assert glance.at_hand(tournament.pk, tournament.version, 1) is None  # other rounds shown


# --- one glance for every web worker -----------------------------------------------------------


def _another_worker() -> None:
    """What another web worker of the same server has: none of this process's glances, nor its
    cache (the local-memory cache is a worker's own; the version shown's note goes with it)."""
    from django.core.cache import cache

    glance.forget()
    cache.clear()


def test_the_request_that_moves_the_version_shown_on_leaves_its_glance_for_every_worker(
    client, evening, small_glance, clock, monkeypatch, django_assert_num_queries
):
    """1A's Strich in round 2 (2 → 3 Striche; he stays 7th): the refresh that moves the version
    shown on stores its glance as the tournament's ShownGlance; another worker's refresh then
    reads it (the tournament and that row: two queries) and computes no standings."""
    from tournaments.models import ShownGlance, Tournament

    tournament, roles = evening
    mine = url("standings", tournament) + f"?me={roles['1A'].pk}"
    client.get(mine, headers=HTMX)
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["1A"])
    record(seat.table, strich_to(seat.label))
    clock[0] += datetime.timedelta(seconds=6)  # past the shared 5 s
    assert client.get(mine, headers=HTMX).status_code == 200
    now = Tournament.objects.get(pk=tournament.pk)
    assert now.shown_version == now.version
    stored = ShownGlance.objects.get(tournament=tournament)
    assert (stored.version, stored.through) == (now.version, None)
    lines = {line[2]: line for line in stored.glance["lines"]}
    assert lines[roles["1A"].name][1] == "7" and lines[roles["1A"].name][7] == 3  # rank, total
    assert stored.glance["latest_round"] == 2

    _another_worker()

    def computed(*args, **kwargs):
        raise AssertionError("another worker computed the standings")

    monkeypatch.setattr(glance, "cached_standings", computed)
    with django_assert_num_queries(2):
        other = client.get(mine, headers=HTMX)
    row = re.search(r'<tr id="me" class="me"[^>]*>.*?</tr>', other.content.decode()).group(0)
    assert row.endswith('<td class="num total">3</td></tr>')


def test_a_move_claimed_by_another_worker_is_left_to_it(
    client, evening, small_glance, clock, monkeypatch
):
    """Two workers find the new version due at once; the one whose claim (``shown_at`` as both
    read it) lands first moves it on. The other shows the version before and computes
    nothing."""
    from tournaments.models import ShownGlance, Tournament

    tournament, roles = evening
    client.get(url("standings", tournament), headers=HTMX)
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["1A"])
    record(seat.table, strich_to(seat.label))
    clock[0] += datetime.timedelta(seconds=6)
    read = Tournament.objects.get(pk=tournament.pk)
    Tournament.objects.filter(pk=tournament.pk).update(shown_at=clock[0])  # the other's claim
    monkeypatch.setattr(glance, "shown_glance", lambda *a, **k: pytest.fail("computed"))
    assert services.shown_version_advance(tournament=read, through=None) == read.shown_version
    assert Tournament.objects.get(pk=tournament.pk).shown_version == read.shown_version
    assert not ShownGlance.objects.filter(tournament=tournament, version=read.version).exists()


def test_a_glance_survives_its_json():
    """``ShownGlance.glance`` gives back the glance it was made of: its lines, where each player
    stands, its round."""
    table = synthetic(5)
    back = glance.glance_from_json(json.loads(json.dumps(glance.glance_json(table))))
    assert back == table


def _moved_on() -> None:
    """Wait for the thread that moves the version shown on (``PUBLIC_MOVE_ON_IN_BACKGROUND``)."""
    for thread in threading.enumerate():
        if thread.name == "kreidetafel-move-on":
            thread.join(timeout=30)


def _held_back(monkeypatch) -> threading.Event:
    """The thread that moves the version shown on starts its work only once the returned event
    is set (after the request that started it has answered: it must not wait for the thread;
    and the test database takes one writer at a time)."""
    release = threading.Event()
    real = glance.shown_glance

    def held_back(*args, **kwargs):
        assert release.wait(timeout=30), "the request waited for the thread"
        return real(*args, **kwargs)

    monkeypatch.setattr(glance, "shown_glance", held_back)
    return release


@pytest.mark.django_db(transaction=True)  # the thread reads what the test wrote
def test_a_thread_moves_the_version_shown_on_while_the_request_shows_the_one_before(
    client, evening, small_glance, clock, settings, monkeypatch
):
    """With ``PUBLIC_MOVE_ON_IN_BACKGROUND`` (as served) no phone waits for the new standings: the
    refresh that finds 1A's Strich due still shows his 2 Striche, a thread of its worker makes the
    glance with 3 and moves the version shown on, and the next refresh shows it."""
    from tournaments.models import ShownGlance, Tournament

    settings.PUBLIC_MOVE_ON_IN_BACKGROUND = True
    tournament, roles = evening
    mine = url("standings", tournament) + f"?me={roles['1A'].pk}"
    client.get(mine, headers=HTMX)
    _moved_on()  # the first request showed the evening as it was
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["1A"])
    record(seat.table, strich_to(seat.label))
    clock[0] += datetime.timedelta(seconds=6)
    release = _held_back(monkeypatch)
    due = client.get(mine, headers=HTMX).content.decode()
    assert re.search(r'<tr id="me".*?</tr>', due).group(0).endswith('total">2</td></tr>')
    release.set()
    _moved_on()
    now = Tournament.objects.get(pk=tournament.pk)
    assert now.shown_version == now.version
    assert ShownGlance.objects.get(tournament=tournament).version == now.version
    from django.core.cache import cache

    assert cache.get(services.shown_key(tournament.slug)).version == now.version  # noted at once
    clock[0] += datetime.timedelta(seconds=2)
    shown = client.get(mine, headers=HTMX).content.decode()
    assert re.search(r'<tr id="me".*?</tr>', shown).group(0).endswith('total">3</td></tr>')


@pytest.mark.django_db(transaction=True)
def test_a_thread_that_fails_leaves_the_version_shown_for_a_later_request(
    client, evening, small_glance, clock, settings, monkeypatch, caplog
):
    """The thread's failure is logged; the version shown stays (nothing half written), and the
    first request after the next few seconds moves it on."""
    from tournaments.models import ShownGlance, Tournament

    settings.PUBLIC_MOVE_ON_IN_BACKGROUND = True
    tournament, roles = evening
    address = url("standings", tournament)
    client.get(address, headers=HTMX)
    _moved_on()  # the first request showed the evening as it was
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["1A"])
    record(seat.table, strich_to(seat.label))
    clock[0] += datetime.timedelta(seconds=6)
    before = Tournament.objects.get(pk=tournament.pk)
    real = glance.shown_glance

    def broken(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(glance, "shown_glance", broken)
    assert client.get(address, headers=HTMX).status_code == 200
    _moved_on()
    assert "could not move on" in caplog.text and "the disk is full" in caplog.text
    assert Tournament.objects.get(pk=tournament.pk).shown_version == before.shown_version
    assert ShownGlance.objects.get(tournament=tournament).version == before.shown_version
    monkeypatch.setattr(glance, "shown_glance", real)
    from django.core.cache import cache

    cache.clear()  # the claim's key lapses with the few seconds
    clock[0] += datetime.timedelta(seconds=6)
    release = _held_back(monkeypatch)
    client.get(address, headers=HTMX)
    release.set()
    _moved_on()
    assert Tournament.objects.get(pk=tournament.pk).shown_version == before.version


def test_a_move_overtaken_by_a_later_claim_writes_nothing(evening, small_glance, clock):
    """A move that took longer than the few seconds (another request claimed the next one
    meanwhile) must not put its older version back: the later claim's move stands."""
    from tournaments.models import ShownGlance, Tournament
    from tournaments.services.public import _move_on

    tournament, roles = evening
    read = Tournament.objects.get(pk=tournament.pk)
    claimed = clock[0]
    Tournament.objects.filter(pk=tournament.pk).update(shown_at=claimed)
    later = claimed + datetime.timedelta(seconds=6)
    Tournament.objects.filter(pk=tournament.pk).update(shown_at=later)  # the next claim
    _move_on(read, None, claimed=claimed)
    now = Tournament.objects.get(pk=tournament.pk)
    assert (now.shown_version, now.shown_at) == (read.shown_version, later)
    assert not ShownGlance.objects.filter(tournament=tournament).exists()
    _move_on(now, None, claimed=later)  # the later claim's own move lands
    assert Tournament.objects.get(pk=tournament.pk).shown_version == now.version
    assert ShownGlance.objects.get(tournament=tournament).version == now.version
