"""Printed documents: prepared in the background (the real database task backend and its worker),
followed by htmx, downloaded; the organisers' gate; the public final results."""

from __future__ import annotations

import io
from unittest import mock

import pytest
from django.core.management import call_command
from django.urls import reverse
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from pypdf import PdfReader

from tournaments import services
from tournaments.models import Tournament
from tournaments.printing.documents import CATALOGUE, document_build

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _print_dir(settings, tmp_path):
    settings.PRINT_DIR = tmp_path / "printed"


def run_worker() -> None:
    """Run every queued task, as ``manage.py db_worker`` does, then return. The worker closes
    "old" database connections between tasks, as a request does; inside a test's transaction
    that would close the test's own connection (PostgreSQL), so it is left open here."""
    with mock.patch(
        "django_tasks_db.management.commands.db_worker.close_old_connections", lambda: None
    ):
        call_command("db_worker", batch=True, startup_delay=False, verbosity=0)


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def cell_url(tournament: Tournament, kind: str, number: int | None = None, route: str = "") -> str:
    name = "document" + (f"-{route}" if route else "") + ("-round" if number else "")
    return reverse(name, args=[tournament.slug, kind] + ([number] if number else []))


def finish(tournament: Tournament, organiser) -> None:
    """Lock the drawn round with a reason and finish the tournament."""
    services.round_lock(round=tournament.rounds.get(), by=organiser, reason="Sperrstunde")
    services.tournament_finish(tournament=tournament, by=organiser)


def test_prepare_worker_progress_download(desk, tournament, table):
    url = cell_url(tournament, "seating-list", 1)

    response = desk.post(url, **HTMX)
    assert response.status_code == 200
    assert "<html" not in response.content.decode()
    assert 'hx-trigger="every 2s"' in response.content.decode()
    assert "waiting for its turn" in response.content.decode()
    row = DBTaskResult.objects.get()
    assert row.status == TaskResultStatus.READY
    assert row.args_kwargs["kwargs"] == {
        "tournament": tournament.pk,
        "kind": "seating-list",
        "number": 1,
        "language": "en",
        "base_url": "http://testserver",
    }

    run_worker()

    row.refresh_from_db()
    assert row.status == TaskResultStatus.SUCCESSFUL, row.traceback
    tournament.refresh_from_db()
    assert row.return_value == f"vereinsturnier-seating-list-round-1-v{tournament.version}-en.pdf"
    page = desk.get(url, **HTMX).content.decode()
    assert "hx-trigger" not in page  # the polling stops once the document is ready
    assert "Download" in page and "out of date" not in page

    download = desk.get(cell_url(tournament, "seating-list", 1, "download"))
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert download["Content-Disposition"] == (
        'attachment; filename="vereinsturnier-seating-list-round-1.pdf"'
    )
    text = pdf_text(b"".join(download.streaming_content))
    assert "Vereinsturnier" in text
    assert all(f"Spieler 0{n}" in text for n in range(1, 5))


def test_a_second_prepare_while_waiting_enqueues_nothing(desk, tournament):
    url = cell_url(tournament, "standings")
    desk.post(url, **HTMX)
    desk.post(url, **HTMX)
    assert DBTaskResult.objects.count() == 1


def test_plain_post_goes_back_to_the_panel(desk, tournament):
    response = desk.post(cell_url(tournament, "standings"))
    assert response.status_code == 302
    assert response["Location"] == reverse("documents", args=[tournament.slug])


def test_a_write_makes_the_document_out_of_date(desk, tournament, organiser, settings):
    url = cell_url(tournament, "standings")
    desk.post(url, **HTMX)
    run_worker()
    services.player_add(tournament=tournament, name="Nachzügler", by=organiser)

    page = desk.get(url, **HTMX).content.decode()
    assert "out of date" in page and "Prepare again" in page
    assert desk.get(cell_url(tournament, "standings", route="download")).status_code == 200
    desk.post(url, **HTMX)
    assert DBTaskResult.objects.filter(status=TaskResultStatus.READY).count() == 1

    run_worker()
    tournament.refresh_from_db()
    assert "out of date" not in desk.get(url, **HTMX).content.decode()
    made = [path.name for path in settings.PRINT_DIR.iterdir()]
    assert made == [f"{tournament.slug}-standings-v{tournament.version}-en.pdf"]  # the old one gone


def test_a_failed_document_says_so_and_can_be_prepared_again(desk, tournament, table):
    url = cell_url(tournament, "table-sheets", 1)
    desk.post(url, **HTMX)
    table.round.delete()  # gone before the worker gets to it
    run_worker()

    assert DBTaskResult.objects.get().status == TaskResultStatus.FAILED
    assert desk.get(url, **HTMX).status_code == 404  # the round is gone: so is its cell
    assert desk.get(cell_url(tournament, "table-sheets", 1, "download")).status_code == 404


def test_the_task_writes_the_file_in_the_language_asked(tournament, settings):
    name = document_build.call(
        tournament=tournament.pk, kind="standings", number=None, language="de"
    )
    tournament.refresh_from_db()  # registering the players raised the version
    assert name == f"{tournament.slug}-standings-v{tournament.version}-de.pdf"
    text = pdf_text((settings.PRINT_DIR / name).read_bytes())
    assert "Rangliste" in text
    assert [p.name for p in settings.PRINT_DIR.iterdir()] == [name]  # no partial file left


def test_panel_lists_each_document_and_each_round(desk, tournament, organiser):
    for number in (1, 2):
        services.round_draw(tournament=tournament, seed=number)
        services.round_lock(round=tournament.rounds.get(number=number), by=organiser, reason="x")
    page = desk.get(reverse("documents", args=[tournament.slug])).content.decode()
    for kind in CATALOGUE:
        assert f'id="document-{kind}' in page
    assert 'id="document-table-sheets-2"' in page and 'id="document-table-sheets-3"' not in page


@pytest.mark.parametrize("rounds", [1, 4])
def test_panel_queries_do_not_grow_with_rounds_or_tasks(
    desk, tournament, organiser, rounds, django_assert_max_num_queries
):
    """Guards the N+1 of reading each document's task on its own: the tasks are read in one
    query, the rounds in one (session, user, tournament, tasks, players, rounds)."""
    for number in range(1, rounds + 1):
        services.round_draw(tournament=tournament, seed=number)
        services.round_lock(round=tournament.rounds.get(number=number), by=organiser, reason="x")
        desk.post(cell_url(tournament, "seating-list", number), **HTMX)
    desk.post(cell_url(tournament, "standings"), **HTMX)
    with django_assert_max_num_queries(6):
        response = desk.get(reverse("documents", args=[tournament.slug]), **HTMX)
    assert response.content.decode().count("waiting for its turn") == rounds + 1


def test_desk_loads_the_panel(desk, tournament):
    page = desk.get(tournament.get_absolute_url()).content.decode()
    assert f'hx-get="{reverse("documents", args=[tournament.slug])}"' in page


def test_small_documents_are_offered_directly(desk, tournament, table):
    page = desk.get(reverse("documents", args=[tournament.slug])).content.decode()
    now = cell_url(tournament, "seating-list", 1, "now")
    assert now in page
    assert cell_url(tournament, "report", route="now") not in page  # never made during a request
    response = desk.get(now)
    assert response["Content-Type"] == "application/pdf"
    assert "Spieler 03" in pdf_text(response.content)
    assert desk.get(cell_url(tournament, "report", route="now")).status_code == 404


def test_bigger_tournaments_get_no_direct_documents(desk, tournament, table, monkeypatch):
    monkeypatch.setattr("tournaments.views.printed.DIRECT_PLAYERS", 3)  # the tournament has 4
    page = desk.get(reverse("documents", args=[tournament.slug])).content.decode()
    assert "/now/" not in page
    assert desk.get(cell_url(tournament, "seating-list", 1, "now")).status_code == 404


def test_the_result_sheet_of_a_big_tournament_goes_to_the_panel(desk, tournament, monkeypatch):
    url = reverse("result-sheet", args=[tournament.slug])
    assert desk.get(url)["Content-Type"] == "application/pdf"  # 4 players: made at once
    monkeypatch.setattr("tournaments.views.desk.DIRECT_PLAYERS", 3)

    response = desk.get(url)

    assert response.status_code == 302
    assert response["Location"] == reverse("documents", args=[tournament.slug])


@pytest.mark.parametrize(
    ("kind", "number"),
    [("no-such-document", None), ("table-sheets", None), ("standings", 1), ("seating-list", 9)],
)
def test_unknown_documents_and_rounds_are_404(desk, tournament, table, kind, number):
    assert desk.get(cell_url(tournament, kind, number)).status_code == 404
    assert desk.post(cell_url(tournament, kind, number)).status_code == 404
    assert not DBTaskResult.objects.exists()


def test_another_user_gets_404_everywhere(client, django_user_model, tournament, table):
    client.force_login(django_user_model.objects.create_user("fremd", password="pw-fremd-123"))
    urls = [
        reverse("documents", args=[tournament.slug]),
        cell_url(tournament, "seating-list", 1),
        cell_url(tournament, "seating-list", 1, "download"),
        cell_url(tournament, "standings", route="now"),
    ]
    for url in urls:
        assert client.get(url).status_code == 404, url
    assert client.post(cell_url(tournament, "standings")).status_code == 404
    assert not DBTaskResult.objects.exists()


# --- the public final results -------------------------------------------------------------


def final_url(tournament: Tournament, kind: str) -> str:
    return reverse("final-document", args=[tournament.slug, kind])


def test_no_final_results_before_the_finish(client, tournament, table):
    page = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert "Final results" not in page
    assert client.get(final_url(tournament, "standings")).status_code == 404
    assert not DBTaskResult.objects.exists()


def test_finish_prepares_the_final_results(
    client, tournament, table, organiser, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        finish(tournament, organiser)
    queued = {
        (row.args_kwargs["kwargs"]["kind"], row.args_kwargs["kwargs"]["language"])
        for row in DBTaskResult.objects.all()
    }
    assert queued == {("standings", "de"), ("standings", "en"), ("report", "de"), ("report", "en")}

    page = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert "Final results" in page
    assert final_url(tournament, "standings") in page and final_url(tournament, "report") in page

    waiting = client.get(final_url(tournament, "standings"))
    assert waiting.status_code == 200
    assert "is being prepared" in waiting.content.decode()
    assert 'hx-trigger="every 2s"' in waiting.content.decode()

    run_worker()
    ready = client.get(final_url(tournament, "standings"), **HTMX).content.decode()
    assert "hx-trigger" not in ready and final_url(tournament, "standings") in ready
    response = client.get(final_url(tournament, "standings"))
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(b"".join(response.streaming_content))
    assert "Vereinsturnier" in text and "Spieler 01" in text


def test_first_public_request_prepares_a_missing_final_result(client, tournament, table, organiser):
    finish(tournament, organiser)  # without its on-commit hook: nothing prepared yet
    assert not DBTaskResult.objects.exists()
    assert "is being prepared" in client.get(final_url(tournament, "standings")).content.decode()
    row = DBTaskResult.objects.get()
    assert row.args_kwargs["kwargs"]["kind"] == "standings"
    client.get(final_url(tournament, "standings"))
    assert DBTaskResult.objects.count() == 1  # a second visitor waits for the same one


def test_only_public_documents_of_public_tournaments(client, tournament, table, organiser):
    finish(tournament, organiser)
    assert client.get(final_url(tournament, "certificates")).status_code == 404
    assert client.get(final_url(tournament, "table-sheets")).status_code == 404
    Tournament.objects.filter(pk=tournament.pk).update(public=False)
    assert client.get(final_url(tournament, "standings")).status_code == 404
    client.force_login(organiser)
    page = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert "Final results" not in page  # the organiser sees the page, but no public link


@pytest.mark.german
def test_a_german_file_name_spells_out_umlauts_and_names_the_round_once(desk, tournament, table):
    response = desk.get(cell_url(tournament, "round-standings", 1, "now"))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(
        'filename="vereinsturnier-rangliste-nach-runde-1.pdf"'
    )
    sheets = desk.get(cell_url(tournament, "table-sheets", 1, "now"))
    assert 'filename="vereinsturnier-tischblaetter-runde-1.pdf"' in sheets["Content-Disposition"]
