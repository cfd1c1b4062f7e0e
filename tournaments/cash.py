"""The cash report (a read): the entry fees taken at the door, those still due, the prizes paid
out and what the box should hold. Amounts are ``Decimal`` euros; the writes are
:mod:`tournaments.services.cash`, the prizes paid out are the prize list's cash awards
(:mod:`tournaments.prizes`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from tournaments.models import Player, Tournament
from tournaments.names import sort_key
from tournaments.prizes import PrizeList, prize_list

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Payout:
    """One cash prize paid out of the box."""

    label: str
    """What it is for, in words ("1. Platz", "Bollenkönig")."""
    name: str
    """Who received it."""
    amount: Decimal
    """Euros."""


@dataclass(frozen=True)
class CashReport:
    """What the box took and paid, and what it should hold. The prizes are read only when asked
    for (:attr:`prize_list`): the desk's cash line shows the fees alone."""

    tournament: Tournament
    entry_fee: Decimal
    """The tournament's fee a player, in euros (0: no fee, nobody is due)."""
    players: int
    """The players registered."""
    paid: list[Player]
    """The players who paid (``fee_paid`` set, 0.00 for one who plays free), by name."""
    due: list[Player]
    """The players still due (none when there is no fee), by name; each owes :attr:`entry_fee`."""
    everybody: list[Player]
    """All the players registered, by name."""

    @cached_property
    def prize_list(self) -> PrizeList:
        """The prize list's cash read against the standings (:func:`tournaments.prizes.prize_list`,
        cash only)."""
        return prize_list(self.tournament, self.everybody, cash_only=True)

    @property
    def prizes(self) -> list[Payout]:
        """The cash prizes paid out (:func:`payouts`)."""
        return payouts(self.prize_list)

    @property
    def kept(self) -> bool:
        """Whether the tournament keeps a cash box: it has a fee, or somebody paid one (the
        desk's player list shows the fees then)."""
        return self.entry_fee > 0 or bool(self.paid)

    @property
    def fees_in(self) -> Decimal:
        return sum((p.fee_paid for p in self.paid), ZERO)

    @property
    def by_amount(self) -> list[tuple[Decimal, int, Decimal]]:
        """The fees taken, per amount (highest first): ``(amount, players, total)``, as the box
        is counted ("5 × 5,00 € = 25,00 €")."""
        counts = Counter(p.fee_paid for p in self.paid)
        return [(amount, n, amount * n) for amount, n in sorted(counts.items(), reverse=True)]

    @property
    def due_total(self) -> Decimal:
        return self.entry_fee * len(self.due)

    @property
    def prizes_out(self) -> Decimal:
        return sum((p.amount for p in self.prizes), ZERO)

    @property
    def balance(self) -> Decimal:
        """What the box should hold: fees in − prizes out (euros; negative when the prizes
        paid exceed the fees taken)."""
        return self.fees_in - self.prizes_out


def payouts(listing: PrizeList) -> list[Payout]:
    """The cash awards of ``listing`` as they are paid out of the box: place prizes by place,
    then the special prizes in the list's order (a team's prize as one line, to the team)."""
    return [Payout(award.title, award.who, award.cash) for award in listing.payouts]


def prize_payouts(tournament: Tournament) -> list[Payout]:
    """The cash prizes paid out of the box by the prize list and the standings (none before a
    deal counts, none for a place that waits for a Stechen)."""
    return payouts(prize_list(tournament, cash_only=True))


def fee_due(tournament: Tournament, player: Player) -> bool:
    """Whether ``player`` of ``tournament`` still owes the entry fee."""
    return player.fee_paid is None and tournament.entry_fee > 0


def cash_report(tournament: Tournament, players: Iterable[Player] | None = None) -> CashReport:
    """The cash report of ``tournament``: one query for its players unless they are given
    (``players``: all of them), plus the prize list's once the prizes are asked for."""
    if players is None:
        players = tournament.players.all()
    players = sorted(players, key=lambda p: sort_key(p.name))
    return CashReport(
        tournament=tournament,
        entry_fee=tournament.entry_fee,
        players=len(players),
        paid=[p for p in players if p.fee_paid is not None],
        due=[p for p in players if fee_due(tournament, p)],
        everybody=players,
    )
