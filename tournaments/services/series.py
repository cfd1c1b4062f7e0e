"""Writes of a series (issue 19, part 3): made, its scoring rule changed, its tournaments
assigned. Each change is logged in the audit log of every tournament it concerns (action
``series``): a series has no log of its own, and a tournament's log then tells when and by whom
it was put into a series or taken out, and under which rule its results count."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Series, Tournament
from tournaments.names import file_slug
from tournaments.services.audit import record_change

RULE_FIELDS = ("name", "scoring", "place_points", "best_of", "drop_worst")
"""The fields :func:`series_edit` changes (the address stays: it is printed and linked)."""

MAX_PLACE_POINTS = 100
"""At most this many places score points."""


def parse_place_points(text: str) -> list[int]:
    """ "25, 20, 16 13" (commas, semicolons or spaces) → ``[25, 20, 16, 13]``. Raises
    ``ValidationError`` on ``place_points`` for anything but whole numbers from 0 up, in
    order from the first place (never more for a worse place), at most
    :data:`MAX_PLACE_POINTS` of them."""
    words = text.replace(",", " ").replace(";", " ").split()
    try:
        points = [int(word) for word in words]
    except ValueError:
        points = []
        words = words or ["?"]
    if not words or len(points) != len(words) or any(p < 0 for p in points):
        raise ValidationError(
            {
                "place_points": ValidationError(
                    _("Enter the points per place as whole numbers: 25, 20, 16, 13 …"),
                    code="PLACE_POINTS",
                )
            }
        )
    _check_points(points)
    return points


def _check_points(points: Sequence[int]) -> None:
    if len(points) > MAX_PLACE_POINTS:
        raise ValidationError(
            {
                "place_points": ValidationError(
                    _("At most %(count)s places score points.") % {"count": MAX_PLACE_POINTS},
                    code="PLACE_POINTS",
                )
            }
        )
    if any(better < worse for better, worse in zip(points, points[1:], strict=False)):
        raise ValidationError(
            {
                "place_points": ValidationError(
                    _("A worse place cannot score more points than a better one."),
                    code="PLACE_POINTS",
                )
            }
        )


def _check_rule(series: Series, tournaments: Iterable[Tournament]) -> None:
    """Refuse a rule that cannot score ``tournaments``: points per place without points, or the
    tournaments' scores added up across different games (Striche and Steine do not add)."""
    if series.scoring == Series.Scoring.PLACES:
        if not series.place_points:
            raise ValidationError(
                {
                    "place_points": ValidationError(
                        _("Enter the points per place."), code="PLACE_POINTS"
                    )
                }
            )
        _check_points(series.place_points)
        return
    games = {t.game for t in tournaments}
    if len(games) > 1:
        raise ValidationError(
            {
                "scoring": ValidationError(
                    _(
                        "Scores add up only within one game; these tournaments play several. "
                        "Choose points per place."
                    ),
                    code="GAMES_DIFFER",
                )
            }
        )


RESERVED_SLUGS = frozenset({"new"})
"""Addresses a series cannot have: ``/desk/series/new/`` is the page that makes one."""


def _unique_slug(name: str) -> str:
    base = file_slug(name)[:70] or "serie"
    slug, number = base, 2
    while slug in RESERVED_SLUGS or Series.objects.filter(slug=slug).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug


def _rule(series: Series) -> dict[str, object]:
    return {name: getattr(series, name) for name in RULE_FIELDS}


@transaction.atomic
def series_create(
    *,
    organiser: AbstractBaseUser,
    name: str,
    scoring: str = Series.Scoring.PLACES,
    place_points: Sequence[int] = (),
    best_of: int | None = None,
    drop_worst: int = 0,
) -> Series:
    """Make a series of ``organiser``'s with its scoring rule (see :class:`Series`), at an
    address made from its name ("Schapbacher Meisterschaft" → ``schapbacher-meisterschaft``,
    numbered when taken). Raises ``ValidationError`` on ``name`` for an empty name, on
    ``place_points`` for points per place without points or going up."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": ValidationError(_("Enter the series' name."), code="NAME")})
    series = Series(
        organiser=organiser,
        name=name,
        slug=_unique_slug(name),
        scoring=scoring,
        place_points=list(place_points),
        best_of=best_of,
        drop_worst=drop_worst,
    )
    _check_rule(series, [])
    series.save()
    return series


@transaction.atomic
def series_edit(*, series: Series, by: AbstractBaseUser | None, **fields: object) -> Series:
    """Change the series' name and scoring rule (:data:`RULE_FIELDS`; any other key is a
    ``TypeError``), logged in each of its tournaments with the rule before and after. Raises
    ``ValidationError`` as :func:`series_create`, and on ``scoring`` when its tournaments'
    scores are to be added up across games."""
    unknown = set(fields) - set(RULE_FIELDS)
    if unknown:
        raise TypeError(f"series_edit() got unknown fields: {sorted(unknown)}")
    series = Series.objects.select_for_update().get(pk=series.pk)
    before = _rule(series)
    if "name" in fields:
        fields["name"] = " ".join(str(fields["name"]).split())
        if not fields["name"]:
            raise ValidationError(
                {"name": ValidationError(_("Enter the series' name."), code="NAME")}
            )
    if "place_points" in fields:
        fields["place_points"] = list(fields["place_points"])  # type: ignore[call-overload]
    for name, value in fields.items():
        setattr(series, name, value)
    tournaments = list(series.tournaments.all())
    _check_rule(series, tournaments)
    after = _rule(series)
    if after == before:
        return series
    series.save(update_fields=list(fields))
    for tournament in tournaments:
        record_change(
            tournament,
            AuditEntry.Action.SERIES,
            by=by,
            subject=series.name,
            before={k: v for k, v in before.items() if after[k] != v},
            after={k: v for k, v in after.items() if before[k] != v},
        )
    return series


@transaction.atomic
def series_assign(
    *, series: Series, tournaments: Iterable[Tournament], by: AbstractBaseUser | None
) -> Series:
    """Make ``tournaments`` the series' tournaments: those new to it are put in, those left out
    taken out; each change logged in that tournament's audit log. A tournament belongs to at
    most one series. Raises ``ValidationError`` on ``tournaments`` for a tournament in another
    series (take it out there first) and as :func:`series_edit` for scores added up across
    games. Who may put which tournament in is the view's question
    (:func:`tournaments.permissions.may_assign`)."""
    series = Series.objects.select_for_update().get(pk=series.pk)
    wanted = {
        t.pk: t
        for t in Tournament.objects.select_for_update().filter(pk__in=[t.pk for t in tournaments])
    }
    elsewhere = sorted(t.name for t in wanted.values() if t.series_id not in (None, series.pk))
    if elsewhere:
        raise ValidationError(
            {
                "tournaments": ValidationError(
                    _("Already in another series: %(names)s. Take it out of that series first.")
                    % {"names": ", ".join(elsewhere)},
                    code="OTHER_SERIES",
                )
            }
        )
    _check_rule(series, wanted.values())
    current = {t.pk: t for t in series.tournaments.all()}
    for pk in sorted(set(current) - set(wanted)):
        Tournament.objects.filter(pk=pk).update(series=None)
        record_change(
            current[pk],
            AuditEntry.Action.SERIES,
            by=by,
            subject=series.name,
            before={"series": series.name},
            after={"series": None},
        )
    for pk in sorted(set(wanted) - set(current)):
        Tournament.objects.filter(pk=pk).update(series=series)
        record_change(
            wanted[pk],
            AuditEntry.Action.SERIES,
            by=by,
            subject=series.name,
            before={"series": None},
            after={"series": series.name},
        )
    return series
