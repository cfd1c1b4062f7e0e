"""Properties of Kein Stich over simulated real play (Hypothesis): simulated deals always
validate; every trick contract pays in exactly what the deck holds; the pot empties and the
balances sum to zero after every game; a round ends within its bound; the trusted replay equals
the full one. Plus the play simulation's own rules: legal tricks and a real Domino."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import Card
from scoring.kein_stich import DECK_RANKS, MAX, trimmed_deck
from scoring.kein_stich import KEIN_STICH_GAME as G
from scoring.simulation.kein_stich import (
    legal_cards,
    play_domino,
    play_tricks,
    simulate_match,
    simulate_unit,
    trick_winner,
)

SET_UPS = [
    ({}, 4),
    ({"players": 3, "deck": 24}, 3),
    ({"players": 3}, 3),
    ({"deck": 24}, 4),
    ({"deck": 52}, 4),
    ({"players": 5}, 5),
    ({"players": 5, "deck": 52}, 5),
    ({"players": 6, "deck": 24}, 6),
    ({"players": 6}, 6),
    ({"players": 6, "deck": 52}, 6),
    ({"extra_contract": "letzter_stich"}, 4),
    ({"players": 5, "deck": 24, "payouts": [60, 40, 20, 10, 0]}, 5),
    ({"players": 3, "deck": 52, "payouts": [150, 80, 0]}, 3),
    ({"domino_start": "herz_unter", "games_per_round": 2}, 4),
]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), set_up=st.sampled_from(SET_UPS))
def test_simulated_match_validates_and_balances(seed: int, set_up) -> None:
    options, players = set_up
    variant = G.variant(options)
    seats = G.seats(players)
    entries = simulate_match(seats, variant, random.Random(seed), games=2)
    # One game is one cycle of the contracts: 5 deals (6 in the six-deal version).
    assert len(entries) == 2 * len(variant.contracts)
    steps = G.replay(entries, variant, seats)
    setup = steps[0].state.setup
    for entry, step in zip(entries, steps, strict=True):
        assert step.warnings == ()  # the dealer rotation is followed
        state = step.state
        if "hearts" in entry:
            assert sum(entry["hearts"].values()) == setup.hearts
        if "obers" in entry:
            assert sum(entry["obers"].values()) == 4
        if "tricks" in entry:
            assert sum(entry["tricks"].values()) == setup.cards_each
        if state.game_over:
            assert state.pot == 0 and sum(state.balance.values()) == 0
            assert sum(state.game_net.values()) == 0
        else:
            assert state.pot == -sum(state.game_net.values())
        assert {s: state.won[s] - state.paid_in[s] for s in seats} == dict(state.balance)
    # Before each Domino the pot holds exactly the payouts.
    pots = steps[-1].state.pots
    per_game = len(variant.contracts)
    assert pots[per_game - 2] == setup.pot == sum(setup.payouts)
    assert sum(steps[-1].state.domino_firsts.values()) == 2


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), set_up=st.sampled_from(SET_UPS))
def test_round_ends_and_trusted_replay_is_the_same(seed: int, set_up) -> None:
    options, players = set_up
    variant = G.variant(options)
    seats = G.seats(players)
    entries = simulate_unit(seats, variant, random.Random(seed))
    assert len(entries) == variant.games_per_round * len(variant.contracts)
    full = G.replay(entries, variant, seats)
    fast = G.replay(entries, variant, seats, trusted=True)
    assert [s.state for s in full] == [s.state for s in fast]
    assert [s.events for s in full] == [s.events for s in fast]
    assert full[-1].state.unit_over and not any(s.state.unit_over for s in full[:-1])
    result = full[-1].state.result()
    assert sum(r.score for r in result) == 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from([3, 4, 5, 6]))
def test_played_tricks_are_legal(seed: int, players: int) -> None:
    rng = random.Random(seed)
    variant = G.variant({"players": players})
    setup = variant.setup(players)
    cards = list(setup.cards)
    rng.shuffle(cards)
    seats = G.seats(players)
    each = setup.cards_each
    hands = {s: cards[i * each : (i + 1) * each] for i, s in enumerate(seats)}
    before = {s: list(h) for s, h in hands.items()}
    tricks, taken, last = play_tricks(seats, hands, "kein_herz", rng)
    assert sum(tricks.values()) == each and all(not h for h in hands.values())
    assert Counter(c for pile in taken.values() for c in pile) == Counter(setup.cards)
    assert all(len(taken[s]) == players * tricks[s] for s in seats)
    assert tricks[last] >= 1
    assert sorted(c for h in before.values() for c in h) == sorted(setup.cards)


def test_trick_rules() -> None:
    # No trumps: the highest card of the led suit wins, a higher Heart discard does not.
    plays = [("A", Card("♣", "9")), ("B", Card("♥", "A")), ("C", Card("♣", "J"))]
    assert trick_winner(plays) == "C"
    hand = [Card("♣", "7"), Card("♥", "K"), Card("♠", "A")]
    assert legal_cards(hand, "♣") == [Card("♣", "7")]
    assert legal_cards(hand, "♦") == hand
    assert legal_cards(hand, None) == hand


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    set_up=st.sampled_from([(3, 24), (4, 32), (5, 32), (6, 52), (5, 24), (4, 52), (3, 52)]),
)
def test_domino_plays_out(seed: int, set_up) -> None:
    players, deck = set_up
    rng = random.Random(seed)
    cards, _removed = trimmed_deck(players, deck)
    cards = list(cards)
    rng.shuffle(cards)
    seats = G.seats(players)
    each = len(cards) // players
    hands = {s: cards[i * each : (i + 1) * each] for i, s in enumerate(seats)}
    start = Card("♣", "J")
    holder = next(s for s in seats if start in hands[s])
    held = {s: set(h) for s, h in hands.items()}
    log: list = []
    order, opener = play_domino(seats, hands, start, DECK_RANKS[deck], rng, log)
    assert opener == holder and log[0] == (holder, start)
    assert sorted(order) == sorted(seats)
    # Everyone but the last is out of cards.
    assert all(not hands[s] for s in order[:-1])
    # Replay the log against the rules of Unter anlegen, independently of the simulation.
    ranks = DECK_RANKS[deck]
    rows: dict[str, list[int]] = {}  # suit → indices laid (ranks highest first)
    out: list[str] = []
    turn = seats.index(holder)
    for seat, card in log:
        assert seat == seats[turn % players]
        playable = set()
        for suit, laid in rows.items():
            above = min(laid) - 1
            if above >= 0:
                playable.add(Card(suit, ranks[above]))
            below = [Card(suit, r) for r in ranks[max(laid) + 1 :] if Card(suit, r) in cards]
            if below:
                playable.add(below[0])
        playable |= {Card(s, "J") for s in "♣♠♥♦" if s not in rows}
        if not rows:
            playable = {start}
        options = held[seat] & playable
        if card is None:
            assert not options, f"{seat} passed holding {options}"
        else:
            assert card in options, f"{seat} laid {card}, playable {playable}"
            held[seat].discard(card)
            rows.setdefault(card.suit, []).append(ranks.index(card.rank))
            if not held[seat]:
                out.append(seat)
        turn += 1
        while len(out) < players - 1 and seats[turn % players] in out:
            turn += 1
    assert out == order[: players - 1]


def test_max_is_the_king_of_hearts() -> None:
    assert Card("♥", "K") == MAX


@pytest.mark.parametrize("seed", range(5))
def test_simulation_is_varied(seed: int) -> None:
    variant = G.variant({})
    entries = simulate_match(G.seats(4), variant, random.Random(seed), games=8)
    assert any(isinstance(e["contract"], str) for e in entries)  # names now and then
    assert any(e.get("order") and len(e["order"]) == 3 for e in entries)  # last place inferred
    assert any("tricks" not in e for e in entries)  # minimal entries now and then
    assert all("dealer" in e for e in entries)
