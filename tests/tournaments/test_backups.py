"""Backups, restore, the data commands and the data pages (tournaments.backups,
tournaments.views.data, docs/backups.md)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from openpyxl import load_workbook

from tournaments import backups, services
from tournaments.exchange import export_tournament
from tournaments.models import AuditEntry, Deal, DealRevision, Player, Round, Table, Tournament
from tournaments.services import exchange as load

from .test_exchange import H1, counts, slates, standings_rows


@pytest.fixture
def played(table, organiser):
    """Round 1 of a Hintersche tournament played to the end of example H-1: A 2, B 1, C 0,
    D 1 Striche."""
    for entry in H1:
        services.deal_record(table=table, entry=entry, by=organiser, via="test")
    return table.round.tournament


def names(tournament):
    return [b.reason for b in backups.backups(tournament)]


def test_a_backup_is_the_export_and_the_newest_are_kept(played, settings, _backup_dir):
    settings.BACKUPS_KEPT = 3
    paths = [backups.backup(played, f"manual-{i}") for i in range(5)]
    assert paths[0].parent == _backup_dir / played.slug
    assert names(played) == ["manual-4", "manual-3", "manual-2"]  # newest first
    assert not paths[0].exists() and paths[4].exists()
    saved = json.loads(paths[4].read_text(encoding="utf-8"))
    expected = export_tournament(played)
    assert {**saved, "exported_at": None} == {**expected, "exported_at": None}
    assert not list((_backup_dir / played.slug).glob(".*.tmp"))  # no temporary file left


def test_a_backup_is_taken_before_every_draw_and_lock(played, organiser):
    assert names(played) == ["draw-1"]
    services.round_lock(round=played.rounds.get(), by=organiser)
    services.round_draw(tournament=played, seed=2, by=organiser)
    assert names(played) == ["draw-2", "lock-1", "draw-1"]
    # The lock's backup holds the round before it was locked.
    lock = backups.find(played, backups.backups(played)[1].name)
    assert json.loads(lock.path.read_text())["rounds"][0]["status"] == Round.Status.COMPLETE
    assert lock.occasion == "before round 1 was locked"


def test_finishing_backs_up_before_it_locks_the_last_round(played, organiser):
    services.tournament_finish(tournament=played, by=organiser)
    assert names(played) == ["finish", "draw-1"]
    finish = backups.find(played, backups.backups(played)[0].name)
    assert finish.occasion == "before the tournament was finished"
    assert json.loads(finish.path.read_text())["rounds"][0]["status"] == Round.Status.COMPLETE


def test_a_failed_automatic_backup_does_not_stop_the_draw(tournament, settings, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    settings.BACKUP_DIR = blocker
    new_round = services.round_draw(tournament=tournament, seed=1)
    assert new_round.number == 1 and new_round.tables.count() == 1


def test_restore_brings_the_backup_back_and_can_be_undone(played, organiser):
    path = backups.backup(played, "manual")
    rows, tables = standings_rows(played), slates(played)
    services.round_lock(round=played.rounds.get(), by=organiser)
    services.round_draw(tournament=played, seed=2, by=organiser)
    services.player_add(tournament=played, name="Nachzügler", by=organiser)

    restored = services.tournament_restore(
        tournament=played, path=path, by=organiser, reason="Auslosung war falsch"
    )

    assert restored.pk == played.pk
    assert list(restored.rounds.values_list("number", "status")) == [(1, "complete")]
    assert not restored.players.filter(name="Nachzügler").exists()
    assert standings_rows(restored) == rows and slates(restored) == tables
    last = restored.audit_entries.first()
    assert (last.action, last.reason) == (AuditEntry.Action.ADMIN, "Auslosung war falsch")
    assert last.subject == f"Restored from the backup {path.name}"
    before_restore = backups.backups(restored)[0]
    assert before_restore.reason == "before-restore"
    undone = services.tournament_restore(
        tournament=restored, path=before_restore.path, by=organiser
    )
    assert list(undone.rounds.values_list("number", flat=True)) == [1, 2]


def _current(tournament):
    return (
        counts(),
        standings_rows(tournament),
        slates(tournament),
        list(Deal.objects.values_list("pk", "entry")),
        Tournament.objects.get(pk=tournament.pk).name,
    )


def test_a_restore_failing_halfway_leaves_the_data_as_it_was(played, organiser, monkeypatch):
    path = backups.backup(played, "manual")
    services.round_lock(round=played.rounds.get(), by=organiser)
    before = _current(played)
    create = load._create

    def failing(model, objects):
        if model is Deal:  # teams, players, rounds, tables and seats are written by now
            raise RuntimeError("disk full")
        create(model, objects)

    monkeypatch.setattr(load, "_create", failing)
    with pytest.raises(RuntimeError):
        services.tournament_restore(tournament=played, path=path, by=organiser, reason="test")
    assert _current(played) == before


def test_a_bad_backup_is_refused_before_anything_is_touched(played, organiser, tmp_path):
    document = export_tournament(played)
    last = document["rounds"][0]["tables"][0]["deals"][-1]
    last["entry"]["points"]["A"] = last["revisions"][-1]["entry"]["points"]["A"] = 71
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    before = _current(played)
    with pytest.raises(ValidationError) as caught:
        services.tournament_restore(tournament=played, path=path, by=organiser)
    assert caught.value.messages[0].startswith("rounds[0].tables[0].deals[3].entry.points")
    assert _current(played) == before
    assert names(played) == ["draw-1"]  # not even the before-restore backup
    path.write_text("{not json")
    with pytest.raises(ValidationError, match="cannot be read as JSON"):
        services.tournament_restore(tournament=played, path=path, by=organiser)


def test_a_backup_of_another_tournament_is_refused(played, organiser, make_tournament):
    other = make_tournament(name="Anderes Turnier")
    path = backups.backup(other, "manual")
    with pytest.raises(ValidationError) as caught:
        services.tournament_restore(tournament=played, path=path, by=organiser)
    assert caught.value.error_list[0].code == "OTHER_TOURNAMENT"


# --- commands ------------------------------------------------------------------------------


def test_the_commands_export_import_back_up_and_restore(played, organiser, tmp_path):
    target = tmp_path / "turnier.json"
    call_command("export_tournament", played.slug, "-o", str(target), stderr=io.StringIO())
    assert json.loads(target.read_text())["tournament"]["slug"] == played.slug
    out = io.StringIO()
    call_command("import_tournament", str(target), "--slug", "kopie", stdout=out)
    assert "kopie" in out.getvalue()
    assert Tournament.objects.get(slug="kopie").organiser == organiser  # the file's organiser
    out = io.StringIO()
    call_command("backup", "--all", stdout=out)
    assert len(out.getvalue().splitlines()) == 2
    services.player_add(tournament=played, name="Nachzügler", by=organiser)
    call_command("restore", played.slug, str(target), stdout=io.StringIO())
    assert not played.players.filter(name="Nachzügler").exists()


def test_the_commands_fail_with_a_clear_message(played, tmp_path):
    with pytest.raises(CommandError, match="No tournament at the address 'nope'"):
        call_command("export_tournament", "nope")
    with pytest.raises(CommandError, match="or give --all"):
        call_command("backup")
    document = export_tournament(played)
    document["players"][0]["name"] = ""
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    before = counts()
    with pytest.raises(CommandError, match=r"players\[0\]\.name"):
        call_command("import_tournament", str(bad), "--slug", "kopie")
    with pytest.raises(CommandError, match="No user 'nobody'"):
        call_command("import_tournament", str(bad), "--organiser", "nobody")
    with pytest.raises(CommandError, match="Nothing restored"):
        call_command("restore", played.slug, str(bad))
    assert counts() == before


# --- pages ---------------------------------------------------------------------------------


def test_the_desk_links_the_data_pages(desk, played):
    page = desk.get(played.get_absolute_url()).content.decode()
    for name in ("tournament-export", "standings-csv", "backup-list"):
        assert reverse(name, args=[played.slug]) in page


def test_the_export_download_is_the_document(desk, played):
    response = desk.get(reverse("tournament-export", args=[played.slug]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert json.loads(response.content)["rounds"][0]["tables"][0]["deals"][3]["entry"] == H1[3]


HEADING = ["Rank", "Player", "Club or village", "Team", "R1", "Striche", "Byes in rounds"]


def test_the_standings_csv_opens_in_a_spreadsheet(desk, played):
    response = desk.get(reverse("standings-csv", args=[played.slug]))
    assert response.status_code == 200
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    assert text.splitlines()[0].count(";") >= 6  # German Excel's separator
    header, *rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=";"))
    assert header[:7] == HEADING
    seats = {s.label: s.player.name for s in Table.objects.get().seats.select_related("player")}
    by_name = {row[1]: row for row in rows}
    # Example H-1: C no Strich (first), A two (last); B and D one each.
    assert by_name[seats["C"]][0] == "1" and by_name[seats["C"]][5] == "0"
    assert by_name[seats["A"]][0] == "4" and by_name[seats["A"]][4:6] == ["2", "2"]
    assert rows[-1][1] == seats["A"]


def test_the_standings_workbook_and_its_bye_marker(desk, make_tournament):
    """Five players: four at the table play Example H-1, one sits out (a bye at the round's
    average: 4 Striche over 4 players, 1)."""
    tournament = make_tournament(players=5)
    table = services.round_draw(tournament=tournament, seed=1, allow_byes=True).tables.get()
    for entry in H1:
        services.deal_record(table=table, entry=entry, by=None, via="test")
    bye = tournament.rounds.get().byes.get().player.name
    response = desk.get(reverse("standings-xlsx", args=[tournament.slug]))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('.xlsx"')
    sheet = load_workbook(io.BytesIO(response.content)).active
    header, *rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert header[:7] == HEADING
    by_name = {row[1]: row for row in rows}
    assert by_name[bye][4:7] == [1, 1, "1"]  # numbers stay numbers; the bye's round named
    seats = {s.label: s.player.name for s in table.seats.select_related("player")}
    assert by_name[seats["A"]][4:7] == [2, 2, None]
    assert sheet.freeze_panes == "A2"


def test_back_up_now_and_the_list(desk, played, django_assert_max_num_queries):
    url = reverse("backup-list", args=[played.slug])
    response = desk.post(url)
    assert response.status_code == 302
    assert names(played) == ["manual", "draw-1"]
    with django_assert_max_num_queries(8):
        page = desk.get(url).content.decode()
    assert "before the draw of round 1" in page and "on request" in page
    assert reverse("backup-restore", args=[played.slug, backups.backups(played)[0].name]) in page


def test_restore_asks_for_a_reason_then_restores(desk, played, organiser):
    path = backups.backup(played, "manual")
    services.player_add(tournament=played, name="Nachzügler", by=organiser)
    url = reverse("backup-restore", args=[played.slug, path.name])
    assert desk.get(url).status_code == 200
    response = desk.post(url, {"reason": ""})
    assert response.status_code == 400
    assert played.players.filter(name="Nachzügler").exists()
    response = desk.post(url, {"reason": "falsch eingetragen"})
    assert response.status_code == 302
    assert not played.players.filter(name="Nachzügler").exists()
    assert desk.get(reverse("backup-restore", args=[played.slug, "x.json"])).status_code == 404


def test_strangers_find_no_data_pages(client, played, django_user_model):
    client.force_login(django_user_model.objects.create_user("fremd", password="x-pw-12345"))
    name = backups.backups(played)[0].name
    for url in (
        reverse("tournament-export", args=[played.slug]),
        reverse("standings-csv", args=[played.slug]),
        reverse("backup-list", args=[played.slug]),
        reverse("backup-restore", args=[played.slug, name]),
    ):
        assert client.get(url).status_code == 404, url
    assert client.post(reverse("backup-list", args=[played.slug])).status_code == 404
    assert names(played) == ["draw-1"]


def _upload(document) -> SimpleUploadedFile:
    return SimpleUploadedFile("t.json", json.dumps(document).encode(), "application/json")


def test_import_page_makes_a_new_tournament_or_lists_the_errors(desk, played, client):
    url = reverse("tournament-import")
    assert desk.get(url).status_code == 200
    document = export_tournament(played)
    document["rounds"][0]["tables"][0]["seats"][0]["player"] = "Niemand"
    before = counts()
    response = desk.post(url, {"file": _upload(document), "slug": "kopie"})
    assert response.status_code == 400
    assert "rounds[0].tables[0].seats[0].player" in response.content.decode()
    assert counts() == before
    response = desk.post(url, {"file": _upload(export_tournament(played))})
    assert response.status_code == 400  # the address is taken
    assert "tournament.slug" in response.content.decode()
    response = desk.post(url, {"file": SimpleUploadedFile("t.json", b"{oops"), "slug": "kopie"})
    assert response.status_code == 400 and counts() == before
    response = desk.post(url, {"file": _upload(export_tournament(played)), "slug": "kopie"})
    assert response.status_code == 302
    assert Player.objects.filter(tournament__slug="kopie").count() == 4
    assert DealRevision.objects.filter(deal__table__round__tournament__slug="kopie").count() == 4
    client.logout()
    assert client.get(url).status_code == 302  # to the login
