"""Both catalogues are complete: every marked string of the code is in them, none is left
untranslated or fuzzy, the placeholders survive translation, and the compiled ``.mo`` files that
Django reads say the same as the ``.po`` files."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

LANGUAGES = [code for code, _name in settings.LANGUAGES]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def catalogue(language: str, kind: str = "po"):
    path = settings.LOCALE_PATHS[0] / language / "LC_MESSAGES" / f"django.{kind}"
    return polib.pofile(str(path)) if kind == "po" else polib.mofile(str(path))


@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_is_untranslated_or_fuzzy(language):
    po = catalogue(language)
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert untranslated == [], f"{language}: {len(untranslated)} untranslated"
    assert fuzzy == [], f"{language}: {len(fuzzy)} fuzzy"


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_survive_translation(language):
    wrong = []
    for entry in catalogue(language).translated_entries():
        wanted = set(PLACEHOLDER.findall(entry.msgid_plural or entry.msgid))
        forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        for form in forms:
            if not set(PLACEHOLDER.findall(form)) <= wanted:
                wrong.append((entry.msgid, form))
        if not entry.msgid_plural and set(PLACEHOLDER.findall(entry.msgstr)) != wanted:
            wrong.append((entry.msgid, entry.msgstr))
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_matches_its_source(language):
    po = {(e.msgctxt, e.msgid): e.msgstr or e.msgstr_plural for e in catalogue(language)}
    mo = {
        (e.msgctxt, e.msgid): e.msgstr or e.msgstr_plural
        for e in catalogue(language, "mo")
        if e.msgid
    }
    assert mo == {k: v for k, v in po.items() if v}, "run: manage.py compilemessages"


def test_every_marked_string_is_in_the_catalogue(tmp_path, monkeypatch):
    """``makemessages`` on a copy of the code finds no string the catalogue lacks."""
    known = {(e.msgctxt, e.msgid) for e in catalogue("de")}
    root = Path(settings.BASE_DIR)
    for folder in ("tournaments", "templates", "scoring"):
        shutil.copytree(root / folder, tmp_path / folder, ignore=shutil.ignore_patterns("*.pyc"))
    (tmp_path / "locale").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(settings, "LOCALE_PATHS", [tmp_path / "locale"])
    call_command("makemessages", locale=["de"], verbosity=0)
    fresh = polib.pofile(str(tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po"))
    missing = sorted(e.msgid for e in fresh if (e.msgctxt, e.msgid) not in known)
    assert missing == [], "run: manage.py makemessages -l de -l en, then translate"


def test_no_translation_hides_inside_an_f_string():
    """``xgettext`` does not read calls inside f-strings: such a text would never reach the
    catalogue, and the test above could not see it."""
    hidden = re.compile(r"""\bf(["']).*\{[^}]*\b(gettext|ngettext|_)\(""")
    root = Path(settings.BASE_DIR)
    found = [
        f"{path.relative_to(root)}:{number}"
        for folder in ("tournaments", "scoring")
        for path in (root / folder).rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if hidden.search(line)
    ]
    assert found == []
