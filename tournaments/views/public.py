"""The public pages: live standings (for phones and the projector), the seat search and the
players' pages. The organiser can switch them off per tournament (``Tournament.public``).

Every public page answers a conditional GET. Its ETag is made of the tournament's ``version``
(which every write raises), the language, the user, the address with its query and whether htmx
asked, so hundreds of phones polling an unchanged page get a 304: from the cache's note of the
version shown without a query (``services.shown_note``), else after one. A phone's glance
refresh that changed is answered from that note as well."""

from __future__ import annotations

import copy
import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware, re_accepts_gzip
from django.shortcuts import get_object_or_404, render
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
    quote_etag,
)
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_safe

from tournaments import glance, kept_pages, names, permissions, services
from tournaments.hidden import hidden_through, latest_round
from tournaments.models import Player, Tournament
from tournaments.room import Room, tournament_room
from tournaments.selectors import Place, next_seating, places
from tournaments.side_rankings import cached_side_rankings, side_groups
from tournaments.standings import (
    STANDINGS_SECONDS,
    RoundScore,
    Row,
    Standings,
    cached_standings,
    team_standings,
)
from tournaments.templatetags.kreide import glance_part
from tournaments.views.common import partial

SEARCH_MIN_LENGTH = 2
SEARCH_MAX_LENGTH = 120
"""A player's name is at most this long; a longer query is cut to it."""
SEARCH_LIMIT = 20
PROJECTOR_PARTS = ("standings", "seating")
ME_SECONDS = 7 * 24 * 3600
"""How long a phone remembers the player whose line its standings glance shows."""


def _htmx(request: HttpRequest) -> bool:
    return bool(getattr(request, "htmx", False))


@functools.cache
def _public_tournaments() -> QuerySet[Tournament]:
    """The tournaments with what :func:`public_tournament` learns in the same query, built once
    per process: building the four subqueries took a third of a phone's opening of the page
    (filtering a copy per request is cheap; a QuerySet is never evaluated here)."""
    return Tournament.objects.annotate(
        latest_round=latest_round(),
        latest_round_status=latest_round("status"),
        latest_round_clock=latest_round("clock_ends_at"),
        has_side_groups=side_groups(),
    )


def public_tournament(request: HttpRequest, slug: str) -> Tournament:
    """The tournament at ``slug`` if its public pages are on, or, when they are off, for its
    organiser (logged in) and superusers; 404 for everybody else (a hidden tournament looks like
    none). The latest round drawn comes with it (``latest_round``, its number, None before the
    first, for :func:`hidden`; ``latest_round_status`` and ``latest_round_clock`` for the room's
    clock; ``has_side_groups``: a category or team has a player, for the side rankings' tab).
    One query for a visitor without a login; none while the cache's note of the version shown
    holds and this process has read the tournament at that version (:func:`_held`)."""
    held = _held(request, slug)
    if held is not None:
        return held
    tournament = get_object_or_404(_public_tournaments(), slug=slug)
    if not permissions.may(request.user, permissions.Action.VIEW_PUBLIC, tournament):
        raise Http404
    through = hidden(tournament)
    shown = services.shown_version_advance(tournament=tournament, through=through)
    services.shown_note(tournament=tournament, version=shown, through=through)
    tournament.version = shown
    if len(_HELD) >= HELD_SIZE:
        _HELD.clear()
    _HELD[slug] = copy.copy(tournament)  # the request's view may set attributes on its own
    return tournament


_HELD: dict[str, Tournament] = {}
"""This process's newest read of each public tournament (by slug), as :func:`public_tournament`
returned it."""
HELD_SIZE = 64


def forget() -> None:
    """Empty this process's reads of the public tournaments (:data:`_HELD`), of the notes of
    what their pages show and its kept pages, as ``cache.clear()`` empties the cache."""
    _HELD.clear()
    services.shown_notes_forget()
    kept_pages.forget()


def _held(request: HttpRequest, slug: str) -> Tournament | None:
    """A copy of the tournament at ``slug`` as this process read it last, where that read is of
    the version the cache's note says the public pages show (``services.shown_note``, which is
    only there while its pages are on, and dropped at once by the organiser's switches) and the
    visitor has no session (a logged-in user may see more, and his session is read anyway):
    a phone opening the page again costs no query. None otherwise."""
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        return None
    tournament = _HELD.get(slug)
    if tournament is None:
        return None
    note = services.shown_note_read(slug)
    if note is None:
        return None
    if (note.version, note.through) != (tournament.version, hidden(tournament)):
        return None
    return copy.copy(tournament)


def hidden(tournament: Tournament) -> int | None:
    """The last round the public pages show while the live standings are hidden, None when
    nothing is (:func:`tournaments.hidden.hidden_through`); ``tournament`` as
    :func:`public_tournament` finds it."""
    return hidden_through(tournament, tournament.latest_round)


def me_cookie(slug: str) -> str:
    """The cookie in which a phone remembers the player it follows in the standings of the
    tournament at ``slug`` (:func:`standings`: his own line in the glance)."""
    return f"kreide_me_{slug}"


def _etag(
    request: HttpRequest, slug: str, version: int, through: int | None, user: int | None
) -> str:
    parts = (
        version,
        through,
        get_language(),
        user,
        request.get_full_path(),
        _htmx(request),
        None if "me" in request.GET else request.COOKIES.get(me_cookie(slug)),
    )
    return quote_etag(hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest())


def page_etag(request: HttpRequest, tournament: Tournament) -> str:
    """The quoted ETag of a public page of ``tournament`` as this request would get it: the
    tournament's version, the language, the user (the page's top bar names him), the address
    with its query (``?round=``, ``?q=``, ``?part=``, ``?me=``), htmx-or-not (a partial is
    another representation), the player the phone follows (:func:`me_cookie`, where no ``?me=``
    names him) and the rounds the standings may show (:func:`hidden`: hiding them or showing
    them again changes the page at once, whatever version the pages show)."""
    return _etag(request, tournament.slug, tournament.version, hidden(tournament), request.user.pk)


def _glance_refresh(request: HttpRequest) -> bool:
    """The request is a phone's htmx refresh of the standings now (a glance, unless the
    tournament is small): not a round's tab, not the whole table."""
    return _htmx(request) and "round" not in request.GET and "all" not in request.GET


def _glance_etag(
    request: HttpRequest,
    slug: str,
    table: glance.Glance,
    through: int | None,
    finished: bool,
    user: int | None,
) -> str | None:
    """The ETag of a glance refresh made from what it shows (the lines picked for the player it
    follows, the round column, the players counted, the rounds shown, the live note) instead of
    the version: during play the version moves every few seconds, but a phone's top ten and its
    own lines much less often, so most refreshes stay 304. None where the standings are too
    small for a glance (the page's ETag then)."""
    if len(table) < glance.FROM_PLAYERS:
        return None
    me = _me(request, slug)
    if not table.follows(me):
        me = None
    parts = (
        "glance",
        table.pick(me),
        me,
        len(table),
        table.latest_round,
        through,
        finished,
        get_language(),
        user,
        request.get_full_path(),
    )
    return quote_etag(hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest())


def _from_note(request: HttpRequest, slug: str, glance_etag: bool) -> HttpResponse | None:
    """A visitor's poll answered from the cache's note of what the public pages show
    (``services.shown_note``: the version, the rounds shown, for the seconds the version shown
    cannot move on) without a database query: a 304 where its ETag is the page's; and a phone's
    glance refresh (``glance_etag``) its 200 as well where this process has that version's
    glance at hand (:func:`tournaments.glance.at_hand`): the glance is all it shows, and the
    note says of the tournament what the rest of it needs. None for anything else (no note,
    a logged-in user, whose session would be read, a page the note cannot make): the page's own
    way then."""
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        return None
    glance_refresh = glance_etag and _glance_refresh(request)
    if not glance_refresh and "HTTP_IF_NONE_MATCH" not in request.META:
        return None
    note = services.shown_note_read(slug)
    if note is None:
        return None
    table = glance.at_hand(note.pk, note.version, note.through) if glance_refresh else None
    if table is not None and len(table) >= glance.FROM_PLAYERS:
        finished = note.status == Tournament.Status.FINISHED
        etag = _glance_etag(request, slug, table, note.through, finished, None)
        response = get_conditional_response(request, etag=etag)
        if response is None:
            tournament = _noted_tournament(slug, note)
            response = _glance_page(request, tournament, table, [], note.through)
    else:
        etag = _etag(request, slug, note.version, note.through, None)
        response = get_conditional_response(request, etag=etag)
        if response is None:
            return None
    _headers(response, etag, public=True)
    return response


def _noted_tournament(slug: str, note: services.ShownNote) -> Tournament:
    """The tournament at ``slug`` as far as a glance refresh answered from ``note`` reads it (its
    address, game and status): this process's last read of it (:data:`_HELD`, read only here)
    where that agrees, else one made of the note (making a model of 32 fields costs 40–70 µs, a
    twentieth of such an answer)."""
    held = _HELD.get(slug)
    if held is not None and (held.pk, held.game, held.status) == (note.pk, note.game, note.status):
        return held
    return Tournament(
        pk=note.pk, slug=slug, game=note.game, status=note.status, version=note.version
    )


def _headers(response: HttpResponse, etag: str, *, public: bool) -> None:
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    if not public:
        patch_cache_control(response, private=True)
    patch_vary_headers(response, ("HX-Request",))


def public_page(
    view: Callable[..., HttpResponse] | None = None, *, glance_etag: bool = False
) -> Callable[..., HttpResponse]:
    """Make ``view(request, tournament, **kwargs)`` a public page at ``<slug>``: the tournament
    is checked by :func:`public_tournament`; a request whose ``If-None-Match`` names the page's
    current ETag gets 304 with an empty body without running ``view``. Every answer carries the
    ETag and ``Cache-Control: no-cache`` (browsers and htmx polling revalidate each time;
    ``private`` too while the pages are off). GET and HEAD only (405 otherwise). A visitor's
    unchanged poll, and a phone's glance refresh, are answered from the cache's note without a
    query (:func:`_from_note`). Answers are gzipped for a browser that takes it (the whole
    table is 350 KiB of HTML for 1,000 players, 30 KiB gzipped). An anonymous visitor's page is
    kept whole, as sent, for the next visitor who asks the same (:mod:`tournaments.kept_pages`,
    :func:`_kept_key`). ``glance_etag``: the page's htmx refresh is the standings' glance, whose
    ETag is made from what it shows (:func:`_glance_etag`)."""
    if view is None:
        return lambda view: public_page(view, glance_etag=glance_etag)

    @require_safe
    @wraps(view)
    def page(request: HttpRequest, slug: str, **kwargs: object) -> HttpResponse:
        noted = _from_note(request, slug, glance_etag)
        if noted is not None:
            return noted
        tournament = public_tournament(request, slug)
        etag = None
        if glance_etag and _glance_refresh(request):
            through = hidden(tournament)
            table = glance.cached_glance(tournament, through_round=through)
            user = request.user.pk
            etag = _glance_etag(request, slug, table, through, tournament.finished, user)
        etag = etag or page_etag(request, tournament)
        response = get_conditional_response(request, etag=etag)
        if response is None:
            return _made(request, tournament, etag, view, kwargs)
        _headers(response, etag, public=tournament.public)
        return response

    return gzip_page(page)


def _made(
    request: HttpRequest,
    tournament: Tournament,
    etag: str,
    view: Callable[..., HttpResponse],
    kwargs: dict[str, object],
) -> HttpResponse:
    """The public page ``view`` makes, with its headers: kept whole for the next anonymous
    visitor who asks the same, or the one kept for him (:mod:`tournaments.kept_pages`). (The
    view is called here, not through a closure made in the request: with one the cold whole
    table took 100 ms longer over HTTP, measured turn about.)"""
    key = None
    if tournament.public and kept_pages.keeps(request):
        key = _kept_key(request, etag, tournament)
        kept = kept_pages.kept(key)
        if kept is not None:
            return kept
    response = view(request, tournament, **kwargs)
    _headers(response, etag, public=tournament.public)
    if key is not None:
        response = _GZIP.process_response(request, response)
        kept_pages.keep(key, response)
    return response


_GZIP = GZipMiddleware(lambda request: HttpResponse())
"""What ``gzip_page`` does to an answer, done before a page is kept (only its
``process_response`` is used): the page is kept as the browser gets it."""


def _kept_key(request: HttpRequest, etag: str, tournament: Tournament) -> kept_pages.Key:
    """The key of the public page this request gets (:mod:`tournaments.kept_pages`): its ETag,
    what the room is told, whether the browser takes gzip, and the player the phone remembers
    (whose cookie the page sets or drops)."""
    return (
        etag,
        tournament_room(tournament).key,
        bool(re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", ""))),
        request.COOKIES.get(me_cookie(tournament.slug)),
    )


# --- the pages ---------------------------------------------------------------------------------


def _chosen_round(request: HttpRequest, tournament: Tournament) -> tuple[int | None, list[int]]:
    """The ``?round=`` asked for (None: the standings now) and every round drawn; 404 for a
    round that is not drawn."""
    rounds = SimpleLazyObject(lambda: list(tournament.rounds.values_list("number", flat=True)))
    asked = request.GET.get("round")
    if asked is None:
        return None, rounds  # read only if the tabs are not in the cache
    if not asked.isdigit() or int(asked) not in rounds:
        raise Http404
    return int(asked), rounds


def _lazy_standings(tournament: Tournament, through: int | None = None) -> dict[str, object]:
    """The standings (and, in partnership games, the team standings) for a template that keeps
    its rendering in the cache under the tournament's version and the rounds it may show
    (``{% cache %}``, for :data:`STANDINGS_SECONDS`): computed only when the cached fragment is
    missing. While the live standings are hidden they go through the last round shown whatever
    ``through`` asks (``shown_through``: the round they go through, None: all), and
    ``hidden_from`` names the first round hidden."""
    shown = hidden(tournament)
    if shown is not None:
        through = shown if through is None else min(through, shown)
    table = SimpleLazyObject(lambda: cached_standings(tournament, through_round=through))
    teams = (
        SimpleLazyObject(lambda: team_standings(tournament, table))
        if tournament.teams_allowed
        else None
    )
    return {
        "standings": table,
        "teams": teams,
        "cache_seconds": STANDINGS_SECONDS,
        "shown_through": through,
        "hidden_from": None if shown is None else shown + 1,
    }


def _lazy_room(tournament: Tournament) -> Room:
    """What the room is told (:func:`tournaments.room.tournament_room`), read only when a
    whole page shows it (one query; the htmx refreshes of a page's parts do not)."""
    return SimpleLazyObject(lambda: tournament_room(tournament))


def _me(request: HttpRequest, slug: str) -> int | None:
    """The player this phone follows: ``?me=`` (0 forgets him), else the one it remembers
    (:func:`me_cookie`); None for none."""
    asked = request.GET.get("me", request.COOKIES.get(me_cookie(slug), ""))
    return int(asked) or None if asked.isdigit() and len(asked) < 12 else None


def _glance_page(
    request: HttpRequest,
    tournament: Tournament,
    table: glance.Glance,
    rounds: list[int],
    shown: int | None,
) -> HttpResponse:
    """The standings as a phone sees them during play (:mod:`tournaments.glance`): the top of
    the table and the line of the player it follows with its neighbours, the whole table one tap
    away (``?all=1``). A player named by ``?me=`` (the seat link's "See the standings", or "My
    place in the standings" from the search) is remembered in a cookie; ``?me=0`` forgets
    him. The htmx refresh is the part alone (``kreide.glance_part``), without a template,
    rendered once per glance for every phone that follows the same player (``Glance.part``)."""
    me = _me(request, tournament.slug)
    if not table.follows(me):
        me = None
    last_place_title = tournament.scoring_game.last_place_title
    if _htmx(request):
        key = (me, shown, tournament.finished, get_language())
        part = table.part(
            key,
            lambda: glance_part(tournament, table, table.pick(me), me, last_place_title, shown),
        )
        response = HttpResponse(part)
    else:
        lines = table.pick(me)
        context = {
            "tournament": tournament,
            "rounds": rounds,
            "through": None,
            "room": _lazy_room(tournament),
            "cache_seconds": STANDINGS_SECONDS,
            "glance": table,
            "lines": lines,
            "me": me,
            "last_place_title": last_place_title,
            "shown_through": shown,
            "hidden_from": None if shown is None else shown + 1,
        }
        response = render(request, "tournaments/standings.html", context)
    remembered = request.COOKIES.get(me_cookie(tournament.slug))
    if "me" in request.GET and me is None and remembered is not None:
        response.delete_cookie(me_cookie(tournament.slug))
    elif me is not None and remembered != str(me):
        response.set_cookie(
            me_cookie(tournament.slug), str(me), max_age=ME_SECONDS, httponly=True, samesite="Lax"
        )
    patch_vary_headers(response, ("Cookie",))
    return response


@public_page(glance_etag=True)
def standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The standings now, or after the round of ``?round=``, with a tab per round drawn; below
    them the team standings where registered teams play (partnership games). The htmx refresh
    gets the tables only. While the live standings are hidden, the tabs and ``?round=`` reach
    only the rounds shown (404 beyond them). The standings now of a tournament of
    :data:`tournaments.glance.FROM_PLAYERS` players or more are a glance
    (:func:`_glance_page`), the whole table at ``?all=1``."""
    through, rounds = _chosen_round(request, tournament)
    shown = hidden(tournament)
    if shown is not None:
        if through is not None and through > shown:
            raise Http404
        rounds = [number for number in rounds if number <= shown]
    if through is None and "all" not in request.GET:
        table = glance.cached_glance(tournament, through_round=shown)
        if len(table) >= glance.FROM_PLAYERS:
            return _glance_page(request, tournament, table, rounds, shown)
    context = {
        "tournament": tournament,
        "rounds": rounds,
        "through": through,
        "whole": "all" in request.GET,
        "room": _lazy_room(tournament),
        **_lazy_standings(tournament, through),
    }
    return render(request, partial(request, "tournaments/standings.html", "table"), context)


@public_page
def side_rankings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The side rankings (:mod:`tournaments.side_rankings`: the club ranking, the organiser's
    teams, the categories) as a tab beside the standings. While the live standings are hidden
    they are read from the standings the public pages show (through the last round shown), so
    they tell nothing the standings hide. The htmx refresh gets the rankings only; the rankings
    are kept in the cache under the tournament's version."""
    _through, rounds = _chosen_round(request, tournament)
    shown = hidden(tournament)
    if shown is not None:
        rounds = [number for number in rounds if number <= shown]
    context = {
        "tournament": tournament,
        "rounds": rounds,
        "through": None,
        "side_tab": True,
        "room": _lazy_room(tournament),
        "side": SimpleLazyObject(lambda: cached_side_rankings(tournament, through_round=shown)),
        "cache_seconds": STANDINGS_SECONDS,
        "shown_through": shown,
        "hidden_from": None if shown is None else shown + 1,
    }
    template = partial(request, "tournaments/public/side_rankings.html", "side")
    return render(request, template, context)


@public_page
def seat_search(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The "Where do I sit?" search: the players whose name contains ``?q=`` (at least two
    letters; case, umlauts and ß ignored, :func:`tournaments.names.matches`; by surname; at most
    :data:`SEARCH_LIMIT` of them) with their table, seat and table-mates in the
    latest round, their bye, or that they are not drawn. The htmx search box gets the results
    only."""
    # NUL is no letter of a name (and PostgreSQL refuses it in a query); no name is longer.
    query = " ".join(request.GET.get("q", "").replace("\x00", "").split())[:SEARCH_MAX_LENGTH]
    context: dict[str, object] = {
        "tournament": tournament,
        "query": query,
        "too_short": len(query) < SEARCH_MIN_LENGTH,
        "limit": SEARCH_LIMIT,
    }
    if not context["too_short"]:
        latest = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
        everybody = tournament.players.only("pk", "name", "club", "tournament_id")
        matches = sorted(
            (p for p in everybody if names.matches(query, p.name)),
            key=lambda p: names.sort_key(p.name),
        )
        matches = matches[: SEARCH_LIMIT + 1]
        shown = matches[:SEARCH_LIMIT]
        found = places(tournament, [p.pk for p in shown], [latest]) if latest else {}
        context.update(
            latest=latest,
            more=len(matches) > SEARCH_LIMIT,
            results=[(p, found.get(p.pk, {}).get(latest)) for p in shown],
        )
    template = partial(request, "tournaments/public/seat_search.html", "results")
    return render(request, template, context)


@dataclass(frozen=True)
class HistoryLine:
    """One round on a player's page."""

    round: int
    place: Place | None
    """None: he was not drawn in this round."""
    score: RoundScore | None
    position: Row | None
    """His line in the standings after this round (rank, tied); None for a player außer
    Konkurrenz, who is never ranked."""


def _row(table: Standings, pk: int) -> Row | None:
    return next((row for row in table.rows if row.player.pk == pk), None)


@public_page
def player_detail(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """One player's tournament: rank and total now, and per round his table, seat, table-mates,
    partner (partnership games), result and rank after that round. The standings after each
    round come from the cache (one computation per round at most). While the live standings are
    hidden, the rounds from the first hidden one on are left out."""
    player = get_object_or_404(Player.objects.select_related("team"), pk=pk, tournament=tournament)
    shown = hidden(tournament)
    overall = cached_standings(tournament, through_round=shown)
    drawn = places(tournament, [player.pk]).get(player.pk, {})
    row = _row(overall, player.pk)
    lines = []
    cells = row.cells if row is not None else [None] * len(overall.rounds)
    for number, score in zip(overall.rounds, cells, strict=True):
        after = (
            overall
            if number == overall.rounds[-1] or row is None
            else cached_standings(tournament, through_round=number)
        )
        lines.append(HistoryLine(number, drawn.get(number), score, _row(after, player.pk)))
    team_mate = next(
        (
            r.player
            for r in overall.rows
            if player.team_id and r.player.team_id == player.team_id and r.player.pk != pk
        ),
        None,
    )
    context = {
        "tournament": tournament,
        "player": player,
        "row": row,
        "lines": lines,
        "team_mate": team_mate,
        "partnerships": tournament.scoring_game.partnerships,
        "hidden_from": None if shown is None else shown + 1,
        "marks": {
            "bye": any(line.score and line.score.bye for line in lines),
            "missed": any(line.score and line.score.missed for line in lines),
        },
    }
    return render(request, "tournaments/public/player_detail.html", context)


@public_page
def projector(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Full screen for the room: the standings and the next round's seating, shown in turn
    (``static/js/projector.js``). Each refreshes itself by htmx (``?part=standings`` or
    ``?part=seating``: that part only); the room's strip in the header (the round's clock, the
    next round, the announcement) from ``room-strip``."""
    part = request.GET.get("part", "")
    parts = (part,) if _htmx(request) and part in PROJECTOR_PARTS else PROJECTOR_PARTS
    template = "tournaments/public/projector.html"
    if len(parts) == 1:
        template += f"#{part}"
    context: dict[str, object] = {"tournament": tournament, "room": _lazy_room(tournament)}
    if "standings" in parts:
        context.update(_lazy_standings(tournament))
    if "seating" in parts:
        context["seating"] = next_seating(tournament)
    return render(request, template, context)
