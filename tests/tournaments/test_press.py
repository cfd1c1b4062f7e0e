"""The text for the paper and the live standings hidden from a round on.

The evening of most tests: eight players of a Hintersche tournament on 21 November 2026, two
rounds, the tables arranged by hand (seats swapped after the draw) and every deal chosen so that
one named player takes the Strich (50 card points to 30 each). Worked out by hand (fewest Striche
first; then more rounds with 0 Striche, the countback from the last round, the lot):

* round 1, table 1 (Anton, Berta, Carl, Dora): Carl, Carl, Dora, Berta take the Striche;
  table 2 (Emil, Frieda, Gustav, Hilde): Hilde, Hilde, Hilde, Gustav;
* round 2, table 1 (Anton, Emil, Carl, Hilde): Emil, Hilde, Carl, Hilde;
  table 2 (Berta, Dora, Frieda, Gustav): Frieda, Gustav, Gustav, Berta.

Totals: Anton 0 | Dora 1 (1+0), Emil 1 (0+1), Frieda 1 (0+1) | Berta 2 | Carl 3 (2+1),
Gustav 3 (1+2) | Hilde 5 (3+2). Dora, Emil, Frieda have one clean round each; the countback
(round 2 first) puts Dora (0) before Emil and Frieda (1 each), who are equal in round 1 too
(0 each) and share place 3. Carl (1 in round 2) is 6th before Gustav (2), Hilde 8th: the
Bollenkönig. The oldest is Carl Dold, born 1938: 88 in 2026.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import AuditEntry, Player, Round, Seat, Tournament
from tournaments.press import article

PLAYERS = [  # name, club, home village, year of birth
    ("Anton Faller", "", "Schapbach", 1950),
    ("Berta Kech", "", "Wolfach", 1962),
    ("Carl Dold", "", "Oberwolfach", 1938),
    ("Dora Eble", "", "Schapbach", 1971),
    ("Emil Wöhrle", "", "Bad Rippoldsau", 1980),
    ("Frieda Haas", "", "Schapbach", None),
    ("Gustav Armbruster", "Schapbach", "", None),  # no village given: his club counts
    ("Hilde Moser", "", "Wolfach", 1990),
]
ROUNDS = [
    {
        ("Anton Faller", "Berta Kech", "Carl Dold", "Dora Eble"): [
            "Carl Dold",
            "Carl Dold",
            "Dora Eble",
            "Berta Kech",
        ],
        ("Emil Wöhrle", "Frieda Haas", "Gustav Armbruster", "Hilde Moser"): [
            "Hilde Moser",
            "Hilde Moser",
            "Hilde Moser",
            "Gustav Armbruster",
        ],
    },
    {
        ("Anton Faller", "Emil Wöhrle", "Carl Dold", "Hilde Moser"): [
            "Emil Wöhrle",
            "Hilde Moser",
            "Carl Dold",
            "Hilde Moser",
        ],
        ("Berta Kech", "Dora Eble", "Frieda Haas", "Gustav Armbruster"): [
            "Frieda Haas",
            "Gustav Armbruster",
            "Gustav Armbruster",
            "Berta Kech",
        ],
    },
]


def new_tournament(organiser, name: str = "Hintersche-WM 2026", **settings) -> Tournament:
    return services.tournament_create(
        organiser=organiser,
        name=name,
        game="hintersche",
        date=datetime.date(2026, 11, 21),
        venue="Adler, Schapbach",
        lot_seed=7,
        **settings,
    )


def register(tournament: Tournament, players=PLAYERS) -> None:
    for name, club, village, year in players:
        services.player_add(
            tournament=tournament, name=name, club=club, village=village, birth_year=year
        )


def seats(the_round: Round) -> dict[str, Seat]:
    return {
        seat.player.name: seat
        for seat in Seat.objects.filter(table__round=the_round).select_related("player", "table")
    }


def arrange(the_round: Round, tables: list[tuple[str, ...]]) -> None:
    """Swap seats until table ``n`` holds the players of ``tables[n - 1]``."""
    for number, names in enumerate(tables, start=1):
        for name in names:
            now = seats(the_round)
            if now[name].table.number != number:
                other = next(
                    seat
                    for who, seat in now.items()
                    if seat.table.number == number and who not in names
                )
                services.seats_swap(round=the_round, players=(now[name].player, other.player))


def play_round(tournament: Tournament, plan: dict[tuple[str, ...], list[str]]) -> Round:
    """Draw the next round, arrange its tables as ``plan`` says and give each deal's Strich to
    the player named (50 card points; 30 for each of the others)."""
    the_round = services.round_draw(tournament=tournament, seed=1)
    arrange(the_round, list(plan))
    placed = seats(the_round)
    for names, losers in plan.items():
        table = placed[names[0]].table
        for loser in losers:
            points = {placed[name].label: 50 if name == loser else 30 for name in names}
            services.deal_record(table=table, entry={"points": points}, by=None, via="test")
    return the_round


@pytest.fixture
def evening(organiser) -> Tournament:
    """The finished evening of the module's docstring."""
    tournament = new_tournament(organiser)
    register(tournament)
    for plan in ROUNDS:
        play_round(tournament, plan)
    services.tournament_finish(tournament=tournament, by=organiser)
    return Tournament.objects.get(pk=tournament.pk)


# --- the article -------------------------------------------------------------------------------


def test_the_article_of_a_finished_evening(evening):
    assert article(evening).text == (
        "Hintersche-WM 2026: Anton Faller (Schapbach) wins\n"
        "\n"
        "Nov. 21, 2026, Adler, Schapbach\n"
        "\n"
        "8 players from 4 villages played 2 rounds of Hintersche. They came from Schapbach,"
        " Wolfach, Bad Rippoldsau and Oberwolfach.\n"
        "\n"
        "Final standings:\n"
        "1. Anton Faller (Schapbach), 0 Striche\n"
        "2. Dora Eble (Schapbach), 1 Strich\n"
        "3. Frieda Haas (Schapbach) and Emil Wöhrle (Bad Rippoldsau), 1 Strich each (shared"
        " place)\n"
        "\n"
        "Bollenkönig: Hilde Moser (Wolfach), 5 Striche. The oldest player: Carl Dold"
        " (Oberwolfach), 88 years old (born 1938).\n"
    )


def test_before_the_finish_the_standings_are_provisional_after_round_n(organiser):
    tournament = new_tournament(organiser)
    register(tournament)
    play_round(tournament, ROUNDS[0])
    text = article(Tournament.objects.get(pk=tournament.pk)).text
    # After round 1: Anton, Emil, Frieda on 0 Striche (equal on everything: shared); Berta, Dora
    # and Gustav on 1; Carl 2; Hilde 3, last.
    assert text.startswith(
        "Hintersche-WM 2026: Anton Faller (Schapbach), Frieda Haas (Schapbach) and Emil"
        " Wöhrle (Bad Rippoldsau) lead\n"
    )
    assert "8 players from 4 villages are playing Hintersche; 4 rounds are planned." in text
    assert "Standings after round 1 (provisional):\n1. Anton Faller" in text
    assert "Final standings" not in text
    assert "Bollenkönig" not in text
    assert "Last place for now: Hilde Moser (Wolfach), 3 Striche." in text


def test_a_place_decided_by_a_stechen_is_said_so(organiser):
    """Four players take one Strich each in the only round: all four level on place 1 (no clean
    round, equal countback). They fill a table: the Stechen is played, Berta wins it before
    Dora, Anton and Carl."""
    tournament = new_tournament(organiser, name="Stechen", planned_rounds=1)
    register(tournament, PLAYERS[:4])
    names = tuple(name for name, *_facts in PLAYERS[:4])
    play_round(tournament, {names: list(names)})
    order = [Player.objects.get(name=name) for name in ("Berta Kech", "Dora Eble")]
    order += [Player.objects.get(name=name) for name in ("Anton Faller", "Carl Dold")]
    services.stechen_record(tournament=tournament, first_place=1, order=order, by=organiser)
    services.tournament_finish(tournament=tournament, by=organiser)
    text = article(Tournament.objects.get(pk=tournament.pk)).text
    assert text.startswith("Stechen: Berta Kech (Wolfach) wins\n")
    assert (
        "Final standings:\n"
        "1. Berta Kech (Wolfach), 1 Strich, after a Stechen\n"
        "2. Dora Eble (Schapbach), 1 Strich, after a Stechen\n"
        "3. Anton Faller (Schapbach), 1 Strich, after a Stechen\n"
        "4. Carl Dold (Oberwolfach), 1 Strich, after a Stechen\n"
    ) in text
    assert "Bollenkönig: Carl Dold (Oberwolfach), 1 Strich." in text


def test_a_place_the_lot_gave_is_said_to_be_by_lot(organiser, monkeypatch):
    """One round; table 1: Carl takes one Strich, Dora three, Anton and Berta none; table 2:
    Emil, Frieda, Gustav and Hilde one each. Anton and Berta share places 1-2: two, fewer than a
    table of four, so the lot alone places them and nobody plays. Carl, Emil, Frieda, Gustav and
    Hilde share places 3-7: four of the five fill a table and play the Stechen (places 3-6), the
    lot drops the fifth to place 7 without playing. Dora is 8th, the Bollenkönig."""
    tournament = new_tournament(organiser, name="Los und Stechen", planned_rounds=1)
    register(tournament)
    play_round(
        tournament,
        {
            ("Anton Faller", "Berta Kech", "Carl Dold", "Dora Eble"): [
                "Carl Dold",
                "Dora Eble",
                "Dora Eble",
                "Dora Eble",
            ],
            ("Emil Wöhrle", "Frieda Haas", "Gustav Armbruster", "Hilde Moser"): [
                "Emil Wöhrle",
                "Frieda Haas",
                "Gustav Armbruster",
                "Hilde Moser",
            ],
        },
    )
    first = services.stechen_lot_draw(tournament=tournament, first_place=1, by=organiser)
    drawn = services.stechen_lot_draw(tournament=tournament, first_place=3, by=organiser)
    playing, dropped = drawn[:4], drawn[4]
    finish = [playing[2], playing[0], playing[3], playing[1]]
    services.stechen_record(tournament=tournament, first_place=3, order=finish, by=organiser)
    services.tournament_finish(tournament=tournament, by=organiser)
    tournament = Tournament.objects.get(pk=tournament.pk)
    named = {
        "Anton Faller": "Anton Faller (Schapbach)",
        "Berta Kech": "Berta Kech (Wolfach)",
        "Carl Dold": "Carl Dold (Oberwolfach)",
        "Emil Wöhrle": "Emil Wöhrle (Bad Rippoldsau)",
        "Frieda Haas": "Frieda Haas (Schapbach)",
        "Gustav Armbruster": "Gustav Armbruster (Schapbach)",
        "Hilde Moser": "Hilde Moser (Wolfach)",
    }
    assert sorted(p.name for p in first) == ["Anton Faller", "Berta Kech"]
    text = article(tournament).text
    assert text.startswith(f"Los und Stechen: {named[first[0].name]} wins\n")
    assert (
        "Final standings:\n"
        f"1. {named[first[0].name]}, 0 Striche, by lot\n"
        f"2. {named[first[1].name]}, 0 Striche, by lot\n"
        f"3. {named[finish[0].name]}, 1 Strich, after a Stechen\n"
        f"4. {named[finish[1].name]}, 1 Strich, after a Stechen\n"
        "\n"
        "Bollenkönig: Dora Eble (Schapbach), 3 Striche."
    ) in text
    monkeypatch.setattr("tournaments.press.PLACES", 8)
    assert (
        f"5. {named[finish[2].name]}, 1 Strich, after a Stechen\n"
        f"6. {named[finish[3].name]}, 1 Strich, after a Stechen\n"
        f"7. {named[dropped.name]}, 1 Strich, by lot\n"
        "8. Dora Eble (Schapbach), 3 Striche\n"
    ) in article(tournament).text


def test_without_villages_or_years_the_article_leaves_them_out(organiser):
    tournament = new_tournament(organiser, name="Dorfabend")
    register(tournament, [(name, "", "", None) for name, *_facts in PLAYERS])
    for plan in ROUNDS:
        play_round(tournament, plan)
    text = article(Tournament.objects.get(pk=tournament.pk)).text
    assert "8 players are playing Hintersche; 4 rounds are planned.\n" in text
    assert "(Schapbach)" not in text and "came from" not in text and "oldest" not in text
    assert "2. Dora Eble, 1 Strich\n" in text


def test_before_the_first_round_the_article_says_so(organiser):
    tournament = new_tournament(organiser)
    register(tournament)
    assert article(tournament).paragraphs == ("No round has been played yet.",)


# --- the page and the download -----------------------------------------------------------------


def test_the_desk_page_shows_the_text_to_copy_and_download(desk, evening):
    page = desk.get(reverse("press-text", args=[evening.slug]))
    html = page.content.decode()
    assert page.status_code == 200
    assert '<textarea id="press-text" class="press-text" rows="18" readonly>' in html
    assert "Bollenkönig: Hilde Moser (Wolfach), 5 Striche." in html
    assert 'data-copy="press-text"' in html and "js/press.js" in html
    download = desk.get(reverse("press-download", args=[evening.slug]))
    assert download["Content-Type"] == "text/plain; charset=utf-8"
    assert download["Content-Disposition"] == (
        'attachment; filename="hintersche-wm-2026-text-for-the-paper.txt"'
    )
    assert download.content.decode("utf-8") == article(evening).text
    assert (
        reverse("press-text", args=[evening.slug])
        in desk.get(evening.get_absolute_url()).content.decode()
    )


@pytest.mark.parametrize("name", ["press-text", "press-download"])
def test_only_organisers_see_the_text(client, django_user_model, organiser, name):
    tournament = new_tournament(organiser)
    register(tournament)
    address = reverse(name, args=[tournament.slug])
    assert client.get(address).status_code == 302  # to the login
    client.force_login(django_user_model.objects.create_user("fremd", password="pw-fremd-123"))
    assert client.get(address).status_code == 404
    co = django_user_model.objects.create_user("helfer", password="pw-helfer-123")
    services.organiser_invite(tournament=tournament, username="helfer", by=organiser)
    client.force_login(co)
    assert client.get(address).status_code == 200


# --- the players' facts ------------------------------------------------------------------------


def test_birth_year_and_village_are_kept_corrected_and_checked(desk, organiser):
    tournament = new_tournament(organiser)
    added = desk.post(
        reverse("player-create", args=[tournament.slug]),
        {"name": "Anton Faller", "village": " Bad  Rippoldsau ", "birth_year": "1950"},
    )
    assert added.status_code == 302
    anton = tournament.players.get()
    assert (anton.village, anton.birth_year) == ("Bad Rippoldsau", 1950)
    refused = desk.post(
        reverse("player-create", args=[tournament.slug]),
        {"name": "Berta Kech", "birth_year": "1899"},
    )
    assert refused.status_code == 400
    assert "Enter a year between 1900 and " in refused.content.decode()
    assert tournament.players.count() == 1
    this_year = timezone.localdate().year
    edit = reverse("player-edit", args=[tournament.slug, anton.pk])
    assert (
        desk.post(edit, {"name": "Anton Faller", "birth_year": str(this_year + 1)}).status_code
        == 400
    )
    anton.refresh_from_db()
    assert (anton.village, anton.birth_year) == ("Bad Rippoldsau", 1950)
    assert desk.post(edit, {"name": "Anton Faller", "village": "Schapbach"}).status_code == 302
    anton.refresh_from_db()
    assert (anton.village, anton.birth_year) == ("Schapbach", None)
    entry = tournament.audit_entries.filter(action=AuditEntry.Action.PLAYER_EDIT).get()
    assert entry.before == {"birth_year": 1950, "village": "Bad Rippoldsau"}
    assert entry.after == {"birth_year": None, "village": "Schapbach"}


def test_the_desk_lists_village_and_year_only_where_given(desk, organiser):
    tournament = new_tournament(organiser)
    register(tournament, [("Anton Faller", "", "", None)])
    assert "Home village</th>" not in desk.get(tournament.get_absolute_url()).content.decode()
    register(tournament, [("Carl Dold", "", "Oberwolfach", 1938)])
    html = desk.get(tournament.get_absolute_url()).content.decode()
    assert "<th>Home village</th>" in html and '<th class="num">Born</th>' in html
    assert '<td data-label="Home village">Oberwolfach</td>' in html
    assert '<td class="num" data-label="Born">1938</td>' in html


# --- the live standings hidden from a round on -------------------------------------------------

ROW = re.compile(r'<a href="[^"]+">([^<]+)</a>.*?<td class="num total">(-?\d+)</td>')
NOTE = "From round 2 on the standings stay hidden until the prize-giving"


def totals(html: str) -> dict[str, int]:
    """Player name → total as the public standings show it."""
    return {name: int(total) for name, total in ROW.findall(html)}


# By hand (the module's docstring): after round 1, and after both rounds.
AFTER_ROUND_1 = {
    "Anton Faller": 0,
    "Berta Kech": 1,
    "Carl Dold": 2,
    "Dora Eble": 1,
    "Emil Wöhrle": 0,
    "Frieda Haas": 0,
    "Gustav Armbruster": 1,
    "Hilde Moser": 3,
}
AFTER_ROUND_2 = {
    "Anton Faller": 0,
    "Berta Kech": 2,
    "Carl Dold": 3,
    "Dora Eble": 1,
    "Emil Wöhrle": 1,
    "Frieda Haas": 1,
    "Gustav Armbruster": 3,
    "Hilde Moser": 5,
}


def test_hidden_from_round_2_the_public_pages_show_round_1_until_shown_again(
    client, desk, organiser, settings
):
    """With the public pages sharing one version for a minute (a busy evening), nothing of round
    2 shows while hidden, and showing the standings again shows everything at once."""
    settings.PUBLIC_REFRESH_SECONDS = 60
    tournament = new_tournament(organiser, standings_hidden_from_round=2)
    register(tournament)
    play_round(tournament, ROUNDS[0])
    standings = reverse("standings", args=[tournament.slug])
    before = client.get(standings).content.decode()
    assert totals(before) == AFTER_ROUND_1 and NOTE not in before
    play_round(tournament, ROUNDS[1])

    hidden = client.get(standings).content.decode()
    assert totals(hidden) == AFTER_ROUND_1
    assert NOTE in hidden and ">R2</th>" not in hidden and "?round=2" not in hidden
    assert client.get(standings + "?round=2").status_code == 404
    assert totals(client.get(standings + "?round=1").content.decode()) == AFTER_ROUND_1
    projector = client.get(reverse("projector", args=[tournament.slug])).content.decode()
    assert NOTE in projector and ">R1</th>" in projector and ">R2</th>" not in projector
    assert "Standings after round 1" in projector
    hilde = Player.objects.get(name="Hilde Moser")
    page = client.get(reverse("player-detail", args=[tournament.slug, hilde.pk])).content.decode()
    assert NOTE in page and "<strong>3</strong>" in page and "<strong>5</strong>" not in page
    # The desk's article always tells everything.
    text = desk.get(reverse("press-text", args=[tournament.slug])).content.decode()
    assert "Last place for now: Hilde Moser (Wolfach), 5 Striche." in text
    assert "Once round 2 is drawn" not in desk.get(tournament.get_absolute_url()).content.decode()
    assert "Show the standings again" in desk.get(tournament.get_absolute_url()).content.decode()

    version = Tournament.objects.get(pk=tournament.pk).version
    shown = desk.post(reverse("standings-reveal", args=[tournament.slug]))
    assert shown.status_code == 302
    stored = Tournament.objects.get(pk=tournament.pk)
    assert stored.standings_revealed and stored.version == version + 1
    entry = stored.audit_entries.get(action=AuditEntry.Action.STANDINGS_REVEAL)
    assert entry.actor == organiser and entry.after == {"standings_revealed": True}
    revealed = client.get(standings).content.decode()
    assert totals(revealed) == AFTER_ROUND_2 and NOTE not in revealed and ">R2</th>" in revealed
    assert client.get(standings + "?round=2").status_code == 200
    # Shown again once is enough: a second press of the button is refused, nothing changes.
    again = desk.post(reverse("standings-reveal", args=[tournament.slug]))
    assert again.status_code == 400
    assert "The standings are not hidden" in again.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).version == version + 1


def test_hiding_after_the_round_is_played_changes_the_page_at_once(
    client, desk, organiser, settings
):
    """A phone holding the full page of the version the pages still show gets the hidden page,
    not a 304, and no cached table of that version."""
    settings.PUBLIC_REFRESH_SECONDS = 60
    tournament = new_tournament(organiser)
    register(tournament)
    for plan in ROUNDS:
        play_round(tournament, plan)
    standings = reverse("standings", args=[tournament.slug])
    full = client.get(standings)
    assert totals(full.content.decode()) == AFTER_ROUND_2
    settings_page = reverse("tournament-settings", args=[tournament.slug])
    saved = desk.post(settings_page, {"planned_rounds": "4", "standings_hidden_from_round": "2"})
    assert saved.status_code == 302
    hidden = client.get(standings, headers={"If-None-Match": full["ETag"]})
    assert hidden.status_code == 200
    assert totals(hidden.content.decode()) == AFTER_ROUND_1


def test_the_hidden_page_polled_unchanged_costs_one_query(
    client, organiser, django_assert_num_queries
):
    """The room's phones poll the hidden standings as any other: a 304 from the tournament's
    row alone (the latest round comes in the same query)."""
    tournament = new_tournament(organiser, standings_hidden_from_round=2)
    register(tournament)
    for plan in ROUNDS:
        play_round(tournament, plan)
    standings = reverse("standings", args=[tournament.slug])
    first = client.get(standings)
    with django_assert_num_queries(1):
        again = client.get(standings, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304


def test_the_final_results_stay_hidden_until_shown_again(client, organiser, settings, tmp_path):
    settings.PRINT_DIR = tmp_path / "printed"
    tournament = new_tournament(organiser, standings_hidden_from_round=2)
    register(tournament)
    for plan in ROUNDS:
        play_round(tournament, plan)
    services.tournament_finish(tournament=tournament, by=organiser)
    final = reverse("final-document", args=[tournament.slug, "standings"])
    page = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert client.get(final).status_code == 404 and final not in page
    assert "Final standings" not in page and "Standings now" in page
    # The prize-giving follows the finish: showing the standings again changes no result.
    services.standings_reveal(tournament=tournament, by=organiser)
    assert client.get(final).status_code == 200
    page = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert final in page and "Final standings" in page


def test_the_round_to_hide_from_is_checked_and_hides_again(organiser):
    tournament = new_tournament(organiser, standings_hidden_from_round=2)
    with pytest.raises(ValidationError) as refused:
        services.tournament_settings(
            tournament=tournament, by=organiser, standings_hidden_from_round=5
        )
    assert refused.value.message_dict == {
        "standings_hidden_from_round": ["Only 4 rounds are planned."]
    }
    register(tournament)
    play_round(tournament, ROUNDS[0])
    with pytest.raises(ValidationError):  # round 2 is not drawn: nothing is hidden yet
        services.standings_reveal(tournament=tournament, by=organiser)
    play_round(tournament, ROUNDS[1])
    services.standings_reveal(tournament=tournament, by=organiser)
    hidden_again = services.tournament_settings(
        tournament=tournament, by=organiser, standings_hidden_from_round=1
    )
    assert hidden_again.standings_hidden_from_round == 1
    assert not Tournament.objects.get(pk=tournament.pk).standings_revealed
    cleared = services.tournament_settings(
        tournament=tournament, by=organiser, standings_hidden_from_round=None
    )
    assert cleared.standings_hidden_from_round is None
