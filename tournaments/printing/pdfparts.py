"""A long printed document made in parts by several processes and joined: weasyprint lays out
on one core, so 250 table sheets take half as long on two. Kept free of Django (a part's process
imports only this module, weasyprint and segno).

Every document goes through :func:`write_pdf`, whose URL fetcher draws the QR codes
(:func:`qr_src`) while weasyprint lays out: in the parts' processes, not before them in the one
that wrote the HTML (250 sheets' codes are about a second of Python)."""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any
from urllib.parse import quote, unquote

import segno
from pypdf import PdfWriter
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

QR = "kreide-qr:"
"""The scheme of an image address that :func:`write_pdf` draws as the QR code of the rest."""


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
        code = segno.make(unquote(url[len(QR) :]), error="m")
        png = io.BytesIO()
        code.save(png, kind="png", scale=1, dark="#000", light="#fff", border=2)
        return URLFetcherResponse(url, png.getvalue(), {"Content-Type": "image/png"})


def write_pdf(html: str) -> bytes:
    """``html`` (a whole HTML document) as PDF bytes."""
    return HTML(string=html, url_fetcher=_Fetcher()).write_pdf()


def _load() -> None:
    """Nothing: a part's process has loaded weasyprint with this module when it runs it."""


def processes() -> int:
    """How many parts a long document is cut into: one for each core this process may use."""
    return len(os.sched_getaffinity(0))


class Workers:
    """``count`` processes that make parts (started fresh: forking a server's threads is unsafe),
    started at once so that they load weasyprint (about a second each) while the caller prepares
    the HTML and does other work. A context manager; leaving it waits for them to stop."""

    def __init__(self, count: int) -> None:
        self._pool = ProcessPoolExecutor(count, mp_context=get_context("spawn"))
        for _ in range(count):
            self._pool.submit(_load)

    def submit(self, html: str) -> Future[bytes]:
        """``html`` made into PDF bytes by the next free process."""
        return self._pool.submit(write_pdf, html)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self._pool.shutdown(cancel_futures=True)


def write_parts(parts: Sequence[str]) -> bytes:
    """The HTML documents ``parts`` made into PDF at the same time, one process each, joined in
    order into one PDF's bytes."""
    if len(parts) == 1:
        return write_pdf(parts[0])
    with Workers(len(parts)) as workers:
        futures = [workers.submit(part) for part in parts]
        return join([future.result() for future in futures])


def join(pdfs: Sequence[bytes]) -> bytes:
    """PDF documents' bytes joined in order into one PDF's bytes."""
    writer = PdfWriter()
    for pdf in pdfs:
        writer.append(io.BytesIO(pdf))
    joined = io.BytesIO()
    writer.write(joined)
    return joined.getvalue()
