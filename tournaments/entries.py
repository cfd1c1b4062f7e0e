"""The table's deal entry between the posted form and the engine's JSON.

Form fields are named after the entry's JSON paths, as the engine names a wrong field in
``InvalidDeal.field``: ``points.B`` is ``entry["points"]["B"]``, ``melds.0.team`` is
``entry["melds"][0]["team"]`` (digit segments make lists), and a name ending in ``[]``
(``plays[]``, ``order[]``) collects all its values, each split at spaces and commas, into a list.
Names starting with ``_`` belong to the page, not to the entry.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_CONTROL_FIELDS = frozenset({"csrfmiddlewaretoken", "reason"})
_SEGMENT = re.compile(r"^[A-Za-z0-9_]{1,40}$")
_INTEGER = re.compile(r"^[+-]?\d{1,18}$")
_LIST_SEPARATORS = re.compile(r"[\s,]+")
MAX_FIELDS = 200
"""Fields read from one post at most; a deal of any game has far fewer."""


def _scalar(value: str) -> int | bool | str:
    """A whole number (up to 18 digits, optional sign: the engine says when it is too large) as
    int, ``true``/``false`` as bool, anything else as the text typed, so that the engine can
    name it (``NOT_AN_INTEGER``)."""
    if _INTEGER.match(value):
        return int(value)
    if value in ("true", "false"):
        return value == "true"
    return value


def _put(entry: dict[str, Any], path: list[str], value: Any) -> None:
    node = entry
    for segment in path[:-1]:
        child = node.setdefault(segment, {})
        if not isinstance(child, dict):
            return  # "a" and "a.b" both posted: the plain value wins
        node = child
    node.setdefault(path[-1], value)


def _listify(node: Any) -> Any:
    """Mappings keyed only by digits become lists in index order (``melds.0``, ``melds.1``).

    A list of single values keeps every value at its index and an empty field before the last
    filled one as ``None``: ``order.0=C``, ``order.1=``, ``order.2=A`` → ``["C", None, "A"]``. A
    place in a finishing order is its position, and closing the gap would move every later
    player up a place (Kein Stich, Scoring specification §4.4, K-V9); the engine names the gap.
    Rows of fields (``melds.0.kind``) close up: an empty row is no row."""
    if not isinstance(node, dict):
        return node
    items = {key: _listify(value) for key, value in node.items()}
    if not items or not all(key.isdigit() for key in items):
        return items
    ordered = sorted(items.items(), key=lambda item: int(item[0]))
    last = int(ordered[-1][0])
    if last >= MAX_FIELDS or any(isinstance(value, dict) for _, value in ordered):
        return [value for _, value in ordered]
    at = {int(key): value for key, value in ordered}
    return [at.get(index) for index in range(last + 1)]


def _values(data: Mapping[str, Any], key: str) -> list[str]:
    getlist = getattr(data, "getlist", None)
    values = getlist(key) if getlist else [data[key]]
    # A NUL byte cannot be stored (PostgreSQL refuses it in JSON); as U+FFFD the engine still
    # names the field as it names any other character that does not belong there.
    return [str(v).replace("\x00", "\ufffd") for v in values]


def entry_from_post(data: Mapping[str, Any]) -> dict[str, Any]:
    """The raw deal entry from a posted form (a ``QueryDict`` or a plain mapping).

    ``points.B=52`` → ``{"points": {"B": 52}}``; ``melds.0.kind=40`` →
    ``{"melds": [{"kind": 40}]}``; ``plays[]=♠10 ♣9`` → ``{"plays": ["♠10", "♣9"]}``. Empty
    fields are left out, but in a list of values an empty one keeps its place as ``None``
    (``order.0=C&order.1=&order.2=A`` → ``{"order": ["C", None, "A"]}``); a value that is no
    whole number stays text, for the engine to refuse next to its field. Malformed names are
    ignored."""
    entry: dict[str, Any] = {}
    for key in list(data)[:MAX_FIELDS]:
        if key.startswith("_") or key in _CONTROL_FIELDS:
            continue
        is_list = key.endswith("[]")
        path = (key[:-2] if is_list else key).split(".")
        if not all(_SEGMENT.match(segment) for segment in path):
            continue
        if is_list:
            parts = [p for v in _values(data, key) for p in _LIST_SEPARATORS.split(v.strip()) if p]
            if parts:
                _put(entry, path, [_scalar(p) for p in parts])
            continue
        value = (_values(data, key) or [""])[-1].strip()
        if value:
            _put(entry, path, _scalar(value))
    # Only nested mappings become lists: the entry itself stays an object even if every posted
    # name starts with a digit.
    return {key: _listify(value) for key, value in entry.items()}


def _flat_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def flatten_entry(entry: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """The inverse of :func:`entry_from_post`, to fill the form with a stored entry:
    ``{"points": {"B": 52}}`` → ``{"points.B": "52"}``, ``{"plays": ["♠10", "♣9"]}`` →
    ``{"plays[]": "♠10 ♣9", "plays.0": "♠10", "plays.1": "♣9"}``; ``None`` values (an empty
    place in a list, too) are left out."""
    flat: dict[str, str] = {}
    for key, value in entry.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten_entry(value, f"{name}."))
        elif isinstance(value, list | tuple):
            if all(isinstance(v, Mapping) for v in value):
                for index, item in enumerate(value):
                    flat.update(flatten_entry(item, f"{name}.{index}."))
            else:
                # Both spellings, for a form with one list field or one field per item.
                filled = [(i, v) for i, v in enumerate(value) if v is not None]
                flat[f"{name}[]"] = " ".join(_flat_value(v) for _, v in filled)
                flat.update({f"{name}.{i}": _flat_value(v) for i, v in filled})
        elif value is not None:
            flat[name] = _flat_value(value)
    return flat
