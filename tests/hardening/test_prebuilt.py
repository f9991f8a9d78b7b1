"""The caches shipped in the package (`pal_judge/prebuilt_caches/`) equal what the code computes from the
texts, are used only under their own key, and make a first question need no build at all."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hostile import invoke

from pal_judge import prebuilt
from pal_judge.search.backend import contents

SHIPPED_ON = {prebuilt.SWITCH: "1"}  # tests/conftest.py turns them off for the other tests
STALE = f"the caches shipped in pal_judge/prebuilt_caches/ are stale: run `{prebuilt.COMMAND}` and commit the result"


@pytest.fixture(scope="module")
def computed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What a first `ask` writes into an empty cache, computed from the texts now (shipped caches off)."""
    cache = tmp_path_factory.mktemp("computed")
    prebuilt.compute_into(cache)
    return cache


def test_the_shipped_caches_are_the_current_ones(computed: Path) -> None:
    """Same entries, hence same keys (an index's or the rulebook's key is in its name), and for the
    keyed JSON files the same key inside: anything else means the texts, rulings or code moved on."""
    assert prebuilt.shippable(prebuilt.SHIPPED) == prebuilt.shippable(computed), STALE
    for entry in prebuilt.shippable(computed):
        if entry.suffix == ".json":
            shipped_key = json.loads((prebuilt.SHIPPED / entry).read_text(encoding="utf-8"))["key"]
            assert shipped_key == json.loads((computed / entry).read_text(encoding="utf-8"))["key"], f"{entry}: {STALE}"


def test_each_shipped_cache_equals_a_fresh_computation(computed: Path) -> None:
    entries = prebuilt.shippable(computed)
    indexes = [e for e in entries if e.parent.name == "search"]
    assert {e.name.split("-")[0] for e in indexes} == {"sections", "ruling"}  # the three a first ask opens
    assert any(e.name.startswith("rulebook-") for e in entries)
    for entry in entries:
        shipped, fresh = prebuilt.SHIPPED / entry, computed / entry
        assert shipped.exists(), STALE
        if entry in indexes:
            for name in ("meta.json", "lexicon.json"):
                shipped_data, fresh_data = (json.loads((f / name).read_text(encoding="utf-8")) for f in (shipped, fresh))
                shipped_data.pop("build_seconds", None), fresh_data.pop("build_seconds", None)
                assert shipped_data == fresh_data, f"{entry}/{name}: {STALE}"
            assert contents(str(shipped)) == contents(str(fresh)), f"{entry}: {STALE}"
        else:
            assert json.loads(shipped.read_text(encoding="utf-8")) == json.loads(fresh.read_text(encoding="utf-8")), \
                f"{entry}: {STALE}"


def test_a_first_question_builds_nothing_and_answers_as_a_build_does(tmp_path: Path, computed: Path) -> None:
    cache = tmp_path / "cache"
    question = prebuilt.QUESTION
    shipped = invoke(["ask", question, "--json", "--no-replay"], {"PAL_JUDGE_CACHE": str(cache), **SHIPPED_ON})
    assert shipped.returncode == 0, shipped.stderr
    assert "Building the search index" not in shipped.stderr
    # only the index folders were copied in (the JSON caches are read from the package)
    assert {p.name for p in (cache / "search").iterdir()} == {e.name for e in prebuilt.shippable(computed)
                                                             if e.parent.name == "search"}
    for folder in (cache / "search").iterdir():
        assert folder.stat().st_mode & 0o077 == 0  # private, as a built one (Whoosh unpickles its files)
    built = invoke(["ask", question, "--json", "--no-replay"], {"PAL_JUDGE_CACHE": str(computed)})
    assert json.loads(shipped.stdout) == json.loads(built.stdout)
    assert json.loads(shipped.stdout)["ruling"] is not None


def test_a_changed_rules_folder_is_not_answered_from_the_shipped_caches(tmp_path: Path) -> None:
    """A judge's own texts (or a shipped copy left stale by an edit) have another key: built, never
    read from the package. Here a clause of the Chinese rulebook gains a word no clause has."""
    rules = tmp_path / "rules"
    shutil.copytree(prebuilt.SHIPPED.parent.parent / "rules", rules)
    zh = rules / "zh.txt"
    text = zh.read_text(encoding="utf-8")
    clause = "12.10.1"
    start = text.index(f"\n{clause}") + 1
    end = text.index("\n", start)
    zh.write_text(text[:end] + "瓜瓞绵绵" + text[end:], encoding="utf-8")
    env = {"PAL_JUDGE_CACHE": str(tmp_path / "cache"), "PAL_JUDGE_RULES": str(rules), **SHIPPED_ON}
    found = invoke(["search", "瓜瓞绵绵", "--json"], env)
    assert found.returncode == 0, found.stderr
    hits = json.loads(found.stdout)
    assert [hit["section"] for hit in hits][:1] == [clause]  # the index was built from the changed text
    assert "瓜瓞绵绵" in hits[0]["zh"]  # and so was the rulebook
