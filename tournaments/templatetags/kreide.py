"""Small template filters for the game templates: looking up a seat in the engine's mappings
and drawing chalk marks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from tournaments import messages

register = template.Library()


@register.filter
def get(mapping: Mapping[str, Any] | None, key: str) -> Any:
    """``state.striche|get:"B"`` → B's Striche; missing keys give None."""
    if not mapping:
        return None
    return mapping.get(key)


@register.filter
def times(count: int | None) -> range:
    """``{% for _ in 3|times %}`` draws three chalk marks."""
    return range(count or 0)


@register.filter
def other_errors(errors: Mapping[str, Iterable[str]], shown_prefixes: str) -> list[str]:
    """The error messages whose field is not shown beside an input: every key that starts with
    none of the comma-separated ``shown_prefixes`` (``"points.,tricks."``)."""
    prefixes = tuple(p for p in shown_prefixes.split(",") if p)
    return [
        message
        for key, messages in errors.items()
        if not key.startswith(prefixes)
        for message in messages
    ]


@register.filter
def names(seats: Iterable[str], players: Mapping[str, Any]) -> str:
    """``event.seats|names:players`` → "Anna and Bernd": the players in those seats, by name."""
    found = [str(players.get(seat, seat)) for seat in seats]
    if len(found) < 2:
        return "".join(found)
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(found[:-1]), "last": found[-1]}


def _score_cell(score: Any, bye_title: str) -> str:
    # Scores are ints; the only text, the title, is escaped by the caller.
    if score is None:
        return '<td class="num">–</td>'
    if score.bye:
        return f'<td class="num"><abbr title="{bye_title}">{score.score}*</abbr></td>'
    css = "num" if score.finished else "num provisional"
    return f'<td class="{css}">{score.score}</td>'


@register.simple_tag
def tiebreak_label(game: str, key: str) -> str:
    """The column heading of a tie-break figure of ``game``."""
    return str(messages.tiebreak_label(game, key))


@register.simple_tag
def standings_rows(standings: Any, last_place_title: str | None) -> SafeString:
    """The standings' table rows, built here rather than in a template loop: a 1,000-player
    tournament makes tens of thousands of template lookups (and as many ``format_html`` calls),
    most of the page's time (see docs/benchmarks.md). Plain string formatting with every text
    escaped. Columns: rank, player, one per round, total, clean rounds if that tie-break is in
    force, then every other figure tie-break in force (``Standings.figure_columns``)."""
    bye_title = escape(gettext("bye"))
    lot = (
        f' <span class="help" title="{escape(gettext("order among equals drawn by lot"))}">'
        f"{escape(gettext('(lot)'))}</span>"
    )
    title = (
        f' <span class="title-last">{escape(last_place_title)}</span>' if last_place_title else ""
    )
    last = standings.last
    columns = standings.figure_columns
    lines = []
    for row in standings.rows:
        is_last = row is last and bool(last_place_title)
        cells = "".join(_score_cell(score, bye_title) for score in row.cells)
        css = ' class="last"' if is_last else ""
        lines.append(
            f"<tr{css}>"
            f"<td>{row.rank}{'=' if row.tied else ''}{lot if row.by_lot else ''}</td>"
            f"<td>{escape(row.player.name)}{title if is_last else ''}</td>"
            f'{cells}<td class="num total">{row.total}</td>'
            + "".join(f'<td class="num">{row.figure(key)}</td>' for key in columns)
            + "</tr>"
        )
    return mark_safe("\n".join(lines))  # noqa: S308 - every text above is escaped
