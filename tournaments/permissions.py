"""Who may do what: the one place that decides, for every page and every write.

Four roles per tournament, and the superuser above them:

* **owner** – the account that created the tournament (``Tournament.organiser``);
* **co-organiser** – an account the owner invited (``Tournament.co_organisers``);
* **captain** – whoever holds the private link of a table or of one of its seats. A link is no
  account: it opens only its own table (``tournaments.tables.table_link``), enters, corrects and
  confirms that table's deals, and only while its round is open;
* **public** – everybody else, logged in or not: the tournament's public pages, and only while
  the organiser has published them (``Tournament.public``).

=====================  ======  =========  ============  =====  ==========
action                 public  captain    co-organiser  owner  superuser
=====================  ======  =========  ============  =====  ==========
``view_public``        if on   if on      yes           yes    yes
``view_desk``          –       –          yes           yes    yes
``write``              –       –          yes           yes    yes
``renew_links``        –       –          yes           yes    yes
``finish``             –       –          yes           yes    yes
``manage_organisers``  –       –          –             yes    yes
``restore``            –       –          –             yes    yes
``enter_deal``         –       own table  any table     yes    yes
=====================  ======  =========  ============  =====  ==========

``view_desk`` covers the organiser's pages (desk, round dashboards, table cards, audit log,
documents); ``write`` every organiser's write (registration, check-in, teams, settings, draws,
seat swaps, locks, documents, backups and exports). Only the owner invites and removes
co-organisers, and only the owner may replace a tournament's data by a backup or an import
(``restore``): both change who controls the tournament or everything it holds at once.
Co-organisers run the evening in every other respect, finishing it included (a finished
tournament is read-only for everybody). ``enter_deal`` stands for entering, correcting and
confirming deals at a table; an organiser does it through the table's link, which works for him
as for a captain (and his word counts without a player's confirmation).

**Series and the player register** (issue 19, part 3) reach across tournaments. A series is its
organiser's (``Series.organiser``, the account that made it) and superusers': nobody else sees
its desk page (404). A tournament is put into a series or taken out by whoever may ``write`` in it
(:func:`may_assign`), and only into a series he may edit. The register at the desk lists the
people who played in a tournament the user organises (owner or co-organiser; superusers: all);
two entries are merged only by whoever may ``write`` in every tournament either of them played
(:func:`may_merge`), since the merge changes every series those tournaments count for. The
public series page is everybody's and shows only tournaments whose public pages are on.

Pages refuse in two ways: a tournament's desk answers 404 to anybody who is neither organiser
nor superuser, so that a stranger learns nothing about it; a co-organiser asking for an
owner-only page gets 403 (see ``tournaments.views.desk.organiser_tournament``).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tournaments.models import Seat, Series, Table, Tournament


class Role(enum.StrEnum):
    """A user's role in one tournament (the captain is a link, not a user: see
    :func:`captain_may`)."""

    SUPERUSER = "superuser"
    OWNER = "owner"
    CO_ORGANISER = "co_organiser"
    PUBLIC = "public"


class Action(enum.StrEnum):
    """What a request wants to do (the table in the module's docstring)."""

    VIEW_PUBLIC = "view_public"
    VIEW_DESK = "view_desk"
    WRITE = "write"
    RENEW_LINKS = "renew_links"
    FINISH = "finish"
    MANAGE_ORGANISERS = "manage_organisers"
    RESTORE = "restore"
    ENTER_DEAL = "enter_deal"


ORGANISERS = frozenset({Role.SUPERUSER, Role.OWNER, Role.CO_ORGANISER})
OWNERS = frozenset({Role.SUPERUSER, Role.OWNER})

ALLOWED: dict[Action, frozenset[Role]] = {
    Action.VIEW_PUBLIC: ORGANISERS,  # and everybody while the pages are published
    Action.VIEW_DESK: ORGANISERS,
    Action.WRITE: ORGANISERS,
    Action.RENEW_LINKS: ORGANISERS,
    Action.FINISH: ORGANISERS,
    Action.MANAGE_ORGANISERS: OWNERS,
    Action.RESTORE: OWNERS,
    Action.ENTER_DEAL: ORGANISERS,  # and the captain of the table: see captain_may
}
"""The roles allowed each action, apart from the public pages and the captains' links."""

CAPTAIN_ACTIONS = frozenset({Action.VIEW_PUBLIC, Action.ENTER_DEAL})


def role(user: Any, tournament: Tournament) -> Role:
    """``user``'s role in ``tournament``: ``OWNER`` for its organiser, ``SUPERUSER`` for any other
    superuser, ``CO_ORGANISER`` for an account the owner invited, ``PUBLIC`` for everybody else
    (anonymous included). One query for a logged-in user who is neither owner nor superuser,
    none otherwise."""
    if user is None or not user.is_authenticated:
        return Role.PUBLIC
    if user.pk == tournament.organiser_id:
        return Role.OWNER
    if user.is_superuser:
        return Role.SUPERUSER
    if tournament.co_organisers.filter(pk=user.pk).exists():
        return Role.CO_ORGANISER
    return Role.PUBLIC


def role_may(the_role: Role, action: Action | str, tournament: Tournament) -> bool:
    """Whether ``the_role`` may do ``action`` in ``tournament`` (the public pages are open to
    everybody while ``tournament.public`` is on). Raises ``ValueError`` for an unknown action."""
    action = Action(action)
    if action is Action.VIEW_PUBLIC and tournament.public:
        return True
    return the_role in ALLOWED[action]


def may(user: Any, action: Action | str, tournament: Tournament) -> bool:
    """Whether ``user`` (a user or ``AnonymousUser``) may do ``action`` in ``tournament``.
    Raises ``ValueError`` for an unknown action."""
    action = Action(action)
    if action is Action.VIEW_PUBLIC and tournament.public:
        return True  # without asking for the role (a query)
    return role_may(role(user, tournament), action, tournament)


def captain_may(table: Table, action: Action | str) -> bool:
    """Whether the holder of ``table``'s link (or of one of its seats' links) may do ``action``
    there: read its public pages when published, and enter, correct and confirm the table's
    deals while its round is open (not locked, tournament not finished). The link reaches no
    other table. Raises ``ValueError`` for an unknown action."""
    action = Action(action)
    if action is Action.VIEW_PUBLIC:
        return table.round.tournament.public
    return action in CAPTAIN_ACTIONS and table.round.open


def link_may_enter(user: Any, table: Table, seat: Seat | None) -> bool:
    """Whether deals may be entered, corrected and undone at ``table`` through a link by
    ``user`` (the link's round being open, :func:`captain_may`): a seat's own link of this table
    always; the table's link (``seat`` None) while the tournament needs no confirmation by the
    players, and for its organisers always."""
    if seat is not None:
        return seat.table_id == table.pk
    tournament = table.round.tournament
    return not tournament.confirmation_required or may(user, Action.WRITE, tournament)


def link_may_confirm(
    user: Any, table: Table, seat: Seat | None, entered_seat_id: int | None
) -> bool:
    """Whether a deal entered from the seat ``entered_seat_id`` (None: by the organiser) may be
    confirmed at ``table`` through a link by ``user``: from another seat's own link of the table,
    or by an organiser without a seat; never by the seat that entered it."""
    if seat is not None:
        return seat.table_id == table.pk and seat.pk != entered_seat_id
    return may(user, Action.WRITE, table.round.tournament)


def may_edit_series(user: Any, series: Series) -> bool:
    """Whether ``user`` may see and change ``series`` at the desk: its organiser and
    superusers. No query."""
    if user is None or not user.is_authenticated:
        return False
    return user.is_superuser or user.pk == series.organiser_id


def may_assign(user: Any, tournament: Tournament) -> bool:
    """Whether ``user`` may put ``tournament`` into a series or take it out: whoever may
    ``write`` in it (finished or not: last year's championship joins the series too)."""
    return may(user, Action.WRITE, tournament)


def may_merge(user: Any, tournaments: Iterable[Tournament]) -> bool:
    """Whether ``user`` may merge two entries of the register whose players played
    ``tournaments``: he may ``write`` in every one of them."""
    if user is None or not user.is_authenticated:
        return False
    return all(may(user, Action.WRITE, t) for t in tournaments)
