"""House-rule options shared by every game's ``Variant``: the checks on option values and the
reading of JSON options (presets, unknown keys), so that each game only states its own options.

Every error is an :class:`~scoring.base.InvalidVariant`: a configuration belongs to no deal and
is refused when the session or tournament is set up (Scoring specification §7, all games).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeGuard

from scoring.base import InvalidVariant

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


def is_int(value: Any) -> TypeGuard[int]:
    """A whole number, and not a bool (``True`` is an ``int`` to Python, never to a table)."""
    return isinstance(value, int) and not isinstance(value, bool)


def freeze(mapping: dict[str, Any]) -> Mapping[str, Any]:
    """A read-only view of ``mapping``, a dict made for a new state and held by nobody else."""
    return MappingProxyType(mapping)


def check_values(
    variant: Any,
    *,
    integers: Mapping[str, int] | None = None,
    choices: Mapping[str, tuple[Any, ...]] | None = None,
    booleans: Iterable[str] = (),
) -> None:
    """Check the option values of a ``variant`` dataclass: each of ``integers`` a whole number at
    least its minimum, each of ``choices`` one of its values, each of ``booleans`` true or false.

    Raises:
        InvalidVariant: ``INVALID_OPTION_VALUE`` on the first option that is not, quoting it.
    """
    for name, minimum in (integers or {}).items():
        value = getattr(variant, name)
        if not is_int(value) or value < minimum:
            raise InvalidVariant(
                name,
                "INVALID_OPTION_VALUE",
                f"{name} must be a whole number ≥ {minimum}, not {value!r}",
            )
    for name, allowed in (choices or {}).items():
        value = getattr(variant, name)
        if value not in allowed:
            raise InvalidVariant(
                name,
                "INVALID_OPTION_VALUE",
                f"{name} must be one of {', '.join(map(str, allowed))}, not {value!r}",
            )
    for name in booleans:
        value = getattr(variant, name)
        if not isinstance(value, bool):
            raise InvalidVariant(
                name, "INVALID_OPTION_VALUE", f"{name} must be true or false, not {value!r}"
            )


def number_map(
    option: str,
    given: Any,
    defaults: Mapping[str, int],
    *,
    minimum: int,
    normalise: Callable[[Any], Any] = lambda key: key,
) -> Mapping[str, int]:
    """An option that maps known keys to whole numbers (Hintersche's ``card_values``,
    Hundertspiel's ``suit_values``): ``given`` over ``defaults``, read-only. ``normalise``
    spells a given key as the defaults do (e.g. lower case).

    Raises:
        InvalidVariant: ``INVALID_OPTION_VALUE`` when ``given`` is no object or a value is not a
            whole number ≥ ``minimum``; ``UNKNOWN_OPTION`` for a key the defaults lack (named as
            ``"<option>.<key>"``).
    """
    if not isinstance(given, Mapping):
        raise InvalidVariant(
            option, "INVALID_OPTION_VALUE", f"{option} must be an object, not {given!r}"
        )
    values = dict(defaults)
    for key, value in given.items():
        known = normalise(key) if isinstance(key, str) else key
        if known not in defaults:
            raise InvalidVariant(
                f"{option}.{key}",
                "UNKNOWN_OPTION",
                f"unknown key {key!r} in {option}; known: {', '.join(defaults)}",
            )
        if not is_int(value) or value < minimum:
            raise InvalidVariant(
                f"{option}.{key}",
                "INVALID_OPTION_VALUE",
                f"{option}.{key} must be a whole number ≥ {minimum}, not {value!r}",
            )
        values[known] = value
    return MappingProxyType(values)


def read_options(
    variant_class: type[DataclassInstance],
    options: Mapping[str, Any] | None,
    presets: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """The keyword arguments of ``variant_class`` (a dataclass) from JSON ``options``: with
    ``presets``, ``{"preset": name}`` sets the options it lists first (``"none"`` or empty: no
    preset) and the options given alongside override it; missing options keep their defaults.

    Raises:
        InvalidVariant: ``INVALID_OPTION_VALUE`` when ``options`` is no object or the preset is
            unknown; ``UNKNOWN_OPTION`` for an option the game does not have.
    """
    if options is not None and not isinstance(options, Mapping):
        raise InvalidVariant(
            "variant", "INVALID_OPTION_VALUE", f"options must be an object, not {options!r}"
        )
    options = dict(options or {})
    settings: dict[str, Any] = {}
    known = set(variant_class.__dataclass_fields__)
    if presets is not None:
        known.add("preset")
        preset = options.pop("preset", None)
        if preset not in (None, "", "none"):
            if not isinstance(preset, str) or preset not in presets:
                raise InvalidVariant(
                    "preset",
                    "INVALID_OPTION_VALUE",
                    f"unknown preset {preset!r}; known: {', '.join(presets)}",
                )
            settings.update(presets[preset])
    for name in options:
        if name not in known:
            raise InvalidVariant(
                str(name),
                "UNKNOWN_OPTION",
                f"unknown option {name!r}; known: {', '.join(sorted(known))}",
            )
    settings.update(options)
    return settings
