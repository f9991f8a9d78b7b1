"""The changed-meaning checks on small made-up books built from rulebook clauses:
each fires on the published (wrong) English and stays quiet on a faithful one."""

from __future__ import annotations

from typing import Callable

import pytest

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import Rulebook
from pal_judge.xcheck import CHECKS, Finding, run_checks

BookMaker = Callable[..., Rulebook]


def run_one(make_book: BookMaker, glossary: Glossary, check: str, number: str, zh: str, en: str) -> list[Finding]:
    return run_checks(make_book([(number, zh, en)]), glossary, checks=[check])


def marked(f: Finding) -> tuple[list[str], list[str]]:
    return [f.en[a:b] for a, b in f.en_marks], [f.zh[a:b] for a, b in f.zh_marks]


ZH_4_1_4 = "除了在据点内部的移动之外，当且仅当卡牌进行区域间的移动时，除非有特别指示，该卡牌将被视为新区域中的一张全新卡牌。"
ZH_10_10_2 = "永续能力之外所产生的持续效果，对在该能力被使用的时点之后，进行了从据点到据点之移动以外的区域移动的卡牌不适用。"


def test_zone_move_restricted_to_base_to_non_base(make_book: BookMaker, glossary: Glossary) -> None:
    # 4.1.4: ZH covers every move between zones except within the base; EN only base → non-base.
    [f] = run_one(make_book, glossary, "zone-move", "4.1.4", ZH_4_1_4,
                  "When a card moves from a base to a non-base area, unless otherwise specified, "
                  "it is considered as a new card in the new zone.")
    en, zh = marked(f)
    assert f.severity == "warning"
    assert en == ["from a base to a non-base area"]
    assert "除了在据点内部的移动之外" in zh


def test_zone_move_quiet_when_the_exception_is_kept(make_book: BookMaker, glossary: Glossary) -> None:
    # 10.8.4.1.2 as published: both sides say base → a zone other than the base.
    assert run_one(make_book, glossary, "zone-move", "10.8.4.1.2",
                   "如果卡牌从据点移动到据点以外区域，从而诱发的自动能力要求获取卡牌信息，则使用该卡牌处于据点状态下的信息。",
                   "If it is an automatic ability that requires information from a card when the card is moved "
                   "from the base to a zone other than the base, use the information available when said card "
                   "was on the base.") == []


def test_zone_move_names_both_readings(make_book: BookMaker, glossary: Glossary) -> None:
    # 10.10.2: ZH "any move other than base to base", EN "from the base to a zone other than the base".
    [f] = run_one(make_book, glossary, "zone-move", "10.10.2", ZH_10_10_2,
                  "Continuous effects resulting from trigger conditions other than continuous abilities will not "
                  "apply to cards that move from the base to a zone other than the base after that ability has been played.")
    assert "any move except base → base" in f.message and "base → ¬base" in f.message


def test_repetition_several_abilities_against_one_ability_several_times(make_book: BookMaker,
                                                                       glossary: Glossary) -> None:
    zh = "待机状态的自动能力强制要求使用，不能选择不使用。例外情况为，如果自身控制的多个自动能力均处于待机状态，则可以选择先使用其中的哪一项。"
    [f] = run_one(make_book, glossary, "repetition", "10.8.3.1", zh,
                  "However, when an automatic ability that the player is a master of enters the standby state "
                  "multiple times, the player can choose their order of resolution.")
    assert marked(f) == (["multiple times"], ["多个"])
    assert run_one(make_book, glossary, "repetition", "10.8.3.1", zh,
                   "However, when multiple automatic abilities that the player is a master of are in the standby "
                   "state, the player can choose which to play first.") == []


def test_choice_against_fixed_value(make_book: BookMaker, glossary: Glossary) -> None:
    # 10.6.2.2.2: ZH the player chooses a value for X; EN X is regarded as 1.
    zh = "如果卡牌或能力数值的一部分用“X”表示，且文本中未说明该X决定方法，则选择1个X的数值。"
    [f] = run_one(make_book, glossary, "choice-fixed", "10.6.2.2.2", zh,
                  "If the value of part of the card or ability is outlined as “X”, and the way to determine X is "
                  "not outlined in that text, the value of that X is regarded as 1.")
    assert marked(f) == (["regarded"], ["选择"])
    assert run_one(make_book, glossary, "choice-fixed", "10.6.2.2.2", zh,
                   "If part of a value is written “X” and the text does not say how to determine X, "
                   "choose a value for X.") == []


def test_counted_unit_cards_against_times(make_book: BookMaker, glossary: Glossary) -> None:
    # 5.8.2.5: ZH increases the card position (张数); EN increases the number of times.
    zh = "如果因本指示执行5.8.2.4的次数已达到（数值）次，则结束此指示。否则，将指定张数增加1并返回5.8.2.3。"
    [f] = run_one(make_book, glossary, "counted-unit", "5.8.2.5", zh,
                  "If 5.8.2.4 has been performed (number) times, this instruction ends. If it has not, "
                  "increase the number of times performed by 1 and return to 5.8.2.3.")
    assert f.zh[f.zh_marks[0][0]:f.zh_marks[0][1]] == "张数"
    assert run_one(make_book, glossary, "counted-unit", "5.8.2.5", zh,
                   "If 5.8.2.4 has been performed (number) times, this instruction ends. Otherwise increase "
                   "the specified number of cards by 1 and return to 5.8.2.3.") == []


def test_amount_of_an_increase_dropped(make_book: BookMaker, glossary: Glossary) -> None:
    zh = "当一名玩家在游戏中因故受到伤害时（5.14.2），其“已受伤害”的数值将增加等同于该伤害点数的值。"
    [f] = run_one(make_book, glossary, "amount", "3.2.2.1", zh,
                  "If a player receives damage (5.14.2) during the game, the value of damage taken increases.")
    assert marked(f)[0] == ["increases"]
    assert run_one(make_book, glossary, "amount", "3.2.2.1", zh,
                   "If a player receives damage (5.14.2) during the game, damage taken increases by that "
                   "amount of damage.") == []


def test_quoted_example_with_a_number_dropped(make_book: BookMaker, glossary: Glossary) -> None:
    zh = "如果卡牌或能力上存在如“选择1项”等选项选择数量以及其后的一系列选项列表，从中选出本次使用时指定数量的选项。"
    [f] = run_one(make_book, glossary, "quoted-example", "10.6.2.2.1", zh,
                  "If the card or ability requires the player to make any choices and there is a list of choices "
                  "that follow after that, they make that choice from the specified number of options.")
    assert marked(f) == ([], ["“选择1项”"])
    assert run_one(make_book, glossary, "quoted-example", "10.6.2.2.1", zh,
                   "If a card or ability gives a number of options to choose, such as “choose 1”, followed by a "
                   "list of options, choose that many options.") == []


def test_bracket_mark_added_in_english(make_book: BookMaker, glossary: Glossary) -> None:
    zh = "在卡牌的能力或效果中出现由直角引号「」括起来的名称时，它表示该名称所对应的工作适应性。"
    [f] = run_one(make_book, glossary, "bracket-mark", "2.5.2", zh,
                  "If a card’s ability or effect contains a name enclosed in 「」 (corner brackets) or “” "
                  "(double apostrophe), it indicates the work suitability corresponding to that name.")
    assert marked(f) == (["“”"], [])
    assert run_one(make_book, glossary, "bracket-mark", "2.5.2", zh,
                   "If a card’s ability or effect contains a name enclosed in 「」 (corner brackets), it indicates "
                   "the work suitability corresponding to that name.") == []


def test_foreign_word_for_a_glossary_action(make_book: BookMaker, glossary: Glossary) -> None:
    zh = "在牌库只有0张或1张牌的状态下，如果有将该牌库洗牌的指示，虽然其中的卡牌顺序不会改变，但仍视为该牌库已被洗牌。"
    [f] = run_one(make_book, glossary, "foreign-term", "5.6.1.1", zh,
                  "When instructed to shuffle a deck that has 0 cards or 1 card, the order of the cards in that "
                  "deck is not changed, but the cut is considered to have been performed.")
    assert marked(f)[0] == ["cut"] and "shuffle" in f.message
    assert run_one(make_book, glossary, "foreign-term", "5.6.1.1", zh,
                   "When instructed to shuffle a deck that has 0 cards or 1 card, the order of the cards does not "
                   "change, but the deck is considered shuffled.") == []


def test_negated_action_differs(make_book: BookMaker, glossary: Glossary) -> None:
    # 1.3.4.2: ZH chooses without revealing the cards (不公开); EN without checking them.
    zh = "当需要同时选择非公开区域的卡牌时，由回合玩家在不公开卡牌内容的情况下选择所需数量，随后由非回合玩家选择所需数量。"
    [f] = run_one(make_book, glossary, "negated-action", "1.3.4.2", zh,
                  "If more than one player is to make a choice of cards in a hidden zone at the same time, the turn "
                  "player first chooses the required number of cards without checking their information.")
    assert marked(f) == (["without checking"], ["不公开"])
    assert run_one(make_book, glossary, "negated-action", "1.3.4.2", zh,
                   "If both players choose cards in a hidden zone at the same time, the turn player first chooses "
                   "the required number of cards without revealing them.") == []


def test_zone_named_in_chinese_only(make_book: BookMaker, glossary: Glossary) -> None:
    zh = "卡牌种类为“装备”的卡牌，是指配置在据点内并产生效果的卡牌。"
    [f] = run_one(make_book, glossary, "zone-missing", "2.2.2.3", zh,
                  "Cards with the “gear” card type refer to cards you can field to assist your Pals.")
    assert marked(f) == ([], ["据点"])
    assert run_one(make_book, glossary, "zone-missing", "2.2.2.3", zh,
                   "Cards with the “gear” card type are cards deployed in the base that produce effects.") == []


@pytest.mark.parametrize(("zh", "en", "obligation_side"), [
    ("在发生检查时点的阶段，被要求使用自动能力的玩家选择1项进行使用。",
     "At the stage when a check timing occurs, the player who wishes to play an automatic ability chooses 1.", "ZH"),
    ("指定玩家可以选择结束此指示。", "The specified player must end the performing of this instruction.", "EN"),
])
def test_modality_both_directions(make_book: BookMaker, glossary: Glossary, zh: str, en: str,
                                  obligation_side: str) -> None:
    [f] = run_one(make_book, glossary, "modality", "10.8.3", zh, en)
    assert ("obligation where EN" in f.message) == (obligation_side == "ZH")


def test_one_sided_signals_are_info_with_marks(make_book: BookMaker, glossary: Glossary) -> None:
    # 7.3.1: EN drops the condition “if this is the first turn”.
    book = make_book([("7.3.1", "如果这是先手玩家进入该游戏的第一个回合，则不执行抽牌阶段，直接进入灵魂阶段。",
                       "The player who goes first skips the draw phase, and proceeds to the soul phase.")])
    [cond] = run_checks(book, glossary, checks=["condition"])
    assert cond.severity == "info" and marked(cond) == ([], ["如果"])
    [neg] = run_checks(book, glossary, checks=["negation"])
    assert marked(neg) == ([], ["不"])


def test_every_check_has_an_id_severity_and_summary() -> None:
    assert len({c.id for c in CHECKS}) == len(CHECKS)
    assert all(c.severity in ("error", "warning", "info") and c.summary for c in CHECKS)


def test_first_and_second_player_swapped(make_book: BookMaker, glossary: Glossary) -> None:
    # 6.2.1.5: the player going second (后手) puts a soul card into the soul area.
    zh = "后手玩家将自己灵魂牌库中的1张卡牌移动至自己的灵魂区。"
    [f] = run_one(make_book, glossary, "role-swap", "6.2.1.5", zh,
                  "The player going first puts 1 card from their soul deck into their soul area.")
    assert f.severity == "error" and marked(f) == (["going first"], ["后手"])
    assert run_one(make_book, glossary, "role-swap", "6.2.1.5", zh,
                   "The player going second puts 1 card from their soul deck into their soul area.") == []


@pytest.mark.parametrize(("zh", "en", "differs"), [
    ("如果手牌未满3张，抽1张牌。", "If you have 3 or fewer cards in hand, draw 1 card.", True),
    ("如果手牌未满3张，抽1张牌。", "If you have fewer than 3 cards in hand, draw 1 card.", False),
    ("如果生命值不少于5，抽1张牌。", "If your life is more than 5, draw 1 card.", True),
    ("如果生命值不少于5，抽1张牌。", "If your life is 5 or higher, draw 1 card.", False),
])
def test_comparison_reads_more_bound_wordings(make_book: BookMaker, glossary: Glossary, zh: str, en: str,
                                              differs: bool) -> None:
    findings = run_one(make_book, glossary, "comparison", "1.2.1.1", zh, en)
    assert bool(findings) == differs


@pytest.mark.parametrize("check, zh, en, marks, message", [
    # the reverse of 10.8.3.1 above: ZH one ability several times, EN several abilities
    ("repetition", "如果同一个自动能力多次处于待机状态，则可以选择使用顺序。",
     "When several automatic abilities are in the standby state, the player chooses their order.",
     (["several"], ["多次"]), "ZH speaks of one thing several times"),
    # the reverse of 10.6.2.2.2 above: ZH fixes X, EN lets the player choose it
    ("choice-fixed", "如果未说明X的决定方法，则X视为1。",
     "If the way to determine X is not outlined, choose the value of X.",
     (["choos"], ["视为"]), "EN lets the player choose"),
])
def test_the_reverse_difference_is_reported_too(make_book: BookMaker, glossary: Glossary, check: str, zh: str, en: str,
                                                marks: tuple[list[str], list[str]], message: str) -> None:
    [f] = run_one(make_book, glossary, check, "10.8.3.1", zh, en)
    assert marked(f) == marks and f.message.startswith(message)


# Each check above was written on one published clause; here each is shown on a clause
# made up for this test (a second example it was not written for), with a faithful
# English that stays quiet.
@pytest.mark.parametrize("check, zh, wrong, faithful", [
    ("counted-unit", "将公开的张数增加1，然后重复此处理。",
     "Increase the number of times by 1, then repeat this process.",
     "Increase the number of cards revealed by 1, then repeat this process."),
    ("amount", "该帕鲁的打击力增加等同于其费用的值。",
     "That Pal's strike increases.",
     "That Pal's strike increases by an amount equal to its cost."),
    ("quoted-example", "如果文本中有如“抽2张牌”等指示，则执行该指示。",
     "If the text contains an instruction, perform it.",
     "If the text contains an instruction such as “draw 2 cards”, perform it."),
    ("bracket-mark", "由书名号《》括起来的名称表示卡牌名称。",
     "A name enclosed in 《》 or 【】 refers to a card name.",
     "A name enclosed in 《》 refers to a card name."),
    ("foreign-term", "战斗结束后，将被破坏的帕鲁置入其拥有者的墓地。",
     "After the battle, put the destroyed Pal into its owner's discard pile.",
     "After the battle, put the destroyed Pal into its owner's graveyard."),
    ("negated-action", "玩家在不公开卡牌的情况下将其放回牌库。",
     "The player returns the card to the deck without looking at it.",
     "The player returns the card to the deck without revealing it."),
    ("definition", "每位玩家准备1副主卡组。",
     "Each player prepares 1 main deck, which is known as their library.",
     "Each player prepares 1 main deck."),
])
def test_each_check_on_a_clause_it_was_not_written_for(make_book: BookMaker, glossary: Glossary, check: str,
                                                       zh: str, wrong: str, faithful: str) -> None:
    assert len(run_one(make_book, glossary, check, "5.30.1", zh, wrong)) == 1
    assert run_one(make_book, glossary, check, "5.30.1", zh, faithful) == []
