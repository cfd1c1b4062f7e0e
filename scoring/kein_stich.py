"""Kein Stich (Herzeln, King Louis, Kunterbunt, Schwarze Sau, ...): validation and scoring.

Kein Stich as set out in the Scoring specification §4 with the binding decisions of its §7. Three
to six players (usually four), each for himself, seats A B C … in clockwise (playing) order. One
*game* is a fixed sequence of deals (*contracts*): four trick-taking deals whose penalties are paid
**into the pot** — Kein Stich (5 per trick), Kein Herz (5 per Heart), Kein Ober (10 per Ober), Kein
Max (40 for the King of Hearts) — optionally the six-deal version's Letzter Stich (40 for the last
trick), then the Domino (Unter anlegen), which pays the pot **out** by finishing order (4 players,
32 cards: 100 / 50 / 10 / 0). The pot is empty after every game, so the balances always sum to 0.

Units: *points* (the source's "pfennig" placeholder for the stake; whole numbers only).

Entries (Scoring specification §4.4, §7) are JSON-like dicts; ``contract`` is the position in the
configured sequence (1 … 5, or 1 … 6 with ``extra_contract = letzter_stich``) or the contract's
name (:data:`CONTRACT_NAMES`):

* ``{"contract": 1, "tricks": {"A": 2, "B": 3, "C": 0, "D": 3}}`` — Kein Stich;
* ``{"contract": 2, "hearts": {...}, "tricks": {...}, "dealer": "D"}`` — Kein Herz (``tricks`` and
  ``dealer`` make it a full entry);
* ``{"contract": 3, "obers": {...}}`` — Kein Ober; ``{"contract": 4, "max": "D"}`` — Kein Max;
* ``{"contract": 5, "last_trick": "B"}`` — Letzter Stich (six-deal version only);
* ``{"contract": 5, "order": ["C", "A", "D", "B"], "start": "A"}`` — the Domino: finishing order
  (the last place may be left out or ``null``; an empty place before a filled one is refused),
  ``start`` (or ``start_unter``) the holder of the starting Unter or its name (optional).

A deal goes through the engine's three steps: :meth:`KeinStich.parse` reads the entry into a
:class:`Deal` along the K-V table (§4.5, §7) up to K-V10 and the fields check, the state-dependent
rows ``MATCH_OVER``, K-V1 and K-V10 included, as each comes before a rule of the entry's form;
:meth:`KeinStich.legality` gives K-V12's dealer-rotation warning; :meth:`KeinStich.push` scores.

Event kinds (:class:`scoring.base.Event`; ``seats`` in playing order unless said otherwise):

* ``"new_game"`` — the deal opened a new game (pot 0); figures ``game``.
* ``"paid_in"`` — a penalty contract; ``seats`` the players who paid; figures ``contract`` (name),
  ``counts`` (tricks / Hearts / Obers per seat, or ``None`` for a single holder), ``paid`` (points
  per seat, every seat), ``total`` (paid in this deal), ``pot`` (after it).
* ``"domino"`` — the Domino; ``seats`` the finishing order (first out first); figures ``payouts``
  (points per seat), ``inferred_last`` (True if the last place was left out of the entry).
* ``"game_over"`` — the game ended; figures ``game``, ``game_net`` (this game alone, per seat),
  ``balance`` (the session so far).
* ``"unit_over"`` — the tournament round (``games_per_round`` games) is complete; figures
  ``games``.

Tie-breaks (``KeinStich.tiebreaks``, Scoring specification §4.7): ``"domino_firsts"`` (more Domino
first places), ``"paid_in"`` (less paid into the pot; in ``fewest_first``), ``"domino_seconds"``
(more Domino second places), ``"lot"``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from scoring.base import (
    Event,
    GameBase,
    InvalidDeal,
    InvalidVariant,
    Option,
    SeatResult,
    Step,
    Warning,
)
from scoring.cards import Card
from scoring.checks import next_seat, rotation_warnings
from scoring.options import check_values, freeze, is_int, read_options

SOURCE_GAME = "Kein Stich, the five deals (Scoring specification §4.2)"
SOURCE_DOMINO = "Kein Stich, Domino / Unter anlegen (Scoring specification §4.2)"
SOURCE_SIX_DEAL = "Kein Stich, six-deal version (Scoring specification §4.3, §7)"
SOURCE_UNIT = "Scoring specification §4.7, tournament standing"

KEIN_STICH = "kein_stich"
KEIN_HERZ = "kein_herz"
KEIN_OBER = "kein_ober"
KEIN_MAX = "kein_max"
LETZTER_STICH = "letzter_stich"
DOMINO = "domino"

CONTRACT_NAMES: tuple[str, ...] = (
    KEIN_STICH,
    KEIN_HERZ,
    KEIN_OBER,
    KEIN_MAX,
    LETZTER_STICH,
    DOMINO,
)
"""Every contract's name (Scoring specification §7), in the order they are played."""

STAKED: tuple[str, ...] = (KEIN_STICH, KEIN_HERZ, KEIN_OBER, KEIN_MAX, LETZTER_STICH)
"""The contracts that have a stake (keys of ``stakes``)."""

DEFAULT_STAKES: Mapping[str, int] = MappingProxyType(
    {KEIN_STICH: 5, KEIN_HERZ: 5, KEIN_OBER: 10, KEIN_MAX: 40, LETZTER_STICH: 40}
)
"""Points paid per trick, Heart, Ober, for the Max and for the last trick (§4.2, §4.3)."""

COUNT_FIELDS: Mapping[str, str] = MappingProxyType(
    {KEIN_STICH: "tricks", KEIN_HERZ: "hearts", KEIN_OBER: "obers"}
)
"""The entry field of the counting contracts: one count per player."""

HOLDER_FIELDS: Mapping[str, str] = MappingProxyType({KEIN_MAX: "max", LETZTER_STICH: "last_trick"})
"""The entry field of the single-holder contracts: the one player who took it."""

DECK_RANKS: Mapping[int, tuple[str, ...]] = MappingProxyType(
    {
        24: ("A", "K", "Q", "J", "10", "9"),
        32: ("A", "K", "Q", "J", "10", "9", "8", "7"),
        52: ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"),
    }
)
"""The ranks of each deck size, highest first (Daus/Ace, König, Ober, Unter, 10 …)."""

SUITS: tuple[str, ...] = ("♣", "♠", "♥", "♦")
"""Eichel/clubs, Grün/spades, Herz/hearts, Schellen/diamonds."""

TRIM_SUITS: tuple[str, ...] = ("♣", "♠", "♦")
"""The suits the deck-trimming rule takes cards from, in turn (§4.3): never Hearts."""

MAX = Card("♥", "K")
"""The Max: the King of Hearts."""

START_UNTERS: Mapping[str, Card] = MappingProxyType(
    {"eichel_unter": Card("♣", "J"), "herz_unter": Card("♥", "J")}
)
"""The Unter that opens the Domino under each ``domino_start``."""

DEFAULT_PAYOUTS: Mapping[tuple[int, int], tuple[int, ...]] = MappingProxyType(
    {
        (3, 24): (100, 50, 0),
        (3, 32): (110, 60, 0),
        (4, 24): (90, 40, 10, 0),
        (4, 32): (100, 50, 10, 0),
        (4, 52): (130, 60, 20, 0),
        (5, 32): (80, 40, 20, 10, 0),
        (5, 52): (110, 50, 25, 10, 0),
        (6, 24): (60, 35, 20, 10, 5, 0),
        (6, 32): (65, 40, 20, 15, 5, 0),
        (6, 52): (85, 50, 25, 15, 10, 0),
    }
)
"""Default Domino payouts by (players, deck), five-deal version (§4.3 table). 3 players with 52
cards and 5 players with 24 cards have none (§7)."""

DEFAULT_SIX_DEAL_PAYOUTS: Mapping[tuple[int, int], tuple[int, ...]] = MappingProxyType(
    {(4, 32): (120, 60, 20, 0)}
)
"""Default Domino payouts of the six-deal version: only for 4 players with 32 cards (§4.3, §7)."""

TABLE_SIZES: tuple[int, ...] = (4, 3, 5, 6)
_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "extra_contract": ("none", LETZTER_STICH),
        "domino_start": ("eichel_unter", "herz_unter"),
    }
)
_INTEGERS: Mapping[str, int] = MappingProxyType({"games_per_round": 1, "games_per_match": 0})


def _as_number(value: Any) -> Any:
    """A whole number from an int or a digit string (a form's choice); anything else unchanged."""
    if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value):
        return int(value)
    return value


def trimmed_deck(players: int, deck: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards dealt and the cards removed for ``players`` players and a ``deck``-card pack.

    Deck-trimming rule (§4.3, ambiguity K2): while the pack does not divide by the players,
    remove the lowest remaining card of ♣, then ♠, then ♦, then the next rank up in the same
    order; never a Heart, an Ober, the Max or an Unter.

    Raises:
        ValueError: an unknown deck size.
    """
    ranks = DECK_RANKS[deck]
    cards = [Card(suit, rank) for suit in SUITS for rank in ranks]
    removed: list[Card] = []
    candidates = [
        Card(suit, rank)
        for rank in reversed(ranks)
        if rank not in ("Q", "J")
        for suit in TRIM_SUITS
    ]
    for card in candidates:
        if len(cards) % players == 0:
            break
        cards.remove(card)
        removed.append(card)
    return tuple(cards), tuple(removed)


@dataclass(frozen=True)
class Setup:
    """What follows from the variant for one table size: deck, contracts, pot and payouts."""

    players: int
    """Players at the table (n)."""
    deck: int
    """The pack before trimming (24, 32 or 52 cards)."""
    cards: tuple[Card, ...]
    """The cards dealt, after trimming."""
    removed: tuple[Card, ...]
    """The cards taken out by the deck-trimming rule (§4.3), in the order removed."""
    cards_each: int
    """c: cards per player = tricks per trick deal."""
    hearts: int
    """h: Hearts in the deck."""
    contracts: tuple[str, ...]
    """The contract names in the configured order (the Domino last)."""
    stakes: Mapping[str, int]
    """Points per unit of each staked contract."""
    pot: int
    """The pot before the Domino: 5c + 5h + 80 with the default stakes (+40 Letzter Stich)."""
    payouts: tuple[int, ...]
    """Domino payouts by finishing place (first out first); they sum to :attr:`pot`."""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``players``, ``deck``, ``removed`` (card strings), ``cards_each``,
        ``hearts``, ``contracts``, ``stakes``, ``pot``, ``payouts``."""
        return {
            "players": self.players,
            "deck": self.deck,
            "removed": [str(c) for c in self.removed],
            "cards_each": self.cards_each,
            "hearts": self.hearts,
            "contracts": list(self.contracts),
            "stakes": dict(self.stakes),
            "pot": self.pot,
            "payouts": list(self.payouts),
        }


@dataclass(frozen=True)
class Variant:
    """The house rules of one Kein Stich session (Scoring specification §4.8, §7); fixed at the
    start. Build it with ``scoring.games["kein_stich"].variant({...})`` or ``Variant(...)``; both
    check every value for the usual table size ``players``.

    Raises:
        InvalidVariant: ``UNKNOWN_OPTION`` (an unknown stake key), ``INVALID_OPTION_VALUE`` (a
            value of the wrong type or out of range), ``CONFIG_PAYOUT_MISMATCH`` (K-V11: payouts
            not one per player or not summing to the pot, or no default payouts for the set-up).
    """

    players: int = 4
    """Players at a table, 3–6 (default 4); the tournament's usual table size."""
    deck: int = 32
    """Pack size: 24, 32 or 52 (default 32); trimmed per §4.3 when it does not divide."""
    stakes: Mapping[str, int] = field(default_factory=lambda: DEFAULT_STAKES)
    """Points per unit by contract name (§7): ``kein_stich`` 5 per trick, ``kein_herz`` 5 per
    Heart, ``kein_ober`` 10 per Ober, ``kein_max`` 40, ``letzter_stich`` 40; keys left out keep
    the default. A list gives them in contract order."""
    extra_contract: str = "none"
    """``"none"`` (five deals, default) or ``"letzter_stich"`` (the six-deal version: the taker of
    the last trick pays 40, played before the Domino)."""
    payouts: Any = None
    """Domino payouts, first out first: a list for ``players`` (Σ = pot, one per player), or an
    object by table size (``{"4": [...], "5": [...]}``); ``None`` (default) takes the §4.3
    table."""
    domino_start: str = "eichel_unter"
    """Who opens the Domino: the holder of the ``eichel_unter`` (default) or ``herz_unter``; no
    effect on the scoring."""
    games_per_round: int = 1
    """Games (cycles of the contracts) in one tournament round at a table (default 1)."""
    games_per_match: int = 0
    """Games after which the match is over and further deals are refused (``MATCH_OVER``);
    0 (default) = no limit."""

    def __post_init__(self) -> None:
        for name in ("players", "deck"):
            object.__setattr__(self, name, _as_number(getattr(self, name)))
        if not is_int(self.players) or self.players not in TABLE_SIZES:
            raise InvalidVariant(
                "players",
                "INVALID_OPTION_VALUE",
                f"players must be a whole number from 3 to 6, not {self.players!r}",
            )
        if not is_int(self.deck) or self.deck not in DECK_RANKS:
            raise InvalidVariant(
                "deck", "INVALID_OPTION_VALUE", f"deck must be 24, 32 or 52, not {self.deck!r}"
            )
        object.__setattr__(self, "stakes", MappingProxyType(self._stakes(self.stakes)))
        if self.extra_contract is None:
            object.__setattr__(self, "extra_contract", "none")
        for name in _INTEGERS:
            object.__setattr__(self, name, _as_number(getattr(self, name)))
        check_values(self, choices=_CHOICES, integers=_INTEGERS)
        object.__setattr__(self, "payouts", self._payouts(self.payouts))
        # K-V11 for the usual table size, and for every size the payouts were given for, now:
        # a configuration error belongs to no deal (§7, all games).
        self.setup(self.players)
        if isinstance(self.payouts, Mapping):
            for size in self.payouts:
                self.setup(size)

    @staticmethod
    def _stakes(stakes: Any) -> dict[str, int]:
        values = dict(DEFAULT_STAKES)
        if stakes is None:
            return values
        if isinstance(stakes, list | tuple):
            if not 1 <= len(stakes) <= len(STAKED):
                raise InvalidVariant(
                    "stakes",
                    "INVALID_OPTION_VALUE",
                    f"stakes as a list give 4 or 5 numbers in contract order, not {stakes!r}",
                )
            stakes = dict(zip(STAKED, stakes, strict=False))
        if not isinstance(stakes, Mapping):
            raise InvalidVariant(
                "stakes",
                "INVALID_OPTION_VALUE",
                f"stakes must map contract names to points, not {stakes!r}",
            )
        for key, value in stakes.items():
            if key not in DEFAULT_STAKES:
                raise InvalidVariant(
                    f"stakes.{key}",
                    "UNKNOWN_OPTION",
                    f"no contract {key!r} has a stake; known: {', '.join(STAKED)}",
                )
            value = _as_number(value)
            if not is_int(value) or value < 0:
                raise InvalidVariant(
                    f"stakes.{key}",
                    "INVALID_OPTION_VALUE",
                    f"the stake of {key} must be a whole number ≥ 0, not {value!r}",
                )
            values[key] = value
        return values

    @staticmethod
    def _payouts(payouts: Any) -> Any:
        """``None``, a tuple of points, or a read-only mapping table size → tuple."""
        if payouts is None:
            return None

        def one(option: str, values: Any) -> tuple[int, ...]:
            if not isinstance(values, list | tuple) or not values:
                raise InvalidVariant(
                    option,
                    "INVALID_OPTION_VALUE",
                    f"payouts must be a list of points, first out first, not {values!r}",
                )
            checked = []
            for value in values:
                value = _as_number(value)
                if not is_int(value) or value < 0:
                    raise InvalidVariant(
                        option,
                        "INVALID_OPTION_VALUE",
                        f"each payout must be a whole number ≥ 0, not {value!r}",
                    )
                checked.append(value)
            return tuple(checked)

        if isinstance(payouts, Mapping):
            table: dict[int, tuple[int, ...]] = {}
            for key, values in payouts.items():
                size = _as_number(key)
                if not is_int(size) or size not in TABLE_SIZES:
                    raise InvalidVariant(
                        f"payouts.{key}",
                        "INVALID_OPTION_VALUE",
                        f"payouts by table size need sizes 3 to 6, not {key!r}",
                    )
                table[size] = one(f"payouts.{key}", values)
            return MappingProxyType(table)
        return one("payouts", payouts)

    def __hash__(self) -> int:
        payouts = self.payouts
        if isinstance(payouts, Mapping):
            payouts = tuple(sorted(payouts.items()))
        return hash(
            (
                self.players,
                self.deck,
                tuple(sorted(self.stakes.items())),
                self.extra_contract,
                payouts,
                self.domino_start,
                self.games_per_round,
                self.games_per_match,
            )
        )

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Variant:
        """The variant from JSON options; missing options take their defaults.

        Raises:
            InvalidVariant: ``UNKNOWN_OPTION`` for an option the game does not have, or as
                :class:`Variant`.
        """
        return cls(**read_options(cls, options))

    def as_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data."""
        payouts = self.payouts
        if isinstance(payouts, Mapping):
            payouts = {str(k): list(v) for k, v in payouts.items()}
        elif payouts is not None:
            payouts = list(payouts)
        return {
            "players": self.players,
            "deck": self.deck,
            "stakes": dict(self.stakes),
            "extra_contract": self.extra_contract,
            "payouts": payouts,
            "domino_start": self.domino_start,
            "games_per_round": self.games_per_round,
            "games_per_match": self.games_per_match,
        }

    @property
    def contracts(self) -> tuple[str, ...]:
        """The contract names in the configured order: 1–4, [Letzter Stich,] Domino (§4.5
        K-V1)."""
        extra = (LETZTER_STICH,) if self.extra_contract == LETZTER_STICH else ()
        return (KEIN_STICH, KEIN_HERZ, KEIN_OBER, KEIN_MAX, *extra, DOMINO)

    def setup(self, players: int) -> Setup:
        """Deck, pot and payouts for a table of ``players`` (§4.3; K-V11).

        Raises:
            InvalidVariant: ``CONFIG_PAYOUT_MISMATCH`` — the payouts for this size are not one per
                player or do not sum to the pot, or none were given where the §4.3 table (and §7)
                has no default; ``INVALID_OPTION_VALUE`` — a table size outside 3–6.
        """
        cached: Setup | None = self.__dict__.get("_setups", {}).get(players)
        if cached is not None:
            return cached
        if not is_int(players) or players not in TABLE_SIZES:
            raise InvalidVariant(
                "players",
                "INVALID_OPTION_VALUE",
                f"Kein Stich is for 3 to 6 players, not {players}",
            )
        cards, removed = trimmed_deck(players, self.deck)
        cards_each = len(cards) // players
        hearts = sum(1 for c in cards if c.suit == "♥")
        stakes = self.stakes
        contracts = self.contracts
        pot = (
            stakes[KEIN_STICH] * cards_each
            + stakes[KEIN_HERZ] * hearts
            + stakes[KEIN_OBER] * 4
            + stakes[KEIN_MAX]
            + (stakes[LETZTER_STICH] if LETZTER_STICH in contracts else 0)
        )
        payouts = self._payouts_for(players, pot)
        found = Setup(
            players=players,
            deck=self.deck,
            cards=cards,
            removed=removed,
            cards_each=cards_each,
            hearts=hearts,
            contracts=contracts,
            stakes=stakes,
            pot=pot,
            payouts=payouts,
        )
        # Kept in the instance's __dict__ past the frozen __setattr__; not a field, so equality
        # and hashing ignore it.
        self.__dict__.setdefault("_setups", {})[players] = found
        return found

    def _payouts_for(self, players: int, pot: int) -> tuple[int, ...]:
        """K-V11: the Domino payouts for a table of ``players`` (first out first, points), the
        given ones or the §4.3 table's, one per player and summing to the ``pot``.

        Raises:
            InvalidVariant: ``CONFIG_PAYOUT_MISMATCH`` on ``payouts`` / ``payouts.5``.
        """
        contracts = self.contracts
        given = self.payouts
        if isinstance(given, Mapping):
            given = given.get(players)
            option = f"payouts.{players}"
        else:
            option = "payouts"
            if given is not None and players != self.players:
                given = None if len(given) != players else given
        if given is None:
            table = DEFAULT_SIX_DEAL_PAYOUTS if LETZTER_STICH in contracts else DEFAULT_PAYOUTS
            given = table.get((players, self.deck))
            version = "six-deal" if LETZTER_STICH in contracts else "five-deal"
            if given is None:
                raise InvalidVariant(
                    option,
                    "CONFIG_PAYOUT_MISMATCH",
                    f"the {version} version has no default payouts for {players} players with "
                    f"{self.deck} cards; give payouts summing to the pot of {pot}",
                )
            if sum(given) != pot:
                raise InvalidVariant(
                    option,
                    "CONFIG_PAYOUT_MISMATCH",
                    f"the default payouts {list(given)} sum to {sum(given)}, but these stakes "
                    f"make a pot of {pot}; give payouts summing to {pot}",
                )
        if len(given) != players:
            raise InvalidVariant(
                option,
                "CONFIG_PAYOUT_MISMATCH",
                f"{len(given)} payouts for {players} players; give one per finishing place",
            )
        if sum(given) != pot:
            raise InvalidVariant(
                option,
                "CONFIG_PAYOUT_MISMATCH",
                f"the payouts {list(given)} sum to {sum(given)}, but the pot is {pot} "
                f"({players} players, {self.deck} cards)",
            )
        return tuple(given)


@dataclass(frozen=True)
class KeinStichState:
    """The derived state of one Kein Stich table after a deal; immutable.

    Mappings are read-only (``types.MappingProxyType``) and keyed by seat, in seat order. All
    amounts are points.
    """

    seats: tuple[str, ...]
    """The seat labels in clockwise playing order (``("A", "B", "C", "D")``)."""
    variant: Variant = field(default_factory=Variant, repr=False)
    """The house rules the state was derived under."""
    setup: Setup | None = field(default=None, repr=False)
    """Deck, contracts, pot and payouts for this table's size."""
    deals: int = 0
    """Deals applied so far in the session."""
    game: int = 1
    """Number of the current (or just finished) game, 1-based."""
    done: tuple[str, ...] = ()
    """The contracts played so far in the current game, in order."""
    game_over: bool = False
    """True right after a Domino; the next deal opens the next game (pot 0)."""
    games_played: int = 0
    """Games finished in the session."""
    pot: int = 0
    """Points in the pot now (0 after every Domino)."""
    balance: Mapping[str, int] = field(default_factory=dict)
    """Net points per seat over the session (won in Dominoes − paid in); Σ = 0 after a game."""
    paid_in: Mapping[str, int] = field(default_factory=dict)
    """Points each seat paid into the pot over the session."""
    won: Mapping[str, int] = field(default_factory=dict)
    """Points each seat won in Dominoes over the session."""
    game_net: Mapping[str, int] = field(default_factory=dict)
    """Net points per seat in the current (or just finished) game alone."""
    domino_firsts: Mapping[str, int] = field(default_factory=dict)
    """Domino first places per seat."""
    domino_seconds: Mapping[str, int] = field(default_factory=dict)
    """Domino second places per seat."""
    pots: tuple[int, ...] = ()
    """The pot after every deal of the session, in order."""
    dealer: str | None = None
    """The last deal's dealer (entered, or inferred from the rotation); ``None`` if unknown."""
    unit_over: bool = False
    """True once ``variant.games_per_round`` games are finished (the tournament round). The
    engine keeps scoring deals after it; refusing them is the web layer's business."""
    unit_result: tuple[SeatResult, ...] | None = None
    """The standings figures frozen when the round ended (deals after it do not count)."""

    @property
    def contracts(self) -> tuple[str, ...]:
        """The configured contract sequence."""
        assert self.setup is not None
        return self.setup.contracts

    @property
    def next_contract(self) -> int:
        """Position (1-based) in the sequence of the contract due next."""
        return 1 if self.game_over else len(self.done) + 1

    @property
    def contract_due(self) -> str:
        """Name of the contract due next (``"kein_stich"`` … ``"domino"``)."""
        return self.contracts[self.next_contract - 1]

    @property
    def match_over(self) -> bool:
        """True once ``games_per_match`` (> 0) games are finished: further deals are refused."""
        limit = self.variant.games_per_match
        return limit > 0 and self.games_played >= limit

    @property
    def net(self) -> Mapping[str, int]:
        """Net points per seat (the balance): Domino winnings − points paid in."""
        return self.balance

    def _live_result(self) -> tuple[SeatResult, ...]:
        return tuple(
            SeatResult(
                seat=seat,
                score=self.balance[seat],
                figures={
                    "domino_firsts": self.domino_firsts[seat],
                    "paid_in": self.paid_in[seat],
                    "domino_seconds": self.domino_seconds[seat],
                },
            )
            for seat in self.seats
        )

    def result(self) -> tuple[SeatResult, ...]:
        """Per seat, in seat order, what the standings rank by (Scoring specification §4.7).

        ``score`` is the net balance (more is better); ``figures`` holds ``domino_firsts``,
        ``paid_in`` (fewer is better) and ``domino_seconds``. Once the round is over the figures
        as they stood at its end.
        """
        return self.unit_result if self.unit_result is not None else self._live_result()

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data (what ``python -m scoring replay`` prints per deal)."""
        assert self.setup is not None
        return {
            "game": self.game,
            "contracts_done": list(self.done),
            "game_over": self.game_over,
            "next_contract": self.next_contract,
            "contract_due": self.contract_due,
            "games_played": self.games_played,
            "pot": self.pot,
            "balance": dict(self.balance),
            "paid_in": dict(self.paid_in),
            "won": dict(self.won),
            "net": dict(self.balance),
            "game_net": dict(self.game_net),
            "domino_firsts": dict(self.domino_firsts),
            "domino_seconds": dict(self.domino_seconds),
            "pots": list(self.pots),
            "deals": self.deals,
            "dealer": self.dealer,
            "unit_over": self.unit_over,
            "match_over": self.match_over,
            "setup": self.setup.as_dict(),
        }


class Deal(NamedTuple):
    """A Kein Stich deal as parsed (step 1 of :class:`KeinStich`): what the scoring reads."""

    contract: str
    """The contract's name (:data:`CONTRACT_NAMES`): the one due."""
    counts: Mapping[str, int] | None = None
    """Tricks / Hearts / Obers per seat, in seat order (the counting contracts Kein Stich, Kein
    Herz, Kein Ober); ``None`` for the others."""
    holder: str | None = None
    """The seat that took the Max or the last trick (Kein Max, Letzter Stich)."""
    order: tuple[str, ...] = ()
    """The Domino's full finishing order, first out first (the last place filled in)."""
    inferred_last: bool = False
    """The Domino's last place was left out of the entry."""
    dealer: str | None = None
    """The seat entered as the dealer; ``None`` when left out."""


def _opened(state: KeinStichState) -> KeinStichState:
    """The state a deal is checked against: a finished game gives way to the next one."""
    if not state.game_over:
        return state
    return replace(
        state,
        game=state.game + 1,
        done=(),
        game_over=False,
        pot=0,
        game_net=freeze(dict.fromkeys(state.seats, 0)),
    )


def expected_dealer(state: KeinStichState) -> str | None:
    """Who should deal next: the seat clockwise after the last dealer (the next in seat order),
    across games too (§4.1, §4.7); ``None`` while no dealer is known."""
    if state.dealer is None:
        return None
    return next_seat(state.seats, state.dealer)


def contract_name(value: Any) -> str | None:
    """A ``contract`` text as a contract name (``"Kein Herz"``, ``"kein-herz"`` →
    ``"kein_herz"``); ``None`` for anything else (numbers too)."""
    if not isinstance(value, str):
        return None
    return re.sub(r"[\s-]+", "_", value.strip().lower())


def contract_position(value: Any, contracts: Sequence[str]) -> int | None:
    """The 1-based position a ``contract`` value names: a number, a digit string or a contract
    name (``"kein_herz"``, ``"Kein Herz"``); ``None`` if it names nothing in ``contracts``."""
    value = _as_number(value)
    if is_int(value):
        return value
    name = contract_name(value)
    if name in contracts:
        return contracts.index(name) + 1
    return None


START_FIELDS: tuple[str, ...] = ("start", "start_unter")
"""The full Domino entry's starting Unter (§4.4): the seat that held it and opened, or the Unter's
name as configured in ``domino_start``; no effect on the score."""

_ALLOWED_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        KEIN_STICH: frozenset({"contract", "dealer", "tricks"}),
        KEIN_HERZ: frozenset({"contract", "dealer", "hearts", "tricks"}),
        KEIN_OBER: frozenset({"contract", "dealer", "obers", "tricks"}),
        KEIN_MAX: frozenset({"contract", "dealer", "max", "tricks"}),
        LETZTER_STICH: frozenset({"contract", "dealer", "last_trick", "tricks"}),
        DOMINO: frozenset({"contract", "dealer", "order", *START_FIELDS}),
    }
)


# -- parse: the K-V table (Scoring specification §4.5, §7) row by row ----------------------------


def _entry_object(entry: Any) -> Mapping[str, Any]:
    """The entry once it is a JSON object. Its fields are checked against the contract only after
    every K-V rule (:func:`_contract_fields`), which is why :func:`scoring.checks.entry_object`
    (unknown fields first) does not fit.

    Raises:
        InvalidDeal: ``INVALID_ENTRY`` on ``"deal"``.
    """
    if not isinstance(entry, Mapping):
        raise InvalidDeal("deal", "INVALID_ENTRY", f"a deal must be an object, not {entry!r}")
    return entry


def _match_open(state: KeinStichState) -> None:
    """No deal once ``games_per_match`` games are finished (§4.8). A rule of the deal in its
    place, but ahead of every rule of the entry's form in the table, so it is parse's.

    Raises:
        InvalidDeal: ``MATCH_OVER`` on ``"deal"``, params ``games_played``.
    """
    if state.match_over:
        raise InvalidDeal(
            "deal",
            "MATCH_OVER",
            f"the match is over after {state.games_played} games; open a new session",
            games_played=state.games_played,
        )


def _contract_due(entry: Mapping[str, Any], contracts: Sequence[str], due: int) -> str:
    """K-V1: the entry's ``contract`` (its position in ``contracts`` or its name) is the one due
    (position ``due``); returns its name. In parse, as the contract decides which fields the
    entry is read for.

    Raises:
        InvalidDeal: ``OPTION_DISABLED`` on ``"contract"`` (params ``option``): the Letzter Stich
            named in the five-deal version (§0.2, §4.8); ``CONTRACT_ORDER`` on ``"contract"``
            (params ``value``, ``expected``, ``contract``): missing, no contract of the
            session, or not the one due.
    """
    given = entry.get("contract")
    if contract_name(given) == LETZTER_STICH and LETZTER_STICH not in contracts:
        raise InvalidDeal(
            "contract",
            "OPTION_DISABLED",
            "the Letzter Stich is only played in the six-deal version (extra_contract = "
            "letzter_stich)",
            option="extra_contract",
        )
    position = contract_position(given, contracts)
    due_name = contracts[due - 1]
    if position != due:
        if given is None:
            what = "no contract is given"
        elif position is None or not 1 <= position <= len(contracts):
            what = f"{given!r} is not a contract of this session"
        else:
            what = f"contract {position} ({contracts[position - 1]}) is not due"
        raise InvalidDeal(
            "contract",
            "CONTRACT_ORDER",
            f"{what}; contract {due} ({due_name}) is due",
            value=given if isinstance(given, int | str) else repr(given),
            expected=due,
            contract=due_name,
        )
    return due_name


def _six_deal_only(entry: Mapping[str, Any], contracts: Sequence[str]) -> None:
    """``last_trick`` belongs to the six-deal version only (§4.8), whatever contract is due.

    Raises:
        InvalidDeal: ``OPTION_DISABLED`` on ``"last_trick"``, params ``option``.
    """
    if "last_trick" in entry and LETZTER_STICH not in contracts:
        raise InvalidDeal(
            "last_trick",
            "OPTION_DISABLED",
            "last_trick only applies in the six-deal version (extra_contract = letzter_stich)",
            option="extra_contract",
        )


def _every_seat(name: str, values: Any, seats: Sequence[str]) -> None:
    """K-V2 for a count map (``tricks``, ``hearts``, ``obers``): the table's seats exactly. The
    field is the most specific one: the unknown key, or the missing seat's box.

    Raises:
        InvalidDeal: ``MISSING_PLAYER`` on ``name`` (not an object; params ``seats`` every seat);
            ``UNKNOWN_PLAYER`` on ``name.E`` (params ``seats`` the unknown keys);
            ``MISSING_PLAYER`` on ``name.D`` (params ``seats`` the seats left out).
    """
    if not isinstance(values, Mapping):
        raise InvalidDeal(
            name,
            "MISSING_PLAYER",
            f"{name} must map each player ({', '.join(seats)}) to a number, not {values!r}",
            seats=list(seats),
        )
    unknown = [str(k) for k in values if k not in seats]
    if unknown:
        raise InvalidDeal(
            f"{name}.{unknown[0]}",
            "UNKNOWN_PLAYER",
            f"{', '.join(map(repr, unknown))} is not a seat at this table ({', '.join(seats)})",
            seats=unknown,
        )
    missing = [s for s in seats if s not in values]
    if missing:
        raise InvalidDeal(
            f"{name}.{missing[0]}",
            "MISSING_PLAYER",
            f"no {name} entered for {', '.join(missing)} (enter 0 where none)",
            seats=missing,
        )


def _known(name: str, values: Sequence[Any], seats: Sequence[str]) -> None:
    """K-V2 for named players: each must be a seat at this table.

    Raises:
        InvalidDeal: ``UNKNOWN_PLAYER`` on ``name``, params ``seats`` the names that are not
            seats (anything but text quoted as its ``repr``).
    """
    unknown = [v for v in values if not isinstance(v, str) or v not in seats]
    if unknown:
        raise InvalidDeal(
            name,
            "UNKNOWN_PLAYER",
            f"{', '.join(map(repr, unknown))} is not a seat at this table ({', '.join(seats)})",
            seats=[v if isinstance(v, str) else repr(v) for v in unknown],
        )


def _holders(name: str, holder: Any, seats: Sequence[str]) -> list[str]:
    """K-V2 for Kein Max and Letzter Stich: the players named as the holder (one seat, or a list
    of seats as a form's multiple choice posts it; ``None`` names nobody), each a seat.

    Raises:
        InvalidDeal: ``UNKNOWN_PLAYER`` on ``name`` (``"max"``, ``"last_trick"``).
    """
    holders: list[Any] = list(holder) if isinstance(holder, list | tuple) else [holder]
    named = [h for h in holders if h is not None]
    _known(name, named, seats)
    return named


def _places(order: list[Any], seats: Sequence[str]) -> list[Any]:
    """The finishing order without its empty places (``None`` or ``""``, as a form posts
    them). Only the last place may be empty (K-V9, Scoring specification §4.4): a gap
    before a filled place would move every later player up a place and pay him the wrong
    payout.

    Raises:
        InvalidDeal: ``INCOMPLETE_ORDER`` on ``"order"``, params ``seats`` (those not in the
            order) and ``place`` (the first empty one, 1-based).
    """
    while order and order[-1] in (None, ""):
        order.pop()
    gaps = [place for place, seat in enumerate(order, 1) if seat in (None, "")]
    if gaps:
        raise InvalidDeal(
            "order",
            "INCOMPLETE_ORDER",
            f"place {gaps[0]} of the finishing order is empty, but a later place is "
            "filled; only the last place may be left out",
            seats=[s for s in seats if s not in order],
            place=gaps[0],
        )
    return order


def _finishing_places(raw: Any, seats: Sequence[str]) -> list[str]:
    """K-V2 for the Domino: ``order`` as a list (text is split at spaces, commas and
    semicolons), its empty last places dropped (:func:`_places`), each place a seat.

    Raises:
        InvalidDeal: ``INCOMPLETE_ORDER`` on ``"order"`` (not a list; params ``seats`` every
            seat), as :func:`_places`; ``UNKNOWN_PLAYER`` on ``"order"``.
    """
    if isinstance(raw, str):
        raw = [p for p in re.split(r"[\s,;]+", raw) if p]
    if not isinstance(raw, list | tuple):
        raise InvalidDeal(
            "order",
            "INCOMPLETE_ORDER",
            f"order must list the players as they went out, not {raw!r}",
            seats=list(seats),
        )
    order = _places(list(raw), seats)
    _known("order", order, seats)
    return order


def _start_known(entry: Mapping[str, Any], seats: Sequence[str], domino_start: str) -> None:
    """K-V2 for the Domino's ``start`` / ``start_unter``: the seat that opened, or the name of
    the configured starting Unter (``domino_start``); left out or ``null`` is fine.

    Raises:
        InvalidDeal: ``UNKNOWN_PLAYER`` on ``"start"`` / ``"start_unter"``.
    """
    for name in START_FIELDS:
        start = entry.get(name)
        if start is not None and start != domino_start:
            _known(name, [start], seats)


def _dealer_known(dealer: Any, seats: Sequence[str]) -> str | None:
    """K-V2 for ``dealer``: a seat, or ``None`` when left out.

    Raises:
        InvalidDeal: ``UNKNOWN_PLAYER`` on ``"dealer"``.
    """
    if dealer is None:
        return None
    _known("dealer", [dealer], seats)
    return str(dealer)


def _whole_counts(name: str, values: Mapping[str, Any], seats: Sequence[str]) -> None:
    """K-V3: every seat's count in ``name`` is a whole number ≥ 0.

    Raises:
        InvalidDeal: ``NOT_AN_INTEGER`` on ``name.A`` (params ``value``: numbers and text as
            entered, anything else as its ``repr``); ``OUT_OF_RANGE`` on ``name.A`` (params
            ``value``, ``minimum`` 0).
    """
    for seat in seats:
        value = values[seat]
        if not is_int(value):
            raise InvalidDeal(
                f"{name}.{seat}",
                "NOT_AN_INTEGER",
                f"{name} of {seat} must be a whole number, not {value!r}",
                value=value if isinstance(value, int | float | str) else repr(value),
            )
        if value < 0:
            raise InvalidDeal(
                f"{name}.{seat}",
                "OUT_OF_RANGE",
                f"{name} of {seat} cannot be negative ({value})",
                value=value,
                minimum=0,
            )


def _counts_add_up(
    name: str, entered: Mapping[str, int], setup: Setup, seats: Sequence[str]
) -> Mapping[str, int]:
    """K-V4 … K-V6: the tricks add up to c (cards each), the Hearts to h (Hearts in the deck),
    the Obers to 4. Returns the counts in seat order.

    Raises:
        InvalidDeal: ``SUM_MISMATCH`` on ``name``, params ``total`` and ``expected``.
    """
    expected = {"tricks": setup.cards_each, "hearts": setup.hearts, "obers": 4}[name]
    total = sum(entered[s] for s in seats)
    if total != expected:
        raise InvalidDeal(
            name,
            "SUM_MISMATCH",
            f"the {name} add up to {total}, not {expected}",
            total=total,
            expected=expected,
        )
    return {seat: entered[seat] for seat in seats}


def _single_holder(name: str, named: Sequence[str], entered: Any) -> str:
    """K-V7: the Max or the last trick was taken by exactly one player (``named``, as entered
    in ``entered``); returns his seat.

    Raises:
        InvalidDeal: ``SINGLE_HOLDER_REQUIRED`` on ``name``, params ``count`` (players named).
    """
    if len(named) != 1:
        raise InvalidDeal(
            name,
            "SINGLE_HOLDER_REQUIRED",
            f"{name} must name exactly one player, not {entered!r}",
            count=len(named),
        )
    return named[0]


def _tricks_add_up(tricks: Mapping[str, int], cards_each: int, seats: Sequence[str]) -> None:
    """K-V8, first part: the full entry's tricks add up to c (cards each).

    Raises:
        InvalidDeal: ``TRICK_COUNT_MISMATCH`` on ``"tricks"``, params ``total``, ``expected``.
    """
    taken = sum(tricks[s] for s in seats)
    if taken != cards_each:
        raise InvalidDeal(
            "tricks",
            "TRICK_COUNT_MISMATCH",
            f"the tricks add up to {taken}, not {cards_each}",
            total=taken,
            expected=cards_each,
        )


def _cards_within_tricks(deal: Deal, tricks: Mapping[str, int], seats: Sequence[str]) -> None:
    """K-V8, second part: nobody took more of the contract's cards than his tricks hold (a trick
    holds n cards, one per player); who took no trick took neither the Max nor the last trick.

    Raises:
        InvalidDeal: ``CARDS_WITHOUT_TRICKS`` on ``hearts.A`` / ``obers.A`` (params ``count``,
            ``tricks``, ``maximum``) or on ``max`` / ``last_trick`` (params ``seat``,
            ``count`` 1, ``tricks`` 0, ``maximum`` 0).
    """
    n = len(seats)
    if deal.counts is not None:
        name = COUNT_FIELDS[deal.contract]
        for seat in seats:
            count, won = deal.counts[seat], tricks[seat]
            if count > n * won:
                raise InvalidDeal(
                    f"{name}.{seat}",
                    "CARDS_WITHOUT_TRICKS",
                    f"{seat} took {won} trick(s) of {n} cards, which cannot hold {count} {name}",
                    count=count,
                    tricks=won,
                    maximum=n * won,
                )
    if deal.holder is not None and tricks[deal.holder] == 0:
        raise InvalidDeal(
            HOLDER_FIELDS[deal.contract],
            "CARDS_WITHOUT_TRICKS",
            f"{deal.holder} took no trick, so cannot have taken the "
            f"{'Max' if deal.contract == KEIN_MAX else 'last trick'}",
            seat=deal.holder,
            count=1,
            tricks=0,
            maximum=0,
        )


def _finishing_order(order: Sequence[str], seats: Sequence[str]) -> tuple[tuple[str, ...], bool]:
    """K-V9: the Domino's finishing order names every player once; only the last place may be
    left out. Returns the full order (the last place filled in) and whether it was inferred.

    Raises:
        InvalidDeal: ``DUPLICATE_PLAYER`` on ``"order"`` (params ``seats`` the player named
            twice); ``INCOMPLETE_ORDER`` on ``"order"`` (params ``seats`` those missing).
    """
    seen: set[str] = set()
    for seat in order:
        if seat in seen:
            raise InvalidDeal(
                "order",
                "DUPLICATE_PLAYER",
                f"{seat} appears twice in the finishing order",
                seats=[seat],
            )
        seen.add(seat)
    if len(order) < len(seats) - 1:
        missing = [s for s in seats if s not in seen]
        raise InvalidDeal(
            "order",
            "INCOMPLETE_ORDER",
            f"the finishing order lacks {', '.join(missing)}; only the last place may be left out",
            seats=missing,
        )
    full = tuple(order) + tuple(s for s in seats if s not in seen)
    return full, len(order) == len(seats) - 1


def _pot_holds_payouts(opened: KeinStichState) -> None:
    """K-V10: before the Domino the pot holds exactly the payouts (a re-check: K-V4 … K-V7 and
    K-V11 guarantee it through valid deals). A rule of the deal in its place, but ahead of the
    fields check in the table, so it is parse's.

    Raises:
        InvalidDeal: ``POT_MISMATCH`` on ``"deal"``, params ``pot`` and ``expected`` (points).
    """
    assert opened.setup is not None
    payouts = sum(opened.setup.payouts)
    if opened.pot != payouts:
        raise InvalidDeal(
            "deal",
            "POT_MISMATCH",
            f"the pot holds {opened.pot}, but the Domino pays out {payouts}",
            pot=opened.pot,
            expected=payouts,
        )


def _contract_fields(entry: Mapping[str, Any], contract: str) -> None:
    """The entry has only the fields of its contract (e.g. no ``hearts`` on the Kein Stich deal).
    No rule of the K-V table, so only checked when they all hold.

    Raises:
        InvalidDeal: ``UNKNOWN_FIELD`` on the first other key, params ``name`` (the key) and
            ``contract``.
    """
    allowed = _ALLOWED_FIELDS[contract]
    for key in entry:
        if key not in allowed:
            raise InvalidDeal(
                str(key),
                "UNKNOWN_FIELD",
                f"{key!r} is not a field of the {contract} deal; it takes "
                f"{', '.join(sorted(allowed))}",
                name=str(key),
                contract=contract,
            )


def _trick_deal(entry: Mapping[str, Any], contract: str, opened: KeinStichState) -> Deal:
    """K-V2 … K-V8 for a trick contract: its count map (``tricks`` / ``hearts`` / ``obers``) or
    its holder (``max`` / ``last_trick``), the full entry's ``tricks`` and the ``dealer``.

    Raises:
        InvalidDeal: as the rows K-V2 … K-V8 say, in their order.
    """
    setup = opened.setup
    assert setup is not None
    seats = opened.seats
    count_field = COUNT_FIELDS.get(contract)
    holder_field = HOLDER_FIELDS.get(contract)
    # The full entry's tricks (K-V8) beside the contract's own count; a null is left out.
    full = count_field != "tricks" and entry.get("tricks") is not None
    maps = ([] if count_field is None else [count_field]) + (["tricks"] if full else [])

    for name in maps:  # K-V2
        _every_seat(name, entry.get(name), seats)
    named = [] if holder_field is None else _holders(holder_field, entry.get(holder_field), seats)
    dealer = _dealer_known(entry.get("dealer"), seats)
    for name in maps:  # K-V3
        _whole_counts(name, entry[name], seats)
    counts: Mapping[str, int] | None = None  # K-V4 … K-V6
    if count_field is not None:
        counts = _counts_add_up(count_field, entry[count_field], setup, seats)
    holder: str | None = None  # K-V7
    if holder_field is not None:
        holder = _single_holder(holder_field, named, entry.get(holder_field))
    deal = Deal(contract, counts=counts, holder=holder, dealer=dealer)
    if full:  # K-V8
        _tricks_add_up(entry["tricks"], setup.cards_each, seats)
        _cards_within_tricks(deal, entry["tricks"], seats)
    return deal


def _domino_deal(entry: Mapping[str, Any], opened: KeinStichState) -> Deal:
    """K-V2, K-V9 and K-V10 for the Domino: the finishing ``order``, ``start`` and ``dealer``,
    and the pot it pays out.

    Raises:
        InvalidDeal: as the rows K-V2, K-V9, K-V10 say, in their order.
    """
    seats = opened.seats
    order = _finishing_places(entry.get("order"), seats)  # K-V2
    _start_known(entry, seats, opened.variant.domino_start)
    dealer = _dealer_known(entry.get("dealer"), seats)
    full_order, inferred = _finishing_order(order, seats)  # K-V9
    _pot_holds_payouts(opened)  # K-V10
    return Deal(DOMINO, order=full_order, inferred_last=inferred, dealer=dealer)


# -- push: the scoring (Scoring specification §4.6) -----------------------------------------------


def _added(mapping: Mapping[str, int], amounts: Mapping[str, int]) -> Mapping[str, int]:
    """``mapping`` (points per seat) with ``amounts`` added seat by seat, read-only; a seat
    missing from ``amounts`` keeps its figure."""
    return freeze({seat: value + amounts.get(seat, 0) for seat, value in mapping.items()})


def _paid_in(deal: Deal, opened: KeinStichState) -> tuple[dict[str, Any], tuple[Event, ...]]:
    """A penalty contract (§4.2): every seat pays the stake per trick, Heart or Ober it took, or
    the holder of the Max or the last trick pays its stake, into the pot (points). Returns the
    state's fields it changes (before the deal is counted) and the ``paid_in`` event."""
    setup = opened.setup
    assert setup is not None
    seats = opened.seats
    stake = setup.stakes[deal.contract]
    if deal.counts is not None:
        paid = {s: stake * deal.counts[s] for s in seats}
    else:
        paid = {s: stake if s == deal.holder else 0 for s in seats}
    owed = {s: -amount for s, amount in paid.items()}
    scored: dict[str, Any] = {
        "pot": opened.pot + sum(paid.values()),
        "balance": _added(opened.balance, owed),
        "paid_in": _added(opened.paid_in, paid),
        "game_net": _added(opened.game_net, owed),
    }
    event = Event(
        "paid_in",
        tuple(s for s in seats if paid[s] > 0),
        {
            "contract": deal.contract,
            "counts": None if deal.counts is None else dict(deal.counts),
            "paid": paid,
            "total": sum(paid.values()),
            "pot": scored["pot"],
        },
        SOURCE_SIX_DEAL if deal.contract == LETZTER_STICH else SOURCE_GAME,
    )
    return scored, (event,)


def _paid_out(deal: Deal, opened: KeinStichState) -> tuple[dict[str, Any], tuple[Event, ...]]:
    """The Domino (§4.2, §4.3): the pot paid out by finishing place, first out first (points);
    the game is over. Returns the state's fields it changes (before the deal is counted) and the
    ``domino`` and ``game_over`` events."""
    setup = opened.setup
    assert setup is not None
    payouts = dict(zip(deal.order, setup.payouts, strict=True))
    scored: dict[str, Any] = {
        "game_over": True,
        "games_played": opened.games_played + 1,
        "pot": opened.pot - sum(payouts.values()),
        "balance": _added(opened.balance, payouts),
        "won": _added(opened.won, payouts),
        "game_net": _added(opened.game_net, payouts),
        "domino_firsts": _added(opened.domino_firsts, {deal.order[0]: 1}),
        "domino_seconds": _added(opened.domino_seconds, {deal.order[1]: 1}),
    }
    domino = Event(
        "domino",
        deal.order,
        {
            "payouts": {s: payouts[s] for s in opened.seats},
            "inferred_last": deal.inferred_last,
        },
        SOURCE_SIX_DEAL if LETZTER_STICH in setup.contracts else SOURCE_DOMINO,
    )
    game_over = Event(
        "game_over",
        (),
        {
            "game": opened.game,
            "game_net": dict(scored["game_net"]),
            "balance": dict(scored["balance"]),
        },
        SOURCE_GAME,
    )
    return scored, (domino, game_over)


class KeinStich(GameBase):
    """The Kein Stich rules engine (``scoring.games["kein_stich"]``), after the Scoring
    specification §4 and §7."""

    key: ClassVar[str] = "kein_stich"
    name: ClassVar[str] = "Kein Stich"
    table_sizes: ClassVar[tuple[int, ...]] = TABLE_SIZES
    metric_ascending: ClassVar[bool] = False
    tiebreaks: ClassVar[tuple[str, ...]] = ("domino_firsts", "paid_in", "domino_seconds", "lot")
    fewest_first: ClassVar[frozenset[str]] = frozenset({"paid_in"})
    bye_score: ClassVar[int] = 0
    """A bye scores a net 0: neither paid in nor won."""
    last_place_title: ClassVar[str | None] = None

    def variant(self, options: Mapping[str, Any] | None = None) -> Variant:
        """The house rules from JSON options (Scoring specification §4.8, §7).

        Raises:
            InvalidVariant: an unknown option, a bad value, ``CONFIG_PAYOUT_MISMATCH``.
        """
        return Variant.from_options(options)

    def table_size(self, variant: Variant) -> int:
        """The variant's ``players`` (default 4)."""
        return variant.players

    def options(self) -> tuple[Option, ...]:
        """The options a form can set: ``players`` (3–6), ``deck`` (choice 32/24/52),
        ``extra_contract``, ``domino_start``, ``games_per_round``, ``games_per_match``;
        ``stakes`` and ``payouts`` are set in JSON."""
        return (
            Option("players", 4, (), 3),
            Option("deck", "32", ("32", "24", "52")),
            Option("extra_contract", "none", _CHOICES["extra_contract"]),
            Option("domino_start", "eichel_unter", _CHOICES["domino_start"]),
            Option("games_per_round", 1, (), 1),
            Option("games_per_match", 0, (), 0),
        )

    def seats(self, count: int) -> tuple[str, ...]:
        """Seat labels A, B, C, … in clockwise playing order.

        Raises:
            ValueError: ``count`` is not 3 to 6.
        """
        if count not in self.table_sizes:
            raise ValueError(f"Kein Stich is played by 3 to 6 players, not {count!r}")
        return tuple("ABCDEF"[:count])

    def initial(self, seats: Sequence[str], variant: Variant) -> KeinStichState:
        """The state before the first deal: game 1, empty pot, every balance 0.

        Raises:
            ValueError: not 3 to 6 distinct seat labels.
            InvalidVariant: ``CONFIG_PAYOUT_MISMATCH`` — no payouts for this table size.
        """
        seats = tuple(seats)
        if len(seats) not in self.table_sizes or len(set(seats)) != len(seats):
            raise ValueError(f"Kein Stich needs 3 to 6 distinct seats, not {seats!r}")
        setup = variant.setup(len(seats))
        zero = freeze(dict.fromkeys(seats, 0))
        return KeinStichState(
            seats=seats,
            variant=variant,
            setup=setup,
            balance=zero,
            paid_in=zero,
            won=zero,
            game_net=zero,
            domino_firsts=zero,
            domino_seconds=zero,
        )

    # -- the deal in three steps -----------------------------------------------------------------

    def parse(
        self,
        entry: Mapping[str, Any],
        state: KeinStichState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> Deal:
        """Step 1: the raw entry read into a :class:`Deal`, checked in the order of the K-V
        table (Scoring specification §4.5, §7); the first failing rule is raised.

        Every row but the dealer rotation (K-V12) is here: ``MATCH_OVER``, the contract due
        (K-V1) and the pot (K-V10) depend on the state but come before rules of the entry's
        form, and the contract decides which fields are read. Every check is cheap, so
        ``trusted=True`` still checks in full.

        Raises:
            InvalidDeal: ``INVALID_ENTRY`` (not an object), ``MATCH_OVER``;
                ``OPTION_DISABLED`` (the Letzter Stich named as the contract in the five-deal
                version); ``CONTRACT_ORDER`` (K-V1); ``OPTION_DISABLED`` (``last_trick`` given
                in the five-deal version); ``UNKNOWN_PLAYER`` (field ``tricks.E``),
                ``MISSING_PLAYER`` (field ``hearts.D``: the first seat left out) (K-V2);
                ``NOT_AN_INTEGER``, ``OUT_OF_RANGE`` (K-V3); ``SUM_MISMATCH`` (K-V4…K-V6);
                ``SINGLE_HOLDER_REQUIRED`` (K-V7); ``TRICK_COUNT_MISMATCH``,
                ``CARDS_WITHOUT_TRICKS`` (K-V8); ``DUPLICATE_PLAYER``, ``INCOMPLETE_ORDER``
                (K-V9); ``POT_MISMATCH`` (K-V10); ``UNKNOWN_FIELD`` (a field the contract does
                not have; not a K-V rule, so last).
        """
        entry = _entry_object(entry)
        _match_open(state)
        opened = _opened(state)
        assert opened.setup is not None
        contracts = opened.setup.contracts
        contract = _contract_due(entry, contracts, opened.next_contract)  # K-V1
        _six_deal_only(entry, contracts)
        if contract == DOMINO:
            deal = _domino_deal(entry, opened)
        else:
            deal = _trick_deal(entry, contract, opened)
        _contract_fields(entry, contract)
        return deal

    def legality(self, deal: Deal, state: KeinStichState, variant: Variant) -> tuple[Warning, ...]:
        """Step 2: K-V12, the dealer in turn (§4.1, §4.7): ``DEALER_ROTATION`` on ``"dealer"``
        when the entered dealer is not the seat clockwise after the last one, across games too.
        A warning only; every refusing rule comes before a rule of the entry's form in the
        table and is :meth:`parse`'s."""
        expected = expected_dealer(state)
        return rotation_warnings(
            deal.dealer,
            expected,
            f"{deal.dealer} dealt, but the deal passes clockwise from {state.dealer} to {expected}",
        )

    def push(self, deal: Deal, state: KeinStichState, variant: Variant) -> Step:
        """Step 3: the deal scored (Scoring specification §4.6): a penalty contract pays into the
        pot, the Domino pays it out and ends the game; after a Domino the next deal opens a new
        game (pot 0). The round is over after ``games_per_round`` games. The state passed in is
        never changed; the step has no warnings of its own."""
        opened = _opened(state)
        events: list[Event] = []
        if opened is not state:
            events.append(Event("new_game", (), {"game": opened.game}, SOURCE_GAME))
        if deal.contract == DOMINO:
            scored, played = _paid_out(deal, opened)
        else:
            scored, played = _paid_in(deal, opened)
        events.extend(played)
        new = replace(
            opened,
            **scored,
            variant=variant,
            deals=state.deals + 1,
            done=(*opened.done, deal.contract),
            pots=(*state.pots, scored["pot"]),
            dealer=deal.dealer or expected_dealer(state),
        )
        if not new.unit_over and new.games_played >= variant.games_per_round:
            new = replace(new, unit_over=True, unit_result=new._live_result())
            events.append(Event("unit_over", (), {"games": new.games_played}, SOURCE_UNIT))
        return Step(state=new, events=tuple(events))


KEIN_STICH_GAME = KeinStich()
"""The module's singleton engine, registered as ``scoring.games["kein_stich"]``."""
