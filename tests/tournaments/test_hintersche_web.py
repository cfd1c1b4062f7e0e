"""Hintersche through the table page: a round that is a whole rubber goes on after game 1."""

from __future__ import annotations

import re

import pytest

from tests.helpers import points_post, seat_players
from tests.scoring.helpers import golden_entries
from tournaments import services
from tournaments.models import Deal


def _game_field(html: str) -> str | None:
    """The value of the form's hidden ``game`` field, None without one."""
    found = re.search(r'<input type="hidden" name="game" value="(\d+)">', html)
    return found[1] if found else None


@pytest.mark.parametrize("auto_new_game", [True, False])
def test_a_rubber_round_goes_on_to_game_2(client, make_tournament, auto_new_game):
    # tournament_round = rubber: the round at the table is the whole rubber (Scoring
    # specification §1.6). H-5 game 1: A takes the most four times and is left alone, B C D sit
    # out with clean slates, so A loses game 1 at once; game 2 starts with all four players.
    variant = {"tournament_round": "rubber", "auto_new_game": auto_new_game}
    tournament = make_tournament(variant=variant, name="Ganzer Rubber")
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    url = table.get_absolute_url()
    for entry in golden_entries("h5")[:4]:
        assert client.post(url, points_post(**entry["points"])).status_code == 302

    html = client.get(url).content.decode()
    for seat in "ABCD":
        assert f'name="points.{seat}"' in html
    # The first deal of a game names it, as H-V9 asks without auto_new_game.
    assert _game_field(html) == "2"

    post = {"game": "2", **points_post(A=52, B=30, C=18, D=40)}
    assert client.post(url, post).status_code == 302
    assert Deal.objects.filter(table=table).count() == 5
    html = client.get(url).content.decode()
    assert "Game 2 begins." in html
    assert f"{seat_players(table)['A']} takes a Strich: most card points, 52." in html
    # Game 2 goes on: the form is there for deal 6, with no game field (game 2 is running).
    assert 'name="points.A"' in html and _game_field(html) is None


def test_a_finished_vierstrich_round_says_so_in_words(client, table):
    # H-1's Vier-Strich: A 52, B 61, D 50, A 70 take the Striche: A 2, B 1, D 1 = 4 on the
    # slate, C is clean. With tournament_round = vierstrich (default) the round at this table
    # ends here: no Butzen is played (Scoring specification §1.6).
    url = table.get_absolute_url()
    for entry in golden_entries("h1")[:4]:
        assert client.post(url, points_post(**entry["points"])).status_code == 302
    html = client.get(url).content.decode()
    assert "The Vier-Strich is over with 4 Striche on the slate." in html
    assert f"{seat_players(table)['C']}: clean slate." in html
    assert "This table's tournament round is complete." in html
    assert "unit_over" not in html and "Butzen begins" not in html
    assert "sits out the Butzen" not in html


def test_a_finished_round_says_so_on_the_slate_and_nobody_sits_out(client, table):
    # Vier-Strich (Scoring specification §1.2): A, A, B and C take the most: 4 Striche, the
    # table's round is over; D, with a clean slate, would sit out a Butzen that is not played.
    for a, b, c, d in ((70, 30, 25, 15), (70, 30, 25, 15), (20, 60, 40, 20), (20, 30, 60, 30)):
        services.deal_record(
            table=table, entry={"points": {"A": a, "B": b, "C": c, "D": d}}, by=None, via="t"
        )
    slate = client.get(table.get_absolute_url()).text
    start = slate.index('class="slate"')
    slate = slate[start : slate.index("</section>", start)]
    assert "this table's round is complete" in slate
    assert "Butzen" not in slate and "sits out" not in slate
