"""The bilingual glossary: size, every variant really occurs in the texts, lookups both ways."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pal_judge.corpus.glossary import Glossary, load_glossary
from pal_judge.corpus.yaml_data import DataFileError

RULES = Path(__file__).resolve().parents[2] / "rules"


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load_glossary(RULES / "glossary.yaml")


def test_at_least_80_terms_with_unique_ids(glossary: Glossary) -> None:
    assert len(glossary) >= 80
    assert len({t.id for t in glossary.terms}) == len(glossary)


def test_every_variant_occurs_in_the_texts(glossary: Glossary) -> None:
    english = "\n".join((RULES / n).read_text(encoding="utf-8") for n in ("en.txt", "guide_en.txt"))
    english = english.replace("\u2019", "'").lower()
    chinese = (RULES / "zh.txt").read_text(encoding="utf-8")
    missing = [(t.id, v) for t in glossary.terms for v in t.en if v.replace("\u2019", "'").lower() not in english]
    missing += [(t.id, v) for t in glossary.terms for v in t.zh if v not in chinese]
    assert missing == []


def test_every_keyword_of_chapter_12_is_defined_there(glossary: Glossary) -> None:
    keywords = {t.en_name: t.defined_in for t in glossary.terms if t.kind == "keyword"}
    assert keywords == {
        "Quick": "12.2", "On Deploy": "12.3", "On Attack": "12.4", "On Assign": "12.5", "Brave": "12.6",
        "Serious": "12.7", "Interrupt": "12.8", "Vigilance": "12.9", "Taunt": "12.10", "Stealth": "12.11",
        "Retaliate": "12.12", "Nocturnal": "12.13", "Breakthrough": "12.14", "Assault": "12.15",
    }


def test_lookup_either_language_any_case(glossary: Glossary) -> None:
    assert glossary.lookup("Taunt") is glossary.lookup("挑衅") is glossary.lookup("TAUNT")
    assert glossary.lookup("挑衅").defined_in == "12.10"
    icon = glossary.lookup("幸运图标")
    assert icon is glossary.lookup("Lucky icon") is glossary.lookup("lucky Pal icon")
    assert glossary.lookup("据点").en_name == "base"
    assert glossary.lookup("帕鲁").en_name == "Pal"
    assert glossary.lookup("not a term") is None


def test_terms_in_english_prefer_the_longest_and_accept_plurals(glossary: Glossary) -> None:
    ids = [t.id for t in glossary.terms_in_en("During the quick step, Pals with Taunt in the base")]
    assert ids[:1] == ["quick-step"] and "quick" not in ids
    assert {"pal", "taunt", "base"} <= set(ids)
    assert "art" not in [t.id for t in glossary.terms_in_en("Put part of the cost")]  # whole words only


def test_terms_in_chinese_single_characters_only_standalone(glossary: Glossary) -> None:
    assert [t.id for t in glossary.terms_in_zh("无\n炎\n水")] == ["neutral", "fire", "water"]
    assert "fire" not in [t.id for t in glossary.terms_in_zh("炎热的据点")]
    assert [t.id for t in glossary.terms_in_zh("正在攻击的帕鲁")] == ["attacking-pal"]


def test_a_bad_entry_names_its_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text("- {id: a, kind: term, en: [A], zh: [甲]}\n- {id: b, kind: term, en: [], zh: [乙]}\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"glossary.yaml:2: b: en must be"):
        load_glossary(path)
    path.write_text("- {id: a, kind: term\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"glossary.yaml:\d+: not valid YAML"):
        load_glossary(path)


@pytest.mark.parametrize("depth", [101, 200_000])
def test_hostile_nesting_is_refused_with_a_message_not_a_crash(tmp_path: Path, depth: int) -> None:
    # 200,000 levels crash libyaml's recursive composer outright; the depth is measured first.
    path = tmp_path / "glossary.yaml"
    path.write_text("- " + "[" * depth + "]" * depth + "\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"glossary.yaml: not valid YAML: nested too deeply"):
        load_glossary(path)


def test_ordinary_nesting_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text("- {id: a, kind: term, en: [A], zh: [甲], sense: {en: [A card], zh: [甲卡]}}\n", encoding="utf-8")
    assert load_glossary(path).get("a").sense_zh == ("甲卡",)


def _documented_chinese_matches(glossary: Glossary, text: str) -> list[tuple[str, int, int]]:
    """The Chinese matching rule of the module docstring as one regular expression: longest variant
    first, left to right; a one-character variant only where no Chinese character touches it."""
    import re

    cjk = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    variants = sorted({v for t in glossary.terms for v in t.zh}, key=len, reverse=True)
    alternatives = [rf"(?<![{cjk}]){re.escape(v)}(?![{cjk}])" if len(v) == 1 and re.match(f"[{cjk}]", v)
                    else re.escape(v) for v in variants]
    owner: dict[str, str] = {}
    for term in glossary.terms:
        for variant in term.zh:
            owner.setdefault(variant, term.id)
    return [(owner[m.group(0)], m.start(), m.end()) for m in re.finditer("|".join(alternatives), text)]


def test_chinese_matches_follow_the_documented_rule_over_the_whole_rulebook(glossary: Glossary) -> None:
    text = (RULES / "zh.txt").read_text(encoding="utf-8")
    found = [(m.term.id, m.start, m.end) for m in glossary.matches_zh(text)]
    assert len(found) > 1000
    assert found == _documented_chinese_matches(glossary, text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["炎", "水", "帕鲁", "正在攻击的帕鲁", "攻击", "的", "无", "\n", " ", "a", "【", "カ"]),
                max_size=30))
def test_chinese_matches_follow_the_documented_rule_on_any_text(glossary: Glossary, pieces: list[str]) -> None:
    text = "".join(pieces)
    assert [(m.term.id, m.start, m.end) for m in glossary.matches_zh(text)] == _documented_chinese_matches(glossary, text)


_GLOSSARY = load_glossary(RULES / "glossary.yaml")
_ENGLISH_VARIANTS = sorted({v for t in _GLOSSARY.terms for v in t.en})
_PIECES = st.one_of(
    st.sampled_from(_ENGLISH_VARIANTS).map(lambda v: v.upper() if len(v) % 3 == 0 else v),
    st.text(alphabet="aeklst '-’\u017f\u0130", max_size=6),
)


def _documented_english_matches(glossary: Glossary, text: str) -> list[tuple[str, int, int]]:
    """The English matching rule of the module docstring as one regular expression: ignoring case,
    typographic apostrophes as ASCII ones, longest variant first, then a plural `es`, `s` or nothing,
    no letter on either side; the term is the first one listing the variant matched."""
    import re

    def apostrophes(text: str) -> str:
        return text.replace("\u2019", "'").replace("\u2018", "'")

    owner: dict[str, str] = {}
    for term in glossary.terms:
        for variant in term.en:
            owner.setdefault(apostrophes(variant).lower(), term.id)
    variants = sorted(owner, key=len, reverse=True)
    alternatives = "|".join(f"({re.escape(v)})" for v in variants)
    pattern = re.compile(rf"(?<![A-Za-z])(?:{alternatives})(?:e?s)?(?![A-Za-z])", re.IGNORECASE)
    text = apostrophes(text)
    return [(owner[variants[m.lastindex - 1]], m.start(), m.end()) for m in pattern.finditer(text)]


def _english_matches(text: str) -> list[tuple[str, int, int]]:
    return [(m.term.id, m.start, m.end) for m in _GLOSSARY.matches_en(text)]


@settings(max_examples=150, deadline=None)
@given(pieces=st.lists(_PIECES, max_size=6), glue=st.sampled_from([" ", "", "s ", "es ", "-", "x"]))
def test_english_matches_follow_the_documented_rule_on_any_text(pieces: list[str], glue: str) -> None:
    """The same terms at the same places, longest variant and plurals included."""
    text = glue.join(pieces)
    assert _english_matches(text) == _documented_english_matches(_GLOSSARY, text)


def test_english_matches_follow_the_documented_rule_on_every_english_paragraph() -> None:
    texts = [(RULES / name).read_text(encoding="utf-8") for name in ("en.txt", "guide_en.txt")]
    paragraphs = [paragraph for text in texts for paragraph in text.split("\n")]
    assert any(not p.isascii() for p in paragraphs)
    found = 0
    for paragraph in paragraphs:
        matches = _english_matches(paragraph)
        assert matches == _documented_english_matches(_GLOSSARY, paragraph), paragraph
        found += len(matches)
    assert found > 1000


def test_the_characters_folded_to_ascii_are_those_ignorecase_pairs_with_ascii_letters() -> None:
    import re

    from pal_judge.corpus.glossary import _fold_en

    letter = re.compile("[a-z]", re.IGNORECASE)
    paired = [chr(c) for c in range(0x80, 0x110000) if letter.match(chr(c))]
    assert len(paired) == 4
    assert all(letter.fullmatch(_fold_en(c)) and re.fullmatch(_fold_en(c), c, re.IGNORECASE) for c in paired)


@pytest.mark.parametrize("text", ["【Quick】 and 【on deploy】 abilities", "the \u017ftrike of a Pal",
                                  "\u0130NSTANT Taunt", "naïve Taunt—Stealth’s"])
def test_texts_outside_ascii_follow_the_documented_rule(text: str) -> None:
    assert _english_matches(text) == _documented_english_matches(_GLOSSARY, text)
