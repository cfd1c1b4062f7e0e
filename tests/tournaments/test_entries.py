"""The table form's fields → the engine's entry JSON, and back for a correction."""

from __future__ import annotations

from django.http import QueryDict

from tournaments.entries import MAX_FIELDS, entry_from_post, flatten_entry


def post(text: str) -> QueryDict:
    return QueryDict(text.encode(), encoding="utf-8")


def test_dotted_names_nest_and_numbers_become_ints() -> None:
    data = post("points.A=52&points.B=+30&points.C=-3&dealer=N&spritz=0")
    assert entry_from_post(data) == {
        "points": {"A": 52, "B": 30, "C": -3},
        "dealer": "N",
        "spritz": 0,
    }


def test_digit_segments_make_lists_in_index_order() -> None:
    data = post("melds.1.team=NS&melds.1.kind=40&melds.0.team=EW&melds.0.kind=20")
    assert entry_from_post(data) == {
        "melds": [{"team": "EW", "kind": 20}, {"team": "NS", "kind": 40}]
    }


def test_an_empty_place_in_a_list_of_values_keeps_its_position() -> None:
    # Kein Stich Domino places 1 = C, 2 = empty, 3 = A, 4 = B: the engine must see the gap
    # (INCOMPLETE_ORDER), not C, A, B (§4.4, K-V9); an empty last place is simply left out.
    data = post("order.0=C&order.1=&order.2=A&order.3=B")
    assert entry_from_post(data) == {"order": ["C", None, "A", "B"]}
    assert entry_from_post(post("order.0=C&order.1=A&order.2=D&order.3=")) == {
        "order": ["C", "A", "D"]
    }
    # Rows of fields close up (an empty row is no row), and no index makes a huge list.
    assert entry_from_post(post("melds.2.kind=20&melds.0.kind=")) == {"melds": [{"kind": 20}]}
    assert entry_from_post(post(f"x.{10**9 - 1}=A")) == {"x": ["A"]}


def test_list_fields_collect_every_value_split_at_spaces_and_commas() -> None:
    data = post("plays[]=%E2%99%A010 c9,hQ-&plays[]=h8&order[]=C&order[]=&order[]=A")
    assert entry_from_post(data) == {"plays": ["♠10", "c9", "hQ-", "h8"], "order": ["C", "A"]}


def test_booleans_text_and_empty_fields() -> None:
    data = post("solo.player=W&solo.won=true&die_letzte=false&points.A=5.5&points.B=&x=%20")
    assert entry_from_post(data) == {
        "solo": {"player": "W", "won": True},
        "die_letzte": False,
        "points": {"A": "5.5"},
    }


def test_control_page_and_malformed_names_are_ignored() -> None:
    data = post("csrfmiddlewaretoken=x&reason=typo&_mode=full&a..b=1&<b>=2&points.A=1")
    assert entry_from_post(data) == {"points": {"A": 1}}


def test_a_huge_number_stays_text_for_the_engine_to_refuse() -> None:
    assert entry_from_post(post("points.A=12345678901234567890")) == {
        "points": {"A": "12345678901234567890"}
    }


def test_only_the_first_fields_of_an_oversized_post_are_read() -> None:
    data = post("&".join(f"f{i}={i}" for i in range(MAX_FIELDS + 50)))
    assert len(entry_from_post(data)) == MAX_FIELDS


def test_flatten_is_the_inverse_for_every_shape() -> None:
    entry = {
        "dealer": "N",
        "points": {"AC": 46, "BD": 48},
        "melds": [{"team": "EW", "kind": 20}],
        "plays": ["♠10", "c9"],
        "solo": {"player": "W", "won": False},
        "announcement": None,
    }
    flat = flatten_entry(entry)
    assert flat == {
        "dealer": "N",
        "points.AC": "46",
        "points.BD": "48",
        "melds.0.team": "EW",
        "melds.0.kind": "20",
        "plays[]": "♠10 c9",
        "plays.0": "♠10",
        "plays.1": "c9",
        "solo.player": "W",
        "solo.won": "false",
    }
    del entry["announcement"]
    one_list_field = {k: v for k, v in flat.items() if not k.startswith("plays.")}
    one_field_per_item = {k: v for k, v in flat.items() if k != "plays[]"}
    assert entry_from_post(one_list_field) == entry
    assert entry_from_post(one_field_per_item) == entry
