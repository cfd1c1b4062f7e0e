"""A long printed document made in parts by several processes and joined: weasyprint lays out
on one core, so 250 table sheets take half as long on two. Kept free of Django (a part's process
imports only this module and weasyprint)."""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

from pypdf import PdfWriter


def write_pdf(html: str) -> bytes:
    """One part: ``html`` (a whole HTML document) as PDF bytes."""
    from weasyprint import HTML

    return HTML(string=html).write_pdf()


def processes() -> int:
    """How many parts a long document is cut into: one for each core this process may use."""
    return len(os.sched_getaffinity(0))


def write_parts(parts: Sequence[str]) -> bytes:
    """The HTML documents ``parts`` made into PDF at the same time, one process each (started
    fresh: forking a server's threads is unsafe), joined in order into one PDF's bytes."""
    if len(parts) == 1:
        return write_pdf(parts[0])
    with ProcessPoolExecutor(len(parts), mp_context=get_context("spawn")) as pool:
        pdfs = list(pool.map(write_pdf, parts))
    return join(pdfs)


def join(pdfs: Sequence[bytes]) -> bytes:
    """PDF documents' bytes joined in order into one PDF's bytes."""
    writer = PdfWriter()
    for pdf in pdfs:
        writer.append(io.BytesIO(pdf))
    joined = io.BytesIO()
    writer.write(joined)
    return joined.getvalue()
