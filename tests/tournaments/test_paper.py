"""The paper table sheet typed in at the desk (issue "The pub's Wi-Fi drops", part 5): one grid
for all of a table's deals, checked deal by deal, the first wrong deal and its column named,
nothing stored while one is wrong; an optional photo; an optional second typing that must agree.

Hand-worked Hintersche table (Scoring specification §1.2, default Vier-Strich round, 140 card
points a deal): deal 1 A 50, B 30, C 30, D 30 → A takes a Strich; deal 2 B 60 → B takes one;
deal 3 A makes a hundred (100) → B, C and D take one each: 5 Striche on the slate, the
Vier-Strich (the tournament round) is over with A 1, B 2, C 1, D 1."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from PIL import Image

from scoring import InvalidDeal
from tournaments import paper, services
from tournaments.games import kein_stich
from tournaments.models import AuditEntry, Deal, PaperSheet
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db

DEALS = [
    {"A": 50, "B": 30, "C": 30, "D": 30},
    {"A": 20, "B": 60, "C": 30, "D": 30},
    {"A": 100, "B": 20, "C": 10, "D": 10},
]


def grid(deals=DEALS, **extra) -> dict[str, str]:
    data = {
        f"r{row}-points.{seat}": str(value)
        for row, points in enumerate(deals, start=1)
        for seat, value in points.items()
    }
    return {"_action": "save", **data, **extra}


def url(table) -> str:
    return reverse(
        "paper-sheet", args=[table.round.tournament.slug, table.round.number, table.number]
    )


def striche(table) -> dict[str, int]:
    table.refresh_from_db()
    return {seat: score for seat, (score, _figures) in table.result["seats"].items()}


def test_a_whole_sheet_is_stored_as_the_tables_deals(desk, table):
    response = desk.post(url(table), grid())
    assert response.status_code == 302
    deals = list(Deal.objects.filter(table=table).order_by("number"))
    assert [d.entry["points"] for d in deals] == DEALS
    assert striche(table) == {"A": 1, "B": 2, "C": 1, "D": 1}
    assert table.complete
    revision = deals[0].revisions.get()
    assert revision.entered_via == "paper table sheet"
    assert revision.entered_by.username == "orga"
    sheet = PaperSheet.objects.get(table=table)
    assert sheet.status == PaperSheet.Status.STORED and sheet.first_number == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PAPER_SHEET).count() == 1


def test_the_sheet_gives_the_standings_the_phones_would_have(desk, make_tournament):
    by_paper = services.round_draw(tournament=make_tournament(), seed=1).tables.get()
    by_phone = services.round_draw(tournament=make_tournament(name="Zwilling"), seed=1).tables.get()
    desk.post(url(by_paper), grid())
    for points in DEALS:
        services.deal_record(table=by_phone, entry={"points": points}, by=None, via="phone")
    assert striche(by_paper) == striche(by_phone)

    def ranks(table):
        rows = tournament_standings(table.round.tournament).rows
        return [(r.player.name, r.rank, r.total) for r in rows]

    assert ranks(by_paper) == ranks(by_phone)


def test_a_wrong_deal_is_named_and_nothing_is_stored(desk, table):
    wrong = [DEALS[0], {"A": 20, "B": 60, "C": 30, "D": 40}, DEALS[2]]  # 150 card points
    response = desk.post(url(table), grid(wrong))
    assert response.status_code == 400
    text = response.content.decode()
    assert "Deal 2 (row 2) is wrong; nothing was stored." in text
    assert "150" in text  # the engine's sum, quoted
    assert 'name="r3-points.A" type="text" value="100"' in text  # typed values kept
    assert not Deal.all_objects.filter(table=table).exists()
    assert not PaperSheet.objects.exists()


def test_a_wrong_cell_is_marked(desk, table):
    wrong = [DEALS[0], {"A": 20, "B": "6O", "C": 30, "D": 30}]
    response = desk.post(url(table), grid(wrong))
    assert response.status_code == 400
    text = response.content.decode()
    cell = text.index('name="r2-points.B"')
    assert 'aria-invalid="true"' in text[cell : cell + 300]
    assert "card points (" + "Spieler" in text  # the column named in the summary
    assert not Deal.all_objects.filter(table=table).exists()


def test_a_row_after_the_round_is_over_is_one_too_many(desk, table):
    response = desk.post(url(table), grid([*DEALS, DEALS[0]]))
    assert response.status_code == 400
    assert "Deal 4 (row 4)" in response.content.decode()
    assert "one too many" in response.content.decode()
    assert not Deal.all_objects.filter(table=table).exists()


def test_an_empty_row_between_deals_is_named(desk, table):
    rows = grid([DEALS[0]])
    rows.update({f"r3-points.{s}": str(v) for s, v in DEALS[1].items()})
    response = desk.post(url(table), rows)
    assert response.status_code == 400
    assert "Deal 2 (row 2)" in response.content.decode()


def test_check_shows_the_slate_and_saves_nothing(desk, table):
    response = desk.post(url(table), grid(_action="check"))
    assert response.status_code == 200
    assert "3 deals checked" in response.content.decode()
    text = response.content.decode()
    assert "this table's round is complete" in text
    assert text.count('<span class="visually-hidden">1 Strich</span>') == 3  # A, C, D
    assert text.count('<span class="visually-hidden">2 Striche</span>') == 1  # B
    assert not Deal.all_objects.filter(table=table).exists()


def test_the_sheet_goes_on_after_the_phones_deals(desk, table):
    services.deal_record(table=table, entry={"points": DEALS[0]}, by=None, via="phone")
    page = desk.get(url(table)).content.decode()
    assert "start with deal 2 of the sheet" in page
    response = desk.post(url(table), grid(DEALS[1:]))
    assert response.status_code == 302
    assert [d.number for d in Deal.objects.filter(table=table)] == [1, 2, 3]
    assert striche(table) == {"A": 1, "B": 2, "C": 1, "D": 1}


def test_a_second_typing_must_agree(desk, table):
    first = desk.post(url(table), grid(double_entry="on"))
    assert first.status_code == 302
    assert not Deal.all_objects.filter(table=table).exists()
    sheet = PaperSheet.objects.get()
    assert sheet.status == PaperSheet.Status.WAITING

    # The second helper reads C's 30 in deal 2 as 80 and D's as... also differs: no deal stored.
    misread = [DEALS[0], {"A": 20, "B": 60, "C": 10, "D": 50}, DEALS[2]]
    second = desk.post(url(table), grid(misread))
    assert second.status_code == 409
    text = second.content.decode()
    assert "does not agree with the one before" in text
    assert "<td>2</td><td>card points · C</td><td>30</td><td>10</td>" in text
    assert not Deal.all_objects.filter(table=table).exists()

    third = desk.post(url(table), grid())  # agrees with the first
    assert third.status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == PaperSheet.Status.STORED
    assert sheet.typings.count() == 3
    assert striche(table) == {"A": 1, "B": 2, "C": 1, "D": 1}
    assert Deal.objects.get(table=table, number=1).revisions.get().entered_via == (
        "paper table sheet, typed in twice"
    )


def test_a_waiting_typing_is_outdated_by_a_phones_deal(desk, table):
    desk.post(url(table), grid(double_entry="on"))
    services.deal_record(table=table, entry={"points": DEALS[0]}, by=None, via="phone")
    response = desk.post(url(table), grid())
    assert response.status_code == 400
    assert "Since the first typing, deals were entered at this table" in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 1
    discard = reverse("paper-sheet-discard", args=[table.round.tournament.slug, 1, table.number])
    assert desk.post(discard).status_code == 302
    assert PaperSheet.objects.get().status == PaperSheet.Status.DISCARDED
    assert desk.post(url(table), grid(DEALS[1:])).status_code == 302
    assert Deal.objects.filter(table=table).count() == 3


def _png() -> io.BytesIO:
    data = io.BytesIO()
    Image.new("RGB", (40, 30), "white").save(data, "PNG")
    data.seek(0)
    data.name = "bogen.png"
    return data


def test_the_photo_is_kept_and_shown_to_organisers_only(
    desk, table, client, settings, tmp_path, django_user_model
):
    settings.MEDIA_ROOT = tmp_path / "media"
    assert desk.post(url(table), {**grid(), "photo": _png()}).status_code == 302
    sheet = PaperSheet.objects.get()
    photo = reverse("paper-sheet-photo", args=[table.round.tournament.slug, sheet.pk])
    assert photo in desk.get(url(table)).content.decode()
    answer = desk.get(photo)
    assert answer.status_code == 200
    assert b"".join(answer.streaming_content).startswith(b"\x89PNG")
    client.logout()
    stranger = django_user_model.objects.create_user(username="fremd", password="pw-fremd-123")
    client.force_login(stranger)
    assert client.get(photo).status_code == 404


def test_a_file_that_is_no_picture_is_refused(desk, table, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    text = io.BytesIO(b"not a picture")
    text.name = "bogen.txt"
    response = desk.post(url(table), {**grid(), "photo": text})
    assert response.status_code == 400
    assert "must be a picture" in response.content.decode()
    assert not Deal.all_objects.filter(table=table).exists()


def test_the_table_page_and_strangers(client, table, django_user_model):
    assert client.get(url(table)).status_code == 302  # to the login
    stranger = django_user_model.objects.create_user(username="fremd", password="pw-fremd-123")
    client.force_login(stranger)
    assert client.get(url(table)).status_code == 404
    assert client.post(url(table), grid()).status_code == 404
    assert not Deal.all_objects.filter(table=table).exists()


@pytest.mark.parametrize(
    "game, players, heads",
    [
        ("hintersche", 4, ["card points"]),
        ("hindernislauf", 3, ["Dealer", "points"]),
        ("kein_stich", 4, ["Dealer", "count, x or place"]),
        ("bauerchen", 4, ["Card points NS", "Spritzen", "Melds NS", "Kart&#x27; ab"]),
        ("bauerchen_hessen", 4, ["Trick 1", "Trick 5", "Won by"]),
        ("hundertspiel", 4, ["Out by", "up to the claim", "26 / 52"]),
    ],
)
def test_every_game_has_its_grid(desk, make_tournament, game, players, heads):
    tournament = make_tournament(players=players, game=game)
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    page = desk.get(url(table)).content.decode()
    for head in heads:
        assert head in page
    assert 'name="r12-' in page


# --- rows read as each game's entry ------------------------------------------------------------


class _KeinStich:
    def __init__(self, contract_due: str, seats=("A", "B", "C", "D"), number: int = 1):
        self.contract_due, self.seats, self.next_contract = contract_due, seats, number


def test_kein_stich_rows_follow_the_contract_due():
    hearts = kein_stich.entry(
        {"count.A": "1", "count.B": "4", "dealer": "D"}, _KeinStich("kein_herz", number=2)
    )
    assert hearts == {"dealer": "D", "contract": 2, "hearts": {"A": 1, "B": 4}}
    crossed = kein_stich.entry({"count.C": "x"}, _KeinStich("kein_max", number=4))
    assert crossed == {"contract": 4, "max": "C"}
    domino = kein_stich.entry(
        {"count.A": "2", "count.B": "4", "count.C": "1", "count.D": "3"},
        _KeinStich("domino", number=7),
    )
    assert domino == {"contract": 7, "order": ["C", "A", "D", "B"]}
    gap = kein_stich.entry({"count.A": "3", "count.C": "1"}, _KeinStich("domino"))
    assert gap["order"] == ["C", None, "A"]  # the engine names the gap (K-V9)
    with pytest.raises(InvalidDeal) as twice:
        kein_stich.entry({"count.A": "1", "count.B": "1"}, _KeinStich("domino"))
    assert (twice.value.field, twice.value.code) == ("count.B", "PLACE_TWICE")
    with pytest.raises(InvalidDeal) as fifth:
        kein_stich.entry({"count.A": "5"}, _KeinStich("domino"))
    assert fifth.value.code == "NOT_A_PLACE"


def test_bauerchen_melds_become_one_meld_each():
    from tournaments.games import bauerchen

    row = {"dealer": "N", "cp_NS": "45", "_melds_NS": "20 40", "_melds_EW": "20"}
    assert bauerchen.entry(row, None) == {
        "dealer": "N",
        "cp_NS": 45,
        "melds": [
            {"team": "NS", "kind": 20},
            {"team": "NS", "kind": 40},
            {"team": "EW", "kind": 20},
        ],
    }


def test_rows_from_a_post_keep_an_inner_gap_and_drop_the_blank_tail():
    data = {"r1-points.A": " 50 ", "r3-points.A": "20", "r9-points.A": ""}
    assert paper.rows_from_post(data, ["points.A"]) == [{"points.A": "50"}, {}, {"points.A": "20"}]


def test_differences_name_row_and_column():
    first = [{"points.A": "50"}, {"points.C": "30"}]
    second = [{"points.A": "50"}, {"points.C": "80"}, {"points.A": "1"}]
    assert paper.differences(first, second) == [
        (2, "points.C", "30", "80"),
        (3, "points.A", "", "1"),
    ]


# The first row of each game's grid, and the entry it must give: the specification's minimal
# entries (§5.3, §4.4, §2.4, §2.10, §3.5).
FIRST_ROWS = {
    "hindernislauf": (
        3,
        {"r1-dealer": "A", "r1-points.A": "-3", "r1-points.B": "-1", "r1-points.C": "0"},
        {"dealer": "A", "points": {"A": -3, "B": -1, "C": 0}},
    ),
    "kein_stich": (
        4,
        {"r1-dealer": "D", "r1-count.A": "2", "r1-count.B": "3", "r1-count.C": "2"}
        | {"r1-count.D": "1"},
        {"dealer": "D", "contract": 1, "tricks": {"A": 2, "B": 3, "C": 2, "D": 1}},
    ),
    "bauerchen": (
        4,
        {"r1-dealer": "N", "r1-cp_NS": "45", "r1-spritz": "0", "r1-_melds_EW": "20"},
        {"dealer": "N", "cp_NS": 45, "spritz": 0, "melds": [{"team": "EW", "kind": 20}]},
    ),
    "bauerchen_hessen": (
        4,
        {"r1-dealer": "N"}
        | {f"r1-trick_winners.{i}": team for i, team in enumerate(["NS", "NS", "EW", "EW", "NS"])},
        {"dealer": "N", "trick_winners": ["NS", "NS", "EW", "EW", "NS"]},
    ),
    "hundertspiel": (
        4,
        {"r1-dealer": "A", "r1-points.AC": "46", "r1-points.BD": "48"},
        {"dealer": "A", "points": {"AC": 46, "BD": 48}},
    ),
}


@pytest.mark.parametrize("game", list(FIRST_ROWS))
def test_each_games_row_is_stored_as_its_minimal_entry(desk, make_tournament, game):
    players, row, entry = FIRST_ROWS[game]
    tournament = make_tournament(players=players, game=game)
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    assert desk.post(url(table), {"_action": "save", **row}).status_code == 302
    assert Deal.objects.get(table=table).entry == entry
