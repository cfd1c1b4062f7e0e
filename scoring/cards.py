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

BLACK: frozenset[str] = frozenset({"♣", "♠"})
"""The black suits."""

RED: frozenset[str] = frozenset({"♥", "♦"})
"""The red suits."""

SUIT_LETTERS: dict[str, str] = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
"""ASCII spellings accepted for the suits (clubs, spades, hearts, diamonds)."""


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


def normalise_suit(suit: str) -> str:
    """A suit symbol from a symbol or an ASCII letter (``"D"`` → ``"♦"``).

    Raises:
        ValueError: neither a suit symbol nor one of ``C S H D``.
    """
    if suit in SUITS:
        return suit
    letter = SUIT_LETTERS.get(suit.upper()) if isinstance(suit, str) else None
    if letter is None:
        raise ValueError(f"invalid suit: {suit!r}")
    return letter


def deck(ranks: tuple[str, ...]) -> tuple[Card, ...]:
    """The pack of ``ranks`` in each of ♣ ♠ ♥ ♦, in a fixed order (suit by suit).

    Raises:
        ValueError: a rank not in :data:`ALL_RANKS`.
    """
    return tuple(Card(suit, rank) for suit in SUITS for rank in ranks)


def tapp_deck() -> tuple[Card, ...]:
    """The 36-card French-suited Tapp pack (A K Q J 10 9 8 7 6 in ♣ ♠ ♥ ♦), in a fixed order."""
    return deck(RANKS)
