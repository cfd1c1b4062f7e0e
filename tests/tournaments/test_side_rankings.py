"""Side rankings from the same scores (issue 19, part 4): the club ranking, the organiser's teams
and a category, against figures worked out by hand.

A Hintersche evening of twelve players at three tables, built through the services; roles are
"<table of round 1><seat>". Round 1 (every table finished its Vier-Strich; Striche, fewer is
better):

* table 1 plays H-1's Vier-Strich (Scoring specification): 1A 2, 1B 1, 1C 0, 1D 1;
* table 2: 2A takes all four Striche: 2A 4, 2B 0, 2C 0, 2D 0;
* table 3 plays H-1's Vier-Strich as well: 3A 2, 3B 1, 3C 0, 3D 1.

The standings (fewest Striche, then clean rounds, countback, lot; shared where only the lot
would part them): 1C, 2B, 2C, 2D, 3C share place 1 (0); 1B, 1D, 3B, 3D share place 6 (1);
1A, 3A share place 10 (2); 2A is 12th (4).

**Clubs** (club or village as registered; the best 3 count):

==============  ============================  ===================  =====
club            members (total)               best 3               sum
==============  ============================  ===================  =====
Schapbach       2B 0, 1D 1, 3D 1              0 + 1 + 1            2
SV Adler        1C 0, 1B 1, 3A 2, 2A 4        0 + 1 + 2 (not 2A)   3
Rippoldsau      2C 0, 3B 1, 1A 2              0 + 1 + 2            3
Wolfach         2D 0, 3C 0                    only 2 of 3          0
==============  ============================  ===================  =====

So: Schapbach 1st (2 Striche); SV Adler and Rippoldsau share place 2 (3 each); Wolfach is
listed after them without a place (its 0 from two players does not compare). A substitute
außer Konkurrenz registered for Wolfach is never ranked, so he does not complete it.

**Teams** (the organiser's, the best 4 count): Stammtisch 1B 1 + 2B 0 + 3B 1 + 1D 1 = 3 is 1st;
Kreidefüchse 1A 2 + 2A 4 + 3A 2 + 1C 0 = 8 is 2nd; Trumpf Ass (2C, 3C, 2D: only 3 of 4, 0) is
listed after them without a place.

**Category Damen** (2A, 1B, 3C, 1D): 3C 1st (1st overall), 1B and 1D share place 2 (6th overall),
2A 4th (12th overall).
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournaments.test_prizes import pdf_text
from tests.tournaments.test_public import H1_VIERSTRICH, record, strich_to
from tournaments import services
from tournaments.models import Player, PrizeCategory, Seat, Tournament
from tournaments.printing.documents import CATALOGUE
from tournaments.side_rankings import side_rankings
from tournaments.standings import tournament_standings

CLUBS = {
    "Schapbach": ("2B", "1D", "3D"),
    "SV Adler": ("1C", "1B", "3A", "2A"),
    "Rippoldsau": ("2C", "3B", "1A"),
    "Wolfach": ("2D", "3C"),
}
TEAMS = {
    "Kreidefüchse": ("1A", "2A", "3A", "1C"),
    "Stammtisch": ("1B", "2B", "3B", "1D"),
    "Trumpf Ass": ("2C", "3C", "2D"),
}
DAMEN = ("2A", "1B", "3C", "1D")

CLUB_RANKING = [  # (place or None, club, sum of the best 3, how many count)
    (1, "Schapbach", 2, 3),
    (2, "Rippoldsau", 3, 3),
    (2, "SV Adler", 3, 3),
    (None, "Wolfach", 0, 2),
]
TEAM_RANKING = [(1, "Stammtisch", 3, 4), (2, "Kreidefüchse", 8, 4), (None, "Trumpf Ass", 0, 3)]
GROUP_ROW = re.compile(
    r'<tr[^>]*>\s*<td>([^<]*)</td>\s*<th scope="row">([^<]+?)(?: <span[^>]*>[^<]*</span>)?'
    r'<div class="members">.*?</div></th>\s*<td class="num total">(-?\d+)</td>',
    re.DOTALL,
)


def shown_groups(html: str, heading_id: str) -> list[tuple[str, str, int]]:
    """(place as shown, name, sum) of the club or team ranking under ``heading_id``."""
    section = html.split(f'id="{heading_id}"', 1)[1].split("</section>", 1)[0]
    return [(place, name, int(total)) for place, name, total in GROUP_ROW.findall(section)]


@pytest.fixture
def evening(make_tournament, organiser) -> tuple[Tournament, dict[str, Player]]:
    """The evening of the module docstring: round 1 played, clubs, teams and Damen set up
    through the services."""
    tournament = make_tournament(players=12, name="Vereinsabend")
    first = services.round_draw(tournament=tournament, method="random", seed=1)
    roles = {
        f"{seat.table.number}{seat.label}": seat.player
        for seat in Seat.objects.filter(table__round=first).select_related("table", "player")
    }
    one, two, three = first.tables.order_by("number")
    for points in H1_VIERSTRICH:
        record(one, points)
        record(three, points)
    for _deal in range(4):
        record(two, strich_to("A"))
    for club, members in CLUBS.items():
        for role in members:
            player = roles[role]
            services.player_edit(player=player, name=player.name, club=club, by=organiser)
    services.player_add(
        tournament=tournament, name="Aushilfe Wirt", club="Wolfach", hors_concours=True
    )
    for name, members in TEAMS.items():
        team = services.prize_category_add(
            tournament=tournament, name=name, kind=PrizeCategory.Kind.TEAM, by=organiser
        )
        services.prize_category_assign(
            category=team, players=[roles[r] for r in members], by=organiser
        )
    damen = services.prize_category_add(tournament=tournament, name="Damen", by=organiser)
    services.prize_category_assign(category=damen, players=[roles[r] for r in DAMEN], by=organiser)
    services.tournament_settings(tournament=tournament, by=organiser, club_ranking_best=3)
    tournament.refresh_from_db()
    return tournament, roles


def groups(ranking) -> list[tuple[int | None, str, int, int]]:
    return [(row.rank, row.name, row.total, row.counted) for row in ranking.rows]


def test_the_club_team_and_category_rankings_match_the_hand_worked_figures(evening):
    tournament, roles = evening
    side = side_rankings(tournament, tournament_standings(tournament))
    assert groups(side.clubs) == CLUB_RANKING
    assert [row.tied for row in side.clubs.rows] == [False, True, True, False]
    adler = next(row for row in side.clubs.rows if row.name == "SV Adler")
    assert [(m.name, m.total, m.counts) for m in adler.members] == [
        (roles["1C"].name, 0, True),
        (roles["1B"].name, 1, True),
        (roles["3A"].name, 2, True),
        (roles["2A"].name, 4, False),  # the fourth best does not count
    ]
    assert groups(side.teams) == TEAM_RANKING
    (damen,) = side.categories
    assert damen.name == "Damen"
    lines = [(line.row.player.name, line.place, line.tied, line.row.rank) for line in damen.lines]
    assert lines[0] == (roles["3C"].name, 1, False, 1)
    assert sorted(lines[1:3]) == sorted(
        [(roles["1B"].name, 2, True, 6), (roles["1D"].name, 2, True, 6)]
    )
    assert lines[3] == (roles["2A"].name, 4, False, 12)


def test_a_withdrawn_player_counts_as_the_standings_keep_him(evening, organiser):
    """Withdrawn after round 1, 3A keeps his 2 Striche in the standings, so SV Adler keeps its
    3 (flagged); the substitute außer Konkurrenz never counts (Wolfach stays short)."""
    tournament, roles = evening
    services.player_withdraw(player=roles["3A"], by=organiser)
    tournament.refresh_from_db()
    side = side_rankings(tournament, tournament_standings(tournament))
    assert groups(side.clubs) == CLUB_RANKING
    adler = next(row for row in side.clubs.rows if row.name == "SV Adler")
    assert [m.withdrawn for m in adler.members if m.name == roles["3A"].name] == [True]


def test_more_is_better_where_the_game_says_so():
    """Outside Hintersche the sum is ranked as the standings rank (``metric_ascending`` False:
    the higher sum first); a short group still comes last."""
    from tournaments.side_rankings import group_ranking
    from tournaments.standings import Entrant, Row

    def row(pk: int, rank: int, total: int) -> Row:
        return Row(player=Entrant(pk, f"P{pk}"), total=total, rank=rank)

    ranking = group_ranking(
        "club",
        2,
        {
            "A": [row(1, 1, 30), row(2, 4, 10)],
            "B": [row(3, 2, 25), row(4, 3, 20)],
            "C": [row(5, 5, 40)],
        },
        ascending=False,
    )
    assert groups(ranking) == [(1, "B", 45, 2), (2, "A", 40, 2), (None, "C", 40, 1)]


def test_the_public_tab_shows_them_and_the_standings_link_to_it(client, evening):
    tournament, roles = evening
    standings = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    address = reverse("side-rankings", args=[tournament.slug])
    assert f'href="{address}"' in standings
    response = client.get(address)
    html = response.content.decode()
    assert response.status_code == 200 and response["ETag"]
    assert shown_groups(html, "club-ranking-heading") == [
        ("1", "Schapbach", 2),
        ("2=", "Rippoldsau", 3),
        ("2=", "SV Adler", 3),
        ("–", "Wolfach", 0),
    ]
    assert "only 2 of 3" in html
    assert shown_groups(html, "team-ranking-heading") == [
        ("1", "Stammtisch", 3),
        ("2", "Kreidefüchse", 8),
        ("–", "Trumpf Ass", 0),
    ]
    assert "<h2>Damen</h2>" in html
    assert "Aushilfe Wirt" not in html
    assert f'href="{reverse("player-detail", args=[tournament.slug, roles["3C"].pk])}"' in html
    partial = client.get(address, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in partial and 'id="side-rankings"' in partial


@pytest.mark.german
def test_the_public_tab_speaks_german(client, evening):
    tournament, _roles = evening
    html = client.get(reverse("side-rankings", args=[tournament.slug])).content.decode()
    assert "Vereinswertung" in html and "Mannschaftswertung" in html
    assert "nur 2 von 3" in html


def test_without_side_rankings_there_is_no_tab(client, make_tournament):
    tournament = make_tournament(players=4)
    html = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert reverse("side-rankings", args=[tournament.slug]) not in html


def test_while_the_standings_are_hidden_the_side_rankings_are_too(client, evening, organiser):
    """Hidden from round 2: once round 2 is drawn and a Schapbach player takes a Strich, the
    public page still shows the club ranking after round 1 (Schapbach 2); the desk shows it live
    (3). Shown again at the prize-giving, the public page shows it live too."""
    tournament, roles = evening
    services.tournament_settings(tournament=tournament, by=organiser, standings_hidden_from_round=2)
    second = services.round_draw(
        tournament=tournament,
        method="random",
        seed=2,
        sitting_out=[tournament.players.get(name="Aushilfe Wirt").pk],
    )
    seat = Seat.objects.select_related("table").get(table__round=second, player=roles["2B"])
    record(seat.table, strich_to(seat.label))
    address = reverse("side-rankings", args=[tournament.slug])
    html = client.get(address).content.decode()
    assert ("1", "Schapbach", 2) in shown_groups(html, "club-ranking-heading")
    assert "From round 2 on the standings stay hidden" in html
    assert "After round 2" not in html
    client.force_login(organiser)
    desk = client.get(reverse("desk-side-rankings", args=[tournament.slug])).content.decode()
    schapbach = [g for g in shown_groups(desk, "club-ranking-heading") if g[1] == "Schapbach"]
    assert schapbach == [(schapbach[0][0], "Schapbach", 3)]
    client.logout()
    services.standings_reveal(tournament=Tournament.objects.get(pk=tournament.pk), by=organiser)
    html = client.get(address).content.decode()
    assert [g for g in shown_groups(html, "club-ranking-heading") if g[1] == "Schapbach"][0][2] == 3


def test_the_public_page_costs_a_fixed_number_of_queries(
    client, evening, django_assert_num_queries
):
    """Guards against a query per club, team or player: cold, the tournament (with whether a
    category or team has players), the round tabs, the standings' five and the side rankings'
    two (the clubs; the categories' and teams' players); warm (the rankings and the tabs in the
    cache), the tournament alone; unchanged, a 304 from the tournament alone."""
    tournament, _roles = evening
    address = reverse("side-rankings", args=[tournament.slug])
    with django_assert_num_queries(9):
        first = client.get(address)
    with django_assert_num_queries(1):
        assert client.get(address).status_code == 200
    with django_assert_num_queries(1):
        again = client.get(address, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304


def test_the_pdf_reads_back_with_the_hand_worked_figures(evening):
    tournament, roles = evening
    text = pdf_text(CATALOGUE["side-rankings"].build(tournament, None, ""))
    assert "Club ranking" in text and "Team ranking" in text and "Damen" in text
    # Each club: its place, its name, its players (place overall: total), then its sum.
    assert re.search(
        r"1 Schapbach .*?\) 2 2= Rippoldsau .*?\) 3 "
        r"2= SV Adler .*?\(place 12: 4, does not count\) 3 "
        r"– Wolfach only 2 of 3 .*?\) 0 Team ranking",
        text,
    )
    assert re.search(
        r"1 Stammtisch .*?\) 3 2 Kreidefüchse .*?\) 8 – Trumpf Ass only 3 of 4 .*?\) 0 Damen", text
    )
    assert f"{roles['2A'].name} (place 12: 4, does not count)" in text


def test_the_championship_report_holds_them(evening):
    from tournaments.printing.report import championship_report_pdf

    text = pdf_text(championship_report_pdf(evening[0]))
    assert re.search(
        r"Club ranking .*1 Schapbach .*?\) 2 2= .*Team ranking .*1 Stammtisch .*?\) 3 ", text
    )


def test_a_category_prize_cannot_go_to_a_team(evening, organiser):
    from django.core.exceptions import ValidationError

    tournament, _roles = evening
    team = tournament.prize_categories.get(name="Stammtisch")
    with pytest.raises(ValidationError) as refused:
        services.prize_add(
            tournament=tournament, kind="category", category=team, goods="Pokal", by=organiser
        )
    assert refused.value.error_dict["category"][0].code == "CATEGORY_IS_TEAM"


def test_the_settings_page_sets_the_clubs_best_n(desk, make_tournament):
    tournament = make_tournament(players=4)
    page = reverse("tournament-settings", args=[tournament.slug])
    assert 'name="club_ranking_best"' in desk.get(page).content.decode()
    saved = desk.post(
        page, {"planned_rounds": "4", "club_ranking_best": "3", "team_ranking_best": "5"}
    )
    assert saved.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.club_ranking_best, tournament.team_ranking_best) == (3, 5)
    refused = desk.post(page, {"planned_rounds": "4", "club_ranking_best": "0"})
    assert refused.status_code == 400


def test_the_prizes_page_adds_a_team_and_the_desk_shows_its_ranking(desk, make_tournament):
    tournament = make_tournament(players=4)
    prizes = reverse("prizes", args=[tournament.slug])
    added = desk.post(
        reverse("prize-category-add", args=[tournament.slug]),
        {"name": "Stammtisch", "category_kind": "team"},
    )
    assert added.status_code == 302
    team = tournament.prize_categories.get()
    assert (team.name, team.kind) == ("Stammtisch", "team")
    page = desk.get(prizes).content.decode()
    assert "Categories and teams" in page and "(team)" in page
    assert f'<option value="{team.pk}"' not in page  # no special prize for a team
    services.prize_category_assign(category=team, players=tournament.players.all(), by=None)
    html = desk.get(reverse("desk-side-rankings", args=[tournament.slug])).content.decode()
    assert shown_groups(html, "team-ranking-heading") == [("1", "Stammtisch", 0)]


def test_a_club_ranking_without_clubs_says_so_and_shows_no_empty_table(client, make_tournament):
    tournament = make_tournament(players=4)
    services.tournament_settings(tournament=tournament, by=None, club_ranking_best=3)
    html = client.get(reverse("side-rankings", args=[tournament.slug])).content.decode()
    assert "This tournament has no side rankings." in html
    assert 'id="club-ranking"' not in html
