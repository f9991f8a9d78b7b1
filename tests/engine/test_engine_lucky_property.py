"""Property (11.2): an attack for strike S on a deck either loses no life (a Lucky card among the cards put
before S are put) or loses exactly S life; the cards put are the top min(S, deck) up to the first Lucky."""

from __future__ import annotations

from engine_helpers import board, pal, play
from hypothesis import given, settings
from hypothesis import strategies as st


@settings(max_examples=60, deadline=None)
@given(strike=st.integers(min_value=-1, max_value=6),
       deck=st.lists(st.sampled_from(["Filler", "Lucky Filler"]), min_size=1, max_size=8))  # an empty deck already lost (11.3.2)
def test_lucky_check(strike: int, deck: list[str]) -> None:
    g = play(board({"base": ["Striker"]}, {"deck": deck, "life": 20}), [pal("Striker", 1000, strike=strike)],
             ["attack Striker -> player"])
    b = g.snapshot()["players"]["B"]
    if strike <= 0:  # 9.6.3.3.1
        assert b["life"] == 20 and b["graveyard"] == []
        return
    window = deck[:strike]
    if "Lucky Filler" in window:  # 11.2.2.2
        k = window.index("Lucky Filler") + 1
        assert b["life"] == 20 and b["graveyard"] == deck[:k]
    else:  # 11.2.2.3: enough cards put, or the deck ran out
        assert b["life"] == 20 - strike and b["graveyard"] == window
    assert b["damage"] == 0  # 11.2.2.4
