"""Realistic Hindernislauf play, simulated card by card, to produce full entries.

For demos, property tests and load tests: shuffle the 32-card Skat pack, deal one card at a time
clockwise from the player left of the dealer (15, 10, 8, 6 or 5 each), lay the two undealt cards
face up when n ≠ 4, then let every player in turn lay a card with a simple plausible strategy —
land on a Hindernis when he can, avoid jumping one, choose the Queen's sign to suit, and do not
leave the next player an easy hit (Hindernislauf after Göring 1977; Scoring specification §5.1,
§5.2, §5.5).

Every function takes a ``random.Random`` so a seed reproduces a session exactly. Seats are in
clockwise playing order, so "the next player" is the next seat in ``state.seats``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoring.hindernislauf import (
    CARDS_EACH,
    DECK,
    HINDERNISLAUF,
    OBSTACLE_POINTS,
    OBSTACLES,
    RESET_AT,
    HindernislaufState,
    Variant,
    obstacle_event,
    parse_card,
    player_order,
)

MAX_DEALS = 1000
"""Safety bound on the deals of one simulated unit; a unit needs at most a few dozen."""

CARELESS = 0.12
"""How often a simulated player lays a card without thinking (for variety in the demo)."""


def deal_cards(
    seats: Sequence[str], dealer: str, rng: random.Random
) -> tuple[dict[str, list[str]], list[str]]:
    """Shuffle the pack and deal it: the hands by seat and the undealt cards (face up when
    n ≠ 4; Scoring specification §5.1)."""
    pack = list(DECK)
    rng.shuffle(pack)
    n = len(seats)
    dealt = n * CARDS_EACH[n]
    order = player_order(seats, dealer)
    hands: dict[str, list[str]] = {seat: [] for seat in seats}
    for index in range(dealt):
        hands[order[index % n]].append(pack[index])
    return hands, pack[dealt:]


def _moves(hand: Sequence[str], total: int, variant: Variant) -> list[tuple[str, int]]:
    """Every legal card with its value: a Queen as ``Q+`` and ``Q-`` (not below 0 when
    ``allow_negative_total`` is off)."""
    moves = []
    for code in hand:
        card = parse_card(code)
        assert card is not None
        if card.rank == "Q":
            moves.append((f"{code}+", 3))
            if variant.allow_negative_total or total - 3 >= 0:
                moves.append((f"{code}-", -3))
        else:
            moves.append((code, variant.value(card)))
    return moves


def _gain(old: int, new: int, variant: Variant) -> int:
    """What the card scores for its player (§5.5)."""
    event = obstacle_event(old, new)[0]
    gain = OBSTACLE_POINTS[event] if event else 0
    if new >= RESET_AT:
        gain += variant.reach_120_bonus
    return gain


def _exposure(total: int) -> int:
    """How easy the next player's hit is from ``total``: an obstacle 2–11 above (or 3 below)."""
    if total >= RESET_AT:
        return 0
    return sum(1 for o in OBSTACLES if 2 <= o - total <= 11 or o - total == -3)


def choose(
    hand: Sequence[str], total: int, variant: Variant, rng: random.Random
) -> tuple[str, int]:
    """The card (with its Queen sign) a player lays at ``total``, and its value."""
    moves = _moves(hand, total, variant)
    if rng.random() < CARELESS:
        return rng.choice(moves)

    def merit(move: tuple[str, int]) -> tuple[int, int, float]:
        new = total + move[1]
        # Hits first; then do not open an obstacle to the next player; keep the Queens (they
        # go both ways) for later; the rest by chance.
        keeps_queen = 0 if move[0][-1] in "+-" and move[0][-2] == "Q" else 1
        return (_gain(total, new, variant), -_exposure(new) + keeps_queen, rng.random())

    return max(moves, key=merit)


def simulate_deal(
    state: HindernislaufState, variant: Variant, rng: random.Random
) -> dict[str, Any]:
    """The full entry of the next deal at the table in ``state``: the dealer in rotation, the
    face-up cards (n ≠ 4) and every card laid, in play order; with ``on_120 = end_deal`` the
    plays stop with the card that reaches 120."""
    seats = state.seats
    dealer = state.expected_dealer
    hands, undealt = deal_cards(seats, dealer, rng)
    face_up = []
    for code in undealt:
        if code.endswith("Q") and variant.faceup_queen == "dealer_choice":
            code += rng.choice("++-")
        face_up.append(code)
    total = 0
    for code in face_up:
        parsed = parse_card(code)
        assert parsed is not None  # an undealt card of the pack, perhaps with a Queen's sign
        total += variant.value(parsed, face_up=True)
    order = player_order(seats, dealer)
    plays: list[str] = []
    for turn in range(len(seats) * CARDS_EACH[len(seats)]):
        seat = order[turn % len(seats)]
        card, value = choose(hands[seat], total, variant, rng)
        hands[seat].remove(card.rstrip("+-"))
        plays.append(card)
        total += value
        if total >= RESET_AT:
            if variant.on_120 == "end_deal":
                break
            total = 0
    entry: dict[str, Any] = {"dealer": dealer}
    if face_up:
        entry["face_up"] = face_up
    entry["plays"] = plays
    return entry


def simulate_unit(
    seats: Sequence[str], variant: Variant, rng: random.Random
) -> list[dict[str, Any]]:
    """The entries of one tournament round at a table (``deals_per_round``, or one deal per
    player), each validated as it is made."""
    state = HINDERNISLAUF.initial(seats, variant)
    entries: list[dict[str, Any]] = []
    while not state.unit_over and len(entries) < MAX_DEALS:
        entry = simulate_deal(state, variant, rng)
        state = HINDERNISLAUF.apply(entry, state, variant).state
        entries.append(entry)
    return entries
