"""The address in the QR codes (issue "The pub's Wi-Fi drops", item 3): with
``KREIDETAFEL_PUBLIC_URL`` (``settings.PUBLIC_URL``) every printed link and QR code of the table
cards and table sheets starts with it, without it with the address the desk was opened by; the
desk warns while that address is the laptop's alone (localhost, 127.0.0.1, ::1); the settings
check the variable; scripts/demo's helper finds the laptop's addresses in the hall's network."""

from __future__ import annotations

import importlib.util
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
import segno
from django.core.management import call_command
from django.test import RequestFactory
from django.urls import reverse
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from pypdf import PdfReader

from tournaments import services
from tournaments.links import LOCAL_BASE, phones_cannot_reach, public_url
from tournaments.models import Seat, Tournament
from tournaments.printing.documents import document_build

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = "http://192.168.178.5:8000"
LAN_HOSTS = ["192.168.1.20:8000", "10.0.0.7", "kreidetafel.fritz.box:8000"]
LOCAL_HOSTS = ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "localhost", "127.0.1.1:8000"]
WARNING = "Phones cannot reach this address."
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _hall(settings, tmp_path):
    """No public address unless a test sets one; the test client may come by every host used
    here; the documents go to the test's own folder."""
    settings.PUBLIC_URL = ""
    settings.ALLOWED_HOSTS = [
        "testserver",
        "127.0.0.1",
        "127.0.1.1",
        "localhost",
        "[::1]",
        "192.168.1.20",
        "10.0.0.7",
        "kreidetafel.fritz.box",
        "localhost.example.org",
    ]
    settings.PRINT_DIR = tmp_path / "printed"


@pytest.fixture
def drawn(make_tournament) -> Tournament:
    """Eight players, round 1 drawn at two tables."""
    tournament = make_tournament(players=8, name="Acht")
    services.round_draw(tournament=tournament, seed=3)
    return tournament


def links(tournament: Tournament) -> list[str]:
    """Every seat's and table's path of round 1."""
    the_round = tournament.rounds.get(number=1)
    seats = Seat.objects.filter(table__round=the_round)
    return [seat.get_absolute_url() for seat in seats] + [
        table.get_absolute_url() for table in the_round.tables.all()
    ]


def cards(client, tournament: Tournament, host: str = "testserver") -> str:
    url = reverse("round-cards", args=[tournament.slug, 1])
    response = client.get(url, HTTP_HOST=host)
    assert response.status_code == 200
    return response.content.decode()


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def sheets_now(client, tournament: Tournament, host: str = "testserver") -> str:
    url = reverse("document-now-round", args=[tournament.slug, "table-sheets", 1])
    response = client.get(url, HTTP_HOST=host)
    assert response["Content-Type"] == "application/pdf"
    return pdf_text(response.content)


def qr_svg(url: str) -> str:
    """The table cards' QR code of ``url``, as the page inlines it."""
    return segno.make(url, error="m").svg_inline(scale=3)


# --- the function ------------------------------------------------------------------------------


def test_public_url_prefers_the_setting_then_the_request_then_the_laptop(settings):
    request = RequestFactory().get("/", HTTP_HOST="localhost:8000")
    assert public_url(request, "/t/abc/") == "http://localhost:8000/t/abc/"
    assert public_url(None, "/t/abc/") == f"{LOCAL_BASE}/t/abc/"
    settings.PUBLIC_URL = PUBLIC
    assert public_url(request, "/t/abc/") == f"{PUBLIC}/t/abc/"
    assert public_url(None, "/t/abc/") == f"{PUBLIC}/t/abc/"


# --- table cards -------------------------------------------------------------------------------


def test_table_cards_carry_the_public_url_in_text_and_code(desk, drawn, settings):
    settings.PUBLIC_URL = PUBLIC
    html = cards(desk, drawn, host="localhost:8000")
    paths = links(drawn)
    assert len(paths) == 8 + 2
    for path in paths:
        assert f'<span class="url">{PUBLIC}{path}</span>' in html
        assert qr_svg(f"{PUBLIC}{path}") in html  # the code holds the same address
    assert "localhost" not in html
    assert WARNING not in html


@pytest.mark.parametrize("host", ["testserver", "192.168.1.20:8000", "localhost:8000"])
def test_without_the_setting_the_cards_follow_the_request_host(desk, drawn, host):
    html = cards(desk, drawn, host=host)
    for path in links(drawn):
        assert f'<span class="url">http://{host}{path}</span>' in html
        assert qr_svg(f"http://{host}{path}") in html
    assert f"{PUBLIC}/" not in html


# --- table sheets ------------------------------------------------------------------------------


def test_table_sheets_made_at_once_print_the_public_url(desk, drawn, settings):
    settings.PUBLIC_URL = PUBLIC
    text = sheets_now(desk, drawn, host="127.0.0.1:8000")
    for table in drawn.rounds.get().tables.all():
        assert f"{PUBLIC}{table.get_absolute_url()}" in text
    assert "127.0.0.1" not in text


def test_table_sheets_without_the_setting_print_the_request_host(desk, drawn):
    text = sheets_now(desk, drawn, host="kreidetafel.fritz.box:8000")
    for table in drawn.rounds.get().tables.all():
        assert f"http://kreidetafel.fritz.box:8000{table.get_absolute_url()}" in text
    assert PUBLIC not in text


def test_table_sheets_made_in_the_background_print_the_public_url(desk, drawn, settings):
    settings.PUBLIC_URL = PUBLIC
    url = reverse("document-round", args=[drawn.slug, "table-sheets", 1])
    desk.post(url, HTTP_HOST="localhost:8000", **HTMX)
    assert DBTaskResult.objects.get().args_kwargs["kwargs"]["base_url"] == PUBLIC
    name = document_build.call(**DBTaskResult.objects.get().args_kwargs["kwargs"])
    text = pdf_text((settings.PRINT_DIR / name).read_bytes())
    for table in drawn.rounds.get().tables.all():
        assert f"{PUBLIC}{table.get_absolute_url()}" in text


def test_table_sheets_made_for_another_address_are_out_of_date(desk, drawn, settings):
    """Sheets prepared before the public address was set lead the phones to the old one: the
    panel says so and prepares them again."""
    url = reverse("document-round", args=[drawn.slug, "table-sheets", 1])
    desk.post(url, HTTP_HOST="localhost:8000", **HTMX)
    desk.post(reverse("document-round", args=[drawn.slug, "seating-list", 1]), **HTMX)
    for row in DBTaskResult.objects.all():  # made as the worker makes them
        name = document_build.call(**row.args_kwargs["kwargs"])
        row.status, row.return_value = TaskResultStatus.SUCCESSFUL, name
        row.save()
    row = DBTaskResult.objects.get(args_kwargs__kwargs__kind="table-sheets")
    cell = desk.get(url, HTTP_HOST="localhost:8000", **HTMX).content.decode()
    assert "Download" in cell and "out of date" not in cell and "Prepare" not in cell

    settings.PUBLIC_URL = PUBLIC
    cell = desk.get(url, HTTP_HOST="localhost:8000", **HTMX).content.decode()
    assert "out of date: its links lead to http://localhost:8000" in cell
    assert "Prepare again" in cell
    panel = desk.get(reverse("documents", args=[drawn.slug]), **HTMX).content.decode()
    assert "its links lead to http://localhost:8000" in panel
    assert panel.count("Download") == 2
    assert panel.count("out of date") == 1  # the seating list has no links: still current

    desk.post(url, HTTP_HOST="localhost:8000", **HTMX)
    newest = DBTaskResult.objects.order_by("enqueued_at").last()
    assert newest.pk != row.pk
    assert newest.args_kwargs["kwargs"]["base_url"] == PUBLIC


# --- the warning -------------------------------------------------------------------------------


def desk_pages(client, tournament: Tournament, host: str) -> dict[str, str]:
    """The round dashboard, the table cards, the documents page and the documents panel as the
    desk loads it (htmx), opened by ``host``."""
    urls = {
        "dashboard": reverse("round-detail", args=[tournament.slug, 1]),
        "cards": reverse("round-cards", args=[tournament.slug, 1]),
        "documents": reverse("documents", args=[tournament.slug]),
    }
    pages = {}
    for name, url in urls.items():
        response = client.get(url, HTTP_HOST=host)
        assert response.status_code == 200, (name, host)
        pages[name] = response.content.decode()
    panel = client.get(urls["documents"], HTTP_HOST=host, **HTMX)
    pages["panel"] = panel.content.decode()
    return pages


@pytest.mark.parametrize("host", LOCAL_HOSTS)
def test_the_desk_warns_on_an_address_of_the_laptop_alone(desk, drawn, host):
    for name, html in desk_pages(desk, drawn, host).items():
        assert WARNING in html, name
        assert f"This page is open at {host}," in html, name
        assert "KREIDETAFEL_PUBLIC_URL" in html, name


@pytest.mark.parametrize("host", LAN_HOSTS)
def test_no_warning_on_an_address_in_the_hall(desk, drawn, host):
    for name, html in desk_pages(desk, drawn, host).items():
        assert WARNING not in html, name


def test_no_warning_once_the_public_url_is_set(desk, drawn, settings):
    settings.PUBLIC_URL = PUBLIC
    for name, html in desk_pages(desk, drawn, "127.0.0.1:8000").items():
        assert WARNING not in html, name


def test_the_cards_page_warns_only_above_cards_to_print(desk, drawn, organiser):
    services.round_lock(round=drawn.rounds.get(), by=organiser, reason="Sperrstunde")
    assert WARNING not in cards(desk, drawn, host="localhost:8000")


def test_phones_cannot_reach_reads_the_host_only():
    factory = RequestFactory()

    def local(host: str) -> bool:
        return phones_cannot_reach(factory.get("/", HTTP_HOST=host))

    assert all(local(host) for host in LOCAL_HOSTS)
    assert not any(local(host) for host in LAN_HOSTS)
    assert not local("localhost.example.org")  # a real name that merely begins so


# --- the setting -------------------------------------------------------------------------------


def _settings_in_a_fresh_process(value: str) -> subprocess.CompletedProcess:
    code = (
        "from django.conf import settings; "
        "print(settings.PUBLIC_URL); print(','.join(settings.ALLOWED_HOSTS))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "kreidetafel.settings"}
    env["KREIDETAFEL_PUBLIC_URL"] = value
    env.pop("DJANGO_ALLOWED_HOSTS", None)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_the_setting_is_read_and_its_host_answered_to():
    done = _settings_in_a_fresh_process(f"{PUBLIC}/")
    assert done.returncode == 0, done.stderr
    public, hosts = done.stdout.split()
    assert public == PUBLIC  # the slash at the end dropped
    assert hosts.split(",") == ["127.0.0.1", "localhost", "[::1]", "192.168.178.5"]


def test_the_setting_is_empty_by_default():
    done = _settings_in_a_fresh_process("")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["", "127.0.0.1,localhost,[::1]"]


@pytest.mark.parametrize(
    "value", ["192.168.1.20:8000", "http://192.168.1.20:8000/kreidetafel", "ftp://x", "http://x:y"]
)
def test_a_wrong_setting_stops_the_start(value):
    done = _settings_in_a_fresh_process(value)
    assert done.returncode != 0
    assert "KREIDETAFEL_PUBLIC_URL must be a scheme, host and port only" in done.stderr


# --- scripts/demo ------------------------------------------------------------------------------


def _hall_addresses():
    spec = importlib.util.spec_from_file_location(
        "hall_addresses", ROOT / "scripts" / "hall_addresses.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


IP_ADDR = """\
1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever
2: enp3s0    inet 10.0.0.7/24 brd 10.0.0.255 scope global dynamic enp3s0\\       valid_lft 3000sec
3: wlp2s0    inet 192.168.1.20/24 brd 192.168.1.255 scope global dynamic noprefixroute wlp2s0
4: docker0    inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0\\       valid_lft forever
5: wlp2s0    inet 169.254.3.4/16 brd 169.254.255.255 scope link wlp2s0
6: wg0    inet 10.8.0.2/24 scope global wg0
"""
IP_ROUTE = "default via 192.168.1.1 dev wlp2s0 proto dhcp src 192.168.1.20 metric 600\n"


def test_the_hall_addresses_come_from_the_laptops_interfaces_default_route_first():
    hall = _hall_addresses()
    assert hall.hall_addresses(IP_ADDR, IP_ROUTE) == [
        ("192.168.1.20", "wlp2s0"),
        ("10.0.0.7", "enp3s0"),
    ]
    assert hall.hall_addresses(IP_ADDR, "") == [("10.0.0.7", "enp3s0"), ("192.168.1.20", "wlp2s0")]
    assert hall.hall_addresses("1: lo    inet 127.0.0.1/8 scope host lo", "") == []
    assert hall.parse_hostname("192.168.1.20 127.0.1.1 169.254.3.4 fd00::2 10.0.0.7 ") == [
        ("192.168.1.20", ""),
        ("10.0.0.7", ""),
    ]


def test_scripts_demo_finds_binds_and_passes_on_the_address():
    script = (ROOT / "scripts" / "demo").read_text()
    assert "scripts/hall_addresses.py" in script
    assert (
        'export KREIDETAFEL_PUBLIC_URL="${KREIDETAFEL_PUBLIC_URL:-http://${addresses[0]}:$port}"'
        in script
    )
    assert 'runserver "0.0.0.0:$port"' in script
    assert "DJANGO_ALLOWED_HOSTS" in script


def test_the_demo_prints_the_phones_links_at_the_public_url(db, settings):
    settings.PUBLIC_URL = PUBLIC
    out = io.StringIO()
    call_command("demo", "--game", "hindernislauf", stdout=out)
    text = out.getvalue()
    assert f"Public standings: {PUBLIC}/s/hindernislauf-demo/" in text
    assert f"    {PUBLIC}/t/" in text  # the waiting table's seats, for phones
    assert f"Organiser's desk: {LOCAL_BASE}/o/hindernislauf-demo/" in text
