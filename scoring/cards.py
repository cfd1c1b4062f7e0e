"""Card and deck facts shared by the games: French suits, Tapp ranks, the 36-card Tapp deck.

Plain data, no randomness: shuffling and dealing belong to the play simulations, which take a
``random.Random`` of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS: tuple[str, ...] = ("♣", "♠", "♥", "♦")
"""The four French suits: clubs, spades, hearts, diamonds."""

RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
"""Tapp/Jass ranks, highest first in their natural order (Tens rank low in Hintersche)."""

ALL_RANKS: tuple[str, ...] = ("A", "K", "Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
"""Every rank a game of the engine uses: French ranks down to the Two, and the Cavall (``"C"``,
the Trappola pack's knight). A game's own deck is a subset."""


@dataclass(frozen=True, order=True)
class Card:
    """One playing card, e.g. ``Card("♦", "J")``."""

    suit: str
    """One of :data:`SUITS`."""
    rank: str
    """One of :data:`ALL_RANKS`."""

    def __post_init__(self) -> None:
        if self.suit not in SUITS:
            raise ValueError(f"invalid suit: {self.suit!r}")
        if self.rank not in ALL_RANKS:
            raise ValueError(f"invalid rank: {self.rank!r}")

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


def same_colour(suit: str) -> str:
    """The other suit of the same colour: ``same_colour("♦") == "♥"``, ``same_colour("♣") == "♠"``.

    Raises:
        ValueError: ``suit`` is not one of :data:`SUITS`.
    """
    pairs = {"♣": "♠", "♠": "♣", "♥": "♦", "♦": "♥"}
    try:
        return pairs[suit]
    except KeyError:
        raise ValueError(f"invalid suit: {suit!r}") from None


def deck(ranks: tuple[str, ...]) -> tuple[Card, ...]:
    """The pack of ``ranks`` in each of ♣ ♠ ♥ ♦, in a fixed order (suit by suit).

    Raises:
        ValueError: a rank not in :data:`ALL_RANKS`.
    """
    return tuple(Card(suit, rank) for suit in SUITS for rank in ranks)


def tapp_deck() -> tuple[Card, ...]:
    """The 36-card French-suited Tapp pack (A K Q J 10 9 8 7 6 in ♣ ♠ ♥ ♦), in a fixed order."""
    return deck(RANKS)


_SUIT_SPELLINGS: dict[str, str] = {
    **{suit: suit for suit in SUITS},
    **{"♧": "♣", "♤": "♠", "♡": "♥", "♢": "♦"},
    **{"c": "♣", "s": "♠", "h": "♥", "d": "♦"},
    **{"clubs": "♣", "spades": "♠", "hearts": "♥", "diamonds": "♦"},
    **{"kreuz": "♣", "pik": "♠", "herz": "♥", "karo": "♦"},
}


def parse_suit(value: object) -> str | None:
    """One of :data:`SUITS` from the ways a table writes a French suit: its symbol (filled or
    outline), its letter (C S H D) or its English or German name (clubs, Kreuz, ...), in any case
    and with spaces around; ``None`` for anything else."""
    if not isinstance(value, str):
        return None
    return _SUIT_SPELLINGS.get(value.strip().lower())
