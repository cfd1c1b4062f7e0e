"""Hundertspiel (Vienna 1829): validation and scoring of entered deals.

*Das Hundertspiel*, §§1–56, in *Neuestes allgemeines Spielbuch*, Vienna 1829 ("Hundertspiel 1829,
§N"), as set out in the Scoring specification §3 with the binding decisions of its §7.

Four players in two parties, partners opposite: seats A B C D in clockwise (playing) order, parties
**AC** and **BD**, each keeping one joint account (§27). 36-card Trappola pack; every deal is worth
72 card points (Aß 6, König 5, Cavall 4, Bube 3) plus 6 for the last trick, plus declarations and Do
bonuses. The party that first counts 100 wins the *partie* and each of its players receives one
**Marke** from his opposite number (two in a *Matsch*, when the losers have not reached 50). The
three-player variant (``variant = "three"``, §51–§55) has each player scoring for himself, seats
A B C.

Units: *points* (partie points counted towards 100; card points are the 72 of them in tricks) and
*Marken* (the money unit, per player; their sum over the table is always 0).

Entries (Scoring specification §3.5), JSON-like dicts:

* minimal: ``{"dealer": "A", "points": {"AC": 46, "BD": 48}}``, optionally with
  ``"announcement": {"player": "C", "type": 26, "contra": 1, "made": true}`` (one object, or a list
  of at most one per party, §7) and ``"end": {"claimant": "BD", "old": {"AC": 9, "BD": 16}}`` (a
  party declared out during the deal; ``old`` = counted in this deal up to the claim; optional
  ``new`` = the rest, which must equal ``points - old``), ``"confirm_false_claim": true``;
* full: ``points`` replaced (or accompanied, then they must agree) by ``"card_points": {"AC": 40,
  "BD": 32}``, ``"last_trick": "BD"``, ``"declarations": [{"player": "C", "kind": "kings3"}]`` and
  ``"do_tricks": [{"trick": 4, "player": "B", "trump_do": false}]``;
* ``"close": true`` closes the session after the deal (§56; an entry of only ``{"close": true}``
  closes it without a deal); a partie still open is settled by ``unfinished_partie``.

With ``variant = "three"`` every party key is a seat (``{"A": 30, "B": 20, "C": 40}``), and "trick
9" reads "the last trick", trick 12 (§7).

The Scat variants (Scoring specification §3.8; §42–§50, §53): ``variant = "scat4"`` (four
players, a Scat of 4 cards, 8 tricks) and ``variant = "three"`` with ``scat = true`` (a Scat of 3,
11 tricks). The entry adds ``"contract": {"player": "C", "suit": "bastoni", "from_hand": true}``
(a 26 announced from the hand, or ``from_hand: false`` when the Scat was bought; left out when
nobody announced or bought) and ``"scat_points"`` (the Scat's card points, already part of the
card points of the contract's party, or of the last trick's party without a contract). The
contract is the deal's announcement: only its player announces (a contract alone is his 26
without Contra), and it pays the suit's value (``suit_values``) per player, twice for a 52,
doubled per Contra level (ambiguity C13). "Trick 9" reads the last trick (8 or 11).

Event kinds (:class:`scoring.base.Event`; ``seats`` in playing order):

* ``"deal_points"`` — what each account counted in the deal; figures ``points`` (account → points),
  ``card_points`` (full entry, else ``None``), ``contract`` (``{player, suit, from_hand}`` of a
  Scat game, else ``None``) and ``scat_points`` (``None`` unless entered).
* ``"announcement"`` — an announced Sechsundzwanziger/Zweiundfünfziger settled; seats = the
  announcer; figures ``type`` (26/52), ``contra`` (0–3), ``made``, ``marks`` (per player),
  ``winners`` (the accounts paid), ``suit`` (the contract's suit in a Scat game, else ``None``).
* ``"silent_announcement"`` — an unannounced 26/52 paid Marken (``silent_26_pays_marks``); seats =
  the player; figures ``type``, ``marks``.
* ``"claim"`` — an account declared out; seats = its players; figures ``claimant``, ``at``
  (account → points at the claim), ``old``, ``new`` (carried to the new partie), ``valid``.
* ``"false_claim"`` — the claim was below the target (§30); seats = the claimant's players;
  figures ``at``, ``marks``.
* ``"vorhand_rule"`` — several accounts reached the target without a claim (§29); figures
  ``reached`` (accounts), ``winner``.
* ``"partie_won"`` — seats = the winners; figures ``winner`` (account), ``by`` (``"claim"``,
  ``"count"``, ``"vorhand"``, ``"false_claim"`` or ``"close"``), ``at`` (account → points),
  ``matsch`` (bool), ``marks`` (per winning player), ``partie`` (its number).
* ``"matsch"`` — seats = the players in the Matsch (below ``matsch_threshold``); figures
  ``partie``, ``at``.
* ``"alt_und_neu"`` — points carried to the new partie; figures ``new``; or, with an announcement
  in the deal, ``forbidden: true`` and nothing carried (§34).
* ``"partie_abandoned"`` — the session closed with a partie open (``unfinished_partie =
  abandon``, or a tie); figures ``at``.
* ``"session_closed"`` — the session is over; any further deal is ``MATCH_OVER``.
* ``"unit_over"`` — the tournament round at the table is over (``parties_per_round`` parties
  decided, or the session closed); figures ``parties``.

Tie-breaks (``Hundertspiel.tiebreaks``, Scoring specification §3.9): ``"parties_won"``,
``"matsch_wins"``, ``"partie_points_diff"`` (partie points scored − conceded), ``"lot"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement
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
from scoring.options import check_values, freeze, is_int, number_map, read_options

SOURCE = "Hundertspiel 1829"
SOURCE_PARTIE = "Hundertspiel 1829, §25"
SOURCE_MATSCH = "Hundertspiel 1829, §26"
SOURCE_VORHAND = "Hundertspiel 1829, §29"
SOURCE_FALSE_CLAIM = "Hundertspiel 1829, §30"
SOURCE_ANNOUNCED = "Hundertspiel 1829, §31–§33"
SOURCE_ALT_UND_NEU = "Hundertspiel 1829, §34"
SOURCE_POINTS = "Hundertspiel 1829, §19–§24"
SOURCE_SILENT = "Scoring specification §3.4, unannounced 26/52 (option silent_26_pays_marks)"
SOURCE_CLOSE = "Hundertspiel 1829, §56; Scoring specification §3.9"
SOURCE_UNIT = "Scoring specification §3.9, tournament standing"
SOURCE_SCAT = "Hundertspiel 1829, §42–§50, §53"

CARD_POINTS = 72
"""Card points in the pack: 4 × (Aß 6 + König 5 + Cavall 4 + Bube 3) (§19)."""
LAST_TRICK = 6
"""Points for the last trick (§19)."""
MAX_DEAL_POINTS = 292
"""The most points one deal can give both accounts together: 78 + 96 declarations + 118 Do
bonuses (Scoring specification §3.6 HS-V8)."""
UNREACHABLE_CARD_POINTS = frozenset({1, 2, 70, 71})
"""Card totals no pile of Trappola cards can have (the smallest figure is the Bube, 3; §3.2)."""
UNREACHABLE_EXTRAS = frozenset({2, 4, 8, 14, 200, 206, 210, 212})
"""Values of Σ − 78 no combination of declarations and Do bonuses makes (§3.2 and §7)."""

DECLARATIONS: Mapping[str, tuple[str, int]] = MappingProxyType(
    {
        "aces3": ("aces", 30),
        "aces4": ("aces", 40),
        "dos3": ("dos", 10),
        "dos4": ("dos", 20),
        "kings3": ("kings", 6),
        "kings4": ("kings", 12),
        "cavalls3": ("cavalls", 6),
        "cavalls4": ("cavalls", 12),
        "bubes3": ("bubes", 6),
        "bubes4": ("bubes", 12),
    }
)
"""Declaration kind → (rank, points) (§20): three Aces 30, four 40; three Do's 10, four 20; three
Kings, Cavalls or Buben 6, four 12."""
_DECLARATION_ALIASES = {"buben3": "bubes3", "buben4": "bubes4"}


@cache
def scat_values(cards: int, bought: bool) -> frozenset[int]:
    """Card points a Scat of ``cards`` cards can hold (§19): any cards when it lay untouched,
    no King or Ace among a buyer's discards (§44). Each value 3–6 has four cards, so any
    ``cards`` ≤ 4 of them may repeat."""
    values = (0, 3, 4) if bought else (0, 3, 4, 5, 6)
    return frozenset(map(sum, combinations_with_replacement(values, cards)))


DO_TRICK = 10
"""A trick won with a Do (§22)."""
FIRST_TRICK_TRUMP_DO = 52
"""The first trick won with the trump Do, in place of the 10 (§21, ambiguity C5)."""
RUN_BONUS: Mapping[int, int] = MappingProxyType({1: 20, 2: 46, 3: 66})
"""Bonus for the last 1/2/3 tricks won with Do's by one player; with the last trick's 6 they make
the Sechsundzwanziger, Zweiundfünfziger and the 72 (§22–§24, ambiguity C4)."""
ANNOUNCED_MARKS: Mapping[int, int] = MappingProxyType({26: 2, 52: 4})
"""Marken per player for an announced 26 / 52 without Contra; each Contra level doubles
(§31–§33, ambiguity C7)."""

ENTRY_KEYS = frozenset(
    {
        "dealer",
        "points",
        "card_points",
        "last_trick",
        "declarations",
        "do_tricks",
        "announcement",
        "end",
        "confirm_false_claim",
        "close",
        "trump",
        "contract",
        "scat_points",
    }
)
"""Every key a deal entry may have (``trump`` is informational only, ambiguity C11;
``contract`` and ``scat_points`` belong to the Scat variants, §3.8)."""

_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "variant": ("basic", "three", "scat4"),
        "false_claim_payment": ("single", "as_matsch_if_below_50"),
        "unfinished_partie": ("abandon", "leader_wins_single"),
    }
)
_BOOLEANS = ("alt_und_neu", "silent_26_pays_marks", "scat")
_ON_OFF = MappingProxyType({"on": True, "off": False})
"""The spelling of the yes/no options in the specification's table (§3.10)."""
_INTEGERS = {"matsch_threshold": 0, "target": 1, "parties_per_round": 0}
SUITS: tuple[str, ...] = ("spadi", "denari", "coppi", "bastoni")
"""The Trappola suits (§3): Spadi, Denari, Coppi, Bastoni."""
DEFAULT_SUIT_VALUES: Mapping[str, int] = MappingProxyType(
    {"spadi": 1, "denari": 2, "coppi": 3, "bastoni": 4}
)
"""Suit values of the Scat variant (§46; the Bastoni Do is "der gute Maxel")."""


def _shown(value: Any) -> Any:
    """The input quoted in ``params``: JSON-ready scalars as they are, anything else as repr."""
    return value if value is None or isinstance(value, int | float | str | bool) else repr(value)


@dataclass(frozen=True)
class Variant:
    """The house rules of one Hundertspiel session (Scoring specification §3.10); fixed at the
    start.

    Raises:
        InvalidVariant: a value of the wrong type or out of range (``INVALID_OPTION_VALUE``), an
            unknown suit in ``suit_values`` (``UNKNOWN_OPTION``), or ``scat`` without
            ``variant = "three"`` (``INVALID_OPTION_VALUE``).
    """

    contra_levels: int = 1
    """1: Contra only (the author's "original" method, default); 3: Recontra and Supracontra too
    (§10, ambiguity C7)."""
    alt_und_neu: bool = True
    """After a claim during a deal, the rest of the deal counts for the new partie (§34; default
    on)."""
    silent_26_pays_marks: bool = False
    """An unannounced 26/52 also earns the Marken of an announced one (default off, C6)."""
    matsch_threshold: int = 50
    """Matsch when the losers are below this many points as the winners reach the target (§26)."""
    target: int = 100
    """Points that win the partie (≥, ambiguity C1; default 100)."""
    false_claim_payment: str = "single"
    """A false claim pays a single Marke (``"single"``, default, C10), or two when the false
    claimant is below ``matsch_threshold`` (``"as_matsch_if_below_50"``)."""
    variant: str = "basic"
    """``"basic"`` (four players, default), ``"three"`` (three players, each for himself, §51–§55),
    ``"scat4"`` (four with a Scat of four cards, §42–§50; Scoring specification §3.8a)."""
    scat: bool = False
    """With ``variant = "three"``: with a Scat of three cards (§53; Scoring specification
    §3.8b). ``scat4`` always has its Scat; ``scat`` may then be left alone or set true."""
    suit_values: Mapping[str, int] = field(default_factory=lambda: DEFAULT_SUIT_VALUES)
    """Marken per player of a 26 played in each suit in the Scat variants (§46; a 52 pays
    twice that, each Contra level doubles, ambiguity C13)."""
    unfinished_partie: str = "abandon"
    """A partie still open when the session closes: ``"abandon"`` without payment (default, C14)
    or ``"leader_wins_single"`` (the account ahead wins a single Marke)."""
    parties_per_round: int = 2
    """The table's tournament round is over once this many parties are decided (default 2; 0:
    only when the session closes)."""

    def __post_init__(self) -> None:
        if self.contra_levels not in (1, 3) or not is_int(self.contra_levels):
            raise InvalidVariant(
                "contra_levels",
                "INVALID_OPTION_VALUE",
                f"contra_levels must be 1 or 3, not {self.contra_levels!r}",
            )
        check_values(self, integers=_INTEGERS, choices=_CHOICES, booleans=_BOOLEANS)
        values = number_map(
            "suit_values", self.suit_values, DEFAULT_SUIT_VALUES, minimum=1, normalise=str.lower
        )
        object.__setattr__(self, "suit_values", values)
        if self.scat and self.variant == "basic":
            raise InvalidVariant(
                "scat",
                "INVALID_OPTION_VALUE",
                "scat applies to the three-player variant (the four-player one is scat4)",
            )

    def __hash__(self) -> int:
        return hash(
            tuple(
                (k, tuple(sorted(v.items())) if isinstance(v, Mapping) else v)
                for k, v in self.as_dict().items()
            )
        )

    @property
    def players(self) -> int:
        """Players at the table: 3 for ``variant = "three"``, else 4."""
        return 3 if self.variant == "three" else 4

    @property
    def has_scat(self) -> bool:
        """A Scat is laid aside (``scat4``, or ``three`` with ``scat``; §42, §53)."""
        return self.variant == "scat4" or self.scat

    @property
    def scat_cards(self) -> int:
        """Cards in the Scat: 4 with four players (§42), 3 with three (§53), else 0."""
        if not self.has_scat:
            return 0
        return 4 if self.players == 4 else 3

    @property
    def tricks(self) -> int:
        """Tricks per deal = cards per hand: 36 less the Scat, shared out (§4, §42, §53): 9
        (basic), 8 (``scat4``), 12 (three), 11 (three with Scat)."""
        return (36 - self.scat_cards) // self.players

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Variant:
        """The variant from JSON options; missing options take their defaults.

        The yes/no options also take ``"on"`` / ``"off"``, as §3.10 spells them.

        Raises:
            InvalidVariant: ``UNKNOWN_OPTION`` for an option the game does not have (the game has
                no presets), or as :class:`Variant`.
        """
        options = read_options(cls, options)
        for name in _BOOLEANS:
            # §3.10 lists these options' values as "on / off".
            if options.get(name) in _ON_OFF:
                options[name] = _ON_OFF[options[name]]
        return cls(**options)

    def as_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data."""
        return {
            name: dict(value) if isinstance(value, Mapping) else value
            for name, value in ((f, getattr(self, f)) for f in self.__dataclass_fields__)
        }


class Table(NamedTuple):
    """Who scores together at a table: the accounts (parties AC BD, or each of three players)."""

    seats: tuple[str, ...]
    accounts: tuple[str, ...]
    members: Mapping[str, tuple[str, ...]]
    account_of: Mapping[str, str]

    def opponents(self, account: str) -> tuple[str, ...]:
        """The other accounts, in seat order."""
        return tuple(a for a in self.accounts if a != account)


def table_of(seats: Sequence[str]) -> Table:
    """The accounts of a table: with four seats the parties of partners opposite (AC, BD; §1–§2,
    §27), with three each player for himself (§52)."""
    seats = tuple(seats)
    accounts: tuple[str, ...]
    members: dict[str, tuple[str, ...]]
    if len(seats) == 4:
        accounts = (seats[0] + seats[2], seats[1] + seats[3])
        members = {accounts[0]: (seats[0], seats[2]), accounts[1]: (seats[1], seats[3])}
    else:
        accounts = seats
        members = {s: (s,) for s in seats}
    account_of = {s: a for a, group in members.items() for s in group}
    return Table(seats, accounts, MappingProxyType(members), MappingProxyType(account_of))


@dataclass(frozen=True)
class HundertspielState:
    """The derived state of one Hundertspiel table after a deal; immutable.

    Mappings are read-only and keyed by account (``"AC"``, ``"BD"``; seats with three players) or
    by seat, in seat order.
    """

    seats: tuple[str, ...]
    """Seat labels in clockwise playing order (``("A", "B", "C", "D")`` or ``("A", "B", "C")``)."""
    variant: Variant = field(default_factory=Variant, repr=False)
    """The house rules the state was derived under."""
    deals: int = 0
    """Entries applied so far in the session."""
    run: Mapping[str, int] = field(default_factory=dict)
    """Points of the partie being played, per account (the slate's two columns)."""
    marks: Mapping[str, int] = field(default_factory=dict)
    """Net Marken per seat over the session; they sum to 0."""
    partie: int = 1
    """Number of the partie being played, 1-based."""
    parties_decided: int = 0
    """Parties decided (won, lost by a false claim, or settled at the close) in the session."""
    parties_won: Mapping[str, int] = field(default_factory=dict)
    """Parties won per account."""
    matsch_wins: Mapping[str, int] = field(default_factory=dict)
    """Parties won with a Matsch, per account."""
    points_for: Mapping[str, int] = field(default_factory=dict)
    """Partie points credited per account over the session (what went onto the slate, carried
    points included, discarded remainders not)."""
    dealer: str | None = None
    """The last deal's dealer."""
    deal_points: Mapping[str, int] | None = None
    """What each account counted in the last deal, all items included (the "deal points" of the
    specification's examples, §3.12); ``None`` before the first deal and after an entry that only
    closed the session."""
    closed: bool = False
    """The session is over (§56); any further deal is ``MATCH_OVER``."""
    unit_over: bool = False
    """The table's tournament round is over (``parties_per_round`` parties decided, or the session
    closed). The engine keeps scoring deals after it; refusing them is the web layer's
    business."""
    unit: Mapping[str, Any] | None = None
    """The round's figures frozen when ``unit_over`` became true (``marks``, ``parties_won``,
    ``matsch_wins``, ``points_for``), else ``None``."""

    @property
    def table(self) -> Table:
        """The accounts at this table."""
        return table_of(self.seats)

    @property
    def next_dealer(self) -> str | None:
        """Who should deal next (the previous Vorhand), ``None`` before the first deal."""
        return expected_dealer(self)

    @property
    def account_rows(self) -> tuple[tuple[str, tuple[str, ...], int, int], ...]:
        """For the slate: (account, its seats, points in the partie, parties won), in seat
        order."""
        table = self.table
        return tuple(
            (a, table.members[a], self.run[a], self.parties_won[a]) for a in table.accounts
        )

    def _figures(self) -> Mapping[str, Any]:
        if self.unit is not None:
            return self.unit
        return {
            "marks": self.marks,
            "parties_won": self.parties_won,
            "matsch_wins": self.matsch_wins,
            "points_for": self.points_for,
        }

    def result(self) -> tuple[SeatResult, ...]:
        """Per seat, in seat order, what the standings rank by (Scoring specification §3.9).

        ``score`` = the seat's net Marken in the tournament round (more is better); ``figures``:
        ``parties_won`` and ``matsch_wins`` of the seat's account, ``partie_points_diff`` = its
        partie points − the opponents' (with three players: twice its own − the other two's).
        """
        table = self.table
        figures = self._figures()
        points = figures["points_for"]
        results = []
        for seat in self.seats:
            account = table.account_of[seat]
            opponents = table.opponents(account)
            diff = len(opponents) * points[account] - sum(points[o] for o in opponents)
            results.append(
                SeatResult(
                    seat=seat,
                    score=figures["marks"][seat],
                    figures={
                        "parties_won": figures["parties_won"][account],
                        "matsch_wins": figures["matsch_wins"][account],
                        "partie_points_diff": diff,
                    },
                )
            )
        return tuple(results)

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data (what ``python -m scoring replay`` prints per deal)."""
        return {
            "accounts": list(self.table.accounts),
            "run": dict(self.run),
            "marks": dict(self.marks),
            "partie": self.partie,
            "parties_decided": self.parties_decided,
            "parties_won": dict(self.parties_won),
            "matsch_wins": dict(self.matsch_wins),
            "points_for": dict(self.points_for),
            "closed": self.closed,
            "unit_over": self.unit_over,
            "deals": self.deals,
            "dealer": self.dealer,
            "deal_points": None if self.deal_points is None else dict(self.deal_points),
        }


class Announcement(NamedTuple):
    """An announced (laid-down) Sechsundzwanziger or Zweiundfünfziger (§8–§11)."""

    player: str
    account: str
    type: int
    contra: int
    made: bool
    stake: int
    """Marken per player before Contra: 2 for a 26, 4 for a 52 (§31, §33); in the Scat variants
    the contract suit's value, twice that for a 52 (§46, ambiguity C13)."""


class Contract(NamedTuple):
    """The game played in a Scat variant: a 26 announced from the hand in a suit, or the Scat
    bought and a suit named (§43–§48)."""

    player: str
    account: str
    suit: str
    from_hand: bool


class Claim(NamedTuple):
    """A party (player) declaring out during the deal (§25, §34)."""

    claimant: str
    old: Mapping[str, int]
    new: Mapping[str, int] | None


class DoTrick(NamedTuple):
    """A trick won with a Do (§18, ambiguity C3)."""

    trick: int
    player: str
    trump_do: bool


class Deal(NamedTuple):
    """A checked entry: what the scoring reads."""

    dealer: str | None
    points: Mapping[str, int] | None
    card_points: Mapping[str, int] | None
    announcements: tuple[Announcement, ...]
    claim: Claim | None
    confirm_false_claim: bool
    close: bool
    silent: tuple[str, int] | None
    """(player, 26 or 52) of an unannounced run of Do's in the last tricks (full entry only)."""
    contract: Contract | None = None
    """The Scat variants' contract, ``None`` without one (or without a Scat)."""
    scat_points: int | None = None
    """Card points of the Scat (included in its holder's card points), when entered."""


def _err(field: str, code: str, message: str, **params: Any) -> InvalidDeal:
    return InvalidDeal(field, code, message, **params)


def _do_run(do_tricks: Sequence[DoTrick], last: int) -> tuple[str | None, int]:
    """The player who won the last trick with a Do and how many of the last tricks (at most 3) he
    won with Do's in a row (§22–§24)."""
    by_trick = {t.trick: t for t in do_tricks}
    if last not in by_trick:
        return None, 0
    player = by_trick[last].player
    run = 1
    while run < 3 and (t := by_trick.get(last - run)) is not None and t.player == player:
        run += 1
    return player, run


def deal_points(
    card_points: Mapping[str, int],
    last_trick: str,
    declarations: Sequence[tuple[str, str]],
    do_tricks: Sequence[DoTrick],
    table: Table,
    tricks: int = 9,
) -> dict[str, int]:
    """Points per account from a full entry (Scoring specification §3.7, ``deal_points``).

    ``card_points``: account → card points; ``last_trick``: the account that took it;
    ``declarations``: (player, kind); ``do_tricks``: the tricks won with a Do; ``tricks``: the
    number of the last trick. Card points + 6 for the last trick + declarations (§20) + Do
    bonuses: the run of last tricks won with Do's by one player earns 20 / 46 / 66 (with the 6 the
    26, 52, 72 of §22–§24), every other Do trick 10, or 52 for the first trick won with the trump
    Do (§21).
    """
    points = {a: card_points[a] for a in table.accounts}
    points[last_trick] += LAST_TRICK
    for player, kind in declarations:
        points[table.account_of[player]] += DECLARATIONS[kind][1]
    runner, run = _do_run(do_tricks, tricks)
    covered = set(range(tricks - run + 1, tricks + 1))
    if runner is not None:
        points[table.account_of[runner]] += RUN_BONUS[run]
    for trick in do_tricks:
        if trick.trick in covered:
            continue
        bonus = FIRST_TRICK_TRUMP_DO if trick.trick == 1 and trick.trump_do else DO_TRICK
        points[table.account_of[trick.player]] += bonus
    return points


def expected_dealer(state: HundertspielState) -> str | None:
    """Who should deal next: the previous Vorhand, i.e. the next seat clockwise after the last
    dealer (ambiguity C11); ``None`` before the first deal."""
    if state.dealer is None or state.dealer not in state.seats:
        return None
    seats = state.seats
    return seats[(seats.index(state.dealer) + 1) % len(seats)]


def priority(seats: Sequence[str], dealer: str) -> tuple[str, ...]:
    """The seats from Vorhand (left of the dealer) to the dealer (§4, §29, ambiguity C12)."""
    start = seats.index(dealer)
    return tuple(seats[(start + i) % len(seats)] for i in range(1, len(seats) + 1))


class Hundertspiel(GameBase):
    """The Hundertspiel rules engine (``scoring.games["hundertspiel"]``), after the Vienna 1829
    text and the Scoring specification §3 and §7."""

    key: ClassVar[str] = "hundertspiel"
    partnerships: ClassVar[bool] = True
    name: ClassVar[str] = "Hundertspiel"
    table_sizes: ClassVar[tuple[int, ...]] = (4, 3)
    metric_ascending: ClassVar[bool] = False
    tiebreaks: ClassVar[tuple[str, ...]] = (
        "parties_won",
        "matsch_wins",
        "partie_points_diff",
        "lot",
    )
    fewest_first: ClassVar[frozenset[str]] = frozenset()
    bye_score: ClassVar[int] = 0
    """A bye round scores 0 Marken (the table's Marken sum to 0, so 0 is the average)."""
    last_place_title: ClassVar[str | None] = None

    # -- configuration ---------------------------------------------------------------------------

    def variant(self, options: Mapping[str, Any] | None = None) -> Variant:
        """The house rules from JSON options (Scoring specification §3.10).

        Raises:
            InvalidVariant: an unknown option or a bad value.
        """
        return Variant.from_options(options)

    def table_size(self, variant: Variant) -> int:
        """4, or 3 with ``variant = "three"`` (§51–§55)."""
        return variant.players

    def options(self) -> tuple[Option, ...]:
        """The options of the spec's table (§3.10) an organiser sets on a form, default first,
        plus ``parties_per_round``; ``suit_values`` (a map) stays out of the form."""
        defaults = Variant()
        found = []
        for name in Variant.__dataclass_fields__:
            if name == "suit_values":
                continue
            default = getattr(defaults, name)
            minimum = 1 if name == "contra_levels" else _INTEGERS.get(name)
            found.append(Option(name, default, _CHOICES.get(name, ()), minimum))
        return tuple(found)

    def seats(self, count: int) -> tuple[str, ...]:
        """Seat labels in clockwise playing order: A B C D (parties AC, BD), or A B C.

        Raises:
            ValueError: ``count`` is neither 4 nor 3.
        """
        if count == 4:
            return ("A", "B", "C", "D")
        if count == 3:
            return ("A", "B", "C")
        raise ValueError(f"Hundertspiel is played by 4 (or 3) players, not {count!r}")

    def initial(self, seats: Sequence[str], variant: Variant) -> HundertspielState:
        """The state before the first deal: partie 1 at 0 : 0, no Marken.

        Raises:
            InvalidVariant: the number of seats does not fit the variant (4 for ``basic``, 3 for
                ``three``), or the seats are not distinct (both are ``ValueError``s).
        """
        seats = tuple(seats)
        if len(seats) != variant.players:
            raise InvalidVariant(
                "variant",
                "INVALID_OPTION_VALUE",
                f"variant {variant.variant} is played by {variant.players} players, "
                f"not {len(seats)}",
            )
        if len(set(seats)) != len(seats) or not all(isinstance(s, str) and s for s in seats):
            raise InvalidVariant(
                "seats", "INVALID_OPTION_VALUE", f"seats must be distinct labels, not {seats!r}"
            )
        table = table_of(seats)
        by_account = freeze(dict.fromkeys(table.accounts, 0))
        return HundertspielState(
            seats=seats,
            variant=variant,
            run=by_account,
            marks=freeze(dict.fromkeys(seats, 0)),
            parties_won=by_account,
            matsch_wins=by_account,
            points_for=by_account,
        )

    # -- validation ------------------------------------------------------------------------------

    def validate(
        self, entry: Mapping[str, Any], state: HundertspielState, variant: Variant
    ) -> tuple[Warning, ...]:
        """Check one raw entry against the state before it, in the order of the HS-V table
        (Scoring specification §3.6 and §7); the first failing rule is raised.

        Returns the warnings (``DEALER_ROTATION``, ``VORHAND_RULE_APPLIED``). Raises:
            InvalidDeal: ``UNKNOWN_FIELD`` (a key no entry has), ``UNKNOWN_PLAYER``,
                ``MISSING_PLAYER`` (HS-V1); ``NOT_AN_INTEGER``, ``OUT_OF_RANGE``,
                ``SUM_MISMATCH`` (HS-V2); ``UNREACHABLE_VALUE`` (HS-V3);
                ``LAST_TRICK_INVALID`` (HS-V4); ``UNKNOWN_DECLARATION``,
                ``DUPLICATE_DECLARATION`` (HS-V5); ``TOO_MANY_DO_TRICKS``,
                ``DECLARATION_CONFLICT``, ``LAST_TRICK_INVALID`` (HS-V6); ``OPTION_DISABLED``,
                ``ANNOUNCEMENT_INCONSISTENT`` (HS-V7); ``OUT_OF_RANGE``, ``PARITY``,
                ``UNREACHABLE_VALUE``, ``SUM_MISMATCH``, ``MINIMAL_FULL_MISMATCH`` (HS-V8);
                ``SPLIT_INVALID``, ``CLAIM_BELOW_100``, ``ALT_UND_NEU_FORBIDDEN`` (HS-V9);
                ``MATCH_OVER`` (HS-V11); ``NOT_A_BOOLEAN`` for a yes/no field.
        """
        return self._check(entry, state, variant)[1]

    def _check(
        self, entry: Mapping[str, Any], state: HundertspielState, variant: Variant
    ) -> tuple[Deal, tuple[Warning, ...]]:
        """The checked deal and its warnings; HS-V1 … HS-V11 in order."""
        table = state.table
        if not isinstance(entry, Mapping):
            raise _err("deal", "INVALID_ENTRY", f"a deal must be an object, not {entry!r}")
        for key in entry:
            if key not in ENTRY_KEYS:
                raise _err(
                    str(key),
                    "UNKNOWN_FIELD",
                    f"a Hundertspiel entry has no field {key!r}",
                    value=_shown(key),
                )
        close = self._boolean(entry, "close")
        if close and not (set(entry) - {"close"}):
            # Only closing the session (§56), no deal.
            if state.closed:
                raise _err("deal", "MATCH_OVER", "the session is already closed")
            return Deal(None, None, None, (), None, False, True, None), ()

        # HS-V1: the dealer (required) and the party keys.
        dealer = entry.get("dealer")
        if dealer is None:
            raise _err(
                "dealer",
                "MISSING_PLAYER",
                "the dealer is required: he decides who is in Vorhand (§29)",
                seats=list(table.seats),
            )
        if not isinstance(dealer, str) or dealer not in table.seats:
            raise _err(
                "dealer",
                "UNKNOWN_PLAYER",
                f"dealer {dealer!r} is not a seat ({', '.join(table.seats)})",
                seats=[_shown(dealer)],
            )
        points = entry.get("points")
        card_points = entry.get("card_points")
        if points is None and card_points is None:
            raise _err(
                "points",
                "MISSING_PLAYER",
                f"enter the deal points per {self._unit_word(table)} "
                f"({', '.join(table.accounts)}) or the card points",
                seats=list(table.accounts),
            )
        for name, values in (("points", points), ("card_points", card_points)):
            if values is not None:
                self._keys(name, values, table)
        # Scoring specification §3.8: who plays the Scat game (a player, like the dealer).
        contract = self._contract(entry.get("contract"), table, variant)

        # HS-V2, HS-V3: card points.
        full = card_points is not None
        if card_points is not None:  # full
            for account in table.accounts:
                value = card_points[account]
                self._integer(f"card_points.{account}", value)
                if not 0 <= value <= CARD_POINTS:
                    raise _err(
                        f"card_points.{account}",
                        "OUT_OF_RANGE",
                        f"card points of {account} must be between 0 and {CARD_POINTS}, "
                        f"not {value}",
                        value=value,
                        minimum=0,
                        maximum=CARD_POINTS,
                    )
            total = sum(card_points[a] for a in table.accounts)
            if total != CARD_POINTS:
                raise _err(
                    "card_points",
                    "SUM_MISMATCH",
                    f"the card points add up to {total}, not {CARD_POINTS}",
                    total=total,
                    expected=CARD_POINTS,
                )
            for account in table.accounts:
                value = card_points[account]
                if value in UNREACHABLE_CARD_POINTS:
                    raise _err(
                        f"card_points.{account}",
                        "UNREACHABLE_VALUE",
                        f"no pile of Trappola cards is worth exactly {value} ({account}); the "
                        "smallest figure is the Bube, 3",
                        value=value,
                    )

        # HS-V4: the last trick.
        last_trick: str | None = None
        if full or "last_trick" in entry:
            last_trick = self._last_trick(entry.get("last_trick"), table)
        # Scoring specification §3.8: the Scat's card points, part of its holder's.
        scat_points = self._scat_points(
            entry.get("scat_points"), contract, card_points, last_trick, table, variant
        )

        # HS-V5: declarations.
        declarations = self._declarations(entry.get("declarations"), table)

        # HS-V6: Do tricks.
        do_given = entry.get("do_tricks") is not None
        do_tricks = self._do_tricks(
            entry.get("do_tricks"), declarations, last_trick, table, variant
        )

        # HS-V7: announcements.
        announcements = self._announcements(
            entry.get("announcement"), do_tricks if do_given else None, contract, table, variant
        )

        # HS-V8: minimal points; then minimal and full agree.
        derived = None
        if card_points is not None:  # full
            assert last_trick is not None
            derived = deal_points(
                card_points, last_trick, declarations, do_tricks, table, variant.tricks
            )
        if points is not None:
            self._minimal_points(points, table)
            if derived is not None and any(points[a] != derived[a] for a in table.accounts):
                raise _err(
                    "points",
                    "MINIMAL_FULL_MISMATCH",
                    "the deal points do not match the itemised entry, which gives "
                    + ", ".join(f"{a} {derived[a]}" for a in table.accounts),
                    points={a: points[a] for a in table.accounts},
                    derived=derived,
                )
        pts = {a: points[a] for a in table.accounts} if points is not None else derived
        assert pts is not None

        # HS-V9: the claim.
        confirm = self._boolean(entry, "confirm_false_claim")
        claim = self._claim(entry.get("end"), pts, announcements, confirm, state, table, variant)

        # HS-V10 (warning): several accounts over the target, nobody declared out.
        warnings: list[Warning] = []
        if claim is None:
            reached = [a for a in table.accounts if state.run[a] + pts[a] >= variant.target]
            if len(reached) > 1:
                winner = self._priority_winner(reached, dealer, table)
                warnings.append(
                    Warning(
                        "deal",
                        "VORHAND_RULE_APPLIED",
                        f"{' and '.join(reached)} both reached {variant.target} without a claim; "
                        f"{winner} in Vorhand wins (§29)",
                    )
                )
        expected = expected_dealer(state)
        if expected is not None and dealer != expected:
            warnings.insert(
                0,
                Warning(
                    "dealer",
                    "DEALER_ROTATION",
                    f"{dealer} dealt, but the deal passes to the left from {state.dealer} to "
                    f"{expected}",
                ),
            )

        # HS-V11: the session is closed.
        if state.closed:
            raise _err(
                "deal",
                "MATCH_OVER",
                f"the session is closed after {state.deals} entries; open a new session",
                deals=state.deals,
            )

        silent = None
        if full and do_tricks:
            runner, run = _do_run(do_tricks, variant.tricks)
            if runner is not None:
                silent = (runner, 26 if run == 1 else 52)
        deal = Deal(
            dealer,
            pts,
            card_points,
            announcements,
            claim,
            confirm,
            close,
            silent,
            contract,
            scat_points,
        )
        return deal, tuple(warnings)

    @staticmethod
    def _unit_word(table: Table) -> str:
        return "party" if len(table.seats) == 4 else "player"

    @staticmethod
    def _boolean(
        entry: Mapping[str, Any], name: str, field: str | None = None, default: bool = False
    ) -> bool:
        value = entry.get(name)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise _err(
                field or name,
                "NOT_A_BOOLEAN",
                f"{name} must be true or false, not {value!r}",
                value=_shown(value),
            )
        return value

    @staticmethod
    def _integer(field: str, value: Any) -> int:
        """``value`` itself, once it is a whole number (``NOT_AN_INTEGER`` if not)."""
        if not is_int(value):
            raise _err(
                field,
                "NOT_AN_INTEGER",
                f"{field} must be a whole number, not {value!r}",
                value=_shown(value),
            )
        return value

    def _keys(self, name: str, values: Any, table: Table) -> None:
        """HS-V1: a mapping with exactly the accounts as keys."""
        if not isinstance(values, Mapping):
            raise _err(
                name,
                "MISSING_PLAYER",
                f"{name} must map each {self._unit_word(table)} "
                f"({', '.join(table.accounts)}) to a number, not {values!r}",
                seats=list(table.accounts),
            )
        unknown = [k for k in values if k not in table.accounts]
        if unknown:
            raise _err(
                name,
                "UNKNOWN_PLAYER",
                f"{', '.join(map(repr, unknown))} is not a {self._unit_word(table)} at this "
                f"table ({', '.join(table.accounts)})",
                seats=[_shown(k) for k in unknown],
            )
        missing = [a for a in table.accounts if a not in values]
        if missing:
            raise _err(
                name,
                "MISSING_PLAYER",
                f"no {name} entered for {', '.join(missing)}",
                seats=missing,
            )

    @staticmethod
    def _account(value: Any, table: Table) -> str | None:
        """An account from its name, or from one of its seats (a player speaking for his party)."""
        if not isinstance(value, str):
            return None
        if value in table.accounts:
            return value
        return table.account_of.get(value)

    def _last_trick(self, value: Any, table: Table) -> str:
        """HS-V4: exactly one account took the last trick."""
        account = self._account(value, table)
        if account is None:
            raise _err(
                "last_trick",
                "LAST_TRICK_INVALID",
                f"last_trick must name the one {self._unit_word(table)} that took it "
                f"({', '.join(table.accounts)}), not {value!r}",
                value=_shown(value),
            )
        return account

    @staticmethod
    def _scat_only(name: str, variant: Variant) -> None:
        if not variant.has_scat:
            raise _err(
                name,
                "OPTION_DISABLED",
                f"{name} belongs to the Scat variants (variant scat4, or three with scat)",
                option="variant",
            )

    def _contract(self, value: Any, table: Table, variant: Variant) -> Contract | None:
        """The Scat game's contract ``{player, suit, from_hand}`` (§43–§48; Scoring
        specification §3.8): a seat, one of the four suits, and whether the 26 was announced from
        the hand (true, the default) or the Scat bought (false). ``None``: nobody announced or
        bought (ambiguity C13)."""
        if value is None:
            return None
        self._scat_only("contract", variant)
        if not isinstance(value, Mapping):
            raise _err(
                "contract",
                "INVALID_ENTRY",
                f"contract must be {{player, suit, from_hand}}, not {value!r}",
            )
        player = self._player("contract.player", value.get("player"), table)
        raw = value.get("suit")
        suit = raw.lower() if isinstance(raw, str) else None
        if suit is None or suit not in DEFAULT_SUIT_VALUES:
            raise _err(
                "contract.suit",
                "UNKNOWN_SUIT",
                f"{raw!r} is not a suit; the suits are {', '.join(SUITS)}",
                value=_shown(raw),
            )
        from_hand = self._boolean(value, "from_hand", "contract.from_hand", default=True)
        return Contract(player, table.account_of[player], suit, from_hand)

    def _scat_points(
        self,
        value: Any,
        contract: Contract | None,
        card_points: Mapping[str, int] | None,
        last_trick: str | None,
        table: Table,
        variant: Variant,
    ) -> int | None:
        """The Scat's card points (Scoring specification §3.8): what a Scat of its size can
        hold (:func:`scat_values`; a buyer lays away no King or Ace, §44), and no more than the
        card points of the account it counts for: the contract's player (§49), else the one that
        took the last trick (ambiguity C13)."""
        if value is None:
            return None
        self._scat_only("scat_points", variant)
        points = self._integer("scat_points", value)
        bought = contract is not None and not contract.from_hand
        possible = scat_values(variant.scat_cards, bought)
        if not 0 <= points <= max(possible):
            raise _err(
                "scat_points",
                "OUT_OF_RANGE",
                f"a Scat of {variant.scat_cards} cards"
                + (" laid away by the buyer" if bought else "")
                + f" holds 0 to {max(possible)} card points, not {points}",
                value=points,
                minimum=0,
                maximum=max(possible),
            )
        if points not in possible:
            raise _err(
                "scat_points",
                "UNREACHABLE_VALUE",
                f"no Scat of {variant.scat_cards} cards"
                + (" without King or Ace" if bought else "")
                + f" is worth exactly {points}",
                value=points,
            )
        holder = contract.account if contract is not None else last_trick
        if card_points is not None and holder is not None and points > card_points[holder]:
            raise _err(
                "scat_points",
                "OUT_OF_RANGE",
                f"the Scat counts for {holder}, whose card points ({card_points[holder]}) "
                f"include it, so it cannot hold {points}",
                value=points,
                minimum=0,
                maximum=card_points[holder],
            )
        return points

    @staticmethod
    def _player(field: str, value: Any, table: Table) -> str:
        if value is None:
            raise _err(field, "MISSING_PLAYER", f"{field} must name a player", seats=[])
        if not isinstance(value, str) or value not in table.seats:
            raise _err(
                field,
                "UNKNOWN_PLAYER",
                f"{value!r} is not a seat ({', '.join(table.seats)})",
                seats=[_shown(value)],
            )
        return value

    def _declarations(self, value: Any, table: Table) -> list[tuple[str, str]]:
        """HS-V5: known kinds, at most one declaration per rank (§20)."""
        if value is None:
            return []
        if not isinstance(value, list | tuple):
            raise _err(
                "declarations",
                "UNKNOWN_DECLARATION",
                f"declarations must be a list of {{player, kind}}, not {value!r}",
            )
        found: list[tuple[str, str]] = []
        ranks: dict[str, str] = {}
        for index, item in enumerate(value):
            where = f"declarations.{index}"
            if not isinstance(item, Mapping):
                raise _err(
                    where,
                    "UNKNOWN_DECLARATION",
                    f"a declaration must be {{player, kind}}, not {item!r}",
                )
            player = self._player(f"{where}.player", item.get("player"), table)
            kind = item.get("kind")
            kind = _DECLARATION_ALIASES.get(kind, kind) if isinstance(kind, str) else None
            if kind is None or kind not in DECLARATIONS:
                raise _err(
                    f"{where}.kind",
                    "UNKNOWN_DECLARATION",
                    f"unknown declaration {item.get('kind')!r}; known: {', '.join(DECLARATIONS)}",
                    value=_shown(item.get("kind")),
                )
            rank = DECLARATIONS[kind][0]
            if rank in ranks:
                raise _err(
                    where,
                    "DUPLICATE_DECLARATION",
                    f"{rank} are declared twice ({ranks[rank]} and {player} {kind}); there are "
                    "only four of each",
                    rank=rank,
                )
            ranks[rank] = f"{player} {kind}"
            found.append((player, kind))
        return found

    def _do_tricks(
        self,
        value: Any,
        declarations: Sequence[tuple[str, str]],
        last_trick: str | None,
        table: Table,
        variant: Variant,
    ) -> list[DoTrick]:
        """HS-V6: at most four Do tricks on distinct tricks, one trump Do, agreeing with the Do
        declarations and with the last trick."""
        if value is None:
            return []
        if not isinstance(value, list | tuple):
            raise _err(
                "do_tricks",
                "TOO_MANY_DO_TRICKS",
                f"do_tricks must be a list of {{trick, player, trump_do}}, not {value!r}",
            )
        if len(value) > 4:
            raise _err(
                "do_tricks",
                "TOO_MANY_DO_TRICKS",
                f"{len(value)} Do tricks entered; there are only four Do's",
                total=len(value),
                maximum=4,
            )
        tricks = variant.tricks
        found: list[DoTrick] = []
        seen: set[int] = set()
        trump_seen = False
        for index, item in enumerate(value):
            where = f"do_tricks.{index}"
            if not isinstance(item, Mapping):
                raise _err(
                    where,
                    "TOO_MANY_DO_TRICKS",
                    f"a Do trick must be {{trick, player, trump_do}}, not {item!r}",
                )
            number = self._integer(f"{where}.trick", item.get("trick"))
            if not 1 <= number <= tricks:
                raise _err(
                    f"{where}.trick",
                    "OUT_OF_RANGE",
                    f"trick numbers run from 1 to {tricks}, not {number}",
                    value=number,
                    minimum=1,
                    maximum=tricks,
                )
            if number in seen:
                raise _err(
                    f"{where}.trick",
                    "TOO_MANY_DO_TRICKS",
                    f"trick {number} is entered twice; a trick has one winning card",
                    value=number,
                )
            seen.add(number)
            player = self._player(f"{where}.player", item.get("player"), table)
            trump_do = item.get("trump_do", False)
            if trump_do is None:
                trump_do = False
            if not isinstance(trump_do, bool):
                raise _err(
                    f"{where}.trump_do",
                    "NOT_A_BOOLEAN",
                    f"trump_do must be true or false, not {trump_do!r}",
                    value=_shown(trump_do),
                )
            if trump_do and trump_seen:
                raise _err(
                    f"{where}.trump_do",
                    "TOO_MANY_DO_TRICKS",
                    "only one Do is the trump Do",
                )
            trump_seen = trump_seen or trump_do
            found.append(DoTrick(number, player, trump_do))
        for player, kind in declarations:
            if kind not in ("dos3", "dos4"):
                continue
            others = [(i, t) for i, t in enumerate(found) if t.player != player]
            allowed = 0 if kind == "dos4" else 1
            if len(others) > allowed:
                index, trick = others[allowed]
                raise _err(
                    f"do_tricks.{index}.player",
                    "DECLARATION_CONFLICT",
                    f"{player} declared {'four' if kind == 'dos4' else 'three'} Do's, so "
                    f"{trick.player} cannot have won trick {trick.trick} with a Do",
                    declarer=player,
                    kind=kind,
                    player=trick.player,
                    trick=trick.trick,
                )
        for trick in found:
            if trick.trick == tricks and last_trick is not None:
                account = table.account_of[trick.player]
                if account != last_trick:
                    raise _err(
                        "last_trick",
                        "LAST_TRICK_INVALID",
                        f"{trick.player} won the last trick with a Do, so {account} took it, "
                        f"not {last_trick}",
                        value=last_trick,
                        expected=account,
                    )
        return found

    def _announcements(
        self,
        value: Any,
        do_tricks: Sequence[DoTrick] | None,
        contract: Contract | None,
        table: Table,
        variant: Variant,
    ) -> tuple[Announcement, ...]:
        """HS-V7: one object or a list of at most one per account (§7); 26 or 52; Contra levels
        as the option allows; at most one made; agreeing with the Do tricks when given.

        In the Scat variants the announced game is the contract (§43, §46–§47; Scoring
        specification §3.8): only its player announces, and a contract entered without an
        announcement is his 26 without Contra. Without a contract nobody announced."""
        if variant.has_scat:
            if contract is None and value is not None:
                raise _err(
                    "announcement",
                    "ANNOUNCEMENT_INCONSISTENT",
                    "in the Scat game a 26 or 52 is announced as the contract; enter the "
                    "contract (player, suit, from the hand or bought)",
                )
            if contract is not None and value is None:
                value = {"player": contract.player, "type": 26}
        if value is None:
            return ()
        if isinstance(value, Mapping):
            items: list[tuple[str, Any]] = [("announcement", value)]
        elif isinstance(value, list | tuple):
            items = [(f"announcement.{i}", item) for i, item in enumerate(value)]
        else:
            raise _err(
                "announcement",
                "ANNOUNCEMENT_INCONSISTENT",
                f"announcement must be an object {{player, type, contra, made}} or a list of "
                f"them, not {value!r}",
            )
        last = variant.tricks
        by_trick = {t.trick: t.player for t in do_tricks} if do_tricks is not None else None
        found: list[Announcement] = []
        for where, item in items:
            if not isinstance(item, Mapping):
                raise _err(
                    where,
                    "ANNOUNCEMENT_INCONSISTENT",
                    f"an announcement must be {{player, type, contra, made}}, not {item!r}",
                )
            player = self._player(f"{where}.player", item.get("player"), table)
            if contract is not None and player != contract.player:
                raise _err(
                    f"{where}.player",
                    "ANNOUNCEMENT_INCONSISTENT",
                    f"{contract.player} plays the contract, so only he announces, not {player}",
                    player=player,
                    expected=contract.player,
                )
            kind = self._integer(f"{where}.type", item.get("type"))
            if kind not in ANNOUNCED_MARKS:
                raise _err(
                    f"{where}.type",
                    "ANNOUNCEMENT_INCONSISTENT",
                    f"only a 26 or a 52 can be announced, not {kind}",
                    value=kind,
                )
            contra = item.get("contra", 0)
            if contra is None:
                contra = 0
            contra = self._integer(f"{where}.contra", contra)
            if not 0 <= contra <= 3:
                raise _err(
                    f"{where}.contra",
                    "OUT_OF_RANGE",
                    f"the Contra level runs from 0 to {variant.contra_levels}, not {contra}",
                    value=contra,
                    minimum=0,
                    maximum=variant.contra_levels,
                )
            if contra > variant.contra_levels:
                raise _err(
                    f"{where}.contra",
                    "OPTION_DISABLED",
                    f"Contra level {contra} ({'Recontra' if contra == 2 else 'Supracontra'}) "
                    "needs contra_levels = 3",
                    option="contra_levels",
                    value=contra,
                )
            needed = [last] if kind == 26 else [last - 1, last]
            achieved = None if by_trick is None else all(by_trick.get(t) == player for t in needed)
            made = item.get("made")
            if made is None:
                if achieved is None:
                    raise _err(
                        f"{where}.made",
                        "ANNOUNCEMENT_INCONSISTENT",
                        f"say whether {player}'s {kind} was made",
                    )
                made = achieved
            if not isinstance(made, bool):
                raise _err(
                    f"{where}.made",
                    "ANNOUNCEMENT_INCONSISTENT",
                    f"made must be true or false, not {made!r}",
                    value=_shown(made),
                )
            if achieved is not None and made != achieved:
                tricks = " and ".join(str(t) for t in needed)
                raise _err(
                    f"{where}.made",
                    "ANNOUNCEMENT_INCONSISTENT",
                    f"{player}'s {kind} is entered as {'made' if made else 'failed'}, but the Do "
                    f"tricks say {player} {'won' if achieved else 'did not win'} trick {tricks} "
                    "with a Do",
                    player=player,
                    type=kind,
                )
            account = table.account_of[player]
            if any(a.account == account for a in found):
                raise _err(
                    where,
                    "ANNOUNCEMENT_INCONSISTENT",
                    f"{account} announced twice; each {self._unit_word(table)} may lay down "
                    "one 26 or 52",
                    account=account,
                )
            if made and any(a.made for a in found):
                raise _err(
                    f"{where}.made",
                    "ANNOUNCEMENT_INCONSISTENT",
                    "only one announcement can be made: both need the last trick",
                )
            if contract is None:
                stake = ANNOUNCED_MARKS[kind]
            else:
                stake = variant.suit_values[contract.suit] * (2 if kind == 52 else 1)
            found.append(Announcement(player, account, kind, contra, made, stake))
        return tuple(found)

    def _minimal_points(self, points: Mapping[str, Any], table: Table) -> None:
        """HS-V8 in the order of its rule (Scoring specification §3.6, §7): each a whole number
        ≥ 0 (``OUT_OF_RANGE``); Σ ≥ 78 (``SUM_MISMATCH``); Σ − 78 even (``PARITY``) and not one
        of the sums no deal gives (``UNREACHABLE_VALUE``); Σ ≤ 292 (``SUM_MISMATCH``). A single
        account above 292 is refused by the last rule: every deal point it has is in Σ."""
        for account in table.accounts:
            value = points[account]
            self._integer(f"points.{account}", value)
            if value < 0:
                raise _err(
                    f"points.{account}",
                    "OUT_OF_RANGE",
                    f"deal points of {account} cannot be negative, not {value}",
                    value=value,
                    minimum=0,
                )
        total = sum(points[a] for a in table.accounts)
        base = CARD_POINTS + LAST_TRICK
        if total < base:
            raise _err(
                "points",
                "SUM_MISMATCH",
                f"the deal points add up to {total}; every deal counts at least {base} "
                "(72 card points and 6 for the last trick)",
                total=total,
                expected=base,
                minimum=base,
                maximum=MAX_DEAL_POINTS,
            )
        if (total - base) % 2:
            raise _err(
                "points",
                "PARITY",
                f"the deal points add up to {total}; {total} − {base} = {total - base} is odd, "
                "but every declaration and Do bonus is even",
                total=total,
                extra=total - base,
            )
        if total - base in UNREACHABLE_EXTRAS:
            raise _err(
                "points",
                "UNREACHABLE_VALUE",
                f"no combination of declarations and Do bonuses adds {total - base} to the "
                f"{base} of a deal",
                value=total,
                extra=total - base,
            )
        if total > MAX_DEAL_POINTS:
            raise _err(
                "points",
                "SUM_MISMATCH",
                f"the deal points add up to {total}, more than the {MAX_DEAL_POINTS} a deal can "
                "give",
                total=total,
                expected=MAX_DEAL_POINTS,
                minimum=base,
                maximum=MAX_DEAL_POINTS,
            )

    def _claim(
        self,
        value: Any,
        pts: Mapping[str, int],
        announcements: Sequence[Announcement],
        confirm: bool,
        state: HundertspielState,
        table: Table,
        variant: Variant,
    ) -> Claim | None:
        """HS-V9: the claimant, the split of the deal at the claim, the claim reaches the target
        (or is confirmed false), and nothing carried when a 26/52 was announced (§34)."""
        if value is None:
            return None
        if not isinstance(value, Mapping):
            raise _err(
                "end",
                "SPLIT_INVALID",
                f"end must be {{claimant, old}}, not {value!r}",
            )
        unknown = [k for k in value if k not in ("claimant", "old", "new")]
        if unknown:
            raise _err(
                f"end.{unknown[0]}",
                "UNKNOWN_FIELD",
                f"end has no field {unknown[0]!r}; it takes claimant, old and new",
                value=_shown(unknown[0]),
            )
        raw = value.get("claimant")
        if raw is None:
            raise _err(
                "end.claimant",
                "MISSING_PLAYER",
                f"name who declared out ({', '.join(table.accounts)})",
                seats=list(table.accounts),
            )
        claimant = self._account(raw, table)
        if claimant is None:
            raise _err(
                "end.claimant",
                "UNKNOWN_PLAYER",
                f"{raw!r} is not a {self._unit_word(table)} ({', '.join(table.accounts)})",
                seats=[_shown(raw)],
            )
        splits: dict[str, dict[str, int]] = {}
        for part in ("old", "new"):
            given = value.get(part)
            if given is None:
                if part == "old":
                    raise _err(
                        "end.old",
                        "SPLIT_INVALID",
                        "enter what each side had counted in this deal up to the claim",
                    )
                continue
            self._keys(f"end.{part}", given, table)
            for account in table.accounts:
                self._integer(f"end.{part}.{account}", given[account])
            splits[part] = {a: given[a] for a in table.accounts}
        old = splits["old"]
        for account in table.accounts:
            if not 0 <= old[account] <= pts[account]:
                raise _err(
                    f"end.old.{account}",
                    "SPLIT_INVALID",
                    f"{account} counted {old[account]} before the claim, but the deal gave it "
                    f"{pts[account]} in all",
                    value=old[account],
                    minimum=0,
                    maximum=pts[account],
                )
        at = state.run[claimant] + old[claimant]
        if at < variant.target and not confirm:
            raise _err(
                "end.claimant",
                "CLAIM_BELOW_100",
                f"{claimant} had {state.run[claimant]} + {old[claimant]} = {at} at the claim, "
                f"less than {variant.target}; confirm_false_claim records a false claim (§30)",
                claimant=claimant,
                at=at,
                target=variant.target,
            )
        new = splits.get("new")
        if new is not None:
            rest = {a: pts[a] - old[a] for a in table.accounts}
            zero = not any(new.values())
            if announcements and not zero:
                raise _err(
                    "end.new",
                    "ALT_UND_NEU_FORBIDDEN",
                    "a 26 or 52 was announced in this deal, so nothing counts for the new "
                    "partie (§34)",
                )
            if not zero or not (announcements or not variant.alt_und_neu or at < variant.target):
                for account in table.accounts:
                    if new[account] != rest[account]:
                        raise _err(
                            f"end.new.{account}",
                            "SPLIT_INVALID",
                            f"{account}: the deal's {pts[account]} less {old[account]} before the "
                            f"claim leaves {rest[account]} for the new partie, not "
                            f"{new[account]}",
                            value=new[account],
                            expected=rest[account],
                        )
        return Claim(claimant, old, new)

    @staticmethod
    def _priority_winner(reached: Sequence[str], dealer: str, table: Table) -> str:
        """Of the accounts that reached the target without a claim, the one nearest Vorhand
        (§29; three players: Vorhand → Mittelhand → dealer, ambiguity C12)."""
        for seat in priority(table.seats, dealer):
            if table.account_of[seat] in reached:
                return table.account_of[seat]
        raise AssertionError("no account reached the target")

    # -- scoring ---------------------------------------------------------------------------------

    def apply(
        self,
        entry: Mapping[str, Any],
        state: HundertspielState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> Step:
        """Validate ``entry`` and score it (Scoring specification §3.7); returns the next step.

        The checks are cheap, so ``trusted=True`` still runs them all; it only drops the
        warnings. The state passed in is never changed. Raises:
            InvalidDeal: as :meth:`validate`.
        """
        deal, warnings = self._check(entry, state, variant)
        return _Scorer(state, variant).score(deal, () if trusted else warnings)


class _Scorer:
    """One deal's scoring: mutable copies of the state's figures, then a new frozen state."""

    def __init__(self, state: HundertspielState, variant: Variant) -> None:
        self.state = state
        self.variant = variant
        self.table = state.table
        self.run = dict(state.run)
        self.marks = dict(state.marks)
        self.partie = state.partie
        self.decided = state.parties_decided
        self.won = dict(state.parties_won)
        self.matsch = dict(state.matsch_wins)
        self.points_for = dict(state.points_for)
        self.events: list[Event] = []

    # Payments per player (§25–§26, §31–§33; three players: §52, §54).

    def _win(self, winner: str, amounts: Mapping[str, int]) -> None:
        """Each player of every opponent account pays ``amounts[opponent]`` to his opposite
        number: the winners' players each gain the sum (ambiguity C12, §7)."""
        for opponent, amount in amounts.items():
            for seat in self.table.members[opponent]:
                self.marks[seat] -= amount
        for seat in self.table.members[winner]:
            self.marks[seat] += sum(amounts.values())

    def _lose(self, loser: str, amount: int) -> None:
        """The loser's players each pay ``amount`` to each opponent account's player."""
        opponents = self.table.opponents(loser)
        for seat in self.table.members[loser]:
            self.marks[seat] -= amount * len(opponents)
        for opponent in opponents:
            for seat in self.table.members[opponent]:
                self.marks[seat] += amount

    def _settle_announcement(self, ann: Announcement, suit: str | None) -> None:
        marks = ann.stake * 2**ann.contra
        winners: tuple[str, ...]
        if ann.made:
            self._win(ann.account, dict.fromkeys(self.table.opponents(ann.account), marks))
            winners = (ann.account,)
        else:
            self._lose(ann.account, marks)
            winners = self.table.opponents(ann.account)
        self.events.append(
            Event(
                "announcement",
                (ann.player,),
                {
                    "type": ann.type,
                    "contra": ann.contra,
                    "made": ann.made,
                    "marks": marks,
                    "winners": list(winners),
                    "suit": suit,
                },
                SOURCE_ANNOUNCED,
            )
        )

    def _partie_won(self, winner: str, at: Mapping[str, int], by: str) -> None:
        """``winner`` wins the partie with the figures ``at``: one Marke from each opponent, two
        from one still below ``matsch_threshold`` (§25–§26)."""
        threshold = self.variant.matsch_threshold
        amounts = {o: 2 if at[o] < threshold else 1 for o in self.table.opponents(winner)}
        self._win(winner, amounts)
        matsch = [o for o, amount in amounts.items() if amount == 2]
        self.won[winner] += 1
        if matsch:
            self.matsch[winner] += 1
        self.events.append(
            Event(
                "partie_won",
                self.table.members[winner],
                {
                    "winner": winner,
                    "by": by,
                    "at": dict(at),
                    "matsch": bool(matsch),
                    "marks": sum(amounts.values()),
                    "partie": self.partie,
                },
                SOURCE_MATSCH if matsch else SOURCE_PARTIE,
            )
        )
        if matsch:
            seats = tuple(s for s in self.table.seats if self.table.account_of[s] in matsch)
            self.events.append(
                Event("matsch", seats, {"partie": self.partie, "at": dict(at)}, SOURCE_MATSCH)
            )
        self._next_partie()

    def _next_partie(self) -> None:
        self.decided += 1
        self.partie += 1

    def _decide_by_count(self, dealer: str) -> None:
        """C9: the partie is decided at the end of the deal when an account has reached the
        target; several → the one nearest Vorhand (§29); nothing carries over."""
        target = self.variant.target
        reached = [a for a in self.table.accounts if self.run[a] >= target]
        if not reached:
            return
        at = dict(self.run)
        by = "count"
        winner = reached[0]
        if len(reached) > 1:
            winner = Hundertspiel._priority_winner(reached, dealer, self.table)
            by = "vorhand"
            self.events.append(
                Event(
                    "vorhand_rule",
                    self.table.members[winner],
                    {"reached": reached, "winner": winner, "at": at},
                    SOURCE_VORHAND,
                )
            )
        self._partie_won(winner, at, by)
        self.run = dict.fromkeys(self.table.accounts, 0)

    def _claim(self, claim: Claim, deal: Deal) -> None:
        """§25, §30, §34: the claim decides the partie; the rest of the deal goes to the new one
        (alt und neu) unless a 26/52 was announced, the claim was false or the option is off."""
        assert deal.points is not None
        variant, table = self.variant, self.table
        claimant = claim.claimant
        at = {a: self.run[a] + claim.old[a] for a in table.accounts}
        new = {a: deal.points[a] - claim.old[a] for a in table.accounts}
        valid = at[claimant] >= variant.target
        forbidden = bool(deal.announcements)
        carry = valid and not forbidden and variant.alt_und_neu
        carried = new if carry else dict.fromkeys(table.accounts, 0)
        for account in table.accounts:
            self.points_for[account] += claim.old[account] + carried[account]
        self.events.append(
            Event(
                "claim",
                table.members[claimant],
                {
                    "claimant": claimant,
                    "at": at,
                    "old": dict(claim.old),
                    "new": carried,
                    "valid": valid,
                },
                SOURCE_PARTIE if valid else SOURCE_FALSE_CLAIM,
            )
        )
        if valid:
            self._partie_won(claimant, at, "claim")
        else:
            below = at[claimant] < variant.matsch_threshold
            amount = 2 if variant.false_claim_payment == "as_matsch_if_below_50" and below else 1
            self._lose(claimant, amount)
            opponents = table.opponents(claimant)
            self.events.append(
                Event(
                    "false_claim",
                    table.members[claimant],
                    {"at": at, "marks": amount, "partie": self.partie},
                    SOURCE_FALSE_CLAIM,
                )
            )
            if len(opponents) == 1:
                # Four players: the other party wins the partie (§30).
                self.won[opponents[0]] += 1
                self.events.append(
                    Event(
                        "partie_won",
                        table.members[opponents[0]],
                        {
                            "winner": opponents[0],
                            "by": "false_claim",
                            "at": at,
                            "matsch": False,
                            "marks": amount,
                            "partie": self.partie,
                        },
                        SOURCE_FALSE_CLAIM,
                    )
                )
            self._next_partie()
        if valid and (forbidden or not variant.alt_und_neu) and any(new.values()):
            self.events.append(
                Event(
                    "alt_und_neu",
                    (),
                    {"new": carried, "forbidden": forbidden, "discarded": new},
                    SOURCE_ALT_UND_NEU,
                )
            )
        elif carry and any(carried.values()):
            self.events.append(
                Event(
                    "alt_und_neu",
                    (),
                    {"new": carried, "forbidden": False, "discarded": None},
                    SOURCE_ALT_UND_NEU,
                )
            )
        self.run = dict(carried)
        assert deal.dealer is not None
        # Carried points that already reach the target decide the new partie too (C9).
        self._decide_by_count(deal.dealer)

    def _close(self) -> None:
        """§56, C14: the session ends; a partie still open is abandoned or, with
        ``unfinished_partie = leader_wins_single``, won by the account ahead (single Marke)."""
        if any(self.run.values()):
            top = max(self.run.values())
            leaders = [a for a in self.table.accounts if self.run[a] == top]
            if self.variant.unfinished_partie == "leader_wins_single" and len(leaders) == 1:
                winner = leaders[0]
                amounts = dict.fromkeys(self.table.opponents(winner), 1)
                self._win(winner, amounts)
                self.won[winner] += 1
                self.events.append(
                    Event(
                        "partie_won",
                        self.table.members[winner],
                        {
                            "winner": winner,
                            "by": "close",
                            "at": dict(self.run),
                            "matsch": False,
                            "marks": sum(amounts.values()),
                            "partie": self.partie,
                        },
                        SOURCE_CLOSE,
                    )
                )
                self._next_partie()
            else:
                self.events.append(
                    Event("partie_abandoned", (), {"at": dict(self.run)}, SOURCE_CLOSE)
                )
            self.run = dict.fromkeys(self.table.accounts, 0)
        self.events.append(
            Event("session_closed", (), {"deals": self.state.deals + 1}, SOURCE_CLOSE)
        )

    def score(self, deal: Deal, warnings: tuple[Warning, ...]) -> Step:
        state, table = self.state, self.table
        if deal.points is not None:
            points = dict(deal.points)
            self.events.append(
                Event(
                    "deal_points",
                    (),
                    {
                        "points": points,
                        "card_points": None
                        if deal.card_points is None
                        else {a: deal.card_points[a] for a in table.accounts},
                        "contract": None
                        if deal.contract is None
                        else {
                            "player": deal.contract.player,
                            "suit": deal.contract.suit,
                            "from_hand": deal.contract.from_hand,
                        },
                        "scat_points": deal.scat_points,
                    },
                    SOURCE_POINTS,
                )
            )
            suit = deal.contract.suit if deal.contract is not None else None
            for ann in deal.announcements:
                self._settle_announcement(ann, suit)
            if deal.silent is not None and self.variant.silent_26_pays_marks:
                player, kind = deal.silent
                account = table.account_of[player]
                if not any(a.account == account for a in deal.announcements):
                    marks = ANNOUNCED_MARKS[kind]
                    self._win(account, dict.fromkeys(table.opponents(account), marks))
                    self.events.append(
                        Event(
                            "silent_announcement",
                            (player,),
                            {"type": kind, "marks": marks},
                            SOURCE_SILENT,
                        )
                    )
            if deal.claim is not None:
                self._claim(deal.claim, deal)
            else:
                for account in table.accounts:
                    self.run[account] += points[account]
                    self.points_for[account] += points[account]
                assert deal.dealer is not None
                self._decide_by_count(deal.dealer)
        closed = state.closed or deal.close
        if deal.close and not state.closed:
            self._close()

        per_round = self.variant.parties_per_round
        unit_over = state.unit_over or closed or (per_round > 0 and self.decided >= per_round)
        unit = state.unit
        if unit_over and not state.unit_over:
            unit = freeze(
                {
                    "marks": freeze(dict(self.marks)),
                    "parties_won": freeze(dict(self.won)),
                    "matsch_wins": freeze(dict(self.matsch)),
                    "points_for": freeze(dict(self.points_for)),
                }
            )
            self.events.append(Event("unit_over", (), {"parties": self.decided}, SOURCE_UNIT))
        new = HundertspielState(
            seats=state.seats,
            variant=self.variant,
            deals=state.deals + 1,
            run=freeze(self.run),
            marks=freeze(self.marks),
            partie=self.partie,
            parties_decided=self.decided,
            parties_won=freeze(self.won),
            matsch_wins=freeze(self.matsch),
            points_for=freeze(self.points_for),
            dealer=deal.dealer if deal.dealer is not None else state.dealer,
            deal_points=None if deal.points is None else freeze(dict(deal.points)),
            closed=closed,
            unit_over=unit_over,
            unit=unit,
        )
        return Step(state=new, events=tuple(self.events), warnings=warnings)


HUNDERTSPIEL = Hundertspiel()
"""The module's singleton engine, registered as ``scoring.games["hundertspiel"]``."""
