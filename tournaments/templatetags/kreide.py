"""Small template filters for the game templates: looking up a seat in the engine's mappings
and drawing chalk marks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext

from tournaments import messages
from tournaments.messages.sources import rule_source as source_words

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
def numbers(count: int | str | None) -> str:
    """``{{ 8|numbers }}``: "1" to "8", one a line: the numbers down a paper grid's ruled rows
    (``tr.ruled`` of ``print/table_sheets.html``)."""
    return "\n".join(str(number) for number in range(1, int(count or 0) + 1))


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
def errors_under(errors: Mapping[str, Iterable[str]], field: str) -> list[str]:
    """The error messages of ``field`` and of its items (``"spritz_log"``, ``"spritz_log.1"``),
    for a list typed into one input."""
    return [
        message
        for key, messages in errors.items()
        if key == field or key.startswith(f"{field}.")
        for message in messages
    ]


@register.filter
def names(seats: Iterable[str], players: Mapping[str, Any]) -> str:
    """``event.seats|names:players`` → "Anna and Bernd": the players in those seats, by name."""
    found = [str(players.get(seat, seat)) for seat in seats]
    if len(found) < 2:
        return "".join(found)
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(found[:-1]), "last": found[-1]}


def _score_cell(score: Any, bye_title: str, missed_title: str) -> str:
    # Scores are ints; the only texts, the titles, are escaped by the caller.
    if score is None:
        return '<td class="num">–</td>'
    if score.bye:
        return f'<td class="num"><abbr title="{bye_title}">{score.score}*</abbr></td>'
    if score.missed:
        return f'<td class="num"><abbr title="{missed_title}">{score.score}°</abbr></td>'
    css = "num" if score.finished else "num provisional"
    return f'<td class="{css}">{score.score}</td>'


@register.filter
def contract_label(key: str, game: str) -> str:
    """``name|contract_label:"kein_stich"`` → "Kein Herz": a contract's name."""
    return str(messages.contract_label(game, key))


@register.simple_tag
def score_column(game: str) -> str:
    """The standings' column heading of ``game``'s tournament score ("Striche")."""
    return messages.score_column(game)


@register.simple_tag
def score_words(game: str, total: int) -> str:
    """A tournament score of ``game`` in its unit: "2 Striche"."""
    return messages.score_words(game, total)


@register.simple_tag
def tiebreak_label(game: str, key: str) -> str:
    """The column heading of a tie-break figure of ``game``."""
    return str(messages.tiebreak_label(game, key))


def _rank_text(row: Any) -> str:
    return f"{row.rank}{'=' if row.tied else ''}"


@register.filter
def rank(row: Any) -> str:
    """``row|rank`` → "3", or "3=" where the rank is shared; "–" for no row (a player außer
    Konkurrenz)."""
    return "–" if row is None else _rank_text(row)


def _player_links(link_slug: str) -> str:
    """The address of the public player pages of ``link_slug`` without the player's id ("" for
    no links): reversed once, not once per row (the id is the path's last part)."""
    if not link_slug:
        return ""
    return reverse("player-detail", args=[link_slug, 0]).removesuffix("0/")


@register.simple_tag
def standings_rows(standings: Any, last_place_title: str | None, link_slug: str = "") -> SafeString:
    """The standings' table rows, built here rather than in a template loop: a 1,000-player
    tournament makes tens of thousands of template lookups (and as many ``format_html`` calls),
    most of the page's time (see docs/benchmarks.md). Plain string formatting with every text
    escaped. Columns: rank, player, one per round, total, clean rounds if that tie-break is in
    force, then every other figure tie-break in force (``Standings.figure_columns``). With a
    tournament's ``link_slug`` each name links to the player's public page; withdrawn players are
    flagged after their name."""
    # (gettext outside the f-strings: xgettext does not look inside them.)
    bye_title = escape(gettext("bye"))
    missed_title = escape(gettext("not there: the round's worst result"))
    lot_title = escape(gettext("order among equals drawn by lot"))
    lot_mark = escape(gettext("(lot)"))
    withdrawn_mark = escape(gettext("(withdrawn)"))
    lot = f' <span class="help" title="{lot_title}">{lot_mark}</span>'
    stechen_title = escape(gettext("place decided by a Stechen (play-off) among equals"))
    stechen_mark = escape(gettext("(Stechen)"))
    stechen = f' <span class="help" title="{stechen_title}">{stechen_mark}</span>'
    title = (
        f' <span class="title-last">{escape(last_place_title)}</span>' if last_place_title else ""
    )
    withdrawn = f' <span class="withdrawn">{withdrawn_mark}</span>'
    links = escape(_player_links(link_slug))
    last = standings.last
    columns = standings.figure_columns
    marks = {"stechen": stechen, "lot": lot, "": ""}
    lines = []
    for row in standings.rows:
        is_last = row is last and bool(last_place_title)
        cells = "".join(_score_cell(score, bye_title, missed_title) for score in row.cells)
        css = ' class="last"' if is_last else ""
        name = escape(row.player.name)
        if links:
            name = f'<a href="{links}{row.player.pk}/">{name}</a>'
        lines.append(
            f"<tr{css}>"
            f"<td>{_rank_text(row)}{marks[row.decided_by]}</td>"
            f"<td>{name}{withdrawn if row.player.withdrawn else ''}{title if is_last else ''}</td>"
            f'{cells}<td class="num total">{row.total}</td>'
            + "".join(f'<td class="num">{row.figure(key)}</td>' for key in columns)
            + "</tr>"
        )
    return mark_safe("\n".join(lines))  # noqa: S308 - every text above is escaped


_LATEST_MARKS = {"bye": "*", "missed": "°"}


def glance_rows(
    lines: Iterable[Any], me: int | None, last_place_title: str | None, link_slug: str, latest: Any
) -> SafeString:
    """The rows of the phones' glance at the standings (``tournaments.glance.Glance.pick``; a
    None line is the gap where lines are left out), built here as the whole table's
    :func:`standings_rows` are: a phone's refresh renders them for every poll that finds the
    standings changed. Columns: rank (a Stechen's mark; the lot's is left out, the "=" says the
    place is shared), the player (linked to his page; "(me)" on the followed player's line, which
    is ``#me``), the latest round's score when ``latest`` (its number, None before any round),
    the total."""
    stechen = escape(gettext("(Stechen)"))
    me_mark = escape(gettext("(me)"))
    withdrawn = escape(gettext("(withdrawn)"))
    title = escape(last_place_title) if last_place_title else ""
    left_out = escape(gettext("Places left out"))
    links = escape(_player_links(link_slug))
    gap = (
        f'<tr class="gap"><td colspan="{4 if latest else 3}"><span aria-hidden="true">…</span>'
        f'<span class="visually-hidden">{left_out}</span></td></tr>'
    )
    rows = []
    for line in lines:
        if line is None:
            rows.append(gap)
            continue
        mine = line.pk == me
        if mine:
            attributes = ' id="me" class="me" aria-current="true"'
        else:
            attributes = ' class="last"' if line.last and title else ""
        rank = line.rank + (
            f' <span class="help">{stechen}</span>' if line.decided_by == "stechen" else ""
        )
        name = f'<a href="{links}{line.pk}/">{escape(line.name)}</a>'
        if mine:
            name += f' <span class="me-mark">{me_mark}</span>'
        if line.withdrawn:
            name += f' <span class="withdrawn">{withdrawn}</span>'
        if line.last and title:
            name += f' <span class="title-last">{title}</span>'
        cell = ""
        if latest:
            css = "num provisional" if line.latest_mark == "provisional" else "num"
            score = "–" if line.latest is None else f"{line.latest}"
            cell = f'<td class="{css}">{score}{_LATEST_MARKS.get(line.latest_mark, "")}</td>'
        rows.append(
            f"<tr{attributes}><td>{rank}</td><td>{name}</td>{cell}"
            f'<td class="num total">{line.total}</td></tr>'
        )
    return mark_safe("\n".join(rows))  # noqa: S308 - every text above is escaped


def _entry_value(value: Any) -> str:
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, list | tuple):
        return " ".join(_entry_value(v) for v in value)
    return str(value)


_LABELS: dict[tuple[str, str, str], str] = {}
"""The words for each entry field (:func:`_label`), by language, game and field."""
_LABELS_SIZE = 1024


def _label(game: str, segment: str) -> str:
    """``messages.entry_label`` said in the language now, looked up once per language: a table's
    page says every deal's entry, and the history every version's."""
    key = (get_language(), game, segment)
    label = _LABELS.get(key)
    if label is None:
        if len(_LABELS) >= _LABELS_SIZE:  # a typed entry may hold any field (the conflict view)
            _LABELS.clear()
        label = _LABELS[key] = str(messages.entry_label(game, segment))
    return label


def _entry_pairs(game: str, node: Any, path: tuple[str, ...], players: Mapping[str, Any]):
    if isinstance(node, Mapping):
        for key, value in node.items():
            yield from _entry_pairs(game, value, (*path, str(key)), players)
    elif isinstance(node, list | tuple) and node and all(isinstance(v, Mapping) for v in node):
        for index, item in enumerate(node, start=1):
            yield from _entry_pairs(game, item, (*path, str(index)), players)
    elif node is not None:
        words = []
        for segment in path:
            player = players.get(segment)
            if player is not None:
                words.append(f"{segment} ({player.name})")
            else:
                words.append(_label(game, segment))
        yield " · ".join(words), _entry_value(node)


@register.simple_tag
def entry_lines(game: str, entry: Mapping[str, Any] | None, players: Mapping[str, Any]) -> list:
    """A stored entry as the table typed it, in words: ``[("points · A (Anna Kech)", "52"),
    ...]`` (seat labels with their players, lists joined, yes/no for true/false)."""
    return list(_entry_pairs(game, entry or {}, (), players))


@register.simple_tag
def entry_list(game: str, entry: Mapping[str, Any] | None, players: Mapping[str, Any]) -> str:
    """A stored entry as :func:`entry_lines` says it, as the page's list: ``<dl
    class="entry-lines"><div><dt>points · A (Anna Kech)</dt><dd>52</dd></div>…</dl>`` (every
    text escaped). Built here rather than by a template loop: the table's history shows one
    per deal and version."""
    items = "".join(
        f"<div><dt>{escape(label)}</dt><dd>{escape(value)}</dd></div>"
        for label, value in _entry_pairs(game, entry or {}, (), players)
    )
    return mark_safe(f'<dl class="entry-lines">{items}</dl>')  # noqa: S308 - escaped above


@register.filter
def rule_source(source: str) -> str:
    """An engine event's rule source in the user's language (``tournaments.messages.sources``)."""
    return source_words(source)


def _counted(text: str, count: int) -> str:
    """``text``, an ``ngettext`` of ``count`` saying it as ``%(counter)s``, said and escaped."""
    return escape(text % {"counter": count})


def glance_table(
    game: str,
    table: Any,
    lines: Iterable[Any],
    me: int | None,
    last_place_title: str | None,
    link_slug: str,
) -> SafeString:
    """The phones' glance at the standings (``tournaments.glance``) as a table, with the followed
    player's place said above it ("Anna Adler: place 43= of 48 · 4 Striche", a link to his line,
    ``#me``): ``table`` the glance, ``lines`` what it picks (:func:`glance_rows`), ``me`` the
    followed player's id (None: nobody). Built here rather than in a template: it is most of a
    phone's refresh during play (hundreds a second at a championship), and a template spent
    three quarters of the refresh's time on its dozen translations and lookups."""
    head = ""
    if me is not None:
        mine = table.lines[table.positions[me]]
        words = gettext("%(name)s: place %(rank)s of %(of)s · %(score)s") % {
            "name": escape(mine.name),
            "rank": escape(mine.rank),
            "of": len(table),
            "score": escape(messages.score_words(game, mine.total)),
        }
        head = f'<p class="glance-me"><a href="#me">{words}</a></p>\n'
    players = len(table)
    caption = _counted(
        ngettext(
            "Top of the standings (%(counter)s player)",
            "Top of the standings (%(counter)s players)",
            players,
        ),
        players,
    )
    if me is not None:
        caption += " " + escape(gettext("and my place"))
    latest = ""
    if table.latest_round:
        column = escape(gettext("R%(number)s") % {"number": table.latest_round})
        latest = f'<th scope="col" class="num">{column}</th>'
    rank, player = escape(gettext("Rank")), escape(gettext("Player"))
    total = escape(messages.score_column(game))
    rows = glance_rows(lines, me, last_place_title, link_slug, table.latest_round)
    return mark_safe(  # noqa: S308 - every text above is escaped
        f'{head}<table class="list standings glance-table">\n'
        f"  <caption>{caption}</caption>\n"
        "  <thead>\n    <tr>\n"
        f'      <th scope="col">{rank}</th>\n'
        f'      <th scope="col">{player}</th>\n'
        f"      {latest}\n"
        f'      <th scope="col" class="num total">{total}</th>\n'
        "    </tr>\n  </thead>\n"
        f"  <tbody>\n  {rows}\n  </tbody>\n</table>"
    )


_SMALL_PARTS: dict[tuple, str] = {}
"""Renderings of the small templates a glance shows (:func:`_small_part`), by template, language
and context."""
_SMALL_PARTS_SIZE = 256


def _small_part(name: str, **context: Any) -> str:
    """The template ``name`` rendered with ``context`` (hashable values, or ``marks`` and
    ``tournament`` as the pairs their templates look into), made once per language and context
    in this process: the hidden standings' note and the marks' legend say the same for every
    phone of a version."""
    key = (name, get_language(), tuple(sorted(context.items())))
    rendered = _SMALL_PARTS.get(key)
    if rendered is None:
        if len(_SMALL_PARTS) >= _SMALL_PARTS_SIZE:
            _SMALL_PARTS.clear()
        values = {k: dict(v) if isinstance(v, tuple) else v for k, v in context.items()}
        rendered = _SMALL_PARTS[key] = render_to_string(name, values)
    return rendered


@register.simple_tag
def glance_part(
    tournament: Any,
    table: Any,
    lines: list[Any],
    me: int | None,
    last_place_title: str | None,
    shown_through: int | None,
) -> SafeString:
    """The standings as a phone sees them during play (``tournaments.glance``; the view
    ``tournaments.views.public._glance_page``), the part its htmx refresh swaps (``#standings``):
    the round the standings go through while they are hidden (``shown_through``) with the note
    that says so, the followed player's place and the table (:func:`glance_table`; ``lines``
    holds None where lines are left out), the marks' legend (the lot's mark is left out: the
    "=" says the place is shared, the whole table explains the lot; a Stechen's is kept), the
    link to the whole table and to following nobody (or how to follow oneself). Built here
    rather than in a template: it is the answer to every refresh that finds the standings
    changed, hundreds a second at a championship (issue 18)."""
    slug = tournament.slug
    address = reverse("standings", args=[slug])
    follow = f"?me={me}" if me else ""
    shown = [line for line in lines if line is not None]
    marks = (
        ("bye", any(line.latest_mark == "bye" for line in shown)),
        ("missed", any(line.latest_mark == "missed" for line in shown)),
    )
    heading = ""
    if shown_through:
        words = escape(gettext("Standings after round %(number)s") % {"number": shown_through})
        heading = f"<h2>{words}</h2>\n"
    hidden = shown_through + 1 if shown_through is not None else None
    note = _small_part("tournaments/public/_hidden_note.html", hidden_from=hidden)
    legend = _small_part(
        "tournaments/_marks.html", marks=marks, tournament=(("finished", tournament.finished),)
    )
    players = len(table)
    every = _counted(
        ngettext(
            "All %(counter)s player, every round", "All %(counter)s players, every round", players
        ),
        players,
    )
    if me:
        not_me = escape(gettext("Not me: show the top only"))
        help_line = f'<a href="{address}?me=0">{not_me}</a>'
    else:
        help_line = escape(
            gettext(
                "To see your own place here: find your name under “Where do I sit?” and tap “My "
                "place in the standings”."
            )
        )
    glance = glance_table(tournament.game, table, lines, me, last_place_title, slug)
    return mark_safe(  # noqa: S308 - every text above is escaped or rendered by a template
        f'<div id="standings" class="glance" hx-get="{address}{follow}" hx-trigger="every 10s"'
        f' hx-swap="outerHTML">\n{heading}{note}\n{glance}\n{legend}\n'
        f'<p class="glance-all"><a href="{address}?all=1">{every}</a></p>\n'
        f'<p class="help">{help_line}</p>\n</div>'
    )
