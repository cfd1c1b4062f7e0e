"""Small template filters for the game templates: looking up a seat in the engine's mappings
and drawing chalk marks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

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


def _score_cell(score: Any) -> SafeString:
    if score is None:
        return mark_safe('<td class="num">–</td>')
    if score.bye:
        return format_html(
            '<td class="num"><abbr title="{}">{}*</abbr></td>', gettext("bye"), score.score
        )
    css = "num" if score.finished else "num provisional"
    return format_html('<td class="{}">{}</td>', css, score.score)


@register.simple_tag
def standings_rows(standings: Any, last_place_title: str | None) -> SafeString:
    """The standings' table rows, built here rather than in a template loop: a 1,000-player
    tournament makes tens of thousands of template lookups, most of the page's time (see
    docs/benchmarks.md). Columns: rank, player, one per round, total, clean rounds if that
    tie-break is in force."""
    lot = format_html(
        ' <span class="help" title="{}">{}</span>',
        gettext("order among equals drawn by lot"),
        gettext("(lot)"),
    )
    last = standings.last
    clean = "zero_rounds" in standings.tiebreaks
    lines = []
    for row in standings.rows:
        is_last = row is last
        title = (
            format_html(' <span class="title-last">{}</span>', last_place_title)
            if is_last and last_place_title
            else ""
        )
        lines.append(
            format_html(
                '<tr{}><td>{}{}{}</td><td>{}{}</td>{}<td class="num total">{}</td>{}</tr>',
                mark_safe(' class="last"') if is_last else "",
                row.rank,
                "=" if row.tied else "",
                lot if row.by_lot else "",
                row.player.name,
                title,
                mark_safe("".join(_score_cell(score) for score in row.cells)),
                row.total,
                format_html('<td class="num">{}</td>', row.zero_rounds) if clean else "",
            )
        )
    return mark_safe("\n".join(lines))
