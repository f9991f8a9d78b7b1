"""Search forgives the way players write: typos, traditional characters, slang, NOT, --lang."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from pal_judge.cli import app

runner = CliRunner()


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


def sections(searcher, query: str, limit: int = 5) -> list[str]:  # type: ignore[no-untyped-def]
    return [h.section for h in searcher.search(query, limit=limit)]


def test_a_misspelt_keyword_is_corrected_and_said(searcher) -> None:  # type: ignore[no-untyped-def]
    result = run("search", "tuant", "--limit", "3")
    assert result.exit_code == 0
    assert "showing results for: taunt" in result.stdout
    assert "12.10" in result.stdout  # 12.10 Taunt


def test_corrections_come_from_the_rulebook_words(searcher) -> None:  # type: ignore[no-untyped-def]
    assert searcher.correct("retaliat").text == "retaliate"  # 12.12 Retaliate
    assert searcher.correct("stelth pal").text == "stealth pal"  # 12.11 Stealth
    assert searcher.correct("nocturnl").text == "nocturnal"  # 12.13 Nocturnal
    assert searcher.correct("taunt pal") is None  # every word known: nothing to correct
    assert searcher.correct('"tuant" term:taunt') is None  # phrases and fields are taken as typed


def test_two_letters_swapped_are_a_typo(searcher) -> None:  # type: ignore[no-untyped-def]
    assert searcher.correct("blokc").text == "block"  # 9.4 block, its letters swapped
    assert searcher.correct("attcak").text == "attack"


def test_plain_english_words_are_not_turned_into_rule_words(searcher) -> None:  # type: ignore[no-untyped-def]
    # Short words two edits from a rulebook word are ordinary English, not typos: "told" is not
    # "top", "fight" not "first", "picks" not "pings"; the query is searched as typed.
    for query in ("who picks the order", "a pal in a fight", "what if i am told to", "does the art matter"):
        assert searcher.correct(query) is None, query
    result = run("search", "who picks the order", "--limit", "3")
    assert result.exit_code == 0 and "showing results for" not in result.stdout


def test_a_far_letter_makes_another_word_not_a_typo(searcher) -> None:  # type: ignore[no-untyped-def]
    # "multiply" and "opposite" are English words the rulebook does not use; "multiple" and
    # "opposing" are one or two far letters away (y for e, t for n): nothing to correct.
    assert searcher.correct("multiply by a negative number") is None
    assert searcher.correct("the opposite player") is None
    # A neighbouring key or a vowel for a vowel is a slip of the finger: corrected.
    assert searcher.correct("atrack").text == "attack"  # r beside t
    assert searcher.correct("stealrh").text == "stealth"  # r beside t
    assert searcher.correct("atteck").text == "attack"  # a vowel for a vowel


def test_other_forms_of_a_rulebook_word_find_it(searcher) -> None:  # type: ignore[no-untyped-def]
    # The rulebook says "block", never "blocker" (9.4.2: who may block); "draw", never "drew" (5.7).
    assert "9.4.2" in sections(searcher, "can a rested pal be a blocker", 3)
    assert {"5.7.1", "5.7.2"} & set(sections(searcher, "who drew the card"))
    # They are words, not typos: nothing is corrected.
    assert searcher.correct("can a rested pal be a blocker") is None
    assert searcher.correct("who drew the card") is None


def test_breakthru_finds_breakthrough(searcher) -> None:  # type: ignore[no-untyped-def]
    assert any(s.startswith("12.14") for s in sections(searcher, "breakthru"))  # 12.14 Breakthrough


def test_traditional_characters_are_read_as_simplified(searcher) -> None:  # type: ignore[no-untyped-def]
    assert sections(searcher, "挑釁", 3) == sections(searcher, "挑衅", 3)
    rule = run("rule", "挑釁")
    assert rule.exit_code == 0 and "12.10" in rule.stdout  # 12.10 Taunt (挑衅)


def test_slang_finds_the_rule_it_means(searcher) -> None:  # type: ignore[no-untyped-def]
    # 7.2 the stand phase: 7.2.1 the turn player stands every card of their base and soul area.
    assert {"7.2", "7.2.1"} & set(sections(searcher, "what untaps in the untap step"))
    # 6.2.1.7: the redraw (mulligan) before the game.
    assert "6.2.1.7" in sections(searcher, "mulligan")


def test_everyday_words_find_the_rulebook_words(searcher) -> None:  # type: ignore[no-untyped-def]
    # 3.1.2.3: an automatic ability's master, the translation's word for its controller.
    assert "3.1.2.3" in sections(searcher, "who is the controller of an automatic ability", 3)
    # 4.3.2.2: a card in the rest state lies horizontally (players: sideways).
    assert "4.3.2.2" in sections(searcher, "turned sideways", 3)
    # 4.2.3: the hidden state (face down); 4.2.2: the public state (face up).
    assert "4.2.3" in sections(searcher, "face down cards in the deck")
    assert "4.2.2" in sections(searcher, "a card is put face up")
    # 5.11.1: "exchange" two cards (players: swap).
    assert "5.11.1" in sections(searcher, "swap a pal with a card in hand")
    # 11.2.2.1: the top card of the deck put into the graveyard (other card games: mill).
    assert "11.2.2.1" in sections(searcher, "an effect mills two cards", 3)
    # 9.6.2: if the attacking Pal or the attack target ceases to exist, the damage step is skipped
    # (players: it is gone, no longer there). Questions not among the ones the word was chosen on.
    assert "9.6.2" in sections(searcher, "the pal being attacked is no longer there when damage comes")
    assert "9.6.2" in sections(searcher, "the target disappeared before damage")
    # 2.15: the collection data (the collector number, rarity …) has no meaning in the rules.
    assert {"2.15", "2.15.1", "2.15.2"} & set(sections(searcher, "does rarity change anything", 3))
    # 10.1.1.3: continuous abilities, what other card games call static (or passive) abilities.
    assert "10.1.1.3" in sections(searcher, "what is a static ability", 3)


def test_chinese_table_talk_finds_the_rule_it_means(searcher) -> None:  # type: ignore[no-untyped-def]
    # 9.4.2: only a standing (站立) Pal may block (阻挡); players say 横着 for rested and 挡 for block.
    assert "9.4.2" in sections(searcher, "横着的帕鲁能挡吗")
    # 4.10.1 / 5.5.1: an exiled (放逐) card goes to the exile zone; players say 除外.
    assert {"4.10.1", "5.5.1"} & set(sections(searcher, "被除外的卡去哪里"))


def test_a_chinese_word_the_rulebook_writes_otherwise_finds_it_by_its_characters(searcher) -> None:  # type: ignore[no-untyped-def]
    # 隐蔽 (concealed) is not the rulebook's word for Stealth, 隐密 (12.11); it shares a character.
    assert {"12.11", "12.11.1", "12.11.2"} & set(sections(searcher, "隐蔽"))
    # "An attack made void: which step next?" 5.18.1: the attack fails (使攻击失败) -> battle end step.
    assert "5.18.1" in sections(searcher, "攻击被无效之后直接到哪一步")


def test_a_chinese_question_of_filler_words_only_is_refused() -> None:
    result = run("search", "还能一下吗")  # 还能 / 一下 / 吗: no rule word at all
    assert result.exit_code == 2
    assert "nothing to search for" in result.output


def test_not_excludes_what_it_names_in_every_spelling(searcher) -> None:  # type: ignore[no-untyped-def]
    for query in ("hand NOT deck", "hand AND NOT deck", "hand ANDNOT deck", "hand -deck"):
        hits = searcher.search(query, limit=30)
        assert hits, query
        assert not any("deck" in h.en.lower() or "牌库" in h.zh for h in hits), query
    # 6.2.1.7 (the redraw) returns the hand to the deck: found by "redraw", excluded by NOT deck
    assert "6.2.1.7" in sections(searcher, "redraw")
    for query in ("redraw NOT deck", "redraw -deck"):
        assert "6.2.1.7" not in sections(searcher, query, 30), query


def test_an_excluded_word_is_not_highlighted(searcher) -> None:  # type: ignore[no-untyped-def]
    hits = searcher.search("hand NOT lucky", limit=5)
    for hit in hits:
        assert all("lucky" not in hit.en[a:b].lower() for a, b in hit.highlights.get("en", ()))


def test_a_negative_number_is_not_an_exclusion(searcher) -> None:  # type: ignore[no-untyped-def]
    assert searcher.search("power -3000", limit=5)


def test_lang_is_what_is_shown_not_what_is_searched(searcher) -> None:  # type: ignore[no-untyped-def]
    result = run("search", "挑衅", "--lang", "en", "--json", "--limit", "3")
    hits = json.loads(result.stdout)
    assert hits and hits[0]["section"].startswith("12.10")
    shown = run("search", "挑衅", "--lang", "en", "--limit", "2")
    body = "\n".join(line for line in shown.stdout.splitlines() if line.startswith("  "))
    assert "Taunt" in body and "挑衅是" not in body


def test_search_lists_the_rulings_too_marked_as_rulings(searcher) -> None:  # type: ignore[no-untyped-def]
    result = run("search", "taunt", "--limit", "2")
    assert result.exit_code == 0
    assert re.search(r"^ruling\s+(taunt-forces-target|two-taunts)\b", result.stdout, re.MULTILINE)
