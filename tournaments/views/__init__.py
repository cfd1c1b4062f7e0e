"""Pages: the organiser's desk (login required, ``desk``), the table's (private link,
``table``) and the public ones (``public``).

Every page answers a plain request with the whole page; an htmx request gets a partial of the
same template (``"page.html#partial"``)."""
