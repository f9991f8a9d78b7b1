"""Pairing by content, on any texts: an insertion or a removal never disturbs the other pairs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pal_judge.diff.pairing import pair_by_content
from pal_judge.diff.textdiff import similarity, text_diff

clauses = st.lists(st.text("攻击伤害帕鲁回合玩家", min_size=6, max_size=20), min_size=1, max_size=30, unique=True)


def _zh(a: str, b: str) -> float:
    return similarity(a, b, "zh")


@given(clauses, st.data())
def test_one_insertion_is_one_unpaired_new_item_and_everything_else_pairs_in_order(old: list[str], data) -> None:
    at = data.draw(st.integers(0, len(old)))
    inserted = data.draw(st.text("规则处理结算", min_size=6, max_size=20).filter(lambda t: t not in old))
    pairs = pair_by_content(old, [*old[:at], inserted, *old[at:]], _zh)
    assert [p for p in pairs if p[0] is None] == [(None, at)]
    assert [(i, j) for i, j in pairs if i is not None] == [(i, i if i < at else i + 1) for i in range(len(old))]


@given(clauses, st.data())
def test_one_removal_is_one_unpaired_old_item(old: list[str], data) -> None:
    at = data.draw(st.integers(0, len(old) - 1))
    pairs = pair_by_content(old, [*old[:at], *old[at + 1:]], _zh)
    assert [p for p in pairs if p[1] is None] == [(at, None)]
    assert all(old[i] == [*old[:at], *old[at + 1:]][j] for i, j in pairs if i is not None and j is not None)


@given(st.text(max_size=40), st.text(max_size=40))
def test_a_diff_rebuilds_both_texts(old: str, new: str) -> None:
    ops = text_diff(old, new, "en")
    assert "".join(t for op, t in ops if op != "+") == old
    assert "".join(t for op, t in ops if op != "-") == new


def test_a_rewording_pairs_but_an_unrelated_clause_does_not() -> None:
    old = ["如果攻击目标是帕鲁，双方同时互相给予伤害。", "回合玩家抽1张牌。"]
    new = ["如果攻击目标是帕鲁，双方同时互相给予等同于战斗力的伤害。", "所有玩家洗切卡组。"]
    assert pair_by_content(old, new, _zh) == [(0, 0), (1, None), (None, 1)]
