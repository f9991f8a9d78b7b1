"""`search_documents`: the same search over other texts (rulings, for `pal-judge ask`)."""

from __future__ import annotations

from pal_judge.search import Document, search_documents

RULINGS = (
    Document(id="r-taunt", en="Must I attack the Pal with this keyword?", zh="必须攻击持有挑衅的帕鲁吗？", cites=("12.10.2",)),
    Document(id="r-lucky", en="A lucky Pal icon card is milled during damage.", zh="伤害处理中翻到幸运图标。", cites=("11.2.2.2",)),
    Document(id="r-night", en="Nocturnal at night.", zh="夜行性在夜晚。", cites=("12.13.2",)),
)


def test_an_english_query_finds_a_ruling_written_in_chinese_through_the_glossary(_isolated_cache: None) -> None:
    hits = search_documents("Taunt", RULINGS, name="test-rulings")
    assert [h.id for h in hits] == ["r-taunt"]


def test_a_section_filter_finds_rulings_citing_that_section_or_below(_isolated_cache: None) -> None:
    hits = search_documents("section:11.2 damage", RULINGS, name="test-rulings")
    assert [h.id for h in hits] == ["r-lucky"]


def test_editing_a_ruling_changes_the_results(_isolated_cache: None) -> None:
    edited = RULINGS[:2] + (Document(id="r-night", en="Nocturnal Pals gain power at night; Taunt is unrelated.", zh=""),)
    assert {h.id for h in search_documents("taunt", edited, name="test-rulings")} == {"r-taunt", "r-night"}
