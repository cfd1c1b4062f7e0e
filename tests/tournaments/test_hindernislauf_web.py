"""Hindernislauf through the web layer: the table page with the card keypad, deals posted as the
form posts them (``plays[]`` as space-separated card identifiers, ``face_up[]``, ``points.X``),
errors beside their fields, corrections, standings by Σ points and the result sheet.

Expected figures come from the worked examples of the Scoring specification §5.9 (HL-1: A −3,
B −1, C 0, D −1; hits 0/1/1/1, skips 3/2/1/2; C wins)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.helpers import seat_players
from tournaments import services
from tournaments.models import Deal
from tournaments.standings import tournament_standings

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "hindernislauf"


def golden_entry(example: str) -> dict:
    data = json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))
    return data["deals"][0]["entry"]


HL1 = golden_entry("hl1")
HL3 = golden_entry("hl3")


def plays_post(entry: dict, **extra: str) -> dict[str, str]:
    """The form's POST for a full entry: the dealer, ``face_up[]`` and ``plays[]`` as text."""
    post = {"dealer": entry["dealer"], "plays[]": " ".join(entry["plays"])}
    if entry.get("face_up"):
        post["face_up[]"] = " ".join(entry["face_up"])
    post.update(extra)
    return post


@pytest.fixture
def hl_table(make_tournament):
    tournament = make_tournament(players=4, game="hindernislauf", name="Hindernislauf-Abend")
    return services.round_draw(tournament=tournament, seed=1).tables.get()


@pytest.fixture
def hl_table3(make_tournament):
    tournament = make_tournament(players=3, game="hindernislauf", name="Zu dritt")
    return services.round_draw(tournament=tournament, seed=1).tables.get()


def test_table_page_has_keypad_text_field_and_points(client, hl_table):
    html = client.get(hl_table.get_absolute_url()).content.decode()
    assert 'name="plays[]"' in html and "data-hl-keypad" in html
    assert "js/hindernislauf.js" in html
    # No inline scripts (content security policy): every script tag loads a file.
    assert html.count("<script") == html.count("<script src=")
    for seat, name in seat_players(hl_table).items():
        assert name in html
        assert f'name="points.{seat}"' in html
    # Four players: no face-up cards; the first dealer is the last seat, D.
    assert 'name="face_up[]"' not in html
    assert '<option value="D" selected>' in html


def test_a_three_player_table_asks_for_face_up_cards(client, hl_table3):
    html = client.get(hl_table3.get_absolute_url()).content.decode()
    assert 'name="face_up[]"' in html
    assert '<option value="C" selected>' in html


def test_entering_the_cards_shows_the_slate_card_by_card(client, hl_table):
    response = client.post(hl_table.get_absolute_url(), plays_post(HL1))
    assert response.status_code == 302
    deal = Deal.objects.get(table=hl_table)
    assert deal.entry["plays"] == HL1["plays"] and deal.entry["dealer"] == "D"
    html = client.get(hl_table.get_absolute_url()).content.decode()
    players = seat_players(hl_table)
    # HL-1: A −3 (0 hits, 3 skips); card 10: B's ♣A 46 → 57 jumps over 55; card 21:
    # 110 → 121, new series.
    assert f"{players['A']}: -3 (0 hit(s), 3 skip(s))." in html
    assert '<td class="num">57</td>\n            <td>−1 (over 55)</td>' in html
    assert '<td class="num">121</td>' in html and "new series at 0" in html
    assert f"{players['C']} won the deal with 0." in html
    assert "Hindernislauf · deal 1 of 4" in html
    # The slate: C's row (points 0, hits 1, skips 1, 1 deal won) is marked as the winner.
    assert 'class="hl-winner"' in html


def test_htmx_post_returns_the_partial_only(client, hl_table):
    response = client.post(
        hl_table.get_absolute_url(), plays_post(HL1), headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="table-main"' in html
    assert "new series at 0" in html


def test_points_only_entry(client, hl_table):
    post = {"points.A": "-3", "points.B": "-1", "points.C": "0", "points.D": "-1"}
    assert client.post(hl_table.get_absolute_url(), post).status_code == 302
    html = client.get(hl_table.get_absolute_url()).content.decode()
    assert "The last deal was entered as points only." in html
    assert "its hits and skips are not known" in html


@pytest.mark.parametrize(
    ("post", "error_id", "message"),
    [
        (
            plays_post(HL1, **{"plays[]": " ".join(HL1["plays"]).replace("♣Q+", "♣Q")}),
            "err_plays",
            "Say whether ♣Q counted +3 or −3",
        ),
        (
            plays_post(HL1, **{"plays[]": " ".join(HL1["plays"]).replace("♦7", "♦6")}),
            "err_plays",
            "“♦6” is not a card of the Skat pack",
        ),
        (
            plays_post(HL1, **{"plays[]": " ".join(HL1["plays"][:31])}),
            "err_plays",
            "31 cards entered, but 32 are played in this deal.",
        ),
        (
            plays_post(
                HL1, **{"points.A": "-3", "points.B": "-1", "points.C": "0"}, **{"points.D": "0"}
            ),
            "err_points_D",
            "The cards played give -1 points here, not 0.",
        ),
        (
            {"points.A": "9", "points.B": "0", "points.C": "0", "points.D": "0"},
            "err_points_A",
            "between -8 and 8",
        ),
        (
            {"points.A": "drei", "points.B": "0", "points.C": "0", "points.D": "0"},
            "err_points_A",
            "Enter a whole number.",
        ),
        (  # a seat left blank: the message stands beside that seat's field
            {"points.A": "0", "points.B": "0", "points.D": "0"},
            "err_points_C",
            "Enter the cards played, or the points of every player.",
        ),
    ],
)
def test_bad_input_gets_a_clear_message_and_saves_nothing(
    client, hl_table, post, error_id, message
):
    response = client.post(hl_table.get_absolute_url(), post, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 422
    assert message in html
    assert f'id="{error_id}"' in html
    assert not Deal.objects.filter(table=hl_table).exists()
    if "plays[]" in post:  # what was typed is still there
        assert post["plays[]"].split()[0] in html


def test_face_up_missing_at_three(client, hl_table3):
    post = {"dealer": "C", "plays[]": " ".join(HL3["plays"])}
    response = client.post(hl_table3.get_absolute_url(), post)
    html = response.content.decode()
    assert response.status_code == 422
    assert "With 3 players the two undealt cards lie face up" in html
    assert 'id="err_face_up"' in html
    assert client.post(hl_table3.get_absolute_url(), plays_post(HL3)).status_code == 302


def test_correcting_the_last_deal_keeps_the_old_version(client, hl_table):
    client.post(
        hl_table.get_absolute_url(),
        {"points.A": "-3", "points.B": "-1", "points.C": "0", "points.D": "-1"},
    )
    url = reverse("table-correct", args=[hl_table.token])
    form = client.get(url).content.decode()
    assert 'value="-3"' in form
    response = client.post(url, {**plays_post(HL1), "reason": "the cards were kept"})
    assert response.status_code == 302
    deal = Deal.objects.get(table=hl_table)
    assert deal.revision == 2 and deal.entry["plays"] == HL1["plays"]
    assert list(deal.revisions.values_list("entry__points__A", flat=True)) == [-3, None]
    # The correction form refills the plays as one space-separated text.
    form = client.get(url).content.decode()
    assert " ".join(HL1["plays"][:3]) in form


def _play_round(table) -> None:
    """HL-1 dealt by D, then three points-only deals by A, B, C (the rotation):
    deal 2 A +2 B 0 C 0 D −1; deal 3 all 0; deal 4 A −1 B +1 C 0 D 0.
    Totals: A −3 + 2 + 0 − 1 = −2; B −1 + 0 + 0 + 1 = 0; C 0; D −1 − 1 = −2.
    B and C tie on 0: hits B 1, C 1; skips B 2, C 1 → C first (fewer skips)."""
    services.deal_record(table=table, entry=HL1, by=None, via="test")
    for points in (
        {"A": 2, "B": 0, "C": 0, "D": -1},
        {"A": 0, "B": 0, "C": 0, "D": 0},
        {"A": -1, "B": 1, "C": 0, "D": 0},
    ):
        services.deal_record(table=table, entry={"points": points}, by=None, via="test")


def test_the_round_ends_after_every_player_dealt_once(client, hl_table):
    _play_round(hl_table)
    page = client.get(hl_table.get_absolute_url()).content.decode()
    assert "This table has finished its round" in page and 'name="plays[]"' not in page


def test_standings_rank_most_points_first_then_fewer_skips(client, hl_table):
    _play_round(hl_table)
    players = seat_players(hl_table)
    html = client.get(reverse("standings", args=[hl_table.round.tournament.slug])).content.decode()
    order = sorted(players.values(), key=html.index)
    assert order[:2] == [players["C"], players["B"]]
    assert set(order[2:]) == {players["A"], players["D"]}
    assert "Skips" in html and "Hits" in html
    rows = {r.player.name: r for r in tournament_standings(hl_table.round.tournament).rows}
    assert (rows[players["C"]].rank, rows[players["B"]].rank) == (1, 2)  # not by lot
    assert rows[players["C"]].total == 0 and rows[players["A"]].total == -2


def test_result_sheet_pdf_names_players_and_figures(desk, hl_table):
    _play_round(hl_table)
    tournament = hl_table.round.tournament
    response = desk.get(reverse("result-sheet", args=[tournament.slug]))
    assert response["Content-Type"] == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    players = seat_players(hl_table)
    assert tournament.name in text
    for name in players.values():
        assert name in text
    assert f"1 {players['C']}" in text
    assert "-2" in text  # A's and D's points


def test_house_rules_form_offers_the_options(desk):
    html = desk.get(reverse("tournament-create")).content.decode()
    assert "hindernislauf-ace_value" in html
    assert "Bonus points for the card that reaches 120" in html
    assert "a new series starts at 0" in html
