"""The player register (issue 19, part 3): every tournament player linked to a :class:`Person`,
the same person across tournaments, and the merge of two entries that turn out to be one man.

How a player finds his person (:func:`persons_link`): his name and his club or village (the
player's ``club``, else his home ``village``), both compared :func:`tournaments.names.folded`
(case, umlauts, ß and spelled-out umlauts ignored: "Hans Müller, Schapbach" = "hans mueller,
schapbach"), name the same person unless

* that person already has a player in this tournament (father and son of one name and one club,
  told apart by start numbers, are two people), or
* both give a year of birth and the years differ.

Of several candidates the oldest entry wins; with none, a new person is entered. Whatever the
rule gets wrong is put right at the desk by :func:`person_merge`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Person, Player, Tournament
from tournaments.names import folded
from tournaments.services.audit import record_change


def person_keys(name: str, club: str) -> tuple[str, str]:
    """The register's keys of a name and a club or village: both :func:`folded`, each cut to
    the column's 120 characters."""
    return folded(name)[:120], folded(club)[:120]


def _club(player: Player) -> str:
    """What the register keeps as the player's club or village: his club, else his village."""
    return player.club or player.village


def persons_link(tournament: Tournament, players: Iterable[Player] | None = None) -> int:
    """Give each of ``players`` of ``tournament`` (by default every one of its players without
    a person) his person in the register by the module's rule, entering new persons where none
    fits, and fill in a person's year of birth where only the player knows it. Three queries
    and one for each person whose year of birth is filled in, however many players; call
    inside the transaction that registers them. Returns how many players were linked."""
    if players is None:
        players = tournament.players.filter(person__isnull=True)
    players = [p for p in players if p.person_id is None]
    if not players:
        return 0
    keys = {p.pk: person_keys(p.name, _club(p)) for p in players}
    candidates: dict[tuple[str, str], list[Person]] = defaultdict(list)
    for person in Person.objects.filter(name_key__in={k[0] for k in keys.values()}).order_by("pk"):
        candidates[(person.name_key, person.club_key)].append(person)
    taken = set(
        Player.objects.filter(tournament=tournament, person__isnull=False)
        .exclude(pk__in=[p.pk for p in players])
        .values_list("person_id", flat=True)
    )
    new: list[tuple[Player, Person]] = []
    for player in players:
        found = next(
            (
                person
                for person in candidates[keys[player.pk]]
                if person.pk not in taken
                and (
                    person.birth_year is None
                    or player.birth_year is None
                    or person.birth_year == player.birth_year
                )
            ),
            None,
        )
        if found is None:
            name_key, club_key = keys[player.pk]
            new.append(
                (
                    player,
                    Person(
                        name=player.name,
                        club=_club(player),
                        birth_year=player.birth_year,
                        name_key=name_key,
                        club_key=club_key,
                    ),
                )
            )
            continue
        if found.birth_year is None and player.birth_year is not None:
            found.birth_year = player.birth_year
            found.save(update_fields=["birth_year"])
        taken.add(found.pk)
        player.person = found
    Person.objects.bulk_create([person for _player, person in new])
    for player, person in new:
        player.person = person
    Player.objects.bulk_update(players, ["person"], batch_size=500)
    return len(players)


def person_relink(player: Player) -> None:
    """Find ``player``'s person again after his name, club or village was corrected at the desk
    ("Hans Falller" → "Hans Faller" belongs to the Hans Faller who played last year): he is
    linked by :func:`persons_link`'s rule, and the entry he leaves is deleted when nobody else
    is linked to it (it was only his misspelling). Call inside the transaction of the
    correction."""
    old = player.person_id
    player.person = None
    persons_link(player.tournament, [player])
    if old is not None and old != player.person_id:
        Person.objects.filter(pk=old, players__isnull=True).delete()


def _described(person: Person) -> dict[str, object]:
    return {
        "person": person.pk,
        "name": person.name,
        "club": person.club,
        "birth_year": person.birth_year,
    }


@transaction.atomic
def person_merge(*, keep: Person, merged: Person, by: AbstractBaseUser | None) -> Person:
    """Merge the register's entry ``merged`` into ``keep`` (two entries for one man: "Hans
    Faller, Schapbach" and "Johann Faller, Schapbach"): every player of ``merged`` is linked to
    ``keep``, ``keep`` takes the year of birth and the club or village where he has none, and
    ``merged`` is deleted. Each tournament of a moved player logs the merge (action
    ``person_merge``) with ``merged``'s name, club, year of birth and number and the players
    moved, so that nothing is lost.

    Raises ``ValidationError`` (code ``SAME_PERSON``) for one entry twice, (code
    ``SAME_TOURNAMENT``) when both have a player in one tournament: two players of one evening
    are two people."""
    if keep.pk == merged.pk:
        raise ValidationError(
            {
                "merged": ValidationError(
                    _("Choose two different entries of the register."), code="SAME_PERSON"
                )
            }
        )
    keep, merged = (
        Person.objects.select_for_update().get(pk=keep.pk),
        Person.objects.select_for_update().get(pk=merged.pk),
    )
    moved = list(merged.players.select_related("tournament").order_by("tournament__date", "pk"))
    shared = Tournament.objects.filter(players__person=keep).filter(
        pk__in=[p.tournament_id for p in moved]
    )
    names = sorted(shared.values_list("name", flat=True).distinct())
    if names:
        raise ValidationError(
            {
                "merged": ValidationError(
                    _(
                        "Both played in %(tournaments)s: two players of one tournament are two "
                        "people."
                    )
                    % {"tournaments": ", ".join(names)},
                    code="SAME_TOURNAMENT",
                )
            }
        )
    before = _described(merged)
    changed = []
    if keep.birth_year is None and merged.birth_year is not None:
        keep.birth_year = merged.birth_year
        changed.append("birth_year")
    if not keep.club and merged.club:
        keep.club, keep.club_key = merged.club, merged.club_key
        changed += ["club", "club_key"]
    if changed:
        keep.save(update_fields=changed)
    Player.objects.filter(pk__in=[p.pk for p in moved]).update(person=keep)
    by_tournament: dict[int, list[Player]] = defaultdict(list)
    for player in moved:
        by_tournament[player.tournament_id].append(player)
    for players in by_tournament.values():
        record_change(
            players[0].tournament,
            AuditEntry.Action.PERSON_MERGE,
            by=by,
            subject=f"{merged} → {keep}",
            before={**before, "players": [p.pk for p in players]},
            after=_described(keep),
        )
    merged.delete()
    return keep
