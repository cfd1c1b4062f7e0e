"""Where a referee reads a rule: every ``Event.source`` the engines give, in the user's language.

The engine names its sources in English (``"Hintersche after Schoch 2014, Butzen"``); the
table's history shows them as the table reads them (``"Hintersche nach Schoch 2014, Butzen"``).
A source without words here is shown as the engine gives it (a test keeps the list complete).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

SOURCES = {
    # Hintersche (scoring/hintersche.py)
    "Hintersche after Schoch 2014, Vier-Strich": _("Hintersche after Schoch 2014, Vier-Strich"),
    "Hintersche after Schoch 2014, Butzen": _("Hintersche after Schoch 2014, Butzen"),
    "Hintersche after Schoch 2014, making a hundred": _(
        "Hintersche after Schoch 2014, making a hundred"
    ),
    "Hintersche after Schoch 2014, rubber": _("Hintersche after Schoch 2014, rubber"),
    "Scoring specification §1.5, settlement": _("Scoring specification §1.5, settlement"),
    "Scoring specification §1.6, tournament standing": _(
        "Scoring specification §1.6, tournament standing"
    ),
    # Bauerchen (scoring/bauerchen.py)
    "Bauerchen, Scoring specification §2.2 (game points)": _(
        "Bauerchen, Scoring specification §2.2 (game points)"
    ),
    "Bauerchen, Scoring specification §2.2 item 7 (melden)": _(
        "Bauerchen, Scoring specification §2.2 item 7 (melden)"
    ),
    "Bauerchen, Scoring specification §2.2 item 8 (Kart' ab)": _(
        "Bauerchen, Scoring specification §2.2 item 8 (Kart' ab)"
    ),
    "Bauerchen, Scoring specification §2.3 (round, knoddel, stein)": _(
        "Bauerchen, Scoring specification §2.3 (round, knoddel, stein)"
    ),
    "Bauerchen, Scoring specification §2.7 (tournament standing)": _(
        "Bauerchen, Scoring specification §2.7 (tournament standing)"
    ),
    # Bauerchen, Hessian variant (scoring/bauerchen_hessen.py)
    "Bauerchen, Hessian variant, Scoring specification §2.10 (deal win)": _(
        "Bauerchen, Hessian variant, Scoring specification §2.10 (deal win)"
    ),
    "Bauerchen, Hessian variant, Scoring specification §2.10 (Striche, Nullchen)": _(
        "Bauerchen, Hessian variant, Scoring specification §2.10 (Striche, Nullchen)"
    ),
    # Hundertspiel (scoring/hundertspiel.py)
    "Hundertspiel 1829, §25": _("Hundertspiel 1829, §25"),
    "Hundertspiel 1829, §26": _("Hundertspiel 1829, §26"),
    "Hundertspiel 1829, §29": _("Hundertspiel 1829, §29"),
    "Hundertspiel 1829, §30": _("Hundertspiel 1829, §30"),
    "Hundertspiel 1829, §31–§33": _("Hundertspiel 1829, §31–§33"),
    "Hundertspiel 1829, §34": _("Hundertspiel 1829, §34"),
    "Hundertspiel 1829, §19–§24": _("Hundertspiel 1829, §19–§24"),
    "Scoring specification §3.4, unannounced 26/52 (option silent_26_pays_marks)": _(
        "Scoring specification §3.4, unannounced 26/52 (option silent_26_pays_marks)"
    ),
    "Hundertspiel 1829, §56; Scoring specification §3.9": _(
        "Hundertspiel 1829, §56; Scoring specification §3.9"
    ),
    "Scoring specification §3.9, tournament standing": _(
        "Scoring specification §3.9, tournament standing"
    ),
    # Kein Stich (scoring/kein_stich.py)
    "Kein Stich, the five deals (Scoring specification §4.2)": _(
        "Kein Stich, the five deals (Scoring specification §4.2)"
    ),
    "Kein Stich, Domino / Unter anlegen (Scoring specification §4.2)": _(
        "Kein Stich, Domino / Unter anlegen (Scoring specification §4.2)"
    ),
    "Kein Stich, six-deal version (Scoring specification §4.3, §7)": _(
        "Kein Stich, six-deal version (Scoring specification §4.3, §7)"
    ),
    "Scoring specification §4.7, tournament standing": _(
        "Scoring specification §4.7, tournament standing"
    ),
    # Hindernislauf (scoring/hindernislauf.py)
    "Hindernislauf after Göring 1977, obstacles": _("Hindernislauf after Göring 1977, obstacles"),
    "Hindernislauf after Göring 1977, new series at 120": _(
        "Hindernislauf after Göring 1977, new series at 120"
    ),
    "Hindernislauf after Göring 1977, winner of the deal": _(
        "Hindernislauf after Göring 1977, winner of the deal"
    ),
    "Hindernislauf, labbe.de rules (reaching 120)": _(
        "Hindernislauf, labbe.de rules (reaching 120)"
    ),
    "Scoring specification §5.7, option on_120 = end_deal": _(
        "Scoring specification §5.7, option on_120 = end_deal"
    ),
    "Scoring specification §5.6, match and tournament": _(
        "Scoring specification §5.6, match and tournament"
    ),
}


def rule_source(source: str) -> str:
    """``source`` (an ``Event.source`` of the engine) in the user's language; as given when it
    has no words here."""
    found = SOURCES.get(source)
    return str(found) if found is not None else source
