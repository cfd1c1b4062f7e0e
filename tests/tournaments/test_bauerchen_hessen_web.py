"""Hessian Bauerchen through the web layer: the table page's form (the winning team as two big
choices; the five tricks, dealer and trumps folded away), deals posted as the form posts them,
errors beside their fields, the Striche on the slate, standings by Stauzewecke and the result
sheet.

Expected figures are worked out by hand from the Scoring specification §2.10: each team starts
a game with five Striche; the deal winner erases one and the loser adds one; the first team at
0 gets a Nullchen and each losing player owes one Stauzeweck (+1 per winning
player, −1 per losing player). One game is a match by default, so the Nullchen ends the unit."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.helpers import seat_players
from tournaments import services
from tournaments.models import Deal
from tournaments.standings import tournament_standings

NS_WINS = {"winner_team": "NS"}


def tricks(*teams: str) -> dict[str, str]:
    """The form's POST data for the five trick winners."""
    return {f"trick_winners.{i}": team for i, team in enumerate(teams)}


def striche(html: str) -> dict[str, int]:
    """Each team's Striche on the slate: the chalk marks drawn, checked against the count."""
    found = {}
    for team in ("NS", "EW"):
        row = re.search(rf'<tr class="team team-{team}">(.*?)</tr>', html, re.S).group(1)
        marks = row.count('class="strich"')
        count = int(re.search(r'<span class="count">(\d+)</span>', row).group(1))
        assert marks == count
        found[team] = marks
    return found


@pytest.fixture
def h_table(make_tournament):
    tournament = make_tournament(players=4, game="bauerchen_hessen", name="Bauerchen in Dillenburg")
    return services.round_draw(tournament=tournament, seed=1).tables.get()


def _play_a_game(table) -> None:
    """Five deals won by NS: 5:5 → 4:6 → 3:7 → 2:8 → 1:9 → 0:10, a Nullchen for NS."""
    for _ in range(5):
        services.deal_record(table=table, entry=NS_WINS, by=None, via="test")


def test_table_page_has_the_short_form_first(client, h_table):
    html = client.get(h_table.get_absolute_url()).content.decode()
    for name in seat_players(h_table).values():
        assert name in html
    assert html.count('name="winner_team"') == 2  # NS and EW, two big choices
    assert html.index('name="winner_team"') < html.index("<details")
    for i in range(5):
        assert html.index("<details") < html.index(f'name="trick_winners.{i}"')
    assert 'name="dealer"' in html and 'name="trump"' in html
    assert striche(html) == {"NS": 5, "EW": 5}  # +++++ each at the start


def test_a_won_deal_moves_a_strich_from_winner_to_loser(client, h_table):
    response = client.post(h_table.get_absolute_url(), NS_WINS)
    assert response.status_code == 302
    assert Deal.objects.get(table=h_table).entry == {"winner_team": "NS"}
    html = client.get(h_table.get_absolute_url()).content.decode()
    # 5:5, NS erases one and EW adds one: NS 4, EW 6.
    assert striche(html) == {"NS": 4, "EW": 6}
    assert "(NS) win the deal." in html and "Striche NS 4 : EW 6." in html


def test_the_tricks_decide_the_deal(client, h_table):
    client.post(h_table.get_absolute_url(), NS_WINS)
    # Tricks 1–2 split, EW takes all of the last three: EW wins, back to 5:5.
    response = client.post(h_table.get_absolute_url(), tricks("NS", "EW", "EW", "EW", "EW"))
    assert response.status_code == 302
    html = client.get(h_table.get_absolute_url()).content.decode()
    assert striche(html) == {"NS": 5, "EW": 5}
    assert "win the deal with the last three tricks" in html
    # Both of the first two win, even when the other team takes the last three (§2.10 [R]).
    client.post(h_table.get_absolute_url(), tricks("EW", "EW", "NS", "NS", "NS"))
    html = client.get(h_table.get_absolute_url()).content.decode()
    assert striche(html) == {"NS": 6, "EW": 4}


def test_a_split_deal_has_no_result_and_says_so(client, h_table):
    response = client.post(
        h_table.get_absolute_url(), tricks("NS", "EW", "NS", "EW", "EW"), follow=True
    )
    html = response.content.decode()
    assert Deal.objects.filter(table=h_table).count() == 1
    assert "the deal has no result and changes nothing" in html  # the NO_RESULT warning
    assert striche(html) == {"NS": 5, "EW": 5}


def test_htmx_post_returns_the_partial_only(client, h_table):
    response = client.post(h_table.get_absolute_url(), NS_WINS, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="table-main"' in html
    assert striche(html) == {"NS": 4, "EW": 6}


@pytest.mark.parametrize(
    ("post", "error_id", "message"),
    [
        ({}, "err_winner_team", "Say which team won the deal"),
        ({"winner_team": "XY"}, "err_winner_team", "Choose a team (NS, EW)"),
        (
            tricks("NS", "NS"),
            "err_trick_winners",
            "2 trick winners entered, but a deal has 5 tricks",
        ),
        (
            {"winner_team": "EW", **tricks("NS", "NS", "EW", "EW", "EW")},
            "err_winner_team",
            "The tricks entered do not give this team the deal",
        ),
        ({"winner_team": "NS", "dealer": "Q"}, "err_dealer", "Choose the dealer."),
    ],
)
def test_bad_input_gets_a_clear_message_and_saves_nothing(client, h_table, post, error_id, message):
    for headers in ({}, {"HX-Request": "true"}):
        response = client.post(h_table.get_absolute_url(), post, headers=headers)
        html = response.content.decode()
        assert response.status_code == 422
        assert message in html
        assert f'id="{error_id}"' in html and 'role="alert"' in html
        assert 'aria-invalid="true"' in html
    assert not Deal.objects.filter(table=h_table).exists()
    if post.get("winner_team") in ("NS", "EW"):
        assert f'value="{post["winner_team"]}" checked' in html  # the choice is still there


def test_correcting_the_last_deal_keeps_the_old_version(client, h_table):
    client.post(h_table.get_absolute_url(), NS_WINS)
    url = reverse("table-correct", args=[h_table.token])
    assert 'value="NS" checked' in client.get(url).content.decode()
    response = client.post(url, {"winner_team": "EW", "reason": "wrong team"})
    assert response.status_code == 302
    deal = Deal.objects.get(table=h_table)
    assert deal.revision == 2 and deal.entry == {"winner_team": "EW"}
    html = client.get(h_table.get_absolute_url()).content.decode()
    assert striche(html) == {"NS": 6, "EW": 4}


def test_a_nullchen_ends_the_match_and_fills_the_ledger(client, h_table):
    _play_a_game(h_table)
    html = client.get(h_table.get_absolute_url()).content.decode()
    assert "a Nullchen, game 1 won!" in html
    assert "This table has finished its round" in html and 'name="winner_team"' not in html
    # New game's slate 5:5; NS have one Nullchen; N and S +1 Stauzeweck, E and W −1.
    assert striche(html) == {"NS": 5, "EW": 5}
    assert re.search(r'team-NS">.*?class="num games">1<', html, re.S)
    assert re.search(r'team-EW">.*?class="num games">0<', html, re.S)
    for seat, owed in (("N", "1"), ("S", "1"), ("E", "-1"), ("W", "-1")):
        assert f'class="num ledger-{seat}">{owed}<' in html


def test_standings_rank_by_stauzewecke(client, h_table):
    _play_a_game(h_table)
    players = seat_players(h_table)
    tournament = h_table.round.tournament
    html = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    order = sorted(players.values(), key=html.index)
    assert set(order[:2]) == {players["N"], players["S"]}
    assert "Nullchen won" in html and "Deal difference" in html
    rows = {r.player.name: r for r in tournament_standings(tournament).rows}
    # NS: +1 Stauzeweck each, 1 Nullchen, deals 5 won − 0 lost; EW −1, 0, −5.
    assert rows[players["N"]].total == 1 and rows[players["E"]].total == -1
    assert rows[players["S"]].figure("games_won") == 1
    assert rows[players["W"]].figure("deal_diff") == -5


def test_result_sheet_pdf_names_players_and_figures(desk, h_table):
    _play_a_game(h_table)
    tournament = h_table.round.tournament
    response = desk.get(reverse("result-sheet", args=[tournament.slug]))
    assert response["Content-Type"] == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert tournament.name in text
    text = " ".join(text.split())  # the narrow name column wraps the names
    for name in seat_players(h_table).values():
        assert name in text
    assert "Stauzewecke" in text and "-5" in text  # EW's deal difference


def test_house_rules_form_offers_the_option(desk):
    html = desk.get(reverse("tournament-create")).content.decode()
    assert "bauerchen_hessen-games_per_match" in html
    assert "Games (Nullchen) in a match" in html
