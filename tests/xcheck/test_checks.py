"""Each check on small made-up rulebooks: it fires on the difference, and stays quiet
on a faithful translation."""

from __future__ import annotations

from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pal_judge.corpus.glossary import Glossary
from pal_judge.errors import UserError
from pal_judge.xcheck import run_checks
from pal_judge.corpus.model import Rulebook

BookMaker = Callable[..., Rulebook]


def checks_of(findings: list) -> set[str]:  # type: ignore[type-arg]
    return {f.check for f in findings}


def test_faithful_translation_gives_no_error_or_warning(make_book: BookMaker, glossary: Glossary) -> None:
    book = make_book([
        ("1.2.1.1", "玩家在自己的生命值（3.2）为0或以下时，将会败北（11.3.1）。",
         "If a player’s life (3.2) is 0 or below, then he or she fulfills a losing condition (11.3.1)."),
        ("8.5.1", "回合玩家通过支付3点灵魂（10.4.3），进行抽1张牌。",
         "The turn player may pay 3 souls （10.4.3） to draw 1 card."),
    ])
    findings = run_checks(book, glossary)
    assert [f for f in findings if f.severity != "info"] == []


def test_crossref_names_and_marks_both_references(make_book: BookMaker, glossary: Glossary) -> None:
    # 6.1.1.3: ZH cites the Lucky icon (2.10), EN cites Strike (2.9)
    book = make_book([("6.1.1.3", "在主卡组中，带有幸运图标（2.10）的卡牌总计最多只能放入8张。",
                       "The main deck may include up to a total of 8 cards with the lucky Pal icon（2.9）.")])
    [f] = run_checks(book, glossary, checks=["crossref"])
    assert (f.section, f.severity) == ("6.1.1.3", "error")
    assert "2.10" in f.message and "2.9" in f.message
    assert [f.en[a:b] for a, b in f.en_marks] == ["2.9"]
    assert [f.zh[a:b] for a, b in f.zh_marks] == ["2.10"]


def test_number_word_against_a_different_digit(make_book: BookMaker, glossary: Glossary) -> None:
    book = make_book([("6.2.1.6", "每位玩家从自己牌库顶将5张卡牌加入手牌。", "Each player draws six cards from their deck.")])
    [f] = run_checks(book, glossary, checks=["number"])
    assert [f.en[a:b] for a, b in f.en_marks] == ["six"]
    assert [f.zh[a:b] for a, b in f.zh_marks] == ["5"]


def test_two_said_in_words_is_not_a_number_difference(make_book: BookMaker, glossary: Glossary) -> None:
    # 5.20.1: 这两张卡牌 = "both cards"
    book = make_book([("5.20.1", "某张卡牌与另一张卡牌“同名”，是指这两张卡牌拥有共同的卡牌名称。",
                       "A card having the \"same name\" as another card means that both cards possess a common card name.")])
    assert run_checks(book, glossary, checks=["number"]) == []


@settings(max_examples=40, deadline=None)
@given(zh_n=st.integers(2, 999), en_n=st.integers(2, 999))
def test_number_check_fires_exactly_when_the_counts_differ(zh_n: int, en_n: int) -> None:
    from pal_judge.corpus.model import AlignedParagraph, Rulebook, Section

    book = Rulebook((Section("5", "chapter", "特定行动", 1),
                     Section("5.7.2", "clause", f"指定玩家抽{zh_n}张牌。", 2, en=f"The specified player draws {en_n} cards.",
                             en_indices=(0,), score=0.9)),
                    (f"The specified player draws {en_n} cards.",), (AlignedParagraph(0, ("5.7.2",), 0.9),))
    findings = run_checks(book, None, checks=["number"])
    assert bool(findings) == (zh_n != en_n)


def test_comparison_at_most_against_less_than(make_book: BookMaker, glossary: Glossary) -> None:
    book = make_book([("5.7.3.1", "如果（数值）小于或等于0，则结束此处理。", "If (number) is less than 0, nothing is done and this resolution ends.")])
    [f] = run_checks(book, glossary, checks=["comparison"])
    assert "≤0" in f.message and "<0" in f.message


def test_role_positions_reversed(make_book: BookMaker, glossary: Glossary) -> None:
    # 2.1.3.1: before the dash is the sub name in ZH, the main name in EN
    book = make_book([("2.1.3.1", "如果卡牌名称中包含半字线（–）及其前后的空格，则在该符号前面的部分为副名称，在后面的部分为主名称。",
                       "If a card name has an em dash (–) and a space before and after it, the text before it is the main name, "
                       "and the text after it is the sub name.")])
    [f] = run_checks(book, glossary, checks=["role-swap"])
    assert f.severity == "error"
    assert {f.en[a:b] for a, b in f.en_marks} == {"main name", "sub name"}


def test_master_rendered_as_owner(make_book: BookMaker, glossary: Glossary) -> None:
    # 5.17.2: ZH "由自己控制" (you control: master), EN "you own" (owner)
    book = make_book([("5.17.2", "若有未指定特定帕鲁的“指派帕鲁”指示时，选择由自己控制且满足指定条件的站立状态帕鲁，并将它们进行指派。",
                       "When instructed to “assign a Pal”, without specifying a particular Pal, select a Pal in stand state "
                       "you own that meets the specified conditions, and assign it.")])
    [f] = run_checks(book, glossary, checks=["role-swap"])
    assert "master" in f.message and "owner" in f.message
    assert [f.en[a:b] for a, b in f.en_marks] == ["you own"]


def test_terminology_is_one_info_report_per_term_with_every_rendering(make_book: BookMaker, glossary: Glossary) -> None:
    book = make_book([
        ("7.1.1", "在一个回合中，其中一位玩家会成为“回合玩家”。", "During a turn, one player is the turn player."),
        ("7.2.1", "回合玩家将自己据点和灵魂区内的所有卡牌转为站立状态。", "The turn player stands all of the cards in their base and soul area."),
        ("6.2.1.11", "以获得先发权的玩家视为回合玩家，游戏开始。", "The player going first becomes the active player, and the game begins."),
        ("7.6.1", "回合玩家宣告结束阶段开始。", "The active player announces the start of the end phase."),
    ])
    [f] = run_checks(book, glossary, checks=["terminology"])
    # filed where 回合玩家 is defined (7.1.1), its rendering there first, then the other one with both places
    assert (f.section, f.severity) == ("7.1.1", "info")
    assert f.en == "“turn player” (7.1.1, 7.2.1); “active player” (6.2.1.11, 7.6.1)"


def test_one_rendering_everywhere_gives_no_terminology_report(make_book: BookMaker, glossary: Glossary) -> None:
    book = make_book([
        ("7.1.1", "在一个回合中，其中一位玩家会成为“回合玩家”。", "During a turn, one player is the turn player."),
        ("7.6.1", "回合玩家宣告结束阶段开始。", "The turn player announces the start of the end phase."),
    ])
    assert run_checks(book, glossary, checks=["terminology"]) == []


def test_text_on_one_side_only(make_book: BookMaker, glossary: Glossary) -> None:
    book = make_book(
        [("2.7.1", "打出/使用此卡牌的费用（10.6.2.3）。", "The cost required to play a card (10.6.2.3)."),
         ("2.7.2", "费用以图标表示。", None)],
        orphans={"2.7.1": ["If text contains a number enclosed in ◇, it refers to a card’s cost."]},
    )
    findings = run_checks(book, glossary, checks=["no-english", "no-clause"])
    by_check = {f.check: f for f in findings}
    assert by_check["no-english"].section == "2.7.2" and by_check["no-english"].severity == "error"
    assert by_check["no-clause"].section == "2.7.1" and by_check["no-clause"].en_index == 1


def test_first_turn_dropped_is_an_ordinal_error(make_book: BookMaker, glossary: Glossary) -> None:
    book = make_book([("7.3.1", "如果这是先手玩家进入该游戏的第一个回合，则不执行抽牌阶段，直接进入灵魂阶段。",
                       "The player who goes first skips the draw phase, and proceeds to the soul phase.")])
    [f] = run_checks(book, glossary, checks=["ordinal"])
    assert [f.zh[a:b] for a, b in f.zh_marks] == ["第一个回合"]


def test_section_narrows_the_report(make_book: BookMaker, glossary: Glossary) -> None:
    book = make_book([("2.1.1", "卡牌（2.9）", "Card (2.8)"), ("3.1.1", "玩家（3.2）", "Player (3.3)")])
    assert [f.section for f in run_checks(book, glossary, section="3", checks=["crossref"])] == ["3.1.1"]


def test_unknown_check_or_section_is_a_user_error(make_book: BookMaker, glossary: Glossary) -> None:
    book = make_book([("2.1.1", "卡牌", "Card")])
    with pytest.raises(UserError, match="unknown check"):
        run_checks(book, glossary, checks=["spelling"])
    with pytest.raises(UserError, match="no section 9.9"):
        run_checks(book, glossary, section="9.9")
