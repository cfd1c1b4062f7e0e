"""The organiser's desk (login required, the tournament's organisers only; who may do what is
decided by ``tournaments.permissions`` through :func:`organiser_tournament`): the tournament with
its players, teams and rounds, the settings, the round dashboard with the table cards, the audit
log and the printed results. Every write goes through ``tournaments.services`` with
``by=request.user``; a refused write re-renders its page with status 400 and changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import segno
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.db.models import Count, Max, Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import permissions, services
from tournaments.audit_words import change_words
from tournaments.cash import cash_report, fee_due
from tournaments.forms import (
    UNDRAW_IDS,
    AuditFilterForm,
    CheckInForm,
    DrawForm,
    LockForm,
    PlayerForm,
    PlayerListForm,
    ReplaceForm,
    RoundClockForm,
    SettingsForm,
    SwapForm,
    TeamForm,
    TeamNameForm,
    TournamentForm,
    UndrawForm,
    room_forms,
)
from tournaments.hidden import hidden_through
from tournaments.links import phones_cannot_reach, public_url
from tournaments.messages import score_words
from tournaments.models import (
    AuditEntry,
    Player,
    PushState,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
)
from tournaments.names import sort_key
from tournaments.printing.documents import DIRECT_PLAYERS
from tournaments.printing.result_sheet import result_sheet_pdf
from tournaments.selectors import ordered_seats
from tournaments.templatetags.money import euros
from tournaments.views.common import apply_errors, partial

IDLE_MINUTES = 10
"""A table without a new deal for this long is highlighted on the round dashboard."""

AUDIT_PAGE_SIZE = 100


def organiser_tournament(
    request: HttpRequest, slug: str, action: permissions.Action | str | None = None
) -> Tournament:
    """The tournament at ``slug`` if the logged-in user may do ``action`` there (by default
    ``view_desk`` for a GET or HEAD, ``write`` for any other method; see
    ``tournaments.permissions``). Raises ``Http404`` for anybody who organises it in no role, so
    that a stranger learns nothing about it, and ``PermissionDenied`` (403) for a co-organiser
    asking for an owner-only action such as ``manage_organisers`` or ``restore``."""
    tournament = get_object_or_404(Tournament.objects.select_related("organiser"), slug=slug)
    if action is None:
        safe = request.method in ("GET", "HEAD")
        action = permissions.Action.VIEW_DESK if safe else permissions.Action.WRITE
    role = permissions.role(request.user, tournament)
    if not permissions.role_may(role, action, tournament):
        if permissions.role_may(role, permissions.Action.VIEW_DESK, tournament):
            raise PermissionDenied
        raise Http404
    return tournament


def _write(
    request: HttpRequest,
    tournament: Tournament,
    form: forms.Form,
    act: Callable[[dict[str, Any]], HttpResponse],
    page: Callable[[forms.Form], HttpResponse],
    *,
    shown: bool = True,
) -> HttpResponse:
    """One organiser's post: a valid ``form`` goes to ``act``, which writes through a service and
    answers. Otherwise ``page(form)`` re-renders the page (status 400) with the errors beside the
    form's fields when the page shows the form (``shown``; a finished tournament shows none), as
    messages at the top when it does not."""
    if form.is_valid():
        try:
            return act(form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
    if not shown or tournament.finished:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return page(form)


# --- tournaments ---------------------------------------------------------------------------


@login_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.annotate(player_count=Count("players"))
    if not request.user.is_superuser:
        co_organised = request.user.co_organised_tournaments.values("pk")
        tournaments = tournaments.filter(Q(organiser=request.user) | Q(pk__in=co_organised))
    return render(request, "tournaments/tournament_list.html", {"tournaments": tournaments})


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(
                organiser=request.user, **form.tournament_fields()
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Tournament created. Now register the players."))
            return redirect(tournament)
    return render(request, "tournaments/tournament_form.html", {"form": form})


def _late_names(tournament: Tournament, rounds: list[Round]) -> set[str]:
    """The names of the players registered after the first round was drawn (from the audit
    log: one query)."""
    if not rounds:
        return set()
    names: set[str] = set()
    for subject, after in tournament.audit_entries.filter(
        action=AuditEntry.Action.PLAYER_ADD, created_at__gt=rounds[0].drawn_at
    ).values_list("subject", "after"):
        names.update(after if isinstance(after, list) else [subject])
    return names


def _organiser_player(request: HttpRequest, slug: str, pk: int) -> tuple[Tournament, Player]:
    """The organiser's tournament at ``slug`` and its player ``pk``; 404 otherwise."""
    tournament = organiser_tournament(request, slug)
    return tournament, get_object_or_404(Player, pk=pk, tournament=tournament)


def _at(tournament: Tournament, section: str) -> HttpResponse:
    """Back to the desk at ``section`` (``players``, ``teams``), where the organiser was."""
    return redirect(f"{tournament.get_absolute_url()}#{section}")


def _at_player(tournament: Tournament, player: Player) -> HttpResponse:
    """Back to the desk at ``player``'s row of the player list."""
    return redirect(f"{tournament.get_absolute_url()}#player-{player.pk}")


def _drawable(tournament: Tournament, players: Iterable[Player]) -> list[Player]:
    """The players the next draw would seat, in the desk's order."""
    ids = set(services.drawable_players(tournament))
    return [p for p in players if p.pk in ids]


def _push(tournament: Tournament) -> dict[str, Any] | None:
    """What the desk says of the feed to the public site (docs/deploy.md): its host, the
    :class:`PushState` (None before the first attempt), whether the site holds the version now;
    None for an installation without a feed (one query with one)."""
    if not settings.PUSH_URL:
        return None
    state = PushState.objects.filter(tournament=tournament).first()
    return {
        "site": urlsplit(settings.PUSH_URL).netloc,
        "state": state,
        "current": state is not None and state.pushed_version == tournament.version,
        "seconds": settings.PUSH_SECONDS,
    }


def _tournament_page(
    request: HttpRequest, tournament: Tournament, *, status: int = 200, **bound: forms.Form
) -> HttpResponse:
    """The desk: status, players (with check-in, withdrawal, team), teams, rounds and the forms
    (a form in ``bound``, e.g. one with errors, replaces the fresh one)."""
    players = sorted(tournament.players.select_related("team"), key=lambda p: sort_key(p.name))
    rounds = list(
        tournament.rounds.annotate(
            table_count=Count("tables", distinct=True),
            complete_count=Count("tables", filter=Q(tables__complete=True), distinct=True),
            bye_count=Count("byes", distinct=True),
        )
    )
    teams_allowed = tournament.teams_allowed
    teams: dict[Any, list[Player]] = {}
    for player in players:
        if player.team is not None:
            teams.setdefault(player.team, []).append(player)
    last = rounds[-1] if rounds else None
    cash = cash_report(tournament, players)
    context = {
        "tournament": tournament,
        "players": players,
        "cash": cash if cash.kept else None,
        "start_numbers": any(p.start_number is not None for p in players),
        "villages": any(p.village for p in players),
        "birth_years": any(p.birth_year is not None for p in players),
        "hidden_through": hidden_through(tournament, last.number if last else None),
        "push": _push(tournament),
        "late": _late_names(tournament, rounds),
        "rounds": rounds,
        "last_round": last,
        "previous_incomplete": last is not None
        and last.status in (Round.Status.DRAWN, Round.Status.PLAYING),
        "teams_allowed": teams_allowed,
        "teams": sorted(teams.items(), key=lambda item: item[0].name),
        "player_form": PlayerForm(),
        "list_form": PlayerListForm(),
        "draw_form": DrawForm(
            players=_drawable(tournament, players),
            initial={"allow_byes": last is not None and last.bye_count > 0},
        ),
        "team_form": TeamForm(players=[p for p in players if p.team is None])
        if teams_allowed
        else None,
        **room_forms(tournament),
    }
    context.update(bound)
    return render(request, "tournaments/tournament_detail.html", context, status=status)


@login_required
def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """The desk of one tournament."""
    return _tournament_page(request, organiser_tournament(request, slug))


def _desk_write(
    request: HttpRequest,
    tournament: Tournament,
    form: forms.Form,
    act: Callable[[dict[str, Any]], HttpResponse],
    context_key: str | None = None,
) -> HttpResponse:
    """A post from the desk, written by ``act``; refused, the desk again with the form as
    ``context_key`` (errors beside its fields), or with the errors as messages for a form the
    desk does not show as such (one per player; ``context_key`` None)."""

    def page(bound: forms.Form) -> HttpResponse:
        extra = {context_key: bound} if context_key else {}
        return _tournament_page(request, tournament, status=400, **extra)

    return _write(request, tournament, form, act, page, shown=context_key is not None)


@login_required
@require_POST
def player_create(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organiser_tournament(request, slug)

    def act(data: dict[str, Any]) -> HttpResponse:
        player = services.player_add(tournament=tournament, by=request.user, **data)
        messages.success(request, _("%(name)s is registered.") % {"name": player.name})
        return _at(tournament, "players")

    return _desk_write(request, tournament, PlayerForm(request.POST), act, "player_form")


@login_required
@require_POST
def player_list_create(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organiser_tournament(request, slug)

    def act(data: dict[str, Any]) -> HttpResponse:
        added = services.players_add_list(
            tournament=tournament, text=data["names"], by=request.user
        )
        messages.success(request, _("%(count)s players registered.") % {"count": len(added)})
        return _at(tournament, "players")

    return _desk_write(request, tournament, PlayerListForm(request.POST), act, "list_form")


@login_required
@require_POST
def player_check_in(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Check a player in (``checked_in`` posted) or out again."""
    tournament, player = _organiser_player(request, slug, pk)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.player_check_in(player=player, checked_in=data["checked_in"], by=request.user)
        if data["checked_in"] and fee_due(tournament, player):
            messages.warning(
                request,
                _("%(name)s is checked in; the entry fee of %(fee)s is still due.")
                % {"name": player.name, "fee": euros(tournament.entry_fee)},
            )
        return _at_player(tournament, player)

    return _desk_write(request, tournament, CheckInForm(request.POST), act)


@login_required
@require_POST
def team_rename(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Correct a team's name."""
    tournament = organiser_tournament(request, slug)
    team = get_object_or_404(Team, pk=pk, tournament=tournament)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.team_rename(team=team, name=data["name"], by=request.user)
        return _at(tournament, "teams")

    return _desk_write(request, tournament, TeamNameForm(request.POST), act)


@login_required
@require_POST
def team_create(request: HttpRequest, slug: str) -> HttpResponse:
    """Register a team: a name and two players without a team (partnership games only)."""
    tournament = organiser_tournament(request, slug)
    # Any player of the tournament is accepted here, so that one already in a team gets the
    # service's own message ("Already in a team") rather than an unknown choice.
    form = TeamForm(request.POST, players=tournament.players.all())

    def act(data: dict[str, Any]) -> HttpResponse:
        team = services.team_add(tournament=tournament, by=request.user, **data)
        messages.success(request, _("Team %(name)s is registered.") % {"name": team.name})
        return _at(tournament, "teams")

    context_key = "team_form" if tournament.teams_allowed else None
    return _desk_write(request, tournament, form, act, context_key)


@login_required
@require_POST
def round_create(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw the next round; before the last one is complete only with an override reason."""
    tournament = organiser_tournament(request, slug)

    def act(data: dict[str, Any]) -> HttpResponse:
        new_round = services.round_draw(tournament=tournament, by=request.user, **data)
        messages.success(request, _("Round %(number)s is drawn.") % {"number": new_round.number})
        return redirect("round-detail", slug=tournament.slug, number=new_round.number)

    players = _drawable(tournament, tournament.players.all())
    form = DrawForm(request.POST, players=players)
    return _desk_write(request, tournament, form, act, "draw_form")


@login_required
@require_POST
def tournament_finish(request: HttpRequest, slug: str) -> HttpResponse:
    """Finish the tournament once every round is complete or locked: read-only afterwards."""
    tournament = organiser_tournament(request, slug, permissions.Action.FINISH)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.tournament_finish(tournament=tournament, by=request.user)
        messages.success(request, _("The tournament is finished; its results are final."))
        return redirect(tournament)

    return _desk_write(request, tournament, forms.Form(request.POST), act)


@login_required
@require_POST
def standings_reveal(request: HttpRequest, slug: str) -> HttpResponse:
    """Show the hidden live standings on the public pages and the projector again (the
    prize-giving)."""
    tournament = organiser_tournament(request, slug)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.standings_reveal(tournament=tournament, by=request.user)
        messages.success(request, _("The public pages and the projector show all standings again."))
        return _at(tournament, "rounds")

    return _desk_write(request, tournament, forms.Form(request.POST), act)


@login_required
def tournament_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """The settings page: planned rounds, confirmation, check-in, public pages, tie-breaks."""
    tournament = organiser_tournament(request, slug)
    form = SettingsForm(request.POST or None, tournament=tournament)

    def page(bound: forms.Form, status: int = 400) -> HttpResponse:
        context = {"tournament": tournament, "form": bound}
        return render(request, "tournaments/desk/settings.html", context, status=status)

    if request.method != "POST":
        return page(form, status=200)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.tournament_settings(tournament=tournament, by=request.user, **form.settings())
        messages.success(request, _("The settings are saved."))
        return redirect("tournament-settings", slug=tournament.slug)

    return _write(request, tournament, form, act, page)


# --- rounds ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableProgress:
    """One table on the round dashboard, from its row's annotations (no replay)."""

    table: Table
    seats: list[Seat]
    """In the game's playing order."""
    deal_count: int
    unconfirmed: bool
    """The last deal waits for another player's confirmation."""
    idle_minutes: int
    """Minutes since the last deal was entered or changed (since the draw before the first)."""
    scores: dict[str, str]
    """Seat label → the round's score so far in the game's unit ("2 Striche"), from the result
    the services store with every deal; empty before the first deal."""

    @property
    def idle(self) -> bool:
        return not self.table.complete and self.idle_minutes >= IDLE_MINUTES


def round_progress(tournament: Tournament, the_round: Round) -> list[TableProgress]:
    """Every table of ``the_round`` with its progress: two queries however many tables."""
    tables = the_round.tables.annotate(
        deal_count=Count("deals", filter=Q(deals__voided=False)),
        last_change=Max("deals__updated_at"),
        unconfirmed_count=Count(
            "deals", filter=Q(deals__voided=False, deals__confirmed_at__isnull=True)
        ),
    ).prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))
    game = tournament.scoring_game
    now = timezone.now()
    progress = []
    for table in tables:
        since = table.last_change or the_round.drawn_at
        progress.append(
            TableProgress(
                table=table,
                seats=ordered_seats(game, list(table.seats.all())),
                deal_count=table.deal_count,
                unconfirmed=tournament.confirmation_required and table.unconfirmed_count > 0,
                idle_minutes=int((now - since).total_seconds() // 60),
                scores={
                    label: score_words(tournament.game, score)
                    for label, (score, _figures) in (table.result or {}).get("seats", {}).items()
                }
                if table.deal_count
                else {},
            )
        )
    return progress


def _organiser_round(request: HttpRequest, slug: str, number: int) -> Round:
    """The round ``number`` of the organiser's tournament at ``slug`` (its ``tournament`` set
    without another query); 404 otherwise."""
    tournament = organiser_tournament(request, slug)
    return get_object_or_404(tournament.rounds, number=number)


def _round_page(
    request: HttpRequest, the_round: Round, *, status: int = 200, **bound: forms.Form
) -> HttpResponse:
    """The round dashboard: the tables' progress (the htmx poll gets only that partial), the
    byes and the actions (swap seats before the first deal, lock); a form in ``bound``
    replaces the fresh one."""
    tournament = the_round.tournament
    tables = round_progress(tournament, the_round)
    context = {
        "tournament": tournament,
        "round": the_round,
        "tables": tables,
        "byes": the_round.byes.select_related("player"),
        "idle_minutes": IDLE_MINUTES,
        "swap_form": None,
        "lock_form": LockForm(),
        "clock_form": RoundClockForm(initial={"minutes": tournament.round_minutes}),
        "undraw_form": None,
        "replace_form": None,
        "phones_cannot_reach": phones_cannot_reach(request),
    }
    if the_round.status == Round.Status.DRAWN:
        context["swap_form"] = SwapForm(seats=_round_seats(tables))
    if the_round.open and any(t.deal_count == 0 for t in tables):
        started = {t.table.pk for t in tables if t.deal_count}
        context["replace_form"] = ReplaceForm.for_round(the_round, _round_seats(tables), started)
    if the_round.status == Round.Status.DRAWN and tournament.rounds.last() == the_round:
        context["undraw_form"] = UndrawForm(auto_id=UNDRAW_IDS)
    context.update(bound)
    template = partial(request, "tournaments/round_detail.html", "progress")
    return render(request, template, context, status=status)


def _round_seats(tables: list[TableProgress]) -> list[Seat]:
    return sorted((seat for t in tables for seat in t.seats), key=lambda s: sort_key(s.player.name))


@login_required
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round dashboard; an htmx request (the poll every 10 s) gets the progress only."""
    return _round_page(request, _organiser_round(request, slug, number))


@login_required
@require_POST
def seats_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Swap two seated players of the round before its first deal."""
    the_round = _organiser_round(request, slug, number)
    seats = Seat.objects.filter(table__round=the_round).select_related("player", "table")

    def act(data: dict[str, Any]) -> HttpResponse:
        services.seats_swap(round=the_round, players=data["players"], by=request.user)
        messages.success(request, _("The seats are swapped."))
        return redirect("round-detail", slug=slug, number=number)

    return _write(
        request,
        the_round.tournament,
        SwapForm(request.POST, seats=seats),
        act,
        lambda form: _round_page(request, the_round, status=400, swap_form=form),
        shown=the_round.status == Round.Status.DRAWN,
    )


@login_required
@require_POST
def round_lock(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Lock the round; one not yet complete needs a reason."""
    the_round = _organiser_round(request, slug, number)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.round_lock(round=the_round, by=request.user, reason=data["reason"])
        messages.success(request, _("Round %(number)s is locked.") % {"number": number})
        return redirect("round-detail", slug=slug, number=number)

    return _write(
        request,
        the_round.tournament,
        LockForm(request.POST),
        act,
        lambda form: _round_page(request, the_round, status=400, lock_form=form),
        shown=the_round.status != Round.Status.LOCKED,
    )


def _qr(url: str) -> str:
    """``url`` as a QR code in inline SVG (no script, no style attribute: CSP allows it)."""
    return segno.make(url, error="m").svg_inline(scale=3)


@login_required
def round_cards(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The printable table cards: per table its number and, per seat, the player and a QR code
    of the seat's private link with the link as text below it; the table's own link too (each
    made by :func:`tournaments.links.public_url`). Only while the round is open (the links are
    read-only afterwards)."""
    the_round = _organiser_round(request, slug, number)
    return cards_page(request, the_round, reverse("round-detail", args=[slug, number]))


def cards_page(request: HttpRequest, the_round: Round, back_url: str) -> HttpResponse:
    """The printable table cards of ``the_round`` (a Stechen round's too); ``back_url`` leads
    to the page they were opened from."""
    cards = []
    if the_round.open:
        for progress in round_progress(the_round.tournament, the_round):
            links = [
                (seat, public_url(request, seat.get_absolute_url())) for seat in progress.seats
            ]
            table_url = public_url(request, progress.table.get_absolute_url())
            cards.append(
                {
                    "table": progress.table,
                    "seats": [(seat, url, _qr(url)) for seat, url in links],
                    "table_link": (table_url, _qr(table_url)),
                }
            )
    context = {
        "tournament": the_round.tournament,
        "round": the_round,
        "cards": cards,
        "back_url": back_url,
        "phones_cannot_reach": phones_cannot_reach(request),
    }
    return render(request, "tournaments/desk/cards.html", context)


# --- the audit log and the result sheet ------------------------------------------------------


@login_required
def audit_log(request: HttpRequest, slug: str) -> HttpResponse:
    """Every write of the tournament, newest first, filtered by what, round and a text in the
    subject or via; 100 a page. Four queries after the login, however many entries."""
    tournament = organiser_tournament(request, slug)
    form = AuditFilterForm(request.GET or None)
    entries = tournament.audit_entries.select_related("actor")
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        if data["action"]:
            entries = entries.filter(action=data["action"])
        if data["round"]:
            entries = entries.filter(round_number=data["round"])
        if data["q"]:
            entries = entries.filter(Q(subject__icontains=data["q"]) | Q(via__icontains=data["q"]))
    page = Paginator(entries, AUDIT_PAGE_SIZE).get_page(request.GET.get("page"))
    for entry in page:
        entry.before_words = change_words(entry, entry.before, tournament.game)
        entry.after_words = change_words(entry, entry.after, tournament.game)
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "tournament": tournament,
        "form": form,
        "page": page,
        "query": query.urlencode(),
    }
    return render(request, "tournaments/desk/audit_log.html", context)


@login_required
def result_sheet(request: HttpRequest, slug: str) -> HttpResponse:
    """The result sheet made at once for an evening of at most ``DIRECT_PLAYERS`` players; a
    bigger tournament's would outlast a request, so it goes to the documents panel, which makes
    it in the background."""
    tournament = organiser_tournament(request, slug)
    if tournament.players.count() > DIRECT_PLAYERS:
        messages.info(request, _("A tournament this big gets its result sheet in the background."))
        return redirect("documents", tournament.slug)
    response = HttpResponse(result_sheet_pdf(tournament), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{tournament.slug}-results.pdf"'
    return response
