"""German order and search for people's names (tournaments.names; DIN 5007-1)."""

from __future__ import annotations

import pytest

from tournaments.names import file_slug, matches, sort_key


def test_lists_sort_by_surname_in_german_dictionary_order():
    names = ["Klaus Zimmermann", "Käthe Abele", "Klaus Abele", "Otto Müller", "Anna Mayer",
             "Ute Öhler", "Paul Oster", "Eva Strauß", "Emil Strauss", "Zoe Mueller"]  # fmt: skip
    assert sorted(names, key=sort_key) == [
        "Käthe Abele",  # ä sorts as a: before Klaus
        "Klaus Abele",
        "Anna Mayer",
        "Zoe Mueller",  # "mueller" < "muller"
        "Otto Müller",
        "Ute Öhler",  # ö as o: before Oster
        "Paul Oster",
        "Emil Strauss",  # ß as ss: both "strauss", then by first name
        "Eva Strauß",
        "Klaus Zimmermann",
    ]


@pytest.mark.parametrize(
    "query, name",
    [
        ("Muller", "Otto Müller"),
        ("mueller", "Otto Müller"),
        ("MÜLL", "Otto Müller"),
        ("walde", "Sepp Wälde"),
        ("Grieshaber", "Rosa Grießhaber"),
        ("griesshaber", "Rosa Grießhaber"),
        ("muller", "Zoe Mueller"),
        ("rene", "René Schwab"),
        ("anna  k", "Anna Kech"),
    ],
)
def test_search_ignores_case_umlauts_and_sharp_s(query, name):
    assert matches(query, name)


@pytest.mark.parametrize("query, name", [("maier", "Anna Mayer"), ("kech", "Anna Koch")])
def test_search_still_tells_names_apart(query, name):
    assert not matches(query, name)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("Tischblätter Runde 3", "tischblaetter-runde-3"),
        ("Rangliste nach Runde 1", "rangliste-nach-runde-1"),
        ("Großes Preisbauern in Östringen", "grosses-preisbauern-in-oestringen"),
    ],
)
def test_file_names_spell_out_umlauts(text, slug):
    assert file_slug(text) == slug
