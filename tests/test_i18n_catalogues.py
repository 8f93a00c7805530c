"""The page's catalogues (api/meksiko_api/static/i18n/en.js and sr.js) read without a browser: the
same keys in both languages (each plural with the forms its language needs), the same
placeholders, a text for every error kind the API gives, a text for every key the page's code and
HTML ask for, and the Serbian words of the Mexico Club rules."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Dict

import pytest

from meksiko_api import errors
from meksiko_solver.rules import RULES

STATIC = Path(__file__).resolve().parents[1] / "api" / "meksiko_api" / "static"
LANGUAGES = ("en", "sr")
# the integer plural categories of CLDR (Intl.PluralRules) for each language
PLURAL_FORMS = {"en": {"one", "other"}, "sr": {"one", "few", "other"}}
CATEGORIES = ("zero", "one", "two", "few", "many", "other")

STRING = r'"((?:[^"\\]|\\.)*)"'
PAIR = re.compile(STRING + r"\s*:\s*" + STRING)
COMMENT = re.compile(r"/\*.*?\*/|^\s*//[^\n]*$", re.S | re.M)


def read_catalogue(path: Path) -> Dict[str, str]:
    """The "key": "value" pairs of a catalogue module; fails when anything else is left in it
    (a text the regex did not read would otherwise be silently missing)."""
    source = COMMENT.sub("", path.read_text(encoding="utf-8"))
    pairs = PAIR.findall(source)
    rest = PAIR.sub("", source)
    assert re.fullmatch(r"\s*export default \{[\s,]*\};?\s*", rest), f"{path.name}: unread text {rest[:200]!r}"
    catalogue: Dict[str, str] = {}
    for key, value in pairs:
        key, value = json.loads(f'"{key}"'), json.loads(f'"{value}"')
        assert catalogue.get(key, value) == value, f"{path.name}: {key} given twice with different texts"
        catalogue[key] = value
    return catalogue


@pytest.fixture(scope="module")
def catalogues() -> Dict[str, Dict[str, str]]:
    return {lang: read_catalogue(STATIC / "i18n" / f"{lang}.js") for lang in LANGUAGES}


def split_plurals(catalogue: Dict[str, str]):
    """(plain keys, {plural base: set of forms}); a plural is a key ending in a plural category
    whose base has both a `one` and an `other` form (advisor.declare.other is not one)."""
    bases = {k[:-len(".other")] for k in catalogue if k.endswith(".other") and k[:-len(".other")] + ".one" in catalogue}
    plurals: Dict[str, set] = {}
    plain = set()
    for key in catalogue:
        base, _, form = key.rpartition(".")
        if base in bases and form in CATEGORIES:
            plurals.setdefault(base, set()).add(form)
        else:
            plain.add(key)
    return plain, plurals


def test_both_languages_have_every_key(catalogues):
    (en_plain, en_plurals), (sr_plain, sr_plurals) = (split_plurals(catalogues[lang]) for lang in LANGUAGES)
    assert sorted(en_plain - sr_plain) == [], "keys missing in sr.js"
    assert sorted(sr_plain - en_plain) == [], "keys missing in en.js"
    assert sorted(set(en_plurals) ^ set(sr_plurals)) == [], "plurals in one language only"
    for lang, plurals in (("en", en_plurals), ("sr", sr_plurals)):
        for base, forms in plurals.items():
            assert forms == PLURAL_FORMS[lang], f"{lang}: {base} has forms {sorted(forms)}, needs {sorted(PLURAL_FORMS[lang])}"
    assert len(en_plurals) >= 5  # tricks, discards, tiles, pips, trains


def test_the_reader_fails_on_a_missing_or_unreadable_entry(tmp_path):
    good = tmp_path / "good.js"
    good.write_text('export default {\n  // a comment\n  "a": "x \\"y\\"", "b": "z",\n};\n', encoding="utf-8")
    assert read_catalogue(good) == {"a": 'x "y"', "b": "z"}
    bad = tmp_path / "bad.js"
    bad.write_text('export default {\n  "a": "x", "b": `a template`,\n};\n', encoding="utf-8")
    with pytest.raises(AssertionError, match="unread text"):
        read_catalogue(bad)


def test_both_languages_fill_the_same_placeholders(catalogues):
    en, sr = catalogues["en"], catalogues["sr"]
    holes = re.compile(r"\{(\w+)\}")
    for key, text in en.items():
        if key in sr:
            assert set(holes.findall(text)) == set(holes.findall(sr[key])), key
    en_plain, en_plurals = split_plurals(en)
    for base in en_plurals:
        for form in PLURAL_FORMS["sr"]:
            assert "{n}" in sr[f"{base}.{form}"], f"{base}.{form}"


def every_api_error_kind():
    kinds = {kind for _, kind in errors.KINDS} | set(errors.SERVICE_KINDS)
    kinds |= {errors.problem_kind({"type": "meksiko_notation"}), errors.problem_kind({"type": "missing"})}
    return sorted(kinds)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_kind_of_the_api_has_a_text(catalogues, lang):
    kinds = every_api_error_kind()
    assert {"notation", "position", "illegal_play", "auction", "shape", "busy"} <= set(kinds)
    missing = [k for k in kinds if not catalogues[lang].get(f"error.kind.{k}")]
    assert missing == [], f"{lang}.js has no error.kind text for {missing}"


def test_every_key_the_page_asks_for_exists(catalogues):
    """The literal keys of t("...") in the modules and of data-i18n* in index.html, and the keys
    the modules build from the game's names (suits, ranks, verdicts, rules, modes, formats)."""
    en = catalogues["en"]
    code = [p.read_text(encoding="utf-8") for p in [*STATIC.glob("js/**/*.js"), STATIC / "mexican-train.js"]]
    asked = {k for text in code for k in re.findall(r'\bt\("([^"]+)"', text)}
    asked |= {k for text in code for k in re.findall(r'\bplural\([^,]+,\s*"([^"]+)"\)', text) for k in (f"{k}.other",)}
    asked |= set(re.findall(r'data-i18n(?:-html|-title|-placeholder|-label)?="([^"]+)"', (STATIC / "index.html").read_text(encoding="utf-8")))
    for text in en.values():  # markup of the catalogue itself (data-i18n inside data-i18n-html)
        asked |= set(re.findall(r'data-i18n="([^"]+)"', text))
    asked |= {f"suit.{s}" for s in "SHDCN"} | {f"rank.{r}" for r in "AKQJT987"}
    asked |= {f"verdict.{v}" for v in ("exact", "over", "under", "forced")} | {f"role.{r}" for r in ("declarer", "defender")}
    for profile in RULES.values():
        asked.add(f"rules.{profile.name}")
        asked |= {f"mode.{m.name}" for m in profile.modes} | {f"format.{f.name}" for f in profile.formats}
    assert len(asked) > 150
    for lang in LANGUAGES:
        missing = sorted(k for k in asked if k not in catalogues[lang])
        assert missing == [], f"{lang}.js lacks {missing}"


def test_the_serbian_words_are_the_games_own(catalogues):
    """The words of the Mexico Club rules text (shared/seeds/meksiko-mexico-club-rules.sr.txt)."""
    sr = catalogues["sr"]
    assert [sr[f"suit.{s}"] for s in "SHDCN"] == ["pik", "herc", "karo", "tref", "bez aduta"]
    assert [sr[f"rank.{r}"] for r in "AKQJ"] == ["kec", "kralj", "dama", "žandar"]
    assert sr["call.NEXT"] == "NEXT" and sr["call.M"] == "Meksiko"
    text = " ".join(sr.values()).lower()
    for word in ("licitacija", "adut", "talon", "škart", "štih", "nosilac", "gangster", "pad"):
        assert word in text, word
    assert not re.search(r"[\u0400-\u04FF]", text), "Latin script only"


# nouns that are counted on the page, besides the words of the catalogues' own plural forms
COUNTED = {"one": {"trick", "world", "discard", "tile", "pip", "train"},
           "other": {"tricks", "worlds", "discards", "tiles", "pips", "trains"}}


def test_no_count_is_written_beside_its_noun_outside_a_plural(catalogues):
    """A count and its noun ("{n} tricks", "štihova: {n}") come from a plural form of the catalogue
    (plural(n, key) in js/i18n.js): a plain text that writes them itself says "1 tricks". A noun
    in its plural form before a count ("štihova: {n}") is one too; "Trick {n}" (the n-th) and
    "tricks {a} → {b}" (a change) are not."""
    bad = []
    for lang, catalogue in catalogues.items():
        plain, plurals = split_plurals(catalogue)
        words = {"one": set(COUNTED["one"]), "other": set(COUNTED["other"])}
        for base, forms in plurals.items():
            for form in forms:
                text = catalogue[f"{base}.{form}"].replace("{n}", "")
                words["one" if form == "one" else "other"] |= {w.lower() for w in re.findall(r"\w+", text)}
        either = (words["one"] | words["other"]) - {"of", "od"}  # word.of_worlds: "of {n} worlds"
        plural_only = words["other"] - words["one"]
        alternatives = lambda nouns: "(?:" + "|".join(sorted(map(re.escape, nouns), key=len, reverse=True)) + r")\b"
        pattern = re.compile(rf"\{{\w+\}}\s+(?:\w+\s+)?{alternatives(either)}|\b{alternatives(plural_only)}:?\s+\{{n\}}", re.I)
        bad += [(lang, key, catalogue[key]) for key in sorted(plain) if pattern.search(catalogue[key])]
    assert bad == [], bad
