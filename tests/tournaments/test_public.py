"""The public pages: standings (now and after each round, teams), conditional GET, the public
toggle, "Where do I sit?", the player's page and the projector.

Most tests share one Hintersche evening of eight players, built through the services, whose
standings are worked out by hand (fewest Striche first; then more rounds finished with 0
Striche, the countback, the lot — Scoring specification §1.6):

* round 1 (two tables, both finished): table 1 plays H-1's Vier-Strich (A 2, B 1, C 0, D 1
  Striche); at table 2, A takes all four Striche (A 4, B 0, C 0, D 0);
* round 2 is drawn; one deal is entered, at the table of round 1's 1C, who takes the Strich.

After round 1: 1C, 2B, 2C, 2D share place 1 (0 Striche, one clean round each), 1B and 1D share
place 5, 1A is 7th and 2A 8th (the Bollenkönig). Now: 2B, 2C, 2D share place 1; 1C is 4th
(1 Strich, but one clean round: 1B and 1D have none); 1B and 1D share place 5 (equal countback),
1A is 7th, 2A 8th.
"""

from __future__ import annotations

import gzip
import re

import pytest
from django.urls import reverse

from tests.helpers import seat_players
from tournaments import services
from tournaments.models import Player, Round, Seat, Table, Tournament

H1_VIERSTRICH = [  # Scoring specification H-1, the Vier-Strich: A 2, B 1, C 0, D 1
    {"A": 52, "B": 30, "C": 18, "D": 40},
    {"A": 20, "B": 61, "C": 25, "D": 34},
    {"A": 45, "B": 12, "C": 33, "D": 50},
    {"A": 70, "B": 14, "C": 26, "D": 30},
]
AFTER_ROUND_1 = {
    "1C": "1=",
    "2B": "1=",
    "2C": "1=",
    "2D": "1=",
    "1B": "5=",
    "1D": "5=",
    "1A": "7",
    "2A": "8",
}
NOW = {**AFTER_ROUND_1, "1C": "4"}

RANKED_ROW = re.compile(
    r'<tr[^>]*><td>(\d+=?)(?: <span class="help"[^>]*>[^<]*</span>)?</td>'
    r'<td><a href="([^"]+)">([^<]+)</a>'
)


def record(table: Table, points: dict[str, int]) -> None:
    services.deal_record(table=table, entry={"points": points}, by=None, via="test")


def strich_to(label: str) -> dict[str, int]:
    """Card points of one deal in which ``label`` has the most (52) and takes the Strich."""
    others = iter((30, 18, 40))
    return {seat: 52 if seat == label else next(others) for seat in "ABCD"}


def ranks(html: str) -> dict[str, str]:
    """Player name → rank as the standings table shows it ("3" or "3=")."""
    return {name: rank for rank, _url, name in RANKED_ROW.findall(html)}


def by_role(roles: dict[str, Player], expected: dict[str, str]) -> dict[str, str]:
    return {roles[role].name: rank for role, rank in expected.items()}


@pytest.fixture
def evening(make_tournament) -> tuple[Tournament, dict[str, Player]]:
    """The evening of the module docstring; roles are "<table of round 1><seat>"."""
    tournament = make_tournament(players=8, name="Abend im Adler")
    first = services.round_draw(tournament=tournament, method="random", seed=1)
    roles = {
        f"{seat.table.number}{seat.label}": seat.player
        for seat in Seat.objects.filter(table__round=first).select_related("table", "player")
    }
    one, two = first.tables.order_by("number")
    for points in H1_VIERSTRICH:
        record(one, points)
    for _deal in range(4):
        record(two, strich_to("A"))
    second = services.round_draw(tournament=tournament, method="random", seed=2)
    seat = Seat.objects.select_related("table").get(table__round=second, player=roles["1C"])
    record(seat.table, strich_to(seat.label))
    tournament.refresh_from_db()
    return tournament, roles


def url(name: str, tournament: Tournament, *args: object) -> str:
    return reverse(name, args=[tournament.slug, *args])


# --- standings ---------------------------------------------------------------------------------


def test_standings_now_share_equal_ranks(client, evening):
    tournament, roles = evening
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.COMPLETE
    html = client.get(url("standings", tournament)).content.decode()
    assert ranks(html) == by_role(roles, NOW)
    assert "Bollenkönig" in html


def test_standings_after_round_1(client, evening):
    tournament, roles = evening
    response = client.get(url("standings", tournament) + "?round=1")
    html = response.content.decode()
    assert response.status_code == 200
    assert ranks(html) == by_role(roles, AFTER_ROUND_1)
    assert "Standings after round 1" in html
    assert ">R2<" not in html  # round 2 is not part of these standings


def test_standings_offer_a_tab_per_round_and_the_projector(client, evening):
    tournament, _roles = evening
    base = url("standings", tournament)
    html = client.get(base).content.decode()
    assert f'href="{base}?round=1"' in html and f'href="{base}?round=2"' in html
    assert f'href="{url("projector", tournament)}"' in html
    assert 'action="{}"'.format(url("seat-search", tournament)) in html


@pytest.mark.parametrize("asked", ["3", "0", "zwei", "-1"])
def test_a_round_not_drawn_is_not_found(client, evening, asked):
    tournament, _roles = evening
    assert client.get(url("standings", tournament) + f"?round={asked}").status_code == 404


def test_names_link_to_the_player_pages(client, evening):
    tournament, roles = evening
    html = client.get(url("standings", tournament)).content.decode()
    links = {name: href for _rank, href, name in RANKED_ROW.findall(html)}
    player = roles["2A"]
    assert links[player.name] == url("player-detail", tournament, player.pk)


def test_a_withdrawn_player_is_flagged_and_keeps_his_place(client, evening):
    tournament, roles = evening
    services.player_withdraw(player=roles["2A"], by=None, reason="train home")
    html = client.get(url("standings", tournament)).content.decode()
    assert ranks(html)[roles["2A"].name] == "8"
    assert re.search(
        re.escape(roles["2A"].name) + r'</a> <span class="withdrawn">\(withdrawn\)', html
    )
    assert html.count("(withdrawn)") == 1


def test_the_htmx_refresh_of_a_round_tab_keeps_its_round(client, evening):
    tournament, roles = evening
    response = client.get(url("standings", tournament) + "?round=1", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<html" not in html and 'id="standings"' in html
    assert f'hx-get="{url("standings", tournament)}?round=1"' in html
    assert ranks(html) == by_role(roles, AFTER_ROUND_1)


B4_STEIN = [  # Scoring specification B-4, the first stein: E/W win it, 1 : 0 steins
    {"dealer": "N", "solo": {"player": "W", "won": True}},
    {"dealer": "E", "cp_NS": 85},
    {"dealer": "S", "solo": {"player": "N", "won": False}},
]


@pytest.fixture
def partnership(make_tournament) -> tuple[Tournament, Table, dict[str, str]]:
    """Bauerchen, one stein a round, four registered teams of two; round 1 drawn, table 1 has
    played B-4's stein (E/W win it, knoddels 2 : 0 for E/W), table 2 has not begun."""
    tournament = make_tournament(
        players=8, game="bauerchen", name="Preisbauer", variant={"steins_per_match": 1}
    )
    players = list(tournament.players.order_by("name"))
    for number in range(4):
        services.team_add(
            tournament=tournament,
            name=f"Team {number + 1}",
            players=players[2 * number : 2 * number + 2],
        )
    table = services.round_draw(tournament=tournament, method="random", seed=3).tables.get(number=1)
    for entry in B4_STEIN:
        services.deal_record(table=table, entry=entry, by=None, via="test")
    tournament.refresh_from_db()
    teams = {
        seat.label: seat.player.team.name for seat in table.seats.select_related("player__team")
    }
    return tournament, table, teams


def test_team_standings_above_the_players(client, partnership):
    tournament, table, teams = partnership
    assert teams["N"] == teams["S"] and teams["E"] == teams["W"]  # partners sit opposite
    response = client.get(url("standings", tournament))
    html = response.content.decode()
    # A partnership game ranks teams first: their standings come before the players'.
    assert html.index("Team standings") < html.index(seat_players(table)["N"])
    rows = {
        row.player.name: f"{row.rank}{'=' if row.tied else ''}"
        for row in response.context["teams"].rows
    }
    # E/W won the stein: 1st. Table 2's teams have played nothing: equal in every figure.
    # N/S lost it with a knoddel difference of −2: last.
    others = {f"Team {n}" for n in range(1, 5)} - {teams["N"], teams["E"]}
    assert rows == {teams["E"]: "1", teams["N"]: "4", **dict.fromkeys(others, "2=")}
    for name in rows:
        assert f"<td>{name}</td>" in html  # team names are not links to player pages


def test_no_team_standings_without_partnerships(client, evening):
    tournament, _roles = evening
    response = client.get(url("standings", tournament))
    assert response.context["teams"] is None
    assert "Team standings" not in response.content.decode()


# --- conditional GET ---------------------------------------------------------------------------


CONDITIONAL_PAGES = [
    ("standings", "", {}),
    ("standings", "?round=1", {}),
    ("standings", "", {"HX-Request": "true"}),
    ("projector", "", {}),
    ("projector", "?part=standings", {"HX-Request": "true"}),
    ("projector", "?part=seating", {"HX-Request": "true"}),
]


@pytest.mark.parametrize(("name", "query", "headers"), CONDITIONAL_PAGES)
def test_an_unchanged_page_answers_304_until_a_deal_is_entered(
    client, evening, django_assert_max_num_queries, name, query, headers
):
    """The 304 path reads the tournament (its version) and nothing else: hundreds of phones poll
    every 10 s."""
    tournament, roles = evening
    address = url(name, tournament) + query
    first = client.get(address, headers=headers)
    assert first.status_code == 200
    assert first["ETag"] and "no-cache" in first["Cache-Control"]
    with django_assert_max_num_queries(1):
        again = client.get(address, headers={**headers, "If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["2A"])
    record(seat.table, strich_to(seat.label))
    changed = client.get(address, headers={**headers, "If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed.content
    assert changed["ETag"] != first["ETag"]


@pytest.mark.parametrize("query", ["", "?all=1"])
def test_the_standings_come_gzipped_to_a_browser_that_takes_them(client, evening, query):
    """The same page, compressed, and still a 304 when unchanged (the ETag made weak)."""
    tournament, roles = evening
    address = url("standings", tournament) + query
    gzipped = {"Accept-Encoding": "gzip, deflate"}
    page = client.get(address, headers=gzipped)
    assert page["Content-Encoding"] == "gzip" and "Accept-Encoding" in page["Vary"]
    html = gzip.decompress(page.content).decode()
    assert ranks(html) == by_role(roles, NOW)
    assert len(page.content) < len(html.encode()) / 2
    again = client.get(address, headers={**gzipped, "If-None-Match": page["ETag"]})
    assert again.status_code == 304


def test_the_etag_differs_by_round_language_and_htmx(client, evening):
    tournament, _roles = evening
    address = url("standings", tournament)
    etags = {
        client.get(address)["ETag"],
        client.get(address + "?round=1")["ETag"],
        client.get(address, headers={"HX-Request": "true"})["ETag"],
    }
    client.cookies["django_language"] = "de"  # the language switch's choice
    etags.add(client.get(address)["ETag"])
    assert len(etags) == 4
    assert client.get(address)["ETag"] in etags  # stable while nothing changes


def test_the_standings_page_costs_a_fixed_number_of_queries(
    client, make_tournament, django_assert_max_num_queries
):
    """Guards against a query per player or table: 16 players, 2 rounds; the tournament, the
    round tabs and the standings' six queries."""
    tournament = make_tournament(players=16, name="Sechzehn")
    for seed in (1, 2):
        the_round = services.round_draw(
            tournament=tournament, method="random", seed=seed, override_reason="test"
        )
        for table in the_round.tables.all():
            record(table, strich_to("B"))
    with django_assert_max_num_queries(7):
        assert client.get(url("standings", tournament)).status_code == 200
    with django_assert_max_num_queries(8):
        assert client.get(url("standings", tournament) + "?round=1").status_code == 200


# --- the public toggle -------------------------------------------------------------------------


@pytest.fixture
def hidden(evening, organiser) -> tuple[Tournament, dict[str, Player]]:
    tournament, roles = evening
    services.tournament_settings(tournament=tournament, by=organiser, public=False)
    tournament.refresh_from_db()
    return tournament, roles


def public_urls(tournament: Tournament, player: Player) -> list[str]:
    return [
        url("standings", tournament),
        url("standings", tournament) + "?round=1",
        url("projector", tournament),
        url("seat-search", tournament) + "?q=Spieler",
        url("player-detail", tournament, player.pk),
    ]


def test_hidden_pages_are_not_found_for_visitors(client, hidden, django_user_model):
    tournament, roles = hidden
    addresses = public_urls(tournament, roles["1A"])
    for address in addresses:
        assert client.get(address).status_code == 404, address
    client.force_login(django_user_model.objects.create_user("gast", password="pw-gast-123"))
    for address in addresses:
        assert client.get(address).status_code == 404, address


def test_hidden_pages_open_for_the_organiser_and_superusers(
    client, hidden, organiser, django_user_model
):
    tournament, roles = hidden
    addresses = public_urls(tournament, roles["1A"])
    client.force_login(organiser)
    for address in addresses:
        response = client.get(address)
        assert response.status_code == 200, address
        assert "private" in response["Cache-Control"]
    client.force_login(django_user_model.objects.create_superuser("chef", password="pw-chef-123"))
    for address in addresses:
        assert client.get(address).status_code == 200, address


def test_an_etag_from_before_does_not_open_a_hidden_page(client, evening, organiser):
    tournament, _roles = evening
    etag = client.get(url("standings", tournament))["ETag"]
    services.tournament_settings(tournament=tournament, by=organiser, public=False)
    assert (
        client.get(url("standings", tournament), headers={"If-None-Match": etag}).status_code == 404
    )


def test_the_public_pages_answer_get_only(client, evening):
    tournament, _roles = evening
    assert client.post(url("standings", tournament)).status_code == 405


# --- where do I sit? ---------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["", "   ", "s", " 1 "])
def test_a_short_search_asks_for_more_letters(client, evening, query):
    tournament, _roles = evening
    response = client.get(url("seat-search", tournament), {"q": query})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Type at least two letters of your name." in html
    assert 'class="seat-results"' not in html  # no list


def test_the_search_finds_the_seat_and_the_table_mates_of_the_latest_round(client, evening):
    tournament, roles = evening
    player = roles["2D"]
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=player)
    mates = [
        s.player.name
        for s in seat.table.seats.select_related("player").order_by("label")
        if s.player_id != player.pk
    ]
    query = player.name.upper()[-4:]  # "R 05": case does not matter
    response = client.get(url("seat-search", tournament), {"q": query})
    html = response.content.decode()
    assert [p.name for p, _place in response.context["results"]] == [player.name]
    assert f"round 2: table {seat.table.number}, seat {seat.label}" in html
    assert ", ".join(mates) in html


def test_the_search_lists_every_match_with_a_link(client, evening):
    tournament, roles = evening
    response = client.get(url("seat-search", tournament), {"q": "spieler 0"})
    html = response.content.decode()
    assert len(response.context["results"]) == 8
    assert html.count("round 2: table") == 8
    assert url("player-detail", tournament, roles["1A"].pk) in html


def test_the_search_says_bye_and_not_drawn(client, make_tournament):
    tournament = make_tournament(players=6, name="Sechs")
    response = client.get(url("seat-search", tournament), {"q": "Spieler"})
    assert response.content.decode().count("not drawn yet") == 6
    services.round_draw(tournament=tournament, method="random", seed=1, allow_byes=True)
    late = services.player_add(tournament=tournament, name="Nachzügler")
    html = client.get(url("seat-search", tournament), {"q": "Spieler"}).content.decode()
    assert html.count("round 1: bye") == 2 and html.count("round 1: table 1") == 4
    html = client.get(url("seat-search", tournament), {"q": late.name[:5]}).content.decode()
    assert "not drawn in round 1" in html


def test_the_search_shows_at_most_20(client, make_tournament):
    tournament = make_tournament(players=25, name="Groß")
    html = client.get(url("seat-search", tournament), {"q": "spieler"}).content.decode()
    assert html.count("<li>") == 20
    assert "More than 20 players match: type more of the name." in html


def test_no_match_says_so(client, evening):
    tournament, _roles = evening
    html = client.get(url("seat-search", tournament), {"q": "Schoch"}).content.decode()
    assert "No player's name contains “Schoch”." in html


def test_the_search_box_answers_htmx_with_the_results_only(client, evening):
    tournament, _roles = evening
    response = client.get(
        url("seat-search", tournament), {"q": "Spieler 01"}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert "<html" not in html and html.strip().startswith('<div id="seat-results"')
    standings = client.get(url("standings", tournament)).content.decode()
    assert 'hx-trigger="keyup changed delay:300ms"' in standings
    assert 'hx-target="#seat-results"' in standings


# --- the player's page -------------------------------------------------------------------------


def test_the_player_page_shows_each_round_and_the_running_rank(client, evening):
    tournament, roles = evening
    player = roles["1C"]
    response = client.get(url("player-detail", tournament, player.pk))
    html = response.content.decode()
    first, second = response.context["lines"]
    # Round 1: table 1, seat C, against 1A, 1B, 1D in playing order; no Strich; shared 1st.
    assert (first.place.table, first.place.seat) == (1, "C")
    assert [name for _pk, name in first.place.mates] == [
        roles["1A"].name,
        roles["1B"].name,
        roles["1D"].name,
    ]
    assert (first.score.score, first.score.finished) == (0, True)
    assert (first.position.rank, first.position.tied) == (1, True)
    # Round 2: one Strich so far, the table still playing; 4th alone.
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=player)
    assert (second.place.table, second.place.seat) == (seat.table.number, seat.label)
    assert (second.score.score, second.score.finished) == (1, False)
    assert (second.position.rank, second.position.tied) == (4, False)
    assert "Rank <strong>4</strong> · Striche <strong>1</strong>" in html
    assert '<td class="num">1=</td>' in html
    assert url("player-detail", tournament, roles["1A"].pk) in html  # table-mates link


def test_the_player_page_shows_a_bye(client, make_tournament):
    tournament = make_tournament(players=6, name="Sechs")
    the_round = services.round_draw(tournament=tournament, method="random", seed=1, allow_byes=True)
    bye = the_round.byes.select_related("player").first().player
    response = client.get(url("player-detail", tournament, bye.pk))
    (line,) = response.context["lines"]
    assert line.place.bye and line.score.bye
    assert "Bye" in response.content.decode()


def test_the_partner_is_the_player_opposite(client, partnership):
    tournament, table, _teams = partnership
    players = {seat.label: seat.player for seat in table.seats.select_related("player")}
    response = client.get(url("player-detail", tournament, players["N"].pk))
    (line,) = response.context["lines"]
    assert line.place.partner == (players["S"].pk, players["S"].name)
    html = response.content.decode()
    assert "Partner" in html
    assert f"{players['N'].team.name} (with" in html


def test_a_player_of_another_tournament_is_not_found(client, evening, make_tournament):
    tournament, _roles = evening
    other = make_tournament(players=4, name="Anderswo").players.first()
    assert client.get(url("player-detail", tournament, other.pk)).status_code == 404


def test_the_player_page_costs_a_bounded_number_of_queries(
    client, evening, django_assert_max_num_queries
):
    """One standings computation per round at most (cold cache), nothing per table-mate."""
    tournament, roles = evening
    with django_assert_max_num_queries(8 + 6 * 2):
        assert client.get(url("player-detail", tournament, roles["2A"].pk)).status_code == 200


# --- the projector -----------------------------------------------------------------------------


def test_the_projector_shows_standings_and_the_next_rounds_seating(client, evening):
    tournament, roles = evening
    html = client.get(url("projector", tournament)).content.decode()
    assert 'class="topbar"' not in html  # no navigation chrome
    assert "css/projector.css" in html and "js/projector.js" in html
    assert re.search(r"<script(?![^>]*\bsrc=)", html) is None  # no inline script (CSP)
    assert html.count('hx-trigger="every 10s"') == 2
    assert "Standings after round 2" in html and "Round 2: the draw" in html
    for table in Table.objects.filter(round__tournament=tournament, round__number=2):
        names = [s.player.name for s in table.seats.select_related("player").order_by("label")]
        assert f"Table {table.number}" in html
        positions = [html.index(f"</span> {name}</li>") for name in names]
        assert positions == sorted(positions)  # seat order A, B, C, D
    assert ranks(html) == {}  # names are not links on the wall
    assert roles["2A"].name in html


def test_the_projector_says_when_no_round_is_drawn(client, make_tournament):
    tournament = make_tournament(players=4, name="Vorher")
    html = client.get(url("projector", tournament)).content.decode()
    assert "No round drawn" in html


def test_the_projector_parts_refresh_alone(client, evening):
    tournament, _roles = evening
    htmx = {"HX-Request": "true"}
    standings = client.get(url("projector", tournament) + "?part=standings", headers=htmx)
    seating = client.get(url("projector", tournament) + "?part=seating", headers=htmx)
    for response in (standings, seating):
        assert "<html" not in response.content.decode()
    assert "<table" in standings.content.decode() and "the draw" not in standings.content.decode()
    assert "Round 2: the draw" in seating.content.decode()
    assert "<table" not in seating.content.decode()


def test_after_the_end_the_page_says_final_standings_without_live_notes(client, table):
    for points in H1_VIERSTRICH:
        services.deal_record(table=table, entry={"points": points}, by=None, via="test")
    tournament = table.round.tournament
    live = client.get(url("standings", tournament)).content.decode()
    assert "Standings now" in live and "Figures in italics" in live
    services.tournament_finish(tournament=tournament)
    final = client.get(url("standings", tournament)).content.decode()
    assert "Final standings" in final and "Standings now" not in final
    assert "Figures in italics" not in final
    assert "* bye." not in final  # nobody had a bye: the legend names only marks in use
