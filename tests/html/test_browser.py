"""The exported site in headless Chromium over file://: links, search, language toggle, replays, phone width.

Every test fails if the page logs a JavaScript error or requests anything that
is not a local file (see conftest.py). Expected sections come from rules/zh.txt.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from pal_judge.html.tokens import tokens
from pal_judge.paths import rules_dir

VISIBLE = """(id) => {
  const el = document.getElementById(id);
  if (!el) return false;
  const box = el.getBoundingClientRect();
  const header = document.querySelector('header.top').getBoundingClientRect().bottom;
  return box.top >= header - 2 && box.top < window.innerHeight;
}"""


def url(site: Path, page: str = "index.html", anchor: str = "") -> str:
    return (site / page).as_uri() + (f"#{anchor}" if anchor else "")


def search(page: Any, query: str) -> list[str]:
    """Type a query in the search box; the section numbers (or ruling labels) of the results, best first."""
    page.fill("#q", query)
    page.wait_for_selector("#results:not([hidden])")
    page.wait_for_function("() => document.querySelectorAll('#results li').length > 0")
    return page.eval_on_selector_all("#results a.hit .label", "els => els.map(e => e.textContent)")


def test_a_permalink_opens_its_section_below_the_header(site: Path, page: Any) -> None:
    page.goto(url(site, anchor="9.6.3.3"))
    assert "如果攻击目标是玩家" in page.inner_text("[id='9.6.3.3']")
    assert page.evaluate(VISIBLE, "9.6.3.3")


def test_following_a_cross_reference_shows_the_cited_section(site: Path, page: Any) -> None:
    # 1.2.1.1: a player whose life (3.2) is 0 or less loses (11.3.1).
    page.goto(url(site, anchor="1.2.1.1"))
    page.click("[id='1.2.1.1'] .zh a.xref:text-is('3.2')")
    page.wait_for_function("() => location.hash === '#3.2'")
    assert page.evaluate(VISIBLE, "3.2")
    assert "生命值和已受伤害" in page.inner_text("[id='3.2']")


def test_english_search_finds_both_concession_clauses_first(site: Path, page: Any) -> None:
    # 1.2.3 (any player may concede at any time) and 1.2.3.1 (nothing can interfere with conceding).
    page.goto(url(site))
    assert {"1.2.3", "1.2.3.1"} <= set(search(page, "concession")[:3])


def test_chinese_search_finds_both_concession_clauses_first(site: Path, page: Any) -> None:
    page.goto(url(site))
    assert {"1.2.3", "1.2.3.1"} <= set(search(page, "宣告投降")[:3])


def test_search_expands_glossary_terms_across_languages(site: Path, page: Any) -> None:
    # Taunt is 挑衅 (12.10): in Chinese-only view an English query still finds and marks the Chinese clauses.
    page.goto(url(site))
    page.click(".langs button[data-lang=zh]")
    found = search(page, "Taunt")
    assert {"12.10.1", "12.10.2"} <= set(found[:6])
    assert "挑衅" in page.eval_on_selector_all("#results mark", "els => els.map(e => e.textContent)")


def test_a_search_result_leads_to_its_section(site: Path, page: Any) -> None:
    page.goto(url(site, "glossary.html"))
    search(page, "宣告投降")
    page.press("#q", "Enter")
    page.wait_for_url("**/index.html#1.2.3*")
    assert page.evaluate(VISIBLE, "1.2.3") or page.evaluate(VISIBLE, "1.2.3.1")


def test_a_section_number_typed_in_search_comes_first(site: Path, page: Any) -> None:
    page.goto(url(site))
    assert search(page, "9.6.3.3")[0] == "9.6.3.3"


def test_language_toggle_hides_the_other_language_and_is_remembered(site: Path, page: Any) -> None:
    page.goto(url(site, anchor="1.2.3"))
    page.click(".langs button[data-lang=zh]")
    assert page.is_hidden("[id='1.2.3'] .en") and page.is_visible("[id='1.2.3'] .zh")
    page.reload()
    assert page.is_hidden("[id='1.2.3'] .en"), "the chosen language is kept on the next page"
    page.click(".langs button[data-lang=en]")
    assert page.is_visible("[id='1.2.3'] .en") and page.is_hidden("[id='1.2.3'] .zh")
    page.click(".langs button[data-lang=both]")
    assert page.is_visible("[id='1.2.3'] .en") and page.is_visible("[id='1.2.3'] .zh")


def test_the_browser_tokenizer_matches_the_index_builder(site: Path, page: Any) -> None:
    """The JS scorer must cut queries exactly as Python cut the book, or searches silently miss."""
    lines = [line for name in ("en.txt", "zh.txt") for line in (rules_dir() / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    page.goto(url(site))
    in_browser = page.evaluate("lines => lines.map(l => PalSearch.tokens(l))", lines)
    assert in_browser == [tokens(line) for line in lines]


@pytest.mark.parametrize("name", ["index.html", "glossary.html", "rulings.html", "readings.html", "findings.html"])
def test_every_page_fits_a_phone_screen(site: Path, phone: Any, name: str) -> None:
    phone.goto(url(site, name))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375


def test_phone_screenshot_of_a_clause_and_a_search(site: Path, phone: Any, tmp_path: Path) -> None:
    phone.goto(url(site, anchor="9.6.3.3"))
    assert phone.evaluate(VISIBLE, "9.6.3.3")
    folder = Path(os.environ.get("PAL_JUDGE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(folder / "phone-9.6.3.3.png"))
    search(phone, "投降")
    box = phone.locator("#results").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    phone.screenshot(path=str(folder / "phone-search.png"))
    assert (folder / "phone-9.6.3.3.png").stat().st_size > 10_000


def test_a_rulings_replay_opens_step_by_step(keyword_site: Path, page: Any) -> None:
    page.goto(url(keyword_site, "rulings.html"))
    assert page.locator("article.ruling details.replay").count() > 0, "the rulings page lost its replays"
    replay = page.locator("article.ruling details.replay").first
    assert replay.locator("li.step").first.is_hidden()
    replay.locator(":scope > summary").click()
    assert replay.locator("li.step").first.is_visible()
    cite = replay.locator(".cites a").first
    target = cite.inner_text()
    cite.click()
    page.wait_for_url(f"**/index.html#{target}")
    assert page.evaluate(VISIBLE, target)


def test_a_made_up_replay_opens_and_its_citation_leads_to_the_clause(made_up_site: Path, page: Any) -> None:
    page.goto(url(made_up_site, "rulings.html", "strike-damage"))
    replay = page.locator("[id='strike-damage'] details.replay")
    replay.locator(":scope > summary").click()
    steps = replay.locator("li.step .action")
    assert steps.nth(1).locator(".en").inner_text() == "attack Foxparks -> player"
    assert steps.nth(1).locator(".zh").inner_text() == "Foxparks攻击玩家"
    assert replay.locator("li.step").nth(1).locator(".board .player").count() == 2
    replay.locator("li.step").nth(1).locator(".cites a:text-is('9.6.3.3.2')").click()
    page.wait_for_url("**/index.html#9.6.3.3.2")
    assert page.evaluate(VISIBLE, "9.6.3.3.2")
    assert "strike-damage-demo" in page.inner_text("[id='9.6.3.3.2'] .exercised")
