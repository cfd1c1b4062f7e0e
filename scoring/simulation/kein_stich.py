"""Realistic Kein Stich play, simulated card by card, to produce full entries.

For demos, property tests and load tests: shuffle the (trimmed) deck, deal it out clockwise from
the player left of the dealer, and play the due contract (Scoring specification §4.1–§4.3):

* the trick deals: the player left of the dealer leads; suit must be followed; no trumps; the
  highest card of the led suit wins and leads next. Each player dodges the contract's penalised
  cards (tricks, Hearts, Obers, the Max, the last trick) with a simple plausible strategy;
* the Domino (Unter anlegen): the holder of the starting Unter lays it; in turn each player must
  build on a suit's row (up from the Unter: Ober, König, Daus; down: 10, 9, 8 …) or lay another
  Unter, and passes only when unable. Players go out in the order they shed their last card.

Every function takes a ``random.Random`` so a seed reproduces a session exactly. Seats are in
clockwise playing order, so "the next player" is the next seat in ``state.seats``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoring.cards import Card
from scoring.kein_stich import (
    DECK_RANKS,
    DOMINO,
    KEIN_HERZ,
    KEIN_MAX,
    KEIN_OBER,
    KEIN_STICH,
    KEIN_STICH_GAME,
    LETZTER_STICH,
    MAX,
    START_UNTERS,
    KeinStichState,
    Variant,
    expected_dealer,
)
from scoring.simulation import simulate_until

_ORDER = DECK_RANKS[52]


def strength(card: Card) -> int:
    """Rank within its suit, higher is stronger: Daus/Ace, König, Ober, Unter, 10, 9 … 2."""
    return len(_ORDER) - _ORDER.index(card.rank)


def trick_winner(plays: Sequence[tuple[str, Card]]) -> str:
    """The seat whose card wins: the highest card of the led suit (no trumps, §4.1)."""
    led = plays[0][1].suit
    return max((p for p in plays if p[1].suit == led), key=lambda p: strength(p[1]))[0]


def legal_cards(hand: Sequence[Card], led: str | None) -> list[Card]:
    """Suit must be followed; a player unable to follow may discard any card."""
    if led is None:
        return list(hand)
    following = [c for c in hand if c.suit == led]
    return following or list(hand)


def penalty(card: Card, contract: str) -> int:
    """How much taking ``card`` costs in ``contract`` (in units of danger, not points)."""
    if contract == KEIN_HERZ:
        return 1 if card.suit == "♥" else 0
    if contract == KEIN_OBER:
        return 2 if card.rank == "Q" else 0
    if contract == KEIN_MAX:
        return 8 if card == MAX else 0
    return 0


def _choose(
    hand: list[Card],
    plays: list[tuple[str, Card]],
    contract: str,
    last_trick: bool,
    last_to_play: bool,
    rng: random.Random,
) -> Card:
    """A plausible card that keeps the contract's penalised cards away from the player."""
    led = plays[0][1].suit if plays else None
    legal = legal_cards(hand, led)
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.1:
        return rng.choice(legal)
    if not plays:
        # Lead low, and never a penalised card if it can be helped.
        return min(legal, key=lambda c: (penalty(c, contract), strength(c)))

    def wins(card: Card) -> bool:
        return trick_winner([*plays, ("?", card)]) == "?"

    losing = [c for c in legal if not wins(c)]
    if losing:
        # Duck as high as possible; an unfollowing player sheds the most dangerous card.
        return max(losing, key=lambda c: (penalty(c, contract), strength(c)))
    # Every card wins. Last to play, the trick is taken anyway: shed the highest harmless card
    # (it could win a later trick). Otherwise win as low as possible, hoping someone tops it.
    if last_to_play and not last_trick:
        return max(legal, key=lambda c: (-penalty(c, contract), strength(c)))
    return min(legal, key=lambda c: (penalty(c, contract), strength(c)))


def _deal(
    state: KeinStichState, rng: random.Random, dealer: str
) -> tuple[list[str], dict[str, list[Card]]]:
    """Shuffle the trimmed deck and deal it out; returns the seats from the dealer's left
    (forehand first, dealer last) and each seat's hand."""
    assert state.setup is not None
    seats = state.seats
    start = seats.index(dealer)
    order = [seats[(start + i) % len(seats)] for i in range(1, len(seats) + 1)]
    deck = list(state.setup.cards)
    rng.shuffle(deck)
    each = state.setup.cards_each
    hands = {seat: deck[i * each : (i + 1) * each] for i, seat in enumerate(order)}
    return order, hands


def play_tricks(
    order: Sequence[str], hands: dict[str, list[Card]], contract: str, rng: random.Random
) -> tuple[dict[str, int], dict[str, list[Card]], str]:
    """Play every card out in tricks; returns the tricks per seat, the cards each seat took and
    the taker of the last trick. ``order`` starts with the player left of the dealer (forehand
    leads the first trick)."""
    n = len(order)
    tricks = dict.fromkeys(order, 0)
    taken: dict[str, list[Card]] = {seat: [] for seat in order}
    leader = order[0]
    rounds = len(hands[order[0]])
    last = leader
    for number in range(rounds):
        plays: list[tuple[str, Card]] = []
        first = order.index(leader)
        for i in range(n):
            seat = order[(first + i) % n]
            card = _choose(
                hands[seat],
                plays,
                contract,
                contract == LETZTER_STICH and number == rounds - 1,
                i == n - 1,
                rng,
            )
            hands[seat].remove(card)
            plays.append((seat, card))
        leader = trick_winner(plays)
        tricks[leader] += 1
        taken[leader].extend(c for _, c in plays)
        last = leader
    return tricks, taken, last


def play_domino(
    order: Sequence[str],
    hands: dict[str, list[Card]],
    start_unter: Card,
    ranks: Sequence[str],
    rng: random.Random,
    log: list[tuple[str, Card | None]] | None = None,
) -> tuple[list[str], str]:
    """Unter anlegen: returns the finishing order (every seat) and the seat that opened.

    Each suit's row starts at its Unter and grows up (Ober, König, Daus) and down (10, 9 …, the
    lowest card left in the deck); ``ranks`` are the deck's ranks, highest first. The holder of
    ``start_unter`` opens; then clockwise, each player lays a card that fits or another Unter,
    else passes (§4.2, ambiguity K5: every card becomes playable in the end). ``log``, if
    given, receives every turn as ``(seat, card)``, ``card`` ``None`` for a pass.
    """
    present = {c for h in hands.values() for c in h}
    rows: dict[str, tuple[int, int]] = {}  # suit → (index of the highest, of the lowest) in ranks
    unter = ranks.index("J")

    def playable(card: Card) -> bool:
        if card.suit not in rows:
            return card.rank == "J"
        high, low = rows[card.suit]
        index = ranks.index(card.rank)
        # The next card up, or the next card down that is still in the deck.
        below = low + 1
        while below < len(ranks) and Card(card.suit, ranks[below]) not in present:
            below += 1
        return index == high - 1 or index == below

    def lay(card: Card) -> None:
        index = ranks.index(card.rank)
        if card.suit not in rows:
            rows[card.suit] = (unter, unter)
            return
        high, low = rows[card.suit]
        rows[card.suit] = (min(high, index), max(low, index))

    opener = next(s for s in order if start_unter in hands[s])
    hands[opener].remove(start_unter)
    lay(start_unter)
    if log is not None:
        log.append((opener, start_unter))
    finished: list[str] = []
    if not hands[opener]:
        finished.append(opener)
    turn = order.index(opener)
    passes = 0
    while len(finished) < len(order) - 1:
        turn = (turn + 1) % len(order)
        seat = order[turn]
        if seat in finished:
            continue
        options = [c for c in hands[seat] if playable(c)]
        if not options:
            if log is not None:
                log.append((seat, None))
            passes += 1
            if passes > 4 * len(order):  # cannot happen (K5); a guard against a bug
                raise RuntimeError("the Domino is stuck")
            continue
        passes = 0

        # Prefer cards that open the way for more of one's own cards; a little randomness.
        hand = hands[seat]

        def preference(c: Card, hand: list[Card] = hand) -> tuple[float, int]:
            return (sum(1 for h in hand if h.suit == c.suit) + rng.random() * 2, strength(c))

        card = max(options, key=preference)
        hands[seat].remove(card)
        lay(card)
        if log is not None:
            log.append((seat, card))
        if not hands[seat]:
            finished.append(seat)
    finished.extend(s for s in order if s not in finished)
    return finished, opener


def simulate_deal(state: KeinStichState, variant: Variant, rng: random.Random) -> dict[str, Any]:
    """The full entry of the next deal at the table in ``state`` from simulated real play.

    Trick deals give the contract's counts (``tricks`` / ``hearts`` / ``obers``) or holder
    (``max`` / ``last_trick``) plus the ``tricks`` per seat and the ``dealer``; the Domino gives
    the finishing ``order`` (now and then without the inferred last place) and ``start``. The
    dealer follows the clockwise rotation; the first dealer is drawn by lot. ``contract`` is
    mostly the number, now and then the contract's name.
    """
    assert state.setup is not None
    seats = state.seats
    position = state.next_contract
    contract = state.contract_due
    dealer = expected_dealer(state) or rng.choice(seats)
    order, hands = _deal(state, rng, dealer)
    entry: dict[str, Any] = {
        "contract": contract if rng.random() < 0.15 else position,
        "dealer": dealer,
    }
    if contract == DOMINO:
        ranks = DECK_RANKS[state.setup.deck]
        finishing, opener = play_domino(
            order, hands, START_UNTERS[variant.domino_start], ranks, rng
        )
        entry["order"] = finishing[:-1] if rng.random() < 0.3 else finishing
        entry["start"] = opener
        return entry
    tricks, taken, last = play_tricks(order, hands, contract, rng)
    entry["tricks"] = {s: tricks[s] for s in seats}
    if contract == KEIN_HERZ:
        entry["hearts"] = {s: sum(c.suit == "♥" for c in taken[s]) for s in seats}
    elif contract == KEIN_OBER:
        entry["obers"] = {s: sum(c.rank == "Q" for c in taken[s]) for s in seats}
    elif contract == KEIN_MAX:
        entry["max"] = next(s for s in seats if MAX in taken[s])
    elif contract == LETZTER_STICH:
        entry["last_trick"] = last
    else:
        assert contract == KEIN_STICH
    if contract != KEIN_STICH and rng.random() < 0.2:
        del entry["tricks"]  # a minimal entry now and then
    return entry


def simulate_unit(
    seats: Sequence[str], variant: Variant, rng: random.Random
) -> list[dict[str, Any]]:
    """Full entries for one tournament round at a table (``games_per_round`` games)."""
    return simulate_until(KEIN_STICH_GAME, seats, variant, rng, "unit_over")


def simulate_match(
    seats: Sequence[str], variant: Variant, rng: random.Random, games: int | None = None
) -> list[dict[str, Any]]:
    """Full entries for ``games`` games (default: ``games_per_match``, else one per player, so
    that the deal goes round, §4.7)."""
    games = games or variant.games_per_match or len(seats)
    state = KEIN_STICH_GAME.initial(seats, variant)
    entries: list[dict[str, Any]] = []
    while state.games_played < games:
        entry = simulate_deal(state, variant, rng)
        state = KEIN_STICH_GAME.apply(entry, state, variant).state
        entries.append(entry)
    return entries
