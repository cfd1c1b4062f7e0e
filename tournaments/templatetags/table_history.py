"""The table's history on its page (``tournaments/table/_history.html``), built in Python: the
page's largest part, rendered for every phone at the table after each deal (its poll finds the
table changed), for the deal's own answer, and growing with every deal of the round. A template
spent about 0.6 ms a deal on its lookups and translations (docs/benchmarks.md, issue 18)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from django import template
from django.template.loader import get_template
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from tournaments.models import DealRevision
from tournaments.tables import HistoryDeal
from tournaments.templatetags.kreide import entry_list, rule_source

register = template.Library()

_SHOWN_AGAIN = (DealRevision.Kind.ENTRY, DealRevision.Kind.CORRECTION)
"""The kinds of an earlier version whose entry the history shows again (undo and void repeat
the entry they took out)."""


def _summary(item: HistoryDeal, confirmation_required: bool) -> str:
    """The line a deal's history opens with: "Deal 3 – corrected (version 2)"."""
    deal = item.deal
    words = gettext("Deal %(number)s") % {"number": deal.number}
    if deal.voided:
        voided = item.revisions[0].kind == DealRevision.Kind.VOID
        words += " – " + (gettext("voided") if voided else gettext("undone"))
    elif item.revisions[0].kind == DealRevision.Kind.CORRECTION:
        words += " – " + gettext("corrected (version %(revision)s)") % {"revision": deal.revision}
    elif deal.revision > 1:
        words += " – " + gettext("entered again (version %(revision)s)") % {
            "revision": deal.revision
        }
    if not deal.voided and confirmation_required and not deal.confirmed:
        words += " – " + gettext("not yet confirmed")
    return words


def _version(rev: DealRevision, again: bool, game: str, players: Mapping[str, Any]) -> str:
    """One version of a deal, as the list of versions shows it (``again``: its entry too)."""
    what = gettext("Version %(revision)s") % {"revision": rev.revision}
    when = formats.time_format(timezone.localtime(rev.created_at), "H:i")
    who = ""
    if rev.entered_by is not None:
        who = escape(rev.entered_by.get_username()) + (", " if rev.entered_via else "")
    who += escape(rev.entered_via)
    why = ""
    if rev.reason:
        reason = gettext("Reason: %(reason)s") % {"reason": escape(rev.reason)}
        why = f'\n        <span class="why">{reason}</span>'
    entry = entry_list(game, rev.entry, players) if again else ""
    return (
        f'      <li><span class="what">{what}: {escape(str(rev.get_kind_display()))}</span>\n'
        f'        <span class="when">{when}</span>\n'
        f'        <span class="who">{who}</span>{why}\n'
        f"        {entry}\n"
        "      </li>"
    )


def _void_form(context: Mapping[str, Any], number: int, revision: int) -> str:
    """The organiser's form that voids deal ``number`` (at ``revision``), with a reason."""
    action = reverse("deal-void", args=[context["link"].token, number])
    label = gettext("Reason for voiding (e.g. entered twice)")
    button = gettext("Void deal %(number)s") % {"number": number}
    field = f"id_void_reason_{number}"
    token, key = escape(str(context["csrf_token"])), escape(context["form_key"])
    return (
        f'\n      <form method="post" action="{action}" class="void">\n'
        f'        <input type="hidden" name="csrfmiddlewaretoken" value="{token}">\n'
        f'        <input type="hidden" name="_key" value="{key}v{number}">\n'
        f'        <input type="hidden" name="_revision" value="{revision}">\n'
        f'        <label for="{field}">{label}</label>\n'
        f'        <input id="{field}" name="reason" type="text" maxlength="300" required>\n'
        f'        <button type="submit" class="secondary">{button}</button>\n'
        "      </form>"
    )


def _deal(context: Mapping[str, Any], item: HistoryDeal, events: Any) -> str:
    """One deal of the history: what it says, what it did (the game's ``events.html``) and the
    rules it followed, its versions newest first, and what the phone may do with it."""
    tournament, players, deal = context["tournament"], context["view"].players, item.deal
    parts = [
        f'  <details class="history-deal{" voided" if deal.voided else ""}" '
        f'id="deal-{deal.number}">\n'
        f"    <summary>{_summary(item, tournament.confirmation_required)}</summary>\n"
    ]
    if deal.voided:
        said = gettext("Taken off the slate; it does not count. What it said:")
        parts.append(f'    <p class="help">{said}</p>\n')
    parts.append(f"    {entry_list(tournament.game, deal.entry, players)}\n")
    if item.step is not None:
        parts.append(events.render({"events": item.step.events, "players": players}))
        if item.sources:
            sources = "; ".join(escape(rule_source(source)) for source in item.sources)
            rule = gettext("Rule:")  # (outside the f-string: xgettext does not look inside one)
            parts.append(f'\n      <p class="source">{rule} {sources}</p>\n')
    versions = "\n".join(
        _version(rev, index > 0 and rev.kind in _SHOWN_AGAIN, tournament.game, players)
        for index, rev in enumerate(item.revisions)
    )
    parts.append(f'    <ol class="versions" reversed>\n{versions}\n    </ol>')
    if context["may_change"] and not deal.voided:
        address = reverse("deal-correct", args=[context["link"].token, deal.number])
        correct = gettext("Correct deal %(number)s") % {"number": deal.number}
        parts.append(f'\n    <p class="deal-actions"><a href="{address}">{correct}</a></p>')
    if context["organiser"] and not deal.voided and not tournament.finished:
        parts.append(_void_form(context, deal.number, deal.revision))
    parts.append("\n  </details>")
    return "".join(parts)


@register.simple_tag(takes_context=True)
def table_history(context: template.Context) -> SafeString:
    """The table's history (``history``: :func:`tournaments.tables.table_history`, newest
    first) as the table's page shows it, each deal a ``<details>`` (``#deal-3``). Reads the
    page's ``tournament``, ``view``, ``link``, ``game_templates``, ``may_change``,
    ``organiser``, ``form_key`` and ``csrf_token``."""
    history: Sequence[HistoryDeal] = context["history"]
    events = get_template(f"{context['game_templates']}events.html")
    title = gettext("The table's history")
    deals = "\n".join(_deal(context, item, events) for item in history)
    none = gettext("No deal yet.")
    empty = "" if history else f'<p class="help">{none}</p>'
    # The translations go out as a template's own texts do, unescaped; what they hold is escaped.
    return mark_safe(  # noqa: S308 - every text above is escaped or rendered by a template
        '<section class="history card" id="table-history" data-live '
        'aria-labelledby="history-title">\n'
        f'  <h2 id="history-title">{title}</h2>\n'
        f"  {empty}\n{deals}\n</section>"
    )
