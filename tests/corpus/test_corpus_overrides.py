"""rules/alignment_overrides.yaml: a pinned paragraph goes where the override says; bad entries name their line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pal_judge.corpus import load_rulebook
from pal_judge.corpus.yaml_data import DataFileError


def test_the_published_overrides_file_is_empty() -> None:
    from pal_judge.corpus.overrides import load_overrides

    rules = Path(__file__).resolve().parents[2] / "rules"
    assert load_overrides(rules / "alignment_overrides.yaml", ("x",), set()) == []


def test_a_pin_moves_a_paragraph(rules: Path) -> None:
    assert load_rulebook(rules, use_cache=False).alignment[10].sections == ("1.3.2",)
    overrides = rules / "alignment_overrides.yaml"
    overrides.write_text('- en_index: 10\n  en_starts: "If anything attempts"\n  sections: []\n  reason: "test"\n', encoding="utf-8")
    book = load_rulebook(rules, use_cache=False)
    assert book.alignment[10].sections == ()
    assert book.get("1.3.2").en == ""  # its clause is left without English
    assert [book.alignment[i].sections for i in (9, 11)] == [("1.3.1",), ("1.3.2.1",)]  # the rest stays in place
    overrides.write_text('- en_index: 10\n  sections: ["1.3.2", "1.3.2.1"]\n  reason: "test"\n', encoding="utf-8")
    book = load_rulebook(rules, use_cache=False)
    assert book.alignment[10].sections == ("1.3.2", "1.3.2.1")
    assert book.alignment[12].sections == ("1.3.2.2",)


@pytest.mark.parametrize(
    "entry, message",
    [
        ('- en_index: 2\n  sections: ["1.2.1"]\n', r"alignment_overrides.yaml:1: entry lacks reason"),
        ('- en_index: 999\n  sections: []\n  reason: "r"\n', r":1: en_index 999 is not a paragraph"),
        ('- en_index: 2\n  en_starts: "Something else"\n  sections: []\n  reason: "r"\n', r"en.txt changed"),
        ('# comment\n- en_index: 2\n  sections: ["9.9.9"]\n  reason: "r"\n', r":2: sections must be a list of existing"),
    ],
)
def test_bad_entries_name_their_line(rules: Path, entry: str, message: str) -> None:
    (rules / "alignment_overrides.yaml").write_text(entry, encoding="utf-8")
    with pytest.raises(DataFileError, match=message):
        load_rulebook(rules, use_cache=False)
