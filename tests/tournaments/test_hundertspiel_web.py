"""Hundertspiel through the web layer: a tournament of four at one table plays HS-1 and HS-5
(Scoring specification §3.12) through the table page; errors beside their fields, a correction,
the standings by net Marken and the result sheet."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.helpers import seat_players
from tournaments import services
from tournaments.models import Deal
from tournaments.standings import tournament_standings

# HS-1 as the table's form posts it: deal 1 itemised, deal 2 as slate points, deal 3 with a claim.
HS1_POSTS = [
    {
        "dealer": "A",
        "card_points.AC": "40",
        "card_points.BD": "32",
        "last_trick": "BD",
        "declarations.0.player": "C",
        "declarations.0.kind": "kings3",
        "declarations.1.player": "",
        "declarations.1.kind": "",
        "do_tricks.0.trick": "4",
        "do_tricks.0.player": "B",
    },
    {
        "dealer": "B",
        "points.AC": "40",
        "points.BD": "44",
    },
    {
        "dealer": "C",
        "points.AC": "51",
        "points.BD": "43",
        "end.claimant": "BD",
        "end.old.AC": "9",
        "end.old.BD": "16",
    },
]

# HS-5 as the engine's entries (deal 3 a confirmed false claim).
HS5 = [
    {"dealer": "A", "points": {"AC": 76, "BD": 52}},
    {"dealer": "B", "points": {"AC": 36, "BD": 58}},
    {
        "dealer": "C",
        "points": {"AC": 46, "BD": 32},
        "end": {"claimant": "BD", "old": {"AC": 11, "BD": 24}},
        "confirm_false_claim": True,
    },
]


@pytest.fixture
def hs_table(make_tournament):
    tournament = make_tournament(game="hundertspiel", name="Hundertspiel im Adler")
    return services.round_draw(tournament=tournament, seed=1).tables.get()


def test_the_form_offers_minimal_and_full_entry(client, hs_table):
    html = client.get(hs_table.get_absolute_url()).content.decode()
    for name in seat_players(hs_table).values():
        assert name in html
    for field in (
        "dealer",
        "points.AC",
        "points.BD",
        "card_points.AC",
        "last_trick",
        "declarations.0.kind",
        "do_tricks.0.trick",
        "announcement.player",
        "end.claimant",
        "end.old.BD",
        "confirm_false_claim",
    ):
        assert f'name="{field}"' in html, field
    assert 'inputmode="numeric"' in html
    assert "Recontra" not in html  # contra_levels = 1 by default


def test_playing_hs1_fills_the_slate(client, hs_table):
    url = hs_table.get_absolute_url()
    assert client.post(url, HS1_POSTS[0]).status_code == 302
    html = client.get(url).content.decode()
    # AC 40 + C's 3 Kings 6 = 46; BD 32 + last trick 6 + B's Do trick 10 = 48.
    assert "AC: 46 points" in html and "BD: 48 points" in html
    # The dealer rotates to the left: B is preselected for deal 2.
    assert '<option value="B" selected>' in html
    response = client.post(url, HS1_POSTS[1], headers={"HX-Request": "true"})
    assert response.status_code == 200
    partial = response.content.decode()
    assert "<html" not in partial and 'id="table-main"' in partial
    assert "AC: 86 points" in partial and "BD: 92 points" in partial
    assert client.post(url, HS1_POSTS[2]).status_code == 302
    html = client.get(url).content.decode()
    # BD out at 95 : 108, single Marke; alt und neu: new game 42 : 27.
    assert "AC: 42 points" in html and "BD: 27 points" in html
    assert "Partie 2" in html and "+1" in html and "-1" in html
    assert "BD declared out" in html and "Alt und neu" in html
    deal = Deal.objects.get(table=hs_table, number=1)
    assert deal.entry["declarations"] == [{"player": "C", "kind": "kings3"}]
    assert deal.entry["do_tricks"] == [{"trick": 4, "player": "B"}]


@pytest.mark.parametrize(
    ("deals", "post", "field", "message"),
    [
        (
            0,
            {"dealer": "A", "points.AC": "45", "points.BD": "36"},
            "points",
            "leaves an odd number",
        ),
        (
            0,
            {"dealer": "A", "card_points.AC": "40", "card_points.BD": "30", "last_trick": "BD"},
            "card_points",
            "These add up to 70",
        ),
        (
            0,
            {"dealer": "A", "card_points.AC": "71", "card_points.BD": "1", "last_trick": "AC"},
            "card_points.AC",
            "No deal gives exactly 71",
        ),
        (
            0,
            {"dealer": "A", "points.AC": "zehn", "points.BD": "36"},
            "points.AC",
            "Enter a whole number.",
        ),
        (
            0,
            {
                "dealer": "A",
                "points.AC": "40",
                "points.BD": "38",
                "announcement.player": "D",
                "announcement.type": "52",
                "announcement.contra": "2",
            },
            "announcement.contra",
            "Recontra and Supracontra need three Contra levels",
        ),
        (
            2,
            {
                "dealer": "C",
                "points.AC": "51",
                "points.BD": "43",
                "end.claimant": "BD",
                "end.old.AC": "9",
                "end.old.BD": "50",
            },
            "end.old.BD",
            "points before the claim",
        ),
        (
            0,
            {
                "dealer": "A",
                "points.AC": "30",
                "points.BD": "48",
                "end.claimant": "AC",
                "end.old.AC": "20",
                "end.old.BD": "10",
            },
            "end.claimant",
            "At the claim they had 20, not 100",
        ),
    ],
)
def test_a_bad_entry_is_refused_beside_its_field(client, hs_table, deals, post, field, message):
    for earlier in HS1_POSTS[:deals]:
        assert client.post(hs_table.get_absolute_url(), earlier).status_code == 302
    response = client.post(hs_table.get_absolute_url(), post, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 422
    assert message in html
    assert f'id="err_{field.replace(".", "_")}"' in html
    assert Deal.objects.filter(table=hs_table).count() == deals


def test_correcting_the_claim_keeps_the_old_version(client, hs_table):
    for post in HS1_POSTS:
        client.post(hs_table.get_absolute_url(), post)
    url = reverse("table-correct", args=[hs_table.token])
    form = client.get(url).content.decode()
    assert 'name="end.old.BD"' in form and 'value="16"' in form
    fixed = {**HS1_POSTS[2], "end.old.AC": "11", "end.old.BD": "20"}
    assert client.post(url, fixed).status_code == 422  # no reason given
    response = client.post(url, {**fixed, "reason": "counted the Cavall twice"})
    assert response.status_code == 302
    deal = Deal.objects.get(table=hs_table, number=3)
    assert deal.revision == 2 and deal.entry["end"]["old"] == {"AC": 11, "BD": 20}
    assert [r["entry"]["end"]["old"]["BD"] for r in deal.revisions.values("entry")] == [16, 20]
    # New game: 51 - 11 = 40 and 43 - 20 = 23.
    html = client.get(hs_table.get_absolute_url()).content.decode()
    assert "AC: 40 points" in html and "BD: 23 points" in html


def _play_hs5(table) -> None:
    for entry in HS5:
        services.deal_record(table=table, entry=entry, by=None, via="test")


def test_hs5_finishes_the_round(client, hs_table):
    _play_hs5(hs_table)  # two parties decided: the default round
    html = client.get(hs_table.get_absolute_url()).content.decode()
    assert "This table has finished its round" in html
    assert "False claim" in html


def test_standings_rank_by_net_marken(client, hs_table):
    _play_hs5(hs_table)  # A +2, B -2, C +2, D -2
    players = seat_players(hs_table)
    tournament = hs_table.round.tournament
    rows = {row.player.name: row.total for row in tournament_standings(tournament).rows}
    assert rows == {players["A"]: 2, players["B"]: -2, players["C"]: 2, players["D"]: -2}
    html = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    winners = sorted([players["A"], players["C"]], key=html.index)
    losers = sorted([players["B"], players["D"]], key=html.index)
    assert html.index(winners[-1]) < html.index(losers[0])


def test_result_sheet_names_players_and_figures(desk, hs_table):
    _play_hs5(hs_table)
    tournament = hs_table.round.tournament
    response = desk.get(reverse("result-sheet", args=[tournament.slug]))
    assert response["Content-Type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    assert tournament.name in text
    for name in seat_players(hs_table).values():
        assert name in text
    assert "+2" in text and "-2" in text


def test_three_players_get_a_table_of_three(client, make_tournament):
    tournament = make_tournament(
        players=3, game="hundertspiel", name="Zu dritt", variant={"variant": "three"}
    )
    table = services.round_draw(tournament=tournament, seed=3).tables.get()
    url = table.get_absolute_url()
    html = client.get(url).content.decode()
    assert 'name="points.A"' in html and 'name="points.C"' in html and "points.D" not in html
    post = {"dealer": "A", "points.A": "60", "points.B": "10", "points.C": "8"}
    assert client.post(url, post).status_code == 302
    assert "A: 60 points" in client.get(url).content.decode()


def test_the_house_rules_form_offers_the_options(desk):
    page = desk.get(reverse("tournament-create")).content.decode()
    assert "hundertspiel-contra_levels" in page and "hundertspiel-parties_per_round" in page
    assert "three players, each for himself" in page and "four players with Scat" in page


def test_the_scat_game_enters_its_contract(client, make_tournament):
    """§3.8a: the form of a scat4 table asks for the contract; C's Bastoni 26 with Contra, made
    with the Do in trick 8, pays 4 × 2 = 8 Marken per player to AC (40 + 6 + 20 = 66 points)."""
    tournament = make_tournament(game="hundertspiel", name="Mit Scat", variant={"variant": "scat4"})
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    url = table.get_absolute_url()
    html = client.get(url).content.decode()
    for field in ("contract.player", "contract.suit", "contract.from_hand", "scat_points"):
        assert f'name="{field}"' in html, field
    post = {
        "dealer": "A",
        "card_points.AC": "40",
        "card_points.BD": "32",
        "last_trick": "AC",
        "do_tricks.0.trick": "8",
        "do_tricks.0.player": "C",
        "contract.player": "C",
        "contract.suit": "bastoni",
        "contract.from_hand": "",
        "scat_points": "7",
        "announcement.player": "C",
        "announcement.type": "26",
        "announcement.contra": "1",
        "announcement.made": "true",
    }
    assert client.post(url, post).status_code == 302
    html = client.get(url).content.decode()
    assert "AC: 66 points" in html and "(Bastoni)" in html and "+8" in html
    deal = Deal.objects.get(table=table, number=1)
    assert deal.entry["contract"] == {"player": "C", "suit": "bastoni"}
    bad = {**post, "dealer": "B", "contract.suit": "herz"}
    response = client.post(url, bad, headers={"HX-Request": "true"})
    assert response.status_code == 422 and 'id="err_contract_suit"' in response.content.decode()


def test_the_basic_form_has_no_contract(client, hs_table):
    assert 'name="contract.player"' not in client.get(hs_table.get_absolute_url()).content.decode()
