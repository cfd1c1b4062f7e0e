"""Two people of the same name (father and son, two villages) at one tournament (issue "An
organiser's evening without traps", part 2): allowed when the club or village or their start
numbers tell them apart, refused otherwise with the lines that clash; the standings, seats and
the tournament file name each of them so that they stay apart."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from tests.helpers import seat_players
from tournaments import services
from tournaments.exchange import export_tournament
from tournaments.models import Player, Seat
from tournaments.names import labels
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db

LIST = """\
1 Hans Faller, Schapbach
2 Hans Faller, Schapbach
Hans Faller; Wolfach
Käthe Müller
"""


@pytest.fixture
def empty(organiser):
    return services.tournament_create(
        organiser=organiser, name="Zwei Faller", game="hintersche", date=datetime.date(2026, 11, 24)
    )


def facts(tournament):
    return sorted(tournament.players.values_list("name", "club", "start_number"))


def test_a_pasted_list_takes_start_numbers_and_clubs(empty, organiser):
    services.players_add_list(tournament=empty, text=LIST, by=organiser)
    assert facts(empty) == [
        ("Hans Faller", "Schapbach", 1),
        ("Hans Faller", "Schapbach", 2),
        ("Hans Faller", "Wolfach", None),
        ("Käthe Müller", "", None),
    ]


def test_a_name_twice_in_a_list_is_refused_with_its_lines_and_nothing_saved(empty, organiser):
    text = "Anton Kech\n\nHans Faller, Schapbach\nHans Faller,  Schapbach\n7 Eva Kech\n7 Ida Kech"
    with pytest.raises(ValidationError) as caught:
        services.players_add_list(tournament=empty, text=text, by=organiser)
    message = " ".join(caught.value.message_dict["names"])
    assert "“Hans Faller” appears twice in the list (lines 3 and 4)." in message
    assert "Start number 7 is taken by Eva Kech." in message
    assert not empty.players.exists()


@pytest.mark.parametrize(
    ("club", "start_number", "allowed"),
    [
        ("Wolfach", None, True),  # another village
        ("Schapbach", None, False),  # same name, same village, no numbers
        ("Schapbach", 3, False),  # the registered one has no number
    ],
)
def test_one_more_of_the_same_name(empty, organiser, club, start_number, allowed):
    services.player_add(tournament=empty, name="Hans Faller", club="Schapbach", by=organiser)

    def add():
        return services.player_add(
            tournament=empty,
            name="Hans  Faller",
            club=club,
            start_number=start_number,
            by=organiser,
        )

    if allowed:
        add()
        assert empty.players.filter(name="Hans Faller").count() == 2
    else:
        with pytest.raises(ValidationError) as caught:
            add()
        assert "“Hans Faller” is registered already" in caught.value.message_dict["name"][0]
        assert empty.players.count() == 1


def test_the_database_refuses_twins_too(empty):
    Player.objects.create(tournament=empty, name="Hans Faller", club="Schapbach")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(tournament=empty, name="Hans Faller", club="Schapbach")
    Player.objects.create(tournament=empty, name="Eva Kech", start_number=5)
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(tournament=empty, name="Ida Kech", start_number=5)


def test_labels_tell_apart_only_those_who_share_a_name() -> None:
    shown = labels(
        [
            (1, "Hans Faller", "Schapbach", 1),
            (2, "Hans Faller", "Schapbach", 2),
            (3, "Hans Faller", "Wolfach", None),
            (4, "Käthe Müller", "Wolfach", 9),
        ],
        number="Nr. %s",
    )
    assert shown == {
        1: "Hans Faller (Schapbach, Nr. 1)",
        2: "Hans Faller (Schapbach, Nr. 2)",
        3: "Hans Faller (Wolfach)",
        4: "Käthe Müller",
    }


@pytest.fixture
def fallers(empty, organiser):
    """Father and son from Schapbach (start numbers 1 and 2) and two others at one table, one
    deal entered."""
    services.players_add_list(
        tournament=empty,
        text="1 Hans Faller, Schapbach\n2 Hans Faller, Schapbach\nAnna Kech\nOtto Wangler",
        by=organiser,
    )
    table = services.round_draw(tournament=empty, seed=1).tables.get()
    services.deal_record(
        table=table, entry={"points": {"A": 60, "B": 50, "C": 30, "D": 0}}, by=None, via="test"
    )
    empty.refresh_from_db()
    return empty


def test_the_standings_name_each_of_them(fallers):
    names = {row.player.name for row in tournament_standings(fallers).rows}
    assert names == {
        "Hans Faller (Schapbach, #1)",
        "Hans Faller (Schapbach, #2)",
        "Anna Kech",
        "Otto Wangler",
    }


def test_the_tournament_file_keeps_them_apart(fallers, organiser):
    document = export_tournament(fallers)
    assert {p["start_number"] for p in document["players"]} == {1, 2, None}
    seated = {s["player"] for s in document["rounds"][0]["tables"][0]["seats"]}
    assert "Hans Faller (Schapbach, #2)" in seated
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="kopie")

    def seats(tournament):
        return sorted(
            Seat.objects.filter(table__round__tournament=tournament).values_list(
                "label", "player__name", "player__start_number"
            )
        )

    assert seats(copy_) == seats(fallers)
    rows = [(r.rank, r.player.name) for r in tournament_standings(copy_).rows]
    assert rows == [(r.rank, r.player.name) for r in tournament_standings(fallers).rows]


def test_a_file_of_format_version_3_still_imports(table, organiser):
    played = table.round.tournament
    document = export_tournament(played)
    document["version"] = 3
    for player in document["players"]:
        del player["start_number"]
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert not copy_.players.filter(start_number__isnull=False).exists()
    assert copy_.players.count() == played.players.count()


def test_the_desk_corrects_a_start_number(client, organiser, fallers):
    client.force_login(organiser)
    son = fallers.players.get(start_number=2)
    url = reverse("player-edit", args=[fallers.slug, son.pk])
    taken = client.post(url, {"name": son.name, "club": son.club, "start_number": "1"})
    assert taken.status_code == 400
    assert "Start number 1 is taken by Hans Faller." in taken.content.decode()
    response = client.post(url, {"name": son.name, "club": son.club, "start_number": "12"})
    assert response.status_code == 302
    son.refresh_from_db()
    assert son.start_number == 12
    page = client.get(fallers.get_absolute_url()).content.decode()
    assert '<td class="num">12</td>' in page
    assert seat_players(son.seats.get().table)  # still seated
