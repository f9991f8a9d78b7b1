"""The exported files themselves (no browser): anchors, links, offline-ness, empty parts, the CLI."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.html import export_site
from pal_judge.html.markup import linked
from pal_judge.corpus import load_rulebook
from pal_judge.html.sources import SiteData
from pal_judge.html.tokens import tokens
from pal_judge.paths import rules_dir


class Elements(HTMLParser):
    """Every start tag as (tag, attributes), in order."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))


def parse(path: Path) -> list[tuple[str, dict[str, str]]]:
    """Every start tag of a page (each version of a page is parsed once per session: the
    rulings page alone is several megabytes)."""
    stat = path.stat()
    return _parsed(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=32)
def _parsed(path: str, mtime_ns: int, size: int) -> list[tuple[str, dict[str, str]]]:
    parser = Elements()
    parser.feed(Path(path).read_text(encoding="utf-8"))
    return parser.tags


def ids(path: Path) -> list[str]:
    return [attrs["id"] for _, attrs in parse(path) if "id" in attrs]


def test_every_section_has_exactly_one_permalink(site: Path) -> None:
    zh = (rules_dir() / "zh.txt").read_text(encoding="utf-8")
    numbers = re.findall(r"^(\d+(?:\.\d+)+)", zh, flags=re.M) + re.findall(r"^第(\d+)章", zh, flags=re.M)
    found = ids(site / "index.html")
    assert len(numbers) == 573
    assert all(found.count(number) == 1 for number in numbers)
    permalinks = {attrs["href"] for tag, attrs in parse(site / "index.html") if "perma" in attrs.get("class", "")}
    assert {"#9.6.3.3", "#12.10.2.1", "#1.1.1"} <= permalinks


def test_every_link_inside_the_site_lands_on_something(site: Path) -> None:
    pages = ("index.html", "glossary.html", "rulings.html", "readings.html", "findings.html")
    anchors = {page: set(ids(site / page)) for page in pages}
    for page in pages:
        for tag, attrs in parse(site / page):
            href = attrs.get("href", "")
            if tag != "a" or not href:
                continue
            file, _, anchor = href.partition("#")
            assert (file or page) in anchors, f"{page}: {href}"
            assert not anchor or anchor in anchors[file or page], f"{page}: {href}"


def test_the_references_of_a_clause_are_links(site: Path) -> None:
    # 1.2.1.1 cites life (3.2) and the losing rule 11.3.1.
    html = (site / "index.html").read_text(encoding="utf-8")
    section = html[html.index('id="1.2.1.1"') : html.index('id="1.2.2"')]
    assert '<a class="xref" href="#3.2">3.2</a>' in section
    assert '<a class="xref" href="#11.3.1">11.3.1</a>' in section


def test_a_number_that_is_no_section_is_not_a_link() -> None:
    known = {"3.2"}.__contains__
    html = linked("见（99.9）与（3.2）", known, on_book_page=False)
    assert 'href="index.html#3.2"' in html
    assert "99.9" in html and 'href="index.html#99.9"' not in html


def test_rulebook_text_is_escaped_not_interpreted() -> None:
    assert linked("a < b & <script>", lambda n: False, True) == "a &lt; b &amp; &lt;script&gt;"


def test_nothing_in_the_site_points_outside_it(site: Path) -> None:
    for path in site.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(?:src|href)\s*=\s*[\"']?(?:https?:)?//", text), path
            assert not re.search(r"url\(\s*[\"']?(?:https?:)?//", text), path
            assert "@import" not in text and "fetch(" not in text, path
    for page in ("index.html", "rulings.html"):
        for tag, attrs in parse(site / page):
            ref = attrs.get("src") or (attrs.get("href") if tag == "link" else "")
            if ref:
                assert (site / ref).is_file(), ref


def test_an_empty_part_says_so_on_its_page(tmp_path: Path) -> None:
    export_site(tmp_path, SiteData(rulebook=load_rulebook()))
    assert 'data-part="rulings"' in (tmp_path / "rulings.html").read_text(encoding="utf-8")
    assert 'data-part="glossary"' in (tmp_path / "glossary.html").read_text(encoding="utf-8")
    assert 'data-part="findings"' in (tmp_path / "findings.html").read_text(encoding="utf-8")


def section_html(site: Path, number: str) -> str:
    html = (site / "index.html").read_text(encoding="utf-8")
    start = html.index(f'id="{number}"')
    return html[start : html.index("</section>", start)]


def test_a_translation_finding_is_marked_on_its_section(made_up_site: Path) -> None:
    section = section_html(made_up_site, "9.6.3.3.2")
    assert "cross-references differ" in section
    assert "<mark>11.2</mark>" in section and "<mark>3.2.2</mark>" in section
    classes = {attrs["id"]: attrs.get("class", "") for _, attrs in parse(made_up_site / "index.html") if "id" in attrs}
    assert "flagged" in classes["9.6.3.3.2"].split()
    assert "flagged" not in classes["9.6.3.3.1"].split()


def test_a_section_lists_the_scenarios_that_exercise_it(made_up_site: Path) -> None:
    assert 'href="rulings.html#strike-damage">strike-damage-demo</a>' in section_html(made_up_site, "9.6.3.3.2")
    assert "strike-damage-demo" not in section_html(made_up_site, "9.6.3.3.1")


def test_a_ruling_citing_a_section_its_scenario_does_not_reach_is_listed_there(made_up_site: Path) -> None:
    # The made-up ruling cites 9.6.3.3.2 (its scenario reaches it: listed once, as a scenario) and 3.2.2 (not reached).
    assert section_html(made_up_site, "9.6.3.3.2").count('href="rulings.html#strike-damage"') == 1
    assert '<a class="ruling" href="rulings.html#strike-damage">strike-damage</a>' in section_html(made_up_site, "3.2.2")
    assert "strike-damage" not in section_html(made_up_site, "3.2.1")


def test_a_replay_shows_each_step_its_cited_clauses_and_the_board(made_up_site: Path) -> None:
    html = (made_up_site / "rulings.html").read_text(encoding="utf-8")
    assert html.index("attack Foxparks -&gt; player") < html.index("Player B takes 2 damage")
    assert '<a class="cite" href="index.html#9.6.3.3.2">9.6.3.3.2</a>' in html
    assert '<a class="cite" href="index.html#9.3.2">9.3.2</a>' in html
    # the board after the step, its labels in both languages (已受伤害: damage taken, rules/glossary.yaml 3.2.2)
    assert "Player B" in html and "玩家B" in html
    assert '<b><span class="en" lang="en">damage</span><span class="zh" lang="zh">已受伤害</span></b> 2' in html
    assert "2/2 ✔" in html  # both expectations met


def test_english_inflections_and_chinese_words_are_searchable_tokens() -> None:
    assert tokens("attacks attacked attacking") == ["attack", "attack", "attack"]
    assert tokens("blocked the Pal") == ["block", "pal"]
    assert tokens("挑衅") == ["挑", "衅", "挑衅"]
    assert tokens("see 9.6.3.3") == ["see", "9.6.3.3"]


def test_the_index_knows_every_section_and_the_glossary(site: Path) -> None:
    script = (site / "assets" / "search-index.js").read_text(encoding="utf-8")
    assert script.startswith("window.PAL_INDEX=")
    index: dict[str, Any] = json.loads(script[len("window.PAL_INDEX=") :].rstrip().rstrip(";"))
    labels = {doc[1] for doc in index["docs"]}
    assert {"1.1.1", "9.6.3.3", "12.10.2.1"} <= labels
    if index["glossary"]:
        assert [["Taunt"], ["挑衅", "挑発"]] in index["glossary"]
        assert any(doc[0] == "glossary.html#term-taunt" for doc in index["docs"])


def test_cli_writes_the_site_and_reports_it(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["export-html", str(tmp_path / "out"), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["sections"] == 573
    assert (tmp_path / "out" / "index.html").is_file()
    assert set(report["files"]) >= {"index.html", "rulings.html", "assets/search-index.js", "assets/site.js"}


def test_cli_refuses_a_file_as_the_folder(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.write_text("x")
    result = CliRunner().invoke(app, ["export-html", str(target)])
    assert result.exit_code == 2
    assert "not a folder" in result.output


def test_cli_never_writes_over_a_folder_of_other_files(tmp_path: Path, monkeypatch: Any) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("a judge's notes")
    monkeypatch.chdir(tmp_path)
    for target in (str(tmp_path), ""):  # Typer reads "" as the current folder
        result = CliRunner().invoke(app, ["export-html", target])
        assert result.exit_code == 2, result.output
        assert "notes.txt" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    assert notes.read_text() == "a judge's notes"


class Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def test_the_book_page_holds_every_line_of_both_rulebooks(site: Path) -> None:
    parser = Text()
    parser.feed((site / "index.html").read_text(encoding="utf-8"))
    shown = "".join(parser.parts)
    for name in ("zh.txt", "en.txt"):
        lines = [line.strip().lstrip("\ufeff") for line in (rules_dir() / name).read_text(encoding="utf-8").splitlines()]
        # The section number (9.6.3.3, 第9章) is shown apart from its text, as the permalink.
        texts = [re.sub(r"^(?:\d+(?:\.\d+)+|第\d+章)\s*", "", line) for line in lines]
        missing = [text for text in texts if text and text not in shown]
        assert missing == [], f"{name}: {len(missing)} lines not on the page, e.g. {missing[:3]}"


def test_the_sections_a_scenario_exercises_are_those_coverage_reports() -> None:
    from pal_judge.html.sources import _load_rulings, coverage_of
    from pal_judge.rulings.coverage import coverage_map

    shown = coverage_of(_load_rulings())
    assert "breakthrough-vs-retaliate" in shown["12.14.2"]  # its trace applies Breakthrough
    assert shown == {number: tuple(ids) for number, ids in coverage_map().items()}


def test_the_readings_page_shows_every_reading_in_both_languages_linked_from_its_clauses(site: Path) -> None:
    from pal_judge.corpus.readings import load_readings

    html = (site / "readings.html").read_text(encoding="utf-8")
    for reading in load_readings():
        article = html[html.index(f'id="reading-{reading.id}"'):]
        article = article[: article.index("</article>")]
        assert 'lang="en"' in article and 'lang="zh"' in article
        assert all(f'href="index.html#{number}"' in article for number in reading.clauses)
    book = (site / "index.html").read_text(encoding="utf-8")
    retaliate = book[book.index('id="12.12.2"') : book.index('id="12.13"')]
    assert 'href="readings.html#reading-retaliate-battling-pal"' in retaliate


def test_answers_have_no_stray_spaces_in_chinese_and_name_no_developer_document(site: Path) -> None:
    html = (site / "rulings.html").read_text(encoding="utf-8")
    assert not re.findall(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef] +[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]", html)
    assert not re.findall(r"\bAPI\b|\w+\.md\b", html)


def test_every_replay_string_has_its_chinese_form(site: Path) -> None:
    """Actions, events, board labels and expectations of every ruling's replay (none shown in English only)."""
    html = (site / "rulings.html").read_text(encoding="utf-8")
    assert html.count('class="step"') > 100
    untranslated = re.findall(r'class="[^"]*untranslated[^"]*"[^>]*>([^<]{0,120})', html)
    assert not untranslated, sorted(set(untranslated))[:20]  # the sentences, not a diff of the whole page
    # the glossary's terms (rules/glossary.yaml): 横置 rest state 4.3.2.2, 打击力 strike 2.9, 墓地 graveyard 4.7
    for term in ("横置", "打击力", "墓地", "主要阶段"):
        assert f'lang="zh">{term}' in html


def test_the_ready_made_cards_are_called_normal_and_lucky_as_in_the_rulings_readme(site: Path) -> None:
    html = (site / "rulings.html").read_text(encoding="utf-8")
    assert "Filler" not in html
    assert '<span class="en" lang="en">normal</span><span class="zh" lang="zh">普通帕鲁</span> ×20' in html


def test_a_warm_export_reuses_the_pages_until_a_ruling_changes(tmp_path: Path, monkeypatch: Any) -> None:
    import pal_judge.html.export as export

    rulings = tmp_path / "rulings"
    rulings.mkdir()
    ruling = rulings / "other.yaml"
    ruling.write_text((Path(__file__).parents[2] / "rulings" / "other.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setenv("PAL_JUDGE_RULINGS", str(rulings))
    first = export_site(tmp_path / "first")
    gathered = export.gather
    monkeypatch.setattr(export, "gather", lambda: pytest.fail("nothing changed, yet the site was gathered again"))
    warm = export_site(tmp_path / "warm")
    assert (warm.files, warm.rulings, warm.problems) == (first.files, first.rulings, first.problems)
    assert all((tmp_path / "warm" / f).read_bytes() == (tmp_path / "first" / f).read_bytes() for f in first.files)

    monkeypatch.setattr(export, "gather", gathered)
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("the game ends in a draw", "the game ends, drawn,"),
                      encoding="utf-8")
    export_site(tmp_path / "edited")
    page = (tmp_path / "edited" / "rulings.html").read_text(encoding="utf-8")
    assert "the game ends, drawn," in page and "the game ends in a draw" not in page
