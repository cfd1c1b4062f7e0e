"""The checks every game makes of a raw entry, written once (Scoring specification §0.2: the error
codes shared by all games).

Each check either returns the value it read, normalised, or raises :class:`InvalidDeal` on the
entry field it names, with the input quoted in ``params`` so the web layer can say what was sent.
A game's :meth:`~scoring.base.Game.parse` calls them in the order of its validation table.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from scoring.base import InvalidDeal, Warning
from scoring.cards import parse_suit
from scoring.options import is_int


def shown(value: Any) -> Any:
    """``value`` as a JSON-ready message parameter: ``None``, booleans, numbers and text as they
    are, anything else as its ``repr``."""
    return value if value is None or isinstance(value, bool | int | float | str) else repr(value)


def entry_object(
    entry: Any, known: Collection[str], *, code: str = "INVALID_ENTRY"
) -> Mapping[str, Any]:
    """``entry`` itself once it is a JSON object whose keys are all in ``known``.

    Raises:
        InvalidDeal: ``code`` on ``"deal"`` (default ``INVALID_ENTRY``) when it is not an object;
            ``UNKNOWN_FIELD`` on the first unknown key, ``params["value"]`` the key.
    """
    if not isinstance(entry, Mapping):
        raise InvalidDeal("deal", code, f"a deal must be an object, not {shown(entry)!r}")
    for key in entry:
        if key not in known:
            raise InvalidDeal(
                str(key),
                "UNKNOWN_FIELD",
                f"unknown field {key!r}; known: {', '.join(sorted(known))}",
                value=str(key),
            )
    return entry


def whole_number(value: Any, field: str, what: str) -> int:
    """``value`` once it is a whole number (not a boolean, not a float).

    Raises:
        InvalidDeal: ``NOT_AN_INTEGER`` on ``field``, ``params["value"]`` the input.
    """
    if not is_int(value):
        raise InvalidDeal(
            field,
            "NOT_AN_INTEGER",
            f"{what} must be a whole number, not {value!r}",
            value=shown(value),
        )
    return value


def within(value: int, field: str, what: str, minimum: int, maximum: int) -> int:
    """``value`` once ``minimum ≤ value ≤ maximum``.

    Raises:
        InvalidDeal: ``OUT_OF_RANGE`` on ``field`` with ``value``, ``minimum`` and ``maximum``.
    """
    if not minimum <= value <= maximum:
        raise InvalidDeal(
            field,
            "OUT_OF_RANGE",
            f"{what} must be between {minimum} and {maximum}, not {value}",
            value=value,
            minimum=minimum,
            maximum=maximum,
        )
    return value


def next_seat(seats: Sequence[str], seat: str, step: int = 1) -> str:
    """The seat ``step`` places after ``seat`` in the playing order ``seats``, round the table
    (``step=-1``: the one before).

    Raises:
        ValueError: ``seat`` is not in ``seats``.
    """
    return seats[(list(seats).index(seat) + step) % len(seats)]


def rotation_warnings(dealer: Any, expected: str | None, message: str) -> tuple[Warning, ...]:
    """``DEALER_ROTATION`` on ``"dealer"`` when a dealer was entered and is not the one in turn
    (``expected``; ``None`` when any seat may deal, e.g. the first deal); else no warning."""
    if dealer is None or expected is None or dealer == expected:
        return ()
    return (Warning("dealer", "DEALER_ROTATION", message),)


PARTNERSHIP_OF: Mapping[str, str] = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
"""The partnership of each seat of a four-handed partnership game (Bauerchen's N, E, S, W)."""

_PARTNERSHIP_NAMES: Mapping[str, str] = {
    "NS": "NS",
    "SN": "NS",
    "EW": "EW",
    "WE": "EW",
    "OW": "EW",  # German: Ost/West
    "WO": "EW",
}


def parse_partnership(value: Any) -> str | None:
    """``"NS"`` or ``"EW"`` from a partnership's name (either order, any case, German ``OW``
    for Ost/West) or one of its seats; ``None`` for anything else."""
    if not isinstance(value, str):
        return None
    text = value.strip().upper()
    return PARTNERSHIP_OF.get(text) or _PARTNERSHIP_NAMES.get(text)


def suit_field(value: Any, field: str) -> str | None:
    """A suit field of an entry (a trump, a meld's suit): ``None`` when not entered, else the suit
    as :func:`scoring.cards.parse_suit` reads it.

    Raises:
        InvalidDeal: ``OUT_OF_RANGE`` on ``field``, ``params["value"]`` the input.
    """
    if value is None:
        return None
    suit = parse_suit(value)
    if suit is None:
        raise InvalidDeal(
            field,
            "OUT_OF_RANGE",
            f"{field} must be a suit (♣ ♠ ♥ ♦ or C S H D), not {value!r}",
            value=shown(value),
        )
    return suit


def partnership_field(value: Any, field: str) -> str:
    """A partnership named in an entry field (a trick's winner, the last trick, a Spritzen
    call): ``"NS"`` or ``"EW"`` as :func:`parse_partnership` reads it.

    Raises:
        InvalidDeal: ``UNKNOWN_PLAYER`` on ``field``, ``params["value"]`` the input.
    """
    team = parse_partnership(value)
    if team is None:
        raise InvalidDeal(
            field,
            "UNKNOWN_PLAYER",
            f"{field} must name a team (NS, EW) or a seat of it, not {value!r}",
            value=shown(value),
        )
    return team
