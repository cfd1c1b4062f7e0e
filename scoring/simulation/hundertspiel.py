"""Realistic Hundertspiel play, simulated card by card, to produce full entries.

For demos, property tests and load tests: shuffle the 36-card Trappola pack (Aß, König, Cavall,
Bube, 10, 9, 8, 7 and the Do in four suits; Hundertspiel 1829, §18), cut for trump (the suit of
the bottom card, §3), deal three at a time from Vorhand (§4; 9 each, 12 each with three players,
§53), declare the figures and Do's held (§13–§16, §20), now and then lay down a Do for an
announced Sechsundzwanziger or Zweiundfünfziger with Contra (§8–§11), and play legal tricks: no
need to follow suit, but trump must be answered with trump (§35). Points are counted as they are
earned (§28), so a party that reaches 100 during the deal usually declares out (*alt und neu*,
§34) — and once in a while a party forgets to count (§29) or declares out too early (§30).

In the Scat variants (§42–§50, §53) the Scat is laid aside from the top before the deal, the
hands are dealt 4 + 4 (four players) or 6 + 5 (three), and a player may announce a 26 from the
hand in a suit whose Do he holds, or, once everybody has passed, buy the Scat, lay away as many
cards (no King or Ace, §44) and name his suit; the contract's suit is trump (§48), and the Scat's
card points count for him (§49) or, with no contract, for the last trick's party (C13).

Every function takes a ``random.Random`` so a seed reproduces a session exactly. The Trappola
suits Spadi, Bastoni, Coppi and Denari are drawn with the French symbols of
:mod:`scoring.cards` (:data:`SUIT_NAMES`); the Cavall is rank ``"C"`` and the Do rank ``"2"``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoring.cards import Card, deck
from scoring.hundertspiel import (
    DECLARATIONS,
    DEFAULT_SUIT_VALUES,
    DO_TRICK,
    FIRST_TRICK_TRUMP_DO,
    HUNDERTSPIEL,
    DoTrick,
    HundertspielState,
    Table,
    Variant,
    deal_points,
    expected_dealer,
    priority,
    table_of,
)

TRAPPOLA_RANKS: tuple[str, ...] = ("A", "K", "C", "J", "10", "9", "8", "7", "2")
"""The Trappola ranks, highest first: Aß, König, Cavall, Bube, 10 … 7, the Do (§18)."""
CARD_VALUE = {"A": 6, "K": 5, "C": 4, "J": 3}
"""Card points: Aß 6, König 5, Cavall 4, Bube 3, the rest 0 (§19)."""
DO = "2"
MAX_DEALS = 5000
"""Safety bound on the deals of one simulated unit; a partie takes two to four deals."""

SUIT_NAMES: dict[str, str] = {"♣": "bastoni", "♠": "spadi", "♥": "coppi", "♦": "denari"}
"""The Trappola suit each French symbol stands for (clubs = batons, hearts = cups, diamonds =
coins)."""

_RANK_DECLARATION = {"A": "aces", DO: "dos", "K": "kings", "C": "cavalls", "J": "bubes"}


def trappola_deck() -> tuple[Card, ...]:
    """The 36-card Trappola pack in a fixed order (suit by suit)."""
    return deck(TRAPPOLA_RANKS)


def value(card: Card) -> int:
    """Card points of one card (§19)."""
    return CARD_VALUE.get(card.rank, 0)


def strength(card: Card) -> int:
    """Rank within its suit, higher is stronger: Aß … 7, the Do lowest (§18)."""
    return len(TRAPPOLA_RANKS) - TRAPPOLA_RANKS.index(card.rank)


def trick_winner(plays: Sequence[tuple[str, Card]], trump: str) -> tuple[str, Card]:
    """The seat and card that take the trick: the highest trump, else the highest card of the
    suit led (§35)."""
    led = plays[0][1].suit

    def key(play: tuple[str, Card]) -> tuple[int, int]:
        card = play[1]
        return (2 if card.suit == trump else 1 if card.suit == led else 0, strength(card))

    return max(plays, key=key)


def legal_cards(hand: Sequence[Card], led: Card | None, trump: str) -> list[Card]:
    """Any card, except that a trump lead must be answered with trump while one is held (§35)."""
    if led is not None and led.suit == trump:
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            return trumps
    return list(hand)


def declarations_of(hands: dict[str, list[Card]], seats: Sequence[str]) -> list[dict[str, str]]:
    """What each player declares from his hand (§20): three or four of a kind of Aces, Do's,
    Kings, Cavalls and Buben."""
    found = []
    for seat in seats:
        for rank, name in _RANK_DECLARATION.items():
            count = sum(1 for c in hands[seat] if c.rank == rank)
            if count >= 3:
                found.append({"player": seat, "kind": f"{name}{min(count, 4)}"})
    return found


def _choose(
    seat: str,
    hand: list[Card],
    plays: list[tuple[str, Card]],
    trump: str,
    table: Table,
    reserved: list[Card],
    rng: random.Random,
) -> Card:
    """A plausible card: take tricks worth points cheaply, smear points onto the partner's
    trick, throw cheap cards otherwise; keep the Do's laid down for an announcement back for
    the last tricks."""
    legal = legal_cards(hand, plays[0][1] if plays else None, trump)
    keep = [c for c in legal if c not in reserved]
    if keep:
        legal = keep
    elif reserved:
        # Only the laid-down Do's are left: the trump Do goes last.
        legal = sorted(legal, key=lambda c: c.suit == trump)[:1]
    if rng.random() < 0.15:
        return rng.choice(legal)
    if not plays:
        # Lead: a Do now and then (it may win if nobody answers), else a low card.
        return min(legal, key=lambda c: (c.suit == trump, value(c), rng.random()))
    winner, best = trick_winner(plays, trump)
    at_stake = sum(value(c) for _, c in plays)
    partner_wins = table.account_of[winner] == table.account_of[seat]
    wins = [c for c in legal if trick_winner([*plays, (seat, c)], trump)[0] == seat]
    if partner_wins:
        return max(legal, key=lambda c: (c.suit != trump, value(c), -strength(c)))
    if wins and (at_stake > 0 or any(c.rank == DO for c in wins)):
        # Win with a Do if possible (it scores), else the cheapest winning card.
        return min(wins, key=lambda c: (c.rank != DO, c.suit == trump, strength(c)))
    return min(legal, key=lambda c: (value(c), c.suit == trump, strength(c)))


def _packets(variant: Variant) -> tuple[int, ...]:
    """Cards per player in each round of the deal: 3 at a time (§4), 4 + 4 with four players
    and a Scat (§42), 6 + 5 with three and a Scat (§53)."""
    if not variant.has_scat:
        return (3,) * (variant.tricks // 3)
    return (4, 4) if variant.players == 4 else (6, 5)


def _contra(variant: Variant, rng: random.Random) -> int:
    """Now and then a Contra, and with ``contra_levels = 3`` a Recontra or Supracontra."""
    contra = 0
    if rng.random() < 0.35:
        contra = 1
        while contra < variant.contra_levels and rng.random() < 0.35:
            contra += 1
    return contra


def _suit_rank(suit: str) -> int:
    return DEFAULT_SUIT_VALUES[SUIT_NAMES[suit]]


def _scat_contract(
    hands: dict[str, list[Card]], scat: list[Card], order: Sequence[str], rng: random.Random
) -> tuple[dict[str, Any] | None, str | None, int]:
    """The bidding of the Scat game (§43–§47): in turn from Vorhand a player holding a suit's Do
    with two more of the suit may announce a 26 from the hand in it (the better suit); once all
    have passed, a player may buy the Scat, lay away the cheapest cards that are no King or Ace
    (§44; Do's kept) and name the suit of a Do he holds, his longest. ``hands`` is changed for
    the buyer.

    Returns the contract ``{player, suit, from_hand}`` (or ``None``), its suit symbol, and the
    card points of the Scat that count (the untouched Scat, or the buyer's discards, §49)."""
    for seat in order:
        hand = hands[seat]
        suits = [
            c.suit for c in hand if c.rank == DO and sum(1 for d in hand if d.suit == c.suit) >= 3
        ]
        if suits and rng.random() < 0.3:
            suit = max(suits, key=_suit_rank)
            contract = {"player": seat, "suit": SUIT_NAMES[suit], "from_hand": True}
            return contract, suit, sum(map(value, scat))
    for seat in order:
        if rng.random() >= 0.25:
            continue
        hand = hands[seat] + scat
        layable = [c for c in hand if c.rank not in ("K", "A")]
        layable.sort(key=lambda c: (c.rank == DO, value(c), rng.random()))
        discards = layable[: len(scat)]
        hands[seat] = [c for c in hand if c not in discards]
        dos = [c.suit for c in hands[seat] if c.rank == DO] or [c.suit for c in hands[seat]]
        suit = max(dos, key=lambda x: (sum(1 for c in hands[seat] if c.suit == x), _suit_rank(x)))
        contract = {"player": seat, "suit": SUIT_NAMES[suit], "from_hand": False}
        return contract, suit, sum(map(value, discards))
    return None, None, sum(map(value, scat))


def _deal_cards(
    seats: Sequence[str], order: Sequence[str], variant: Variant, rng: random.Random
) -> tuple[dict[str, list[Card]], list[Card], str]:
    """Shuffle, cut, turn the bottom card for trump (§3), lay the Scat aside from the top (§42,
    §53) and deal in packets from Vorhand (§4). Returns the hands, the Scat and the trump suit."""
    cards = list(trappola_deck())
    rng.shuffle(cards)
    cut = rng.randrange(1, len(cards))
    cards = cards[cut:] + cards[:cut]
    trump = cards[-1].suit
    scat = cards[: variant.scat_cards]
    hands: dict[str, list[Card]] = {s: [] for s in seats}
    position = len(scat)
    for size in _packets(variant):
        for seat in order:
            hands[seat].extend(cards[position : position + size])
            position += size
    return hands, scat, trump


def _announce(
    hands: dict[str, list[Card]],
    order: Sequence[str],
    trump: str,
    contract: dict[str, Any] | None,
    variant: Variant,
    rng: random.Random,
) -> tuple[dict[str, Any] | None, dict[str, list[Card]]]:
    """Now and then an announcement (§8–§11): the holder of the trump Do with a few trumps lays
    it down for a 26 (with a second Do, a 52); in the Scat variants the contract is the
    announced 26 (§43, §47). Returns the announcement (``made`` still open) and, per seat, the
    Do's laid down, kept back for the last tricks."""
    trump_do = Card(trump, DO)
    announcement: dict[str, Any] | None = None
    reserved: dict[str, list[Card]] = {s: [] for s in hands}
    if contract is not None:
        player = contract["player"]
        announcement = {"player": player, "type": 26, "contra": _contra(variant, rng)}
        reserved[player] = [trump_do] if trump_do in hands[player] else []
    for seat in order if not variant.has_scat else ():
        hand = hands[seat]
        trumps = sum(1 for c in hand if c.suit == trump)
        dos = [c for c in hand if c.rank == DO]
        if trump_do not in hand or trumps < 3:
            continue
        if len(dos) >= 2 and trumps >= 4 and rng.random() < 0.15:
            kind = 52
        elif rng.random() < 0.2:
            kind = 26
        else:
            continue
        other = next(c for c in dos if c != trump_do) if kind == 52 else None
        reserved[seat] = [c for c in (other, trump_do) if c is not None]
        announcement = {"player": seat, "type": kind, "contra": _contra(variant, rng)}
        break
    return announcement, reserved


class _Count:
    """The points counted as they are earned (§28), per account, and the claim of the first
    account that counts to the target (§25; once in a while a miscount, §30, or nobody keeping
    count, §29)."""

    def __init__(
        self,
        state: HundertspielState,
        counted: dict[str, int],
        variant: Variant,
        rng: random.Random,
    ) -> None:
        self.state = state
        self.counted = counted
        self.target = variant.target
        self.rng = rng
        self.forgetful = rng.random() < 0.08
        self.end: dict[str, Any] | None = None
        self.false_claim = False

    def maybe_claim(self) -> None:
        """An account at the target declares out (most of the time), one just below it now
        and then by mistake."""
        if self.end is not None or self.forgetful:
            return
        for account, points in self.counted.items():
            total = self.state.run[account] + points
            if total >= self.target and self.rng.random() < 0.9:
                self.end = {"claimant": account, "old": dict(self.counted)}
                return
            if self.target - 15 <= total < self.target and self.rng.random() < 0.01:
                self.end = {"claimant": account, "old": dict(self.counted)}
                self.false_claim = True
                return


def _play(
    order: Sequence[str],
    hands: dict[str, list[Card]],
    trump: str,
    reserved: dict[str, list[Card]],
    count: _Count,
    table: Table,
    variant: Variant,
    rng: random.Random,
) -> tuple[dict[str, int], list[dict[str, Any]], str]:
    """Play the tricks from Vorhand, counting as they are earned (the last trick's 6 and the
    26/52 bonuses are settled with the last trick, after any claim). Returns the card points per
    account, the Do tricks ``{trick, player, trump_do}`` and the account of the last trick."""
    trump_do = Card(trump, DO)
    n = len(order)
    card_points = dict.fromkeys(table.accounts, 0)
    do_tricks: list[dict[str, Any]] = []
    count.maybe_claim()
    leader = order[0]
    last_trick = ""
    for number in range(1, variant.tricks + 1):
        plays: list[tuple[str, Card]] = []
        first = order.index(leader)
        for i in range(n):
            seat = order[(first + i) % n]
            card = _choose(seat, hands[seat], plays, trump, table, reserved[seat], rng)
            hands[seat].remove(card)
            if card in reserved[seat]:
                reserved[seat].remove(card)
            plays.append((seat, card))
        leader, winning = trick_winner(plays, trump)
        account = table.account_of[leader]
        card_points[account] += sum(value(c) for _, c in plays)
        if winning.rank == DO:
            first_trump = number == 1 and winning == trump_do
            do_tricks.append({"trick": number, "player": leader, "trump_do": first_trump})
        if number == variant.tricks:
            last_trick = account
        else:
            count.counted[account] += sum(value(c) for _, c in plays)
            if winning.rank == DO:
                count.counted[account] += FIRST_TRICK_TRUMP_DO if first_trump else DO_TRICK
            count.maybe_claim()
    return card_points, do_tricks, last_trick


def simulate_deal(state: HundertspielState, variant: Variant, rng: random.Random) -> dict[str, Any]:
    """Play one deal at the table in ``state`` and return its full entry.

    Returns ``{"dealer", "card_points", "last_trick", "declarations", "do_tricks", "trump"}``,
    plus ``"announcement"`` when a 26/52 was laid down, ``"end"`` (and ``"confirm_false_claim"``)
    when a party declared out, and now and then the minimal ``"points"`` alongside. The dealer
    follows the rotation to the left; the first dealer is drawn by lot. In the Scat variants
    also ``"scat_points"`` and, when somebody announced or bought, ``"contract"``.
    """
    seats = state.seats
    table = table_of(seats)
    dealer = expected_dealer(state) or rng.choice(seats)
    order = priority(seats, dealer)  # Vorhand first, dealer last
    hands, scat, trump = _deal_cards(seats, order, variant, rng)
    contract: dict[str, Any] | None = None
    scat_points = 0
    if variant.has_scat:
        contract, named, scat_points = _scat_contract(hands, scat, order, rng)
        trump = named or trump  # the contract's suit is trump (§48)
    declarations = declarations_of(hands, seats)
    counted = dict.fromkeys(table.accounts, 0)
    for item in declarations:
        counted[table.account_of[item["player"]]] += DECLARATIONS[item["kind"]][1]
    announcement, reserved = _announce(hands, order, trump, contract, variant, rng)
    count = _Count(state, counted, variant, rng)
    card_points, do_tricks, last_trick = _play(
        order, hands, trump, reserved, count, table, variant, rng
    )
    if variant.has_scat:
        # The Scat's points count for the contract's player (§49), else for the last trick (C13).
        holder = table.account_of[contract["player"]] if contract is not None else last_trick
        card_points[holder] += scat_points
    entry: dict[str, Any] = {
        "dealer": dealer,
        "card_points": card_points,
        "last_trick": last_trick,
        "declarations": declarations,
        "do_tricks": do_tricks,
        "trump": trump,
    }
    if variant.has_scat:
        entry["scat_points"] = scat_points
        if contract is not None:
            entry["contract"] = contract
    if announcement is not None:
        entry["announcement"] = _settled(announcement, do_tricks, variant)
    if count.end is not None:
        entry["end"] = count.end
        if count.false_claim:
            entry["confirm_false_claim"] = True
    if rng.random() < 0.25:
        declared = [(d["player"], d["kind"]) for d in declarations]
        won_dos = [DoTrick(t["trick"], t["player"], t["trump_do"]) for t in do_tricks]
        entry["points"] = deal_points(
            card_points, last_trick, declared, won_dos, table, variant.tricks
        )
    return entry


def _settled(
    announcement: dict[str, Any], do_tricks: Sequence[dict[str, Any]], variant: Variant
) -> dict[str, Any]:
    """The announcement with ``made``: its player won the last trick (a 26) or the last two (a
    52) with Do's (§8, §22–§23)."""
    player = announcement["player"]
    won = {t["trick"] for t in do_tricks if t["player"] == player}
    needed = {variant.tricks} if announcement["type"] == 26 else {variant.tricks - 1}
    needed.add(variant.tricks)
    announcement["made"] = needed <= won
    return announcement


def simulate_unit(
    seats: Sequence[str], variant: Variant, rng: random.Random
) -> list[dict[str, Any]]:
    """Full entries for one tournament round at a table, deal by deal, until ``unit_over``
    (``parties_per_round`` parties decided; with 0, a single partie)."""
    state = HUNDERTSPIEL.initial(seats, variant)
    entries: list[dict[str, Any]] = []
    while not state.unit_over and not (
        variant.parties_per_round == 0 and state.parties_decided >= 1
    ):
        if len(entries) >= MAX_DEALS:
            raise RuntimeError(f"no end after {MAX_DEALS} simulated deals")
        entry = simulate_deal(state, variant, rng)
        state = HUNDERTSPIEL.apply(entry, state, variant).state
        entries.append(entry)
    return entries


def simulate_session(
    seats: Sequence[str], variant: Variant, rng: random.Random, deals: int = 12
) -> list[dict[str, Any]]:
    """Full entries for an evening of ``deals`` deals, then ``{"close": true}`` (§56)."""
    state = HUNDERTSPIEL.initial(seats, variant)
    entries: list[dict[str, Any]] = []
    for _ in range(deals):
        entry = simulate_deal(state, variant, rng)
        state = HUNDERTSPIEL.apply(entry, state, variant).state
        entries.append(entry)
    entries.append({"close": True})
    return entries
