"""Printed documents: HTML templates in ``templates/print/`` (each extends ``print/_base.html``:
A4, running header, page numbers, black on white) rendered to PDF by weasyprint
(:mod:`.render`). Fonts are the Debian packages that ``scripts/setup`` installs; nothing is fetched
while a document renders.

The package itself imports nothing: :mod:`.pdfparts` runs in processes forked from a fresh fork
server that imports only it, weasyprint and segno, never Django. The documents:
:mod:`.result_sheet`, :mod:`.sheets` (the round's paper), :mod:`.report` (the championship report
and certificates), made in the background by :mod:`.documents`.
"""
