"""A long printed document made in parts by several processes and joined: weasyprint lays out
on one core, so 250 table sheets take half as long on two. Kept free of Django (a part's process
imports only this module, weasyprint and segno).

Every document goes through :func:`write_pdf`, whose URL fetcher draws the QR codes
(:func:`qr_src`) while weasyprint lays out: in the parts' processes, not before them in the one
that wrote the HTML (250 sheets' codes are 0.4 s of CPU, with the fixed :data:`QR_MASK`)."""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import forkserver, get_context
from typing import Any
from urllib.parse import quote, unquote

import segno
from pypdf import PdfWriter
from weasyprint import CSS, HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

QR = "kreide-qr:"
"""The scheme of an image address that :func:`write_pdf` draws as the QR code of the rest."""
QR_MASK = 0
"""The QR codes' data mask (0–7; 0: modules where row + column is even are inverted). Every mask
gives a valid code (ISO/IEC 18004 lets the encoder choose); segno's search for the best of the
eight scored each code eight times, three quarters of the time a code took."""


def qr_src(url: str) -> str:
    """An ``<img src>`` for the QR code of ``url``, drawn when the document is laid out."""
    return QR + quote(url, safe="")


class _Fetcher(URLFetcher):
    """weasyprint's URL fetcher, but a :data:`QR` address is drawn as a PNG of one pixel a
    module (the sheet scales it up without smoothing: a small PNG costs weasyprint a third of an
    SVG's paths)."""

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        if not url.startswith(QR):
            return super().fetch(url, headers)
        # Medium error correction survives a crease or a coffee ring; black on white only.
        code = segno.make(unquote(url[len(QR) :]), error="m", mask=QR_MASK)
        png = io.BytesIO()
        code.save(png, kind="png", scale=1, dark="#000", light="#fff", border=2)
        return URLFetcherResponse(url, png.getvalue(), {"Content-Type": "image/png"})


USER_AGENT_CSS = """
head, meta, style, title { display: none }
body, div, h1, h2, h3, html, ol, p, section, ul { display: block }
li { display: list-item }
table { display: table; border-spacing: 2px; border-collapse: separate; box-sizing: border-box;
  text-indent: initial; border-color: gray }
caption { display: table-caption }
colgroup { display: table-column-group }
col { display: table-column }
thead { display: table-header-group }
tbody { display: table-row-group }
tfoot { display: table-footer-group }
thead, tbody, tfoot, table > tr { vertical-align: middle }
thead, tbody, tfoot, tr { border-color: inherit }
tr { display: table-row; vertical-align: inherit }
td, th { display: table-cell; padding: 1px; vertical-align: inherit; border-color: gray }
ol, p, ul { margin-top: 1em; margin-bottom: 1em }
ol, ul { padding-left: 40px; counter-reset: list-item; break-before: avoid }
ol { list-style-type: decimal }
ul { list-style-type: disc }
body { margin: 8px }
html { color-scheme: light }
b, strong, th { font-weight: bold }
em, i { font-style: italic }
h1 { margin-top: .67em; margin-bottom: .67em; font-size: 2em; bookmark-level: 1 }
h2 { margin-top: .83em; margin-bottom: .83em; font-size: 1.5em; bookmark-level: 2 }
h3 { margin-top: 1em; margin-bottom: 1em; font-size: 1.17em; bookmark-level: 3 }
h1, h2, h3 { font-weight: bold; bookmark-label: content(text); hyphens: manual }
h1, h2, h3 { break-after: avoid; break-inside: avoid }
br::before { content: "\\A"; white-space: pre-line }
img, svg { overflow: hidden }
@page { margin: 75px;
  @top-left { text-align: left; vertical-align: middle }
  @top-center { text-align: center; vertical-align: middle }
  @top-right { text-align: right; vertical-align: middle }
  @bottom-left { text-align: left; vertical-align: middle }
  @bottom-center { text-align: center; vertical-align: middle }
  @bottom-right { text-align: right; vertical-align: middle } }
"""
"""weasyprint's user-agent stylesheet (``css/html5_ua.css``) cut to the elements the printed
documents use (``templates/print/``, the games' sheet grids, :mod:`.listing`), with the same
values. The whole one has some 170 rules, many of them tried on every element (``[dir]``,
``[hidden]``, forms, ``::marker``, notes): its cascade was a quarter of a table sheet's CPU. An
element not named here gets no defaults (an ``<a>`` is plain inline text, as it is in print)."""


class _Html(HTML):
    """weasyprint's document with :data:`USER_AGENT_CSS` as its user-agent stylesheet."""

    _user_agent = None

    def _ua_stylesheets(self, forms: bool = False) -> list[CSS]:
        if _Html._user_agent is None:
            _Html._user_agent = [CSS(string=USER_AGENT_CSS)]
        return _Html._user_agent


def write_pdf(html: str) -> bytes:
    """``html`` (a whole HTML document) as PDF bytes."""
    return _Html(string=html, url_fetcher=_Fetcher()).write_pdf()


def processes() -> int:
    """How many parts a long document is cut into: one for each core this process may use."""
    return len(os.sched_getaffinity(0))


_FORK_SERVER = get_context("forkserver")
"""How the parts' processes start: forked by multiprocessing's fork server, a fresh process of
its own (forking a server's threads is unsafe) that has imported this module, weasyprint and
segno once (about a second of CPU) and stays for the life of the process that started it."""


class Workers:
    """Up to ``count`` processes that make parts, forked from the fork server
    (:data:`_FORK_SERVER`) as the parts are submitted, so that each finds weasyprint loaded. The
    fork server is started at once if it is not running yet: it loads weasyprint while the
    caller prepares the HTML. A context manager; leaving it waits for the processes to stop."""

    def __init__(self, count: int) -> None:
        _FORK_SERVER.set_forkserver_preload([__name__])
        forkserver.ensure_running()
        self._pool = ProcessPoolExecutor(count, mp_context=_FORK_SERVER)

    def submit(self, html: str) -> Future[bytes]:
        """``html`` made into PDF bytes by the next free process."""
        return self._pool.submit(write_pdf, html)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self._pool.shutdown(cancel_futures=True)


def join(pdfs: Sequence[bytes]) -> bytes:
    """PDF documents' bytes joined in order into one PDF's bytes."""
    writer = PdfWriter()
    for pdf in pdfs:
        writer.append(io.BytesIO(pdf))
    joined = io.BytesIO()
    writer.write(joined)
    return joined.getvalue()
