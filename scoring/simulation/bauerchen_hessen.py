"""Simulated play of Hessian Bauerchen (Löber 1965) for the demo, the benchmarks and the
property tests: cards dealt and tricks played at random within the rules of following suit."""

from __future__ import annotations

import random
from typing import Any

from scoring.bauerchen import SEATS
from scoring.bauerchen_hessen import RANKS, TRICKS, HessenState, Variant
from scoring.cards import SUITS, Card, deck
from scoring.checks import PARTNERSHIP_OF, next_seat


def simulate_deal(state: HessenState, variant: Variant, rng: random.Random) -> dict[str, Any]:
    """A full entry from simulated play: shuffle the 24 cards, deal five each clockwise from
    the dealer's left, turn the next card for trump, and play five tricks in which a player
    follows suit when he can (the Jacks belong to the trump suit) and otherwise plays any
    card. The source gives no further trick rules; the cards are chosen at random."""
    dealer = state.next_dealer() or SEATS[-1]
    cards = list(deck(RANKS))
    rng.shuffle(cards)
    order = [next_seat(SEATS, dealer, 1 + i) for i in range(4)]
    hands = {seat: cards[5 * i : 5 * i + 5] for i, seat in enumerate(order)}
    trump = cards[20].suit

    def suit_of(card: Card) -> str:
        return trump if card.rank == "J" else card.suit

    def strength(card: Card, led: str) -> tuple[int, int]:
        if card.rank == "J":
            return (2, 10 - SUITS.index(card.suit))
        rank = len(RANKS) - RANKS.index(card.rank)
        return (2 if card.suit == trump else 1 if card.suit == led else 0, rank)

    leader = order[0]
    winners = []
    for _ in range(TRICKS):
        plays: list[tuple[str, Card]] = []
        for i in range(4):
            seat = next_seat(SEATS, leader, i)
            hand = hands[seat]
            led = suit_of(plays[0][1]) if plays else None
            legal = [c for c in hand if suit_of(c) == led] or hand
            card = rng.choice(legal)
            hand.remove(card)
            plays.append((seat, card))
        led = suit_of(plays[0][1])
        leader = max(plays, key=lambda play: strength(play[1], led))[0]
        winners.append(PARTNERSHIP_OF[leader])
    return {"dealer": dealer, "trump": trump, "trick_winners": winners}
