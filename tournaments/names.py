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
from collections import Counter
from collections.abc import Iterable

from django.utils.text import slugify

_DIN = str.maketrans({"ä": "a", "ö": "o", "ü": "u"})
_SPELLED = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("ss", "s"))
_SPELL_OUT = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
)


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


def labels(
    players: Iterable[tuple[int, str, str, int | None]], number: str = "#%s"
) -> dict[int, str]:
    """Each player's name as lists show it, by key: ``players`` are ``(key, name, club or
    village, start number or None)``. A name borne by one player stands alone; players who share
    a name get what tells them apart in brackets, the club or village and the start number
    (``number`` formats it; "#%s" by default, as exports write it): "Hans Faller (Schapbach)",
    "Hans Faller (Wolfach, #7)"."""
    players = list(players)
    shared = Counter(name for _key, name, _club, _number in players)
    shown = {}
    for key, name, club, start_number in players:
        parts = [club] if club else []
        if start_number is not None:
            parts.append(number % start_number)
        shown[key] = f"{name} ({', '.join(parts)})" if shared[name] > 1 and parts else name
    return shown


def file_slug(text: str) -> str:
    """``text`` as a file name's words: umlauts and ß spelled out as German does without them
    (ä → ae, ß → ss), then Django's slug ("Tischblätter Runde 3" → "tischblaetter-runde-3")."""
    return slugify(text.translate(_SPELL_OUT))
