"""`pal-judge search` and `pal-judge index` as a user runs them."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pal_judge.cli import app

runner = CliRunner()


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


def test_search_json_lists_hits_in_rank_order(searcher) -> None:  # type: ignore[no-untyped-def]
    result = run("search", "挑衅", "--json", "--limit", "3")
    assert result.exit_code == 0
    hits = json.loads(result.stdout)
    assert len(hits) == 3 and hits[0]["section"].startswith("12.10")
    assert all({"section", "score", "heading", "en", "zh"} <= set(h) for h in hits)
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_search_joins_words_and_shows_both_languages(searcher) -> None:  # type: ignore[no-untyped-def]
    result = run("search", "lucky", "card", "stops", "damage", "--limit", "3")
    assert result.exit_code == 0
    assert "11.2.2.2" in result.stdout
    assert "幸运图标" in result.stdout and "lucky Pal icon" in result.stdout


def test_search_lang_en_shows_english_only(searcher) -> None:  # type: ignore[no-untyped-def]
    result = run("search", "taunt", "--lang", "en", "--limit", "2")
    body = "\n".join(line for line in result.stdout.splitlines() if line.startswith("  "))
    assert result.exit_code == 0 and "Taunt" in body and "挑衅" not in body


def test_a_query_syntax_error_exits_2_with_one_clear_line(searcher) -> None:  # type: ignore[no-untyped-def]
    result = run("search", "(taunt")
    assert result.exit_code == 2
    assert "never closed" in result.output and "Traceback" not in result.output


def test_a_query_of_stop_words_exits_2(searcher) -> None:  # type: ignore[no-untyped-def]
    result = run("search", "the")
    assert result.exit_code == 2 and "nothing to search for" in result.output


def test_index_reports_where_how_many_and_how_long(searcher) -> None:  # type: ignore[no-untyped-def]
    result = run("index")
    assert result.exit_code == 0
    assert "up to date" in result.stdout and "sections" in result.stdout and "search" in result.stdout
    rebuilt = run("index", "--rebuild")
    assert rebuilt.exit_code == 0 and "Built the search index" in rebuilt.stdout and " s " in rebuilt.stdout


def test_rule_and_importing_the_search_package_never_load_whoosh() -> None:
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "import pal_judge.search\n"
        "from pal_judge.cli import main\n"
        "sys.argv = ['pal-judge', 'rule', '9.6']\n"
        "code = 0\n"
        "try:\n    main()\nexcept SystemExit as done:\n    code = done.code or 0\n"
        "sys.stderr.write('EXIT=%s WHOOSH=%s' % (code, any(m.split('.')[0] == 'whoosh' for m in sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert "EXIT=0 WHOOSH=False" in result.stderr, result.stderr[-2000:]  # the section was shown, without whoosh


def test_a_heading_hit_shows_its_english_title(searcher) -> None:  # type: ignore[no-untyped-def]
    """Headings carry no English paragraph, only a title (rules/headings_en.yaml: 5.6 Shuffle, 12.10 Taunt)."""
    for number, title in (("5.6", "Shuffle"), ("12.10", "Taunt")):
        result = run("search", number, "--json")
        hit = json.loads(result.stdout)[0]
        assert hit["section"] == number and hit["en"] == title
        assert "no English text" not in run("search", number).stdout
