"""What a clause is about: the checks indefinite, voice and unspecified, each shown on a
clause it was not written for (constructed here) as well as quiet on a faithful one."""

from __future__ import annotations

from typing import Callable

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import Rulebook
from pal_judge.xcheck import Finding, run_checks

BookMaker = Callable[..., Rulebook]


def run(make_book: BookMaker, glossary: Glossary, check: str, zh: str, en: str) -> list[Finding]:
    return run_checks(make_book([("5.30.1", zh, en)]), glossary, checks=[check])


def test_some_card_narrowed_to_that_card(make_book: BookMaker, glossary: Glossary) -> None:
    zh = "当某张卡牌被放置到墓地时，抽1张牌。"
    [f] = run(make_book, glossary, "indefinite", zh, "When that card is put into the graveyard, draw 1 card.")
    assert [f.zh[a:b] for a, b in f.zh_marks] == ["某张卡牌"] and [f.en[a:b] for a, b in f.en_marks] == ["that card"]
    assert run(make_book, glossary, "indefinite", zh, "When a card is put into the graveyard, draw 1 card.") == []


def test_some_card_then_that_card_on_both_sides_is_faithful(make_book: BookMaker, glossary: Glossary) -> None:
    zh = "当某张卡牌被放置到墓地时，将该卡牌放回手牌。"
    assert run(make_book, glossary, "indefinite", zh,
               "When a card is put into the graveyard, return that card to your hand.") == []


def test_the_attacked_pal_rendered_as_the_pal_that_attacks(make_book: BookMaker, glossary: Glossary) -> None:
    zh = "被攻击的帕鲁的控制者抽1张牌。"
    [f] = run(make_book, glossary, "voice", zh, "The master of the Pal that attacks draws 1 card.")
    assert [f.en[a:b] for a, b in f.en_marks] == ["Pal that attacks"]
    assert run(make_book, glossary, "voice", zh, "The master of the Pal that is attacked draws 1 card.") == []
    assert run(make_book, glossary, "voice", zh, "The master of the attacked Pal draws 1 card.") == []


def test_what_is_left_unspecified(make_book: BookMaker, glossary: Glossary) -> None:
    zh = "若有未指定所属玩家的“抽牌”指示时，由回合玩家抽牌。"
    [f] = run(make_book, glossary, "unspecified", zh,
              "When instructed to “draw” with a zone that is not specified, the turn player draws.")
    assert "player" in f.message and "zone" in f.message
    assert run(make_book, glossary, "unspecified", zh,
               "When instructed to “draw” without specifying a player, the turn player draws.") == []
