"""Words for what the rules engine says in codes: per game, its module
``tournaments.games.<game key>`` (see :mod:`tournaments.games`) with

* ``DEAL_MESSAGES``: the game's error codes (or ``CODE@field``, ``TOO_LARGE`` / ``TOO_SMALL``
  for a number out of range, see ``tournaments.errors``; ``EMPTY``: a form sent with nothing
  in it, where the game would rather say so than name its first field) → a sentence for the
  person at the table, with ``%(param)s`` placeholders filled from ``InvalidDeal.params`` (or a
  function of the params);
* ``OPTION_LABELS``: house-rule option → its label on the new-tournament form;
* ``OPTION_HELP``: house-rule option → a line under it (what it costs the evening);
* ``OPTION_SUGGESTED``: house-rule option → the value the new-tournament form suggests where it
  differs from the rules' default (an evening's tournament round, not a whole match);
* ``CHOICE_LABELS``: a choice's value → its words;
* ``CONTRACT_LABELS``: the game's contracts by key → their names (Kein Stich);
* ``VARIANT_MESSAGES``: the game's codes for refused house rules → a sentence (no placeholders);
* ``TIEBREAK_LABELS``: a tie-break figure → its column heading in the standings;
* ``SCORE_WORDS``: the game's tournament score in words, a lazy plural with ``%(count)s``
  (Hintersche: "3 Striche");
* ``SCORE_COLUMN``: the standings' column of that score, its unit (Hintersche: "Striche").

The codes every game shares (Scoring specification §0.2) are in :mod:`.common`; a game's own
sentence for a shared code wins. All strings are lazy translations.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tournaments.games import module as _module
from tournaments.messages import common


def _lookup(game: str, table: str, key: str) -> Any:
    module = _module(game)
    found = getattr(module, table, {}).get(key) if module else None
    return found if found is not None else getattr(common, table).get(key)


def deal_message(game: str, code: str, *, shared: bool = True) -> Any:
    """The sentence (lazy, with ``%(param)s`` placeholders, or a function of the params) for an
    engine error ``code`` of ``game``, or None when there is none; ``shared=False``: the game's
    own sentence only, not the one all games share."""
    if not shared:
        module = _module(game)
        return getattr(module, "DEAL_MESSAGES", {}).get(code) if module else None
    return _lookup(game, "DEAL_MESSAGES", code)


def option_label(game: str, option: str) -> Any:
    """The form label of a house-rule ``option`` of ``game``; the option's key if it has none."""
    return _lookup(game, "OPTION_LABELS", option) or option


def option_help(game: str, option: str) -> Any:
    """The line under a house-rule ``option`` of ``game`` on the form; "" if none."""
    module = _module(game)
    return getattr(module, "OPTION_HELP", {}).get(option, "") if module else ""


def option_suggested(game: str, option: str, default: Any) -> Any:
    """The value the new-tournament form starts ``option`` of ``game`` at: the game's suggestion
    for an evening, else the rules' ``default``."""
    module = _module(game)
    return getattr(module, "OPTION_SUGGESTED", {}).get(option, default) if module else default


def choice_label(game: str, value: str) -> Any:
    """The words for a house-rule choice ``value`` of ``game``; the value itself if none."""
    return _lookup(game, "CHOICE_LABELS", value) or value


def ordinal(number: int) -> str:
    """``number`` as an ordinal in the active language: "1st", "2nd", "11th" / "1.", "2."."""
    if number % 100 in (11, 12, 13) or number % 10 not in (1, 2, 3):
        return str(_("%(number)sth") % {"number": number})
    suffixes = {1: _("%(number)sst"), 2: _("%(number)snd"), 3: _("%(number)srd")}
    return str(suffixes[number % 10] % {"number": number})


def place_words(first: int, last: int | None = None) -> str:
    """ "2nd place" / "2. Platz"; a shared place "2nd–3rd place (shared)" / "2.–3. Platz
    (geteilt)"."""
    if last is None or last == first:
        return str(_("%(ordinal)s place") % {"ordinal": ordinal(first)})
    words = _("%(first)s–%(last)s place (shared)")
    return str(words % {"first": ordinal(first), "last": ordinal(last)})


def score_words(game: str, total: int) -> str:
    """A tournament score of ``game`` in its unit ("3 Striche", "2 Steine"); the bare number
    for a game without ``SCORE_WORDS``."""
    module = _module(game)
    words = getattr(module, "SCORE_WORDS", None) if module else None
    return str(words % {"count": total}) if words is not None else str(total)


def score_column(game: str) -> str:
    """The standings' column heading of ``game``'s tournament score, its unit ("Striche");
    "Total" for a game without ``SCORE_COLUMN``."""
    module = _module(game)
    column = getattr(module, "SCORE_COLUMN", None) if module else None
    return str(column if column is not None else _("Total"))


def contract_label(game: str, key: str) -> Any:
    """The name of a contract of ``game`` (Kein Stich's "Kein Herz"); the key if it has none."""
    return _lookup(game, "CONTRACT_LABELS", key) or key


def tiebreak_label(game: str, key: str) -> Any:
    """The standings column heading of a tie-break figure of ``game``; the key if none."""
    return _lookup(game, "TIEBREAK_LABELS", key) or key


def variant_message(game: str, code: str) -> Any:
    """The sentence for a refused house-rule configuration ``code`` of ``game``, or None."""
    return _lookup(game, "VARIANT_MESSAGES", code)


def entry_label(game: str, key: str) -> Any:
    """The words for an entry field ``key`` of ``game`` (``"points"``); the key if none."""
    return _lookup(game, "ENTRY_LABELS", key) or key
