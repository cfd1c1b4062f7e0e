from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tournaments import services
from tournaments.models import Bye, Deal, DealRevision, Player
from tournaments.tables import table_replay

# Example H-1 of the scoring specification, deals 1-4: the Vier-Strich ends after deal 4 with
# A 2, B 1, C 0, D 1 Striche (A most in deals 1 and 4, B in deal 2, D in deal 3).
H1_VIERSTRICH = [
    {"points": {"A": 52, "B": 30, "C": 18, "D": 40}},
    {"points": {"A": 20, "B": 61, "C": 25, "D": 34}},
    {"points": {"A": 45, "B": 12, "C": 33, "D": 50}},
    {"points": {"A": 70, "B": 14, "C": 26, "D": 30}},
]


def record(table, entry, organiser=None):
    return services.deal_record(table=table, entry=entry, by=organiser, via="test").deal


def test_deal_record_stores_the_entry_as_revision_one(table, organiser):
    deal = record(table, H1_VIERSTRICH[0], organiser)
    assert deal.number == 1 and deal.revision == 1
    assert deal.entry == H1_VIERSTRICH[0]
    revision = DealRevision.objects.get(deal=deal)
    assert (revision.revision, revision.entry, revision.entered_by) == (1, deal.entry, organiser)


def test_invalid_deal_saves_nothing_and_names_the_field(table):
    record(table, H1_VIERSTRICH[0])
    with pytest.raises(ValidationError) as exc:
        record(table, {"points": {"A": 40, "B": 62, "C": 0, "D": 37}})  # 139
    assert "points" in exc.value.message_dict
    assert "139" in exc.value.message_dict["points"][0]
    assert Deal.objects.filter(table=table).count() == 1
    assert DealRevision.objects.count() == 1


def test_the_round_ends_with_the_vier_strich_and_refuses_more_deals(table):
    """Default tournament unit: one Vier-Strich half (Schapbach world championship)."""
    for entry in H1_VIERSTRICH:
        record(table, entry)
    state = table_replay(table)[-1].state
    assert state.unit_over
    assert dict(state.striche) == {"A": 2, "B": 1, "C": 0, "D": 1}
    with pytest.raises(ValidationError) as exc:
        record(table, {"points": {"A": 40, "B": 62, "D": 38}})
    assert exc.value.code == "UNIT_OVER"
    assert Deal.objects.filter(table=table).count() == 4


def test_correction_keeps_the_previous_version_and_replays(table, organiser):
    record(table, H1_VIERSTRICH[0])
    recorded = services.deal_correct(
        table=table,
        entry={"points": {"A": 30, "B": 52, "C": 18, "D": 40}},
        by=organiser,
        via="test",
        reason="A and B swapped",
    )
    corrected, warnings = recorded.deal, recorded.warnings
    assert warnings == ()
    assert corrected.revision == 2
    versions = list(corrected.revisions.order_by("revision"))
    assert [v.entry["points"]["A"] for v in versions] == [52, 30]
    assert versions[1].reason == "A and B swapped" and versions[1].entered_by == organiser
    # B now has the most card points, so B holds the Strich instead of A.
    assert dict(table_replay(table)[-1].state.striche) == {"A": 0, "B": 1, "C": 0, "D": 0}


def test_an_invalid_correction_changes_nothing(table):
    deal = record(table, H1_VIERSTRICH[0])
    with pytest.raises(ValidationError):
        services.deal_correct(
            table=table,
            entry={"points": {"A": 1, "B": 39, "C": 50, "D": 50}},
            by=None,
            via="test",
        )
    deal.refresh_from_db()
    assert deal.revision == 1 and deal.entry == H1_VIERSTRICH[0]


def test_pasted_list_is_all_or_nothing(tournament):
    before = Player.objects.filter(tournament=tournament).count()
    with pytest.raises(ValidationError) as exc:
        services.players_add_list(tournament=tournament, text="Neu Eins\nSpieler 01\nNeu Eins")
    message = exc.value.message_dict["names"][0]
    assert "Spieler 01" in message and "Neu Eins" in message
    assert Player.objects.filter(tournament=tournament).count() == before


def test_pasted_list_reads_clubs_after_a_separator(tournament):
    added = services.players_add_list(
        tournament=tournament, text="Maria Rombach; Schapbach\n\nOtto Schoch\tWolfach\n"
    )
    assert [(p.name, p.club) for p in added] == [
        ("Maria Rombach", "Schapbach"),
        ("Otto Schoch", "Wolfach"),
    ]


def test_round_draw_seats_everybody_and_stores_the_seed(make_tournament):
    tournament = make_tournament(players=24)
    the_round = services.round_draw(tournament=tournament, seed=99)
    assert the_round.seed == 99 and the_round.number == 1
    tables = list(the_round.tables.prefetch_related("seats"))
    assert len(tables) == 6
    assert all(sorted(s.label for s in t.seats.all()) == ["A", "B", "C", "D"] for t in tables)
    second = services.round_draw(tournament=tournament, seed=5, override_reason="test")
    assert second.number == 2


def test_round_draw_needs_byes_to_be_allowed(make_tournament):
    tournament = make_tournament(players=10)
    with pytest.raises(ValidationError) as exc:
        services.round_draw(tournament=tournament)
    assert exc.value.code == "BYES_NEEDED"
    assert not tournament.rounds.exists()
    the_round = services.round_draw(tournament=tournament, allow_byes=True, seed=3)
    assert the_round.tables.count() == 2
    assert Bye.objects.filter(round=the_round).count() == 2


def test_invalid_house_rules_are_refused(organiser):
    import datetime

    with pytest.raises(ValidationError) as exc:
        services.tournament_create(
            organiser=organiser,
            name="X",
            game="hintersche",
            date=datetime.date(2026, 1, 1),
            variant={"no_such_option": 1},
        )
    assert "variant" in exc.value.message_dict


def test_a_warning_does_not_block_the_deal_and_is_given_in_words(table):
    # The deal passes on in playing order (Scoring specification §1.1), so after B dealt, B
    # cannot deal again: a warning, and the deal is stored all the same.
    record(table, {**H1_VIERSTRICH[0], "dealer": "B"})
    recorded = services.deal_record(
        table=table, entry={**H1_VIERSTRICH[1], "dealer": "B"}, by=None, via="test"
    )
    deal, warnings = recorded.deal, recorded.warnings
    assert deal.number == 2
    assert warnings == ("This is not the dealer the rotation expects.",)
