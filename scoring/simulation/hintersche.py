"""Realistic Hintersche play, simulated card by card, to produce full entries.

For demos, property tests and load tests: shuffle the 36-card Tapp deck, turn the bottom card for
trump (the dealer keeps it), deal anticlockwise in packets of three among the active players, play
legal tricks with a simple plausible strategy, and count the card points (Hintersche after Schoch
2014, dealing and trick play; Scoring specification §1.1, §1.2, ambiguity A7).

Every function takes a ``random.Random`` so a seed reproduces a rubber exactly. Seats are in
anticlockwise playing order, so "the next player" is the next seat in ``state.seats``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.cards import RANKS, Card, same_colour, tapp_deck
from scoring.hintersche import (
    HINTERSCHE,
    HinterscheState,
    Variant,
    expected_dealer,
)
from scoring.simulation import simulate_until


@dataclass(frozen=True)
class Trumps:
    """The trump suit of one deal and what follows from it."""

    suit: str
    """The suit of the turned card."""
    alte: Card
    """The Jack of trumps, highest card."""
    kleine: Card
    """The Jack of the other suit of the same colour, second-highest card."""

    @classmethod
    def of(cls, suit: str) -> Trumps:
        """The trumps when ``suit`` is turned up."""
        return cls(suit, Card(suit, "J"), Card(same_colour(suit), "J"))

    def suit_of(self, card: Card) -> str:
        """The suit a card belongs to in play: the Kleine belongs to the trump suit."""
        return self.suit if card == self.kleine else card.suit

    def is_trump(self, card: Card) -> bool:
        """Whether the card is a trump (trump suit, Alte or Kleine)."""
        return self.suit_of(card) == self.suit

    def strength(self, card: Card) -> int:
        """Rank within its suit, higher is stronger: Alte, Kleine, then A K Q J 10 9 8 7 6."""
        if card == self.alte:
            return 100
        if card == self.kleine:
            return 99
        return len(RANKS) - RANKS.index(card.rank)

    def value(self, card: Card, variant: Variant) -> int:
        """Card points of the card under the variant's ``card_values``."""
        if card == self.alte:
            return variant.card_values["alte"]
        if card == self.kleine:
            return variant.card_values["kleine"]
        return variant.card_values[card.rank]


def trick_winner(plays: Sequence[tuple[str, Card]], trumps: Trumps) -> str:
    """The seat whose card wins: the highest trump, else the highest card of the led suit."""
    led = trumps.suit_of(plays[0][1])

    def key(play: tuple[str, Card]) -> tuple[int, int]:
        card = play[1]
        suit = trumps.suit_of(card)
        return (2 if suit == trumps.suit else 1 if suit == led else 0, trumps.strength(card))

    return max(plays, key=key)[0]


def legal_cards(hand: Sequence[Card], led: str | None, trumps: Trumps) -> list[Card]:
    """Suit must be followed; a player unable to follow may trump or discard any card."""
    if led is None:
        return list(hand)
    following = [c for c in hand if trumps.suit_of(c) == led]
    return following or list(hand)


def _choose(
    hand: list[Card],
    plays: list[tuple[str, Card]],
    trumps: Trumps,
    variant: Variant,
    greedy: bool,
    rng: random.Random,
) -> Card:
    """A plausible card: mostly dodge points; a greedy player (going for a hundred) takes all."""
    led = trumps.suit_of(plays[0][1]) if plays else None
    legal = legal_cards(hand, led, trumps)
    if rng.random() < 0.1:
        return rng.choice(legal)

    def value(card: Card) -> int:
        return trumps.value(card, variant)

    if not plays:
        if greedy:
            return max(legal, key=lambda c: (trumps.is_trump(c), trumps.strength(c)))
        # Lead something low and cheap.
        return min(legal, key=lambda c: (value(c), trumps.is_trump(c), trumps.strength(c)))

    def wins(card: Card) -> bool:
        seat = "?"
        return trick_winner([*plays, (seat, card)], trumps) == seat

    winning = [c for c in legal if wins(c)]
    losing = [c for c in legal if not wins(c)]
    if greedy:
        if winning:
            return min(winning, key=lambda c: (trumps.strength(c), -value(c)))
        return min(legal, key=lambda c: (value(c), trumps.strength(c)))
    if losing:
        # Smear: give the trick's winner the most points that still lose.
        return max(losing, key=lambda c: (value(c), trumps.strength(c)))
    # Every card wins: take it with the cheapest card, strongest first to shed control.
    return min(winning, key=lambda c: (value(c), -trumps.strength(c)))


def _deal_cards(
    deck: list[Card], order: Sequence[str], dealer: str, per_player: int
) -> dict[str, list[Card]]:
    """Packets of three from the top, starting with forehand; the dealer's last packet holds two
    cards plus the turned bottom card, which he keeps."""
    bottom = deck[-1]
    top = deck[:-1]
    hands: dict[str, list[Card]] = {seat: [] for seat in order}
    position = 0
    for packet in range(per_player // 3):
        last = packet == per_player // 3 - 1
        for seat in order:
            take = 2 if last and seat == dealer else 3
            hands[seat].extend(top[position : position + take])
            position += take
    hands[dealer].append(bottom)
    return hands


def simulate_deal(state: HinterscheState, variant: Variant, rng: random.Random) -> dict[str, Any]:
    """Play one deal at the table in ``state`` and return its full entry.

    Returns ``{"points": {seat: card points}, "tricks": {seat: tricks}, "dealer": seat,
    "trump": suit}`` for the seats that play it (plus ``"dead_points"`` with ``deal_mode =
    nine_each`` and fewer than four active). The dealer follows the anticlockwise rotation among
    the active players; the first dealer is drawn by lot.
    """
    # After a finished game the next deal opens the next one, where everybody plays.
    active = state.seats if state.phase == "done" else state.active
    seats = state.seats
    dealer = expected_dealer(state) or rng.choice(active)
    start = seats.index(dealer)
    order = [seats[(start + i) % len(seats)] for i in range(1, len(seats) + 1)]
    order = [s for s in order if s in active]  # forehand first, dealer last
    n = len(order)
    per_player = 9 if variant.deal_mode == "nine_each" else 36 // n

    deck = list(tapp_deck())
    rng.shuffle(deck)
    cut = rng.randrange(1, len(deck))
    deck = deck[cut:] + deck[:cut]
    trumps = Trumps.of(deck[-1].suit)
    hands = _deal_cards(deck, order, dealer, per_player)
    dealt = {c for h in hands.values() for c in h}
    dead = [c for c in deck if c not in dealt]

    # A strong hand now and then tries for a hundred.
    greedy: str | None = None
    for seat in order:
        strength = sum(trumps.value(c, variant) for c in hands[seat])
        trumps_held = sum(trumps.is_trump(c) for c in hands[seat])
        if strength * n >= 2 * variant.total and trumps_held * n >= 12 and rng.random() < 0.6:
            greedy = seat
            break

    points = dict.fromkeys(order, 0)
    tricks = dict.fromkeys(order, 0)
    leader = order[0]
    for _ in range(per_player):
        plays: list[tuple[str, Card]] = []
        first = order.index(leader)
        for i in range(n):
            seat = order[(first + i) % n]
            card = _choose(hands[seat], plays, trumps, variant, seat == greedy, rng)
            hands[seat].remove(card)
            plays.append((seat, card))
        leader = trick_winner(plays, trumps)
        tricks[leader] += 1
        points[leader] += sum(trumps.value(c, variant) for _, c in plays)

    playing = [s for s in seats if s in points]
    entry: dict[str, Any] = {
        "points": {s: points[s] for s in playing},
        "tricks": {s: tricks[s] for s in playing},
        "dealer": dealer,
        "trump": trumps.suit,
    }
    if variant.deal_mode == "nine_each" and n < len(seats):
        entry["dead_points"] = sum(trumps.value(c, variant) for c in dead)
    return entry


def simulate_unit(
    seats: Sequence[str], variant: Variant, rng: random.Random
) -> list[dict[str, Any]]:
    """Full entries for one tournament unit at a table, deal by deal, until ``state.unit_over``
    (``variant.tournament_round``: the first Vier-Strich, the first game or the rubber)."""
    return simulate_until(HINTERSCHE, seats, variant, rng, "unit_over")


def simulate_rubber(
    seats: Sequence[str], variant: Variant, rng: random.Random
) -> list[dict[str, Any]]:
    """Full entries for a whole rubber (``games_per_rubber`` games), until ``state.rubber_over``."""
    return simulate_until(HINTERSCHE, seats, variant, rng, "rubber_over")
