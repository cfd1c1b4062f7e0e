"""People's names as German lists and searches treat them.

* :func:`sort_key`: surname first, in German dictionary order (DIN 5007-1: ä as a, ö as o, ü as
  u, ß as ss, case ignored), so that "Käthe Abele" comes before "Klaus Abele" and Müller stands
  among the Mu…, not after Z.
* :func:`folded` / :func:`matches`: a search that ignores case, umlauts and ß and their spelled
  out forms (ä = a = ae, ß = ss = s), so that "Muller", "Mueller" and "müll" all find Müller and
  "Grieshaber" finds Grießhaber.
"""

from __future__ import annotations

import unicodedata

_DIN = str.maketrans({"ä": "a", "ö": "o", "ü": "u"})
_SPELLED = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("ss", "s"))


def _plain(text: str) -> str:
    """Case folded (ß → ss), umlauts as their base letter, other accents dropped."""
    text = text.casefold().translate(_DIN)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def sort_key(name: str) -> tuple[str, str, str]:
    """The key that sorts ``name`` by surname (its last word), then the whole name, in DIN
    5007-1 order; the name itself last, so that the order is total."""
    words = name.split()
    surname = words[-1] if words else ""
    return (_plain(surname), _plain(name), name)


def folded(text: str) -> str:
    """``text`` as a search compares it: :func:`sort_key`'s letters with spelled-out umlauts
    and double s reduced too (ae → a, ss → s), spaces collapsed."""
    text = " ".join(_plain(text).split())
    for spelled, letter in _SPELLED:
        text = text.replace(spelled, letter)
    return text


def matches(query: str, name: str) -> bool:
    """Whether ``name`` contains ``query``, compared :func:`folded`."""
    return folded(query) in folded(name)
