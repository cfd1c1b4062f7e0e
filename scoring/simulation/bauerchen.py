"""Realistic Bauerchen play, simulated card by card, to produce full entries.

For demos, property tests and load tests: shuffle the 20 cards (A 10 K Q J in four suits), deal
2 + 3 clockwise from forehand, let forehand name trumps (the four Bowers ♣J > ♠J > ♥J > ♦J are
always the top trumps), let the away team spritz and the home team answer, now and then let a
strong hand play Kart' ab, play five legal tricks with a simple plausible strategy, meld 20s and
40s as Kings and Queens are played (never past the meld cap), and count the card points
(Bauerchen after the Scoring specification §2.1, §2.2; trick rules of ``sources/bauerchen.txt``:
follow suit, else trump, and beat the highest trump in the trick when possible).

Every function takes a ``random.Random`` so a seed reproduces a match exactly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scoring.bauerchen import (
    BAUERCHEN,
    CARD_VALUES,
    LAST_TRICK,
    OTHER,
    SEATS,
    BauerchenState,
    Variant,
    deal_points,
    meld_value,
)
from scoring.cards import SUITS, Card, deck
from scoring.checks import PARTNERSHIP_OF, next_seat

MAX_DEALS = 3000
"""Safety bound on the deals of one simulated unit or match; a stein takes a few dozen."""

BOWERS: tuple[Card, ...] = tuple(Card(suit, "J") for suit in SUITS)
"""♣J > ♠J > ♥J > ♦J, the permanent top trumps."""
_PLAIN_ORDER = {"A": 6, "10": 5, "K": 4, "Q": 3}


@dataclass(frozen=True)
class Trumps:
    """The trump suit of one deal and how cards rank under it."""

    suit: str

    def suit_of(self, card: Card) -> str:
        """The suit a card belongs to in play: every Jack (Bower) is a trump."""
        return self.suit if card.rank == "J" else card.suit

    def is_trump(self, card: Card) -> bool:
        return self.suit_of(card) == self.suit

    def strength(self, card: Card) -> int:
        """Rank within its suit, higher is stronger: Bowers ♣J ♠J ♥J ♦J, then A 10 K Q."""
        if card.rank == "J":
            return 100 - SUITS.index(card.suit)
        return _PLAIN_ORDER[card.rank]


def value(card: Card) -> int:
    """Card points: A 11, 10 10, K 4, Q 3, J 2."""
    return CARD_VALUES[card.rank]


def trick_winner(plays: Sequence[tuple[str, Card]], trumps: Trumps) -> str:
    """The seat whose card wins: the highest trump, else the highest card of the led suit."""
    led = trumps.suit_of(plays[0][1])

    def key(play: tuple[str, Card]) -> tuple[int, int]:
        suit = trumps.suit_of(play[1])
        return (2 if suit == trumps.suit else 1 if suit == led else 0, trumps.strength(play[1]))

    return max(plays, key=key)[0]


def legal_cards(
    hand: Sequence[Card], plays: Sequence[tuple[str, Card]], trumps: Trumps
) -> list[Card]:
    """Farbzwang, Trumpfzwang and beating the highest trump in the trick where possible."""
    if not plays:
        return list(hand)
    led = trumps.suit_of(plays[0][1])
    in_trick = [trumps.strength(c) for _, c in plays if trumps.is_trump(c)]
    top = max(in_trick, default=0)
    following = [c for c in hand if trumps.suit_of(c) == led]
    if following:
        if led == trumps.suit:
            higher = [c for c in following if trumps.strength(c) > top]
            return higher or following
        return following
    held = [c for c in hand if trumps.is_trump(c)]
    if held:
        higher = [c for c in held if trumps.strength(c) > top]
        return higher or held
    return list(hand)


def _choose(
    hand: list[Card],
    plays: list[tuple[str, Card]],
    seat: str,
    trumps: Trumps,
    partners: dict[str, str | None],
    players: int,
    rng: random.Random,
) -> Card:
    """A plausible card: lead trumps with a long trump hand, else an Ace, else something cheap;
    smear a partner who wins, take a trick cheaply, or throw the cheapest card."""
    legal = legal_cards(hand, plays, trumps)
    if rng.random() < 0.08:
        return rng.choice(legal)
    if not plays:
        held = [c for c in legal if trumps.is_trump(c)]
        if len(held) >= 3:
            return max(held, key=trumps.strength)
        aces = [c for c in legal if c.rank == "A" and not trumps.is_trump(c)]
        if aces:
            return aces[0]
        return min(legal, key=lambda c: (value(c), trumps.strength(c)))
    leader = trick_winner(plays, trumps)
    last_to_play = len(plays) == players - 1
    if partners[seat] is not None and leader == partners[seat]:
        leading_card = next(c for s, c in plays if s == leader)
        safe = last_to_play or (
            trumps.is_trump(leading_card) and trumps.strength(leading_card) > 90
        )
        if safe:
            return max(legal, key=lambda c: (value(c), -trumps.strength(c)))

    def wins(card: Card) -> bool:
        return trick_winner([*plays, ("?", card)], trumps) == "?"

    winning = [c for c in legal if wins(c)]
    if winning:
        if last_to_play:
            return max(winning, key=lambda c: (value(c), -trumps.strength(c)))
        return min(winning, key=lambda c: (trumps.is_trump(c), trumps.strength(c)))
    return min(legal, key=lambda c: (value(c), trumps.strength(c)))


def _name_trumps(hand: Sequence[Card]) -> str:
    """Forehand names the suit in which he holds the most (and best) trumps."""

    def worth(suit: str) -> tuple[int, int]:
        trumps = Trumps(suit)
        held = [c for c in hand if trumps.is_trump(c)]
        return (len(held), sum(trumps.strength(c) for c in held))

    return max(SUITS, key=worth)


def _team_trumps(hands: dict[str, list[Card]], team: str, trumps: Trumps) -> int:
    return sum(
        trumps.is_trump(c) for seat in SEATS if PARTNERSHIP_OF[seat] == team for c in hands[seat]
    )


def _solo_candidate(
    hands: dict[str, list[Card]], order: Sequence[str], trumps: Trumps, rng: random.Random
) -> str | None:
    """Now and then a hand strong in trumps (♣J, ♠J and two more trumps) plays Kart' ab."""
    for seat in order:
        hand = hands[seat]
        held = [c for c in hand if trumps.is_trump(c)]
        aces = sum(c.rank == "A" for c in hand)
        strong = (
            BOWERS[0] in hand and BOWERS[1] in hand and len(held) >= 4 and len(held) + aces >= 5
        )
        if (strong and rng.random() < 0.7) or rng.random() < 0.002:
            return seat
    return None


def _deal_hands(order: Sequence[str], rng: random.Random) -> dict[str, list[Card]]:
    """Shuffle the 20 cards and deal 2 + 3 clockwise from forehand (``order``: forehand first)."""
    cards = list(deck(("A", "10", "K", "Q", "J")))
    rng.shuffle(cards)
    hands: dict[str, list[Card]] = {seat: [] for seat in order}
    position = 0
    for packet in (2, 3):
        for seat in order:
            hands[seat].extend(cards[position : position + packet])
            position += packet
    return hands


def _pick_trumps(
    hand: Sequence[Card], variant: Variant, rng: random.Random, entry: dict[str, Any]
) -> Trumps:
    """Forehand's trumps (his ``hand``): with Die Letzte played and two Bowers as his first two
    cards he mostly turns his last card for trumps (``entry["die_letzte"] = True``), else he
    names his best suit. Writes ``entry["trump"]``."""
    fifth = hand[4]
    if (
        variant.die_letzte
        and all(c.rank == "J" for c in hand[:2])
        and fifth.rank != "J"
        and rng.random() < 0.7
    ):
        trumps = Trumps(fifth.suit)  # Die Letzte: the last card turned for trumps
        entry["die_letzte"] = True
    else:
        trumps = Trumps(_name_trumps(hand))
    entry["trump"] = trumps.suit
    return trumps


def _play_solo(
    hands: dict[str, list[Card]],
    order: Sequence[str],
    soloist: str,
    trumps: Trumps,
    rng: random.Random,
) -> dict[str, Any]:
    """A Kart' ab: the soloist's partner lays down his cards, the three others play five
    tricks. Returns the entry's ``solo``: ``{"player", "won", "tricks"}``."""
    partner = next(
        s for s in SEATS if PARTNERSHIP_OF[s] == PARTNERSHIP_OF[soloist] and s != soloist
    )
    playing = [s for s in order if s != partner]
    partners = {
        s: (None if s == soloist else next(o for o in playing if o not in (s, soloist)))
        for s in playing
    }
    leader = playing[0]
    taken = 0
    for _ in range(5):
        plays: list[tuple[str, Card]] = []
        first = playing.index(leader)
        for i in range(3):
            seat = playing[(first + i) % 3]
            card = _choose(hands[seat], plays, seat, trumps, partners, 3, rng)
            hands[seat].remove(card)
            plays.append((seat, card))
        leader = trick_winner(plays, trumps)
        taken += leader == soloist
    return {"player": soloist, "won": taken == 5, "tricks": taken}


def _spritz_log(
    hands: dict[str, list[Card]], home: str, trumps: Trumps, variant: Variant, rng: random.Random
) -> list[str]:
    """Spritzen: the away team first, then the teams alternate while each feels strong enough
    (at most 4 calls, or ``max_spritz``). Returns the calling teams in order."""
    cap = 4 if variant.max_spritz is None else min(4, variant.max_spritz)
    log: list[str] = []
    caller = OTHER[home]
    while len(log) < cap:
        strength = _team_trumps(hands, caller, trumps)
        keen = 0.5 if strength >= 5 else 0.25 if strength >= 4 else 0.03
        if caller == home:
            keen *= 0.7
        if rng.random() >= keen:
            break
        log.append(caller)
        caller = OTHER[caller]
    return log


class _Play(NamedTuple):
    """Five tricks played: card points and tricks per team, the last trick's team, the melds."""

    cp: dict[str, int]
    tricks: dict[str, int]
    last_trick: str
    melds: list[dict[str, str]]


def _play_tricks(
    hands: dict[str, list[Card]],
    order: Sequence[str],
    trumps: Trumps,
    score: Mapping[str, int],
    spritz: int,
    variant: Variant,
    rng: random.Random,
) -> _Play:
    """Five tricks by all four, forehand (``order[0]``) leading the first; a player melds K+Q
    as he plays one of them while holding the other, mostly, never past the meld cap (the
    round's game points ``score`` before the deal)."""
    partners: dict[str, str | None] = {
        s: next(o for o in SEATS if PARTNERSHIP_OF[o] == PARTNERSHIP_OF[s] and o != s)
        for s in SEATS
    }
    score = dict(score)
    melds: list[dict[str, str]] = []
    melded: set[str] = set()
    cp = {"NS": 0, "EW": 0}
    tricks = {"NS": 0, "EW": 0}
    leader = order[0]
    last_team = PARTNERSHIP_OF[leader]
    for number in range(5):
        plays: list[tuple[str, Card]] = []
        first = order.index(leader)
        for i in range(4):
            seat = order[(first + i) % 4]
            card = _choose(hands[seat], plays, seat, trumps, partners, 4, rng)
            # Melden: playing a King or Queen while holding its partner card.
            pair = {"K": "Q", "Q": "K"}.get(card.rank)
            if pair and Card(card.suit, pair) in hands[seat] and card.suit not in melded:
                team = PARTNERSHIP_OF[seat]
                kind = 40 if card.suit == trumps.suit else 20
                worth = meld_value(kind, score[team], spritz, variant)
                if (not variant.meld_cap or score[team] + worth < variant.target) and (
                    rng.random() < 0.85
                ):
                    melds.append({"player": seat, "suit": card.suit})
                    melded.add(card.suit)
                    score[team] += worth
            hands[seat].remove(card)
            plays.append((seat, card))
        leader = trick_winner(plays, trumps)
        team = PARTNERSHIP_OF[leader]
        tricks[team] += 1
        cp[team] += sum(value(c) for _, c in plays)
        if number == 4:
            cp[team] += LAST_TRICK
            last_team = team
    return _Play(cp, tricks, last_team, melds)


def simulate_deal(state: BauerchenState, variant: Variant, rng: random.Random) -> dict[str, Any]:
    """Play one deal at the table in ``state`` and return its full entry.

    Returns ``{"dealer", "trump", "cp_NS", "cp_EW", "tricks": {"NS", "EW"}, "last_trick",
    "spritz", "spritz_log", "melds": [{"player", "suit"}], "home", "winner"}`` (plus
    ``"die_letzte": true`` when forehand turned his last card for trumps), or for a Kart' ab
    ``{"dealer", "trump", "solo": {"player", "won", "tricks"}}``. The dealer follows the clockwise
    rotation (forehand deals next); the first dealer is drawn by lot.
    """
    dealer = state.next_dealer() or rng.choice(SEATS)
    order = [next_seat(SEATS, dealer, i) for i in range(1, 5)]  # forehand first, dealer last
    home = PARTNERSHIP_OF[order[0]]
    hands = _deal_hands(order, rng)
    entry: dict[str, Any] = {"dealer": dealer}
    trumps = _pick_trumps(hands[order[0]], variant, rng, entry)

    solo_allowed = variant.solo_failure == "round_to_opponents" and not (
        variant.ledig_no_solo_in_gehampelter and state.gehampelter
    )
    soloist = _solo_candidate(hands, order, trumps, rng) if solo_allowed else None
    if soloist is not None:
        entry["solo"] = _play_solo(hands, order, soloist, trumps, rng)
        return entry

    log = _spritz_log(hands, home, trumps, variant, rng)
    play = _play_tricks(hands, order, trumps, state.score, len(log), variant, rng)
    entry.update(
        {
            "home": home,
            "cp_NS": play.cp["NS"],
            "cp_EW": play.cp["EW"],
            "tricks": dict(play.tricks),
            "last_trick": play.last_trick,
            "spritz": len(log),
            "spritz_log": log,
            "melds": play.melds,
            "winner": deal_points(play.cp, home, len(log), variant)["team"],
        }
    )
    return entry


def _simulate(variant: Variant, rng: random.Random, done: str) -> list[dict[str, Any]]:
    state = BAUERCHEN.initial(SEATS, variant)
    entries: list[dict[str, Any]] = []
    while not getattr(state, done):
        if len(entries) >= MAX_DEALS:
            raise RuntimeError(f"no end after {MAX_DEALS} simulated deals")
        entry = simulate_deal(state, variant, rng)
        state = BAUERCHEN.apply(entry, state, variant).state
        entries.append(entry)
    return entries


def simulate_unit(variant: Variant, rng: random.Random) -> list[dict[str, Any]]:
    """Full entries for one tournament unit at a table, until ``state.unit_over``."""
    return _simulate(variant, rng, "unit_over")


def simulate_match(variant: Variant, rng: random.Random) -> list[dict[str, Any]]:
    """Full entries for a whole match (``steins_per_match`` steins), until ``match_over``.

    Raises:
        ValueError: ``steins_per_match = 0`` (a time-limited match never ends by itself).
    """
    if not variant.steins_per_match:
        raise ValueError("a time-limited match (steins_per_match = 0) has no end to play to")
    return _simulate(variant, rng, "match_over")
