"""Bauerchen, the Hessian variant (Löber 1965): validation and scoring of entered deals.

After the Scoring specification §2.10 ("offered as a separate game type, ``bauerchen_hessen``"),
which follows the Hessian section of ``sources/bauerchen.txt`` (Löber, *Beharrung und Bewegung im
Volksleben des Dillkreises*, 1965). Löber himself says the finer points are unknown, so the
confidence is low. Four players in two partnerships, partners diagonally: seats N E S W
clockwise, teams ``"NS"`` and ``"EW"``. 24 cards (A 10 K Q J 9), five each; the next card turned
up is trump; the Jacks are the highest trumps.

Units: *Striche* (each team starts a game with five, ``+++++``; the deal winner erases one, the
deal loser adds one), *games* (the first team down to no Strich gets a *Nullchen*) and
*Stauzewecke* (buns: each losing player owes one to the winners, so a game is +1 for each
winning player and −1 for each losing player in the ledger).

Entries are JSON-like dicts, either the deal's winner or who took each trick:

* ``{"winner_team": "NS"}``;
* ``{"trick_winners": ["NS", "EW", "EW", "EW", "EW"]}`` (teams or seats, tricks 1–5 in order).

Optional ``"dealer"`` (N/E/S/W; a warning when it breaks the clockwise rotation) and ``"trump"``
(the turned-up suit, for the record). Both forms at once must agree.

Deal win (§2.10): a team wins by taking **both of the first two tricks** or **all of the last
three**. The first two tricks are complete first, so they take precedence [R]; when tricks 1–2
and 3–5 are both split the deal has **no result** (a warning, nothing changes).

Event kinds (:class:`scoring.base.Event`; ``seats`` in seat order):

* ``"deal_won"`` — the team's seats; figures ``team``, ``how`` (``"first_two"``,
  ``"last_three"`` or ``"entered"``), ``striche`` (both teams' Striche after the deal).
* ``"no_result"`` — tricks 1–2 and 3–5 split; nothing changes.
* ``"nullchen"`` — the team's seats; figures ``team``, ``game`` (its number), ``ledger`` (the
  Stauzewecke each seat won or owes for it).
* ``"match_over"`` — ``games_per_match`` games are played.
* ``"unit_over"`` — the tournament unit (the match) is complete.

Tournament figures [R] (the source knows no tournaments): ``SeatResult.score`` = the seat's
Stauzewecke over the unit (more is better); tie-breaks ``"games_won"``, ``"deal_diff"`` (deals
won − deals lost by the seat's team), then ``"lot"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scoring.base import (
    Event,
    GameBase,
    InvalidDeal,
    Option,
    SeatResult,
    Step,
    Warning,
)
from scoring.bauerchen import OTHER, SEATS, TEAM_OF, TEAM_SEATS, TEAMS, parse_suit
from scoring.options import check_values, freeze, read_options

SOURCE_DEAL = "Bauerchen, Hessian variant, Scoring specification §2.10 (deal win)"
SOURCE_GAME = "Bauerchen, Hessian variant, Scoring specification §2.10 (Striche, Nullchen)"

TRICKS = 5
"""Five cards each, so five tricks a deal (§2.10)."""
START_STRICHE = 5
"""Each team chalks up five Striche at the start of a game (``+++++``, §2.10)."""
RANKS: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9")
"""The 24-card pack: a Skat pack without 7s and 8s (§2.10)."""

_ENTRY_KEYS = frozenset({"dealer", "winner_team", "trick_winners", "trump"})


def _shown(value: Any) -> Any:
    """``value`` as a JSON-ready parameter for a message."""
    return value if value is None or isinstance(value, bool | int | float | str) else repr(value)


def parse_team(value: Any) -> str | None:
    """``"NS"``/``"EW"`` from a team name (either order, any case) or a seat; else ``None``."""
    if not isinstance(value, str):
        return None
    text = value.strip().upper()
    if text in TEAM_OF:
        return TEAM_OF[text]
    if text in ("NS", "SN"):
        return "NS"
    if text in ("EW", "WE"):
        return "EW"
    return None


def deal_winner(tricks: Sequence[str]) -> tuple[str | None, str]:
    """The team that wins a deal from the five trick winners (teams, in trick order), and how:
    ``("NS", "first_two")``, ``("EW", "last_three")`` or ``(None, "no_result")``.

    Both of the first two tricks win, and they are complete first, so they take precedence over
    the last three (Scoring specification §2.10 [R])."""
    if tricks[0] == tricks[1]:
        return tricks[0], "first_two"
    if tricks[2] == tricks[3] == tricks[4]:
        return tricks[2], "last_three"
    return None, "no_result"


@dataclass(frozen=True)
class Variant:
    """The house rules of one Hessian Bauerchen session; fixed at the start.

    Raises:
        InvalidVariant: ``UNKNOWN_OPTION`` for an option the game does not have,
            ``INVALID_OPTION_VALUE`` for a value of the wrong type or out of range.
    """

    games_per_match: int = 1
    """Games (each ended by a Nullchen) in a match; the match, and the tournament unit, closes by
    itself after them (default 1; 0 = open-ended). The source knows no matches [R]."""

    def __post_init__(self) -> None:
        check_values(self, integers={"games_per_match": 0})

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Variant:
        """The variant from JSON options; missing options take their defaults.

        Raises:
            InvalidVariant: an unknown option, or as :class:`Variant`.
        """
        return cls(**read_options(cls, options))

    def as_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data."""
        return {"games_per_match": self.games_per_match}


def _zero(keys: Sequence[str]) -> Mapping[str, int]:
    return freeze(dict.fromkeys(keys, 0))


@dataclass(frozen=True)
class HessenState:
    """The derived state of one table after a deal; immutable. Team mappings are keyed
    ``"NS"``, ``"EW"``; the ledger by seat."""

    seats: tuple[str, ...] = SEATS
    """``("N", "E", "S", "W")``, clockwise."""
    deals: int = 0
    """Deals entered so far, no-results included."""
    striche: Mapping[str, int] = field(
        default_factory=lambda: freeze(dict.fromkeys(TEAMS, START_STRICHE))
    )
    """Striche of the current game (5 : 5 at its start; 0 ends it)."""
    game_no: int = 1
    """The current game's number, 1-based."""
    games_won: Mapping[str, int] = field(default_factory=lambda: _zero(TEAMS))
    """Nullchen (games won) per team."""
    ledger: Mapping[str, int] = field(default_factory=lambda: _zero(SEATS))
    """Stauzewecke per seat: +1 for each game won, −1 for each game lost."""
    deals_won: Mapping[str, int] = field(default_factory=lambda: _zero(TEAMS))
    """Deals won per team (a no-result counts for nobody)."""
    no_results: int = 0
    """Deals without a result (tricks 1–2 and 3–5 split)."""
    dealer: str | None = None
    """The last deal's dealer, when entered."""
    match_over: bool = False
    """True once ``games_per_match`` games are played; a further deal is ``MATCH_OVER``."""
    unit_over: bool = False
    """The tournament unit (the match) is complete."""

    @property
    def teams(self) -> tuple[str, ...]:
        """``("NS", "EW")``."""
        return TEAMS

    @property
    def team_seats(self) -> Mapping[str, tuple[str, str]]:
        """Each team's two seats: ``{"NS": ("N", "S"), "EW": ("E", "W")}``."""
        return TEAM_SEATS

    def next_dealer(self) -> str | None:
        """Who deals next when the last dealer is known: the seat on his left, clockwise."""
        if self.dealer is None:
            return None
        return SEATS[(SEATS.index(self.dealer) + 1) % 4]

    def result(self) -> tuple[SeatResult, ...]:
        """Per seat, in seat order: its Stauzewecke, and its team's ``games_won`` and
        ``deal_diff`` (deals won − lost) as tie-break figures."""
        results = []
        for seat in self.seats:
            team = TEAM_OF[seat]
            figures = {
                "games_won": self.games_won[team],
                "deal_diff": self.deals_won[team] - self.deals_won[OTHER[team]],
            }
            results.append(SeatResult(seat=seat, score=self.ledger[seat], figures=figures))
        return tuple(results)

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data."""
        return {
            "striche": dict(self.striche),
            "game_no": self.game_no,
            "games_won": dict(self.games_won),
            "ledger": dict(self.ledger),
            "deals_won": dict(self.deals_won),
            "no_results": self.no_results,
            "deals": self.deals,
            "dealer": self.dealer,
            "match_over": self.match_over,
            "unit_over": self.unit_over,
        }


class BauerchenHessen(GameBase):
    """The Hessian Bauerchen engine (``bauerchen_hessen``), after Scoring specification §2.10."""

    key: ClassVar[str] = "bauerchen_hessen"
    partnerships: ClassVar[bool] = True
    name: ClassVar[str] = "Bauerchen (Hessian variant)"
    table_sizes: ClassVar[tuple[int, ...]] = (4,)
    metric_ascending: ClassVar[bool] = False
    """Stauzewecke: more is better."""
    tiebreaks: ClassVar[tuple[str, ...]] = ("games_won", "deal_diff", "lot")
    fewest_first: ClassVar[frozenset[str]] = frozenset()
    bye_score: ClassVar[int] = 0
    """A bye neither wins nor owes a Stauzeweck."""
    last_place_title: ClassVar[str | None] = None

    def variant(self, options: Mapping[str, Any] | None = None) -> Variant:
        """The house rules from JSON options.

        Raises:
            InvalidVariant: an unknown option or a bad value.
        """
        return Variant.from_options(options)

    def table_size(self, variant: Variant) -> int:
        """Always 4: two partnerships of two (§2.10)."""
        return 4

    def options(self) -> tuple[Option, ...]:
        """``games_per_match`` (default 1, minimum 0)."""
        return (Option("games_per_match", 1, (), 0),)

    def seats(self, count: int) -> tuple[str, ...]:
        """Seat labels N, E, S, W, clockwise.

        Raises:
            ValueError: ``count`` is not 4.
        """
        if count not in self.table_sizes:
            raise ValueError(f"Hessian Bauerchen is played by 4 players, not {count!r}")
        return SEATS

    def initial(self, seats: Sequence[str], variant: Variant) -> HessenState:
        """The state before the first deal: five Striche each, game 1.

        Raises:
            ValueError: seats other than N, E, S, W.
        """
        if tuple(seats) != SEATS:
            raise ValueError(f"Hessian Bauerchen seats are N, E, S, W, not {seats!r}")
        return HessenState()

    # -- validation ------------------------------------------------------------------------------

    def validate(
        self, entry: Mapping[str, Any], state: HessenState, variant: Variant
    ) -> tuple[Warning, ...]:
        """Check one raw entry against the state before it.

        Returns the warnings: ``DEALER_ROTATION``, ``NO_RESULT`` (tricks 1–2 and 3–5 split; the
        deal changes nothing). Raises:
            InvalidDeal: ``INVALID_ENTRY``, ``UNKNOWN_FIELD`` (the entry's shape);
                ``UNKNOWN_PLAYER`` (``dealer``, ``winner_team``, ``trick_winners.i``);
                ``OUT_OF_RANGE`` (``trump``); ``TRICK_COUNT_MISMATCH`` (not five trick
                winners); ``MISSING_PLAYER`` (no winner in any form); ``MINIMAL_FULL_MISMATCH``
                (``winner_team`` ≠ the winner of the tricks); ``MATCH_OVER``.
        """
        return self._check(entry, state)[1]

    def _check(
        self, entry: Mapping[str, Any], state: HessenState
    ) -> tuple[tuple[str | None, str, str | None], tuple[Warning, ...]]:
        """``((winner, how, dealer), warnings)``; raises :class:`InvalidDeal` as
        :meth:`validate`."""
        if not isinstance(entry, Mapping):
            raise InvalidDeal(
                "deal", "INVALID_ENTRY", f"a deal must be an object, not {_shown(entry)!r}"
            )
        for key in entry:
            if key not in _ENTRY_KEYS:
                raise InvalidDeal(
                    str(key),
                    "UNKNOWN_FIELD",
                    f"unknown field {key!r}; known: {', '.join(sorted(_ENTRY_KEYS))}",
                    value=str(key),
                )
        warnings: list[Warning] = []
        dealer = entry.get("dealer")
        if dealer is not None:
            if not isinstance(dealer, str) or dealer.strip().upper() not in SEATS:
                raise InvalidDeal(
                    "dealer",
                    "UNKNOWN_PLAYER",
                    f"dealer {dealer!r} is not a seat (N, E, S, W)",
                    value=_shown(dealer),
                )
            dealer = dealer.strip().upper()
            expected = state.next_dealer()
            if expected is not None and dealer != expected:
                warnings.append(
                    Warning(
                        "dealer",
                        "DEALER_ROTATION",
                        f"{dealer} dealt, but {expected} (left of the last dealer) deals next",
                    )
                )
        if entry.get("trump") is not None and parse_suit(entry["trump"]) is None:
            raise InvalidDeal(
                "trump",
                "OUT_OF_RANGE",
                f"trump must be a suit (♣ ♠ ♥ ♦ or C S H D), not {entry['trump']!r}",
                value=_shown(entry["trump"]),
            )
        given = None
        if entry.get("winner_team") is not None:
            given = parse_team(entry["winner_team"])
            if given is None:
                raise InvalidDeal(
                    "winner_team",
                    "UNKNOWN_PLAYER",
                    f"{entry['winner_team']!r} is not a team (NS, EW)",
                    value=_shown(entry["winner_team"]),
                )
        winner, how = given, "entered"
        raw = entry.get("trick_winners")
        if raw is not None:
            tricks = self._check_tricks(raw)
            winner, how = deal_winner(tricks)
            if given is not None and given != winner:
                raise InvalidDeal(
                    "winner_team",
                    "MINIMAL_FULL_MISMATCH",
                    f"the tricks {'give no result' if winner is None else f'are won by {winner}'}"
                    f", not by {given}",
                    value=given,
                    expected=winner,
                )
            if winner is None:
                warnings.append(
                    Warning(
                        "trick_winners",
                        "NO_RESULT",
                        "neither team took both of the first two tricks or all of the last "
                        "three: the deal changes nothing",
                    )
                )
        elif given is None:
            raise InvalidDeal(
                "winner_team",
                "MISSING_PLAYER",
                "enter the team that won the deal (winner_team) or the five trick winners",
            )
        if state.match_over:
            raise InvalidDeal(
                "deal",
                "MATCH_OVER",
                "the match is over; no more deals can be entered",
                games=state.game_no - 1,
            )
        return (winner, how, dealer), tuple(warnings)

    @staticmethod
    def _check_tricks(raw: Any) -> list[str]:
        """Exactly five trick winners, each a team (or a seat of it); returns the teams."""
        if not isinstance(raw, list | tuple):
            raise InvalidDeal(
                "trick_winners",
                "INVALID_ENTRY",
                f"trick_winners must be a list of five teams, not {_shown(raw)!r}",
            )
        if len(raw) != TRICKS:
            raise InvalidDeal(
                "trick_winners",
                "TRICK_COUNT_MISMATCH",
                f"a deal has {TRICKS} tricks, not {len(raw)}",
                total=len(raw),
                expected=TRICKS,
            )
        tricks = []
        for index, value in enumerate(raw):
            team = parse_team(value)
            if team is None:
                raise InvalidDeal(
                    f"trick_winners.{index}",
                    "UNKNOWN_PLAYER",
                    f"{value!r} is not a team (NS, EW) or a seat",
                    value=_shown(value),
                )
            tricks.append(team)
        return tricks

    # -- scoring ---------------------------------------------------------------------------------

    def apply(
        self,
        entry: Mapping[str, Any],
        state: HessenState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> Step:
        """Validate ``entry`` and score it (§2.10); returns the next step. A ``trusted`` entry is
        validated all the same (the checks are cheap); only its warnings are dropped.

        Raises:
            InvalidDeal: as :meth:`validate`.
        """
        (winner, how, dealer), warnings = self._check(entry, state)
        if trusted:
            warnings = ()
        striche = dict(state.striche)
        games_won = dict(state.games_won)
        ledger = dict(state.ledger)
        deals_won = dict(state.deals_won)
        game_no, match_over = state.game_no, state.match_over
        events: list[Event] = []
        if winner is None:
            events.append(Event("no_result", (), {}, SOURCE_DEAL))
        else:
            loser = OTHER[winner]
            # The winner erases a Strich ("en Strich aus"), the loser adds one ("en Strich oo").
            striche[winner] -= 1
            striche[loser] += 1
            deals_won[winner] += 1
            events.append(
                Event(
                    "deal_won",
                    TEAM_SEATS[winner],
                    {"team": winner, "how": how, "striche": dict(striche)},
                    SOURCE_DEAL,
                )
            )
            if striche[winner] == 0:
                # Nullchen: each losing player owes one Stauzeweck to the winners.
                games_won[winner] += 1
                owed = {seat: 1 if TEAM_OF[seat] == winner else -1 for seat in SEATS}
                for seat, amount in owed.items():
                    ledger[seat] += amount
                events.append(
                    Event(
                        "nullchen",
                        TEAM_SEATS[winner],
                        {"team": winner, "game": game_no, "ledger": owed},
                        SOURCE_GAME,
                    )
                )
                striche = dict.fromkeys(TEAMS, START_STRICHE)
                game_no += 1
                if variant.games_per_match and game_no > variant.games_per_match:
                    match_over = True
                    events.append(Event("match_over", (), {"games": game_no - 1}, SOURCE_GAME))
                    events.append(Event("unit_over", (), {"unit": "match"}, SOURCE_GAME))
        new = HessenState(
            seats=state.seats,
            deals=state.deals + 1,
            striche=freeze(striche),
            game_no=game_no,
            games_won=freeze(games_won),
            ledger=freeze(ledger),
            deals_won=freeze(deals_won),
            no_results=state.no_results + (1 if winner is None else 0),
            dealer=dealer if dealer is not None else state.next_dealer(),
            match_over=match_over,
            unit_over=match_over,
        )
        return Step(state=new, events=tuple(events), warnings=warnings)


BAUERCHEN_HESSEN = BauerchenHessen()
"""The module's singleton engine, ``scoring.games["bauerchen_hessen"]``."""
