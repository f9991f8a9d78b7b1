"""The cached index: built once, reused, rebuilt when broken, never half-used, safe to race."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from pal_judge.cache_manifest import record
from pal_judge.corpus.glossary import Glossary
from pal_judge.search.documents import IndexDoc
from pal_judge.search.service import IndexSearcher
from pal_judge.search.store import Reporter, open_index, search_root
from pal_judge.search.vocabulary import Lexicon

KEY = "k1"
ROOT = Path(__file__).resolve().parents[2]


def tiny_docs() -> tuple[list[IndexDoc], Lexicon]:
    doc = IndexDoc(
        key="12.10.2", kind="clause", chapter="12", sections=("12", "12.10", "12.10.2"), heading_en="", heading_zh="",
        title_en="", title_zh="", en="Taunt means the opponent must attack this card.", zh="挑衅意味着对手必须选择此卡", terms=(),
    )
    return [doc], Lexicon(Glossary(()), {})


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def found(opened) -> list[str]:  # type: ignore[no-untyped-def]
    return [h.section for h in IndexSearcher(opened).search("taunt")]


def quiet() -> Reporter:
    return Reporter(quiet=True)


def test_built_on_first_use_then_reused(cache: Path) -> None:
    first = open_index("t", KEY, tiny_docs, reporter=quiet())
    second = open_index("t", KEY, tiny_docs, reporter=quiet())
    assert first.built and not second.built
    assert first.location == second.location and second.location.parent == search_root()
    assert found(second) == ["12.10.2"]


def test_rebuild_flag_builds_again(cache: Path) -> None:
    open_index("t", KEY, tiny_docs, reporter=quiet())
    assert open_index("t", KEY, tiny_docs, rebuild=True, reporter=quiet()).built


def test_a_damaged_index_is_rebuilt(cache: Path) -> None:
    folder = open_index("t", KEY, tiny_docs, reporter=quiet()).location
    for segment in folder.glob("*.seg"):
        segment.write_bytes(b"garbage")
    for toc in folder.glob("*.toc"):
        toc.write_bytes(toc.read_bytes()[:20])
    reopened = open_index("t", KEY, tiny_docs, reporter=quiet())
    assert reopened.built and found(reopened) == ["12.10.2"]


@pytest.mark.parametrize("note", ["as written", "planted", "broken"])
def test_an_index_damaged_after_a_sound_open_is_rebuilt_whatever_its_note_says(cache: Path, note: str) -> None:
    """An open that finds the index sound notes its files (checked.json) so that the next opens skip
    the check; any change of a file (here the same size, written again) means checking again, and a
    planted or broken note only costs that check."""
    open_index("t", KEY, tiny_docs, reporter=quiet())
    folder = open_index("t", KEY, tiny_docs, reporter=quiet()).location  # opened sound: noted
    assert (folder / "checked.json").is_file() and not open_index("t", KEY, tiny_docs, reporter=quiet()).built
    for segment in folder.glob("*.seg"):
        segment.write_bytes(b"\0" * segment.stat().st_size)
    if note == "planted":
        (folder / "checked.json").write_text('{"files": {"MAIN.seg": [1, 2]}}', encoding="utf-8")
    elif note == "broken":
        (folder / "checked.json").write_bytes(b"{\"files\": ")
    reopened = open_index("t", KEY, tiny_docs, reporter=quiet())
    assert reopened.built and found(reopened) == ["12.10.2"]


def test_a_half_built_folder_is_never_used(cache: Path) -> None:
    folder = search_root() / f"t-{KEY}"
    folder.mkdir(parents=True)
    (folder / "_MAIN_1.toc").write_bytes(b"interrupted")  # no meta.json: the build never finished
    record(cache, f"search/t-{KEY}")  # one of ours (a folder we did not write is never deleted)
    opened = open_index("t", KEY, tiny_docs, reporter=quiet())
    assert opened.built and opened.location == folder and (folder / "meta.json").is_file()
    assert found(opened) == ["12.10.2"]


def test_a_stale_key_is_swept_after_a_new_build(cache: Path) -> None:
    old = open_index("t", "old", tiny_docs, reporter=quiet()).location
    new = open_index("t", "new", tiny_docs, reporter=quiet()).location
    assert new.is_dir() and not old.exists()


def test_an_unwritable_cache_falls_back_to_memory_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(blocker / "cache"))
    opened = open_index("t", KEY, tiny_docs)
    assert opened.location is None and found(opened) == ["12.10.2"]
    assert "warning" in capsys.readouterr().err


def test_two_builders_at_once_both_get_a_working_index(cache: Path) -> None:
    both_building = threading.Barrier(2)

    def slow_docs() -> tuple[list[IndexDoc], Lexicon]:
        both_building.wait(timeout=10)  # make sure the two builds overlap
        return tiny_docs()

    results: list[object] = []

    def build() -> None:
        results.append(open_index("t", KEY, slow_docs, reporter=quiet()))

    threads = [threading.Thread(target=build) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert len(results) == 2
    assert all(found(r) == ["12.10.2"] for r in results)
    assert [p.name for p in search_root().iterdir()] == [f"t-{KEY}"]  # one index, no leftovers


def test_the_key_changes_when_a_rules_file_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pal_judge.paths import rules_dir
    from pal_judge.search.sections_index import sections_key

    copy = tmp_path / "rules"
    shutil.copytree(rules_dir(), copy)
    monkeypatch.setenv("PAL_JUDGE_RULES", str(copy))
    before = sections_key()
    with (copy / "glossary.yaml").open("a", encoding="utf-8") as f:
        f.write("\n# a new comment\n")
    assert sections_key() != before


def test_an_index_already_built_is_searched_without_loading_the_index_writer(cache: Path) -> None:
    """A warm search (`ask`, `search`) opens its index and reads it: the build machinery (ours in
    backend.py, Whoosh's whoosh.writing) is not even imported. The index's files name only
    index_types.py, whose codec imports its writers when a build asks for them."""
    open_index("t", KEY, tiny_docs, reporter=quiet())  # built by this process
    code = textwrap.dedent("""
        import sys
        from pal_judge.search.service import IndexSearcher
        from pal_judge.search.store import Reporter, open_index

        def never():
            raise AssertionError("the index was built again")

        opened = open_index("t", "k1", never, reporter=Reporter(quiet=True))
        hits = [h.section for h in IndexSearcher(opened).search("taunt")]
        print(hits, [name for name in ("pal_judge.search.backend", "whoosh.writing") if name in sys.modules])
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(ROOT), "PAL_JUDGE_CACHE": str(cache)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['12.10.2'] []"
